// "Which is my mark?" on a 390 px phone: the result leads with the exam mark, a GPA-weighted figure is
// the merit score with the rule that makes it, and Correct / Incorrect / Skipped count questions, an MCA
// answered in part by its options' shares (the spec's rule): a paragraph marked 4 of 5 is one partly
// correct question worth 4 marks, never "Correct 3.8".
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';
import { questionOutcome, tallyQuestions } from '../../src/domain/results';

const suite = browserSuite();

/** The figure cards of one list ('Statistics'), label to value. */
async function figures(page: Page, list: string): Promise<Record<string, string>> {
  const cards = page.getByLabel(list).locator('div');
  await cards.first().waitFor();
  const pairs = await cards.evaluateAll((nodes) => nodes.map((node) => [node.querySelector('dt')!.textContent!, node.querySelector('dd')!.textContent!]));
  return Object.fromEntries(pairs);
}

describe('the result says which mark is which', () => {
  it('counts questions by what became of them, with partial credit as marks and an MCA in part as shares', () => {
    const score = (marks: number, total: number, answered = true, pendingReview = false) => ({
      marks, total, answered, pendingReview, correct: answered && !pendingReview && marks >= total ? 1 : 0, incorrect: answered && marks === 0 && !pendingReview ? 1 : 0, skipped: answered ? 0 : 1,
    });
    expect(questionOutcome(score(5, 5))).toBe('correct');
    expect(questionOutcome(score(4, 5))).toBe('partlyCorrect');
    expect(questionOutcome(score(0, 5))).toBe('incorrect');
    expect(questionOutcome(score(0, 5, false))).toBe('skipped');
    expect(questionOutcome(score(0, 5, true, true))).toBe('awaitingMarks');
    expect(tallyQuestions([score(1, 1), score(4, 5), score(0.5, 1), score(0, 1), score(0, 2, false), score(0, 5, true, true)])).toEqual({
      correct: 1, partlyCorrect: 2, partialMarks: 4.5, incorrect: 1, skipped: 1, awaitingMarks: 1,
    });
    // An MCA of 5 options: 3 right, 1 wrong, 1 blank is 0.6 correct, 0.2 incorrect and 0.2 skipped, beside a right MCQ.
    const mca = { marks: 0.6, total: 1, answered: true, pendingReview: false, correct: 0.6, incorrect: 0.2, skipped: 0.2 };
    expect(tallyQuestions([score(1, 1), mca])).toEqual({ correct: 1.6, partlyCorrect: 0, partialMarks: 0, incorrect: 0.2, skipped: 0.2, awaitingMarks: 0 });
  });

  it('leads with the exam mark and names the GPA-weighted figure the merit score, with its rule', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.publishedExam}/${DEMO.group}`);
    await page.getByRole('heading', { level: 1, name: DEMO.publishedExamTitle }).waitFor();
    const marks = page.getByTestId('result-marks');
    const labels = await marks.locator('p.text-xs').allTextContents();
    expect(labels).toEqual(['Exam marks', 'Merit score']);
    expect(labels).not.toContain('GPA marks');
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const result = (await suite.server.call({ method: 'GET', url: `/api/exam/result/${DEMO.publishedExam}/student/by-groupId/${DEMO.group}`, session })).json().data;
    const first = (await marks.locator('div').first().textContent())!;
    expect(first).toBe(`Exam marks${result.examMarks} / ${result.totalMarks}`);
    const rule = (await page.getByTestId('merit-score-rule').textContent())!;
    expect(rule).toBe(`Merit score = exam marks ${result.examMarks} + GPA marks 9.83 (HSC GPA × 1 + SSC GPA × 1); the merit list ranks by it.`);
    // Every statistic of questions is a count, an MCA answered in part adding its shares: they add up to the questions.
    const stats = await figures(page, 'Statistics');
    for (const label of ['Correct', 'Incorrect', 'Skipped']) expect(stats[label], label).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(Math.round(Number(stats.Correct) + Number(stats.Incorrect) + Number(stats.Skipped) + Number((stats['Partly correct'] ?? '0').split(' ')[0]))).toBe(result.answers.length);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.context().close();
  });

  it('shows a paragraph marked 4 of 5 as one partly correct question worth 4 marks', async () => {
    const teacher = (await suite.server.call({ method: 'POST', url: '/api/staff/login', payload: { username: DEMO_TEACHER.username, password: DEMO_TEACHER.password } })).headers.sessionid as string;
    const queue = (await suite.server.call({ method: 'GET', url: `/api/staff/exam-assignments/${DEMO.awaitingMarkingAssignment}/answers`, session: teacher })).json().data.answers as {
      attemptId: string; questionId: string; student: { _id: string }; question: { type: string; point: number };
    }[];
    for (const answer of queue) {
      const mine = answer.student._id === DEMO_STUDENT.id;
      const marks = mine ? (answer.question.type === 'paragraph' ? 4 : answer.question.point) : 1;
      const marked = await suite.server.call({ method: 'PATCH', url: `/api/staff/attempts/${answer.attemptId}/answers/${answer.questionId}`, session: teacher, payload: { marks } });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    expect(queue.some((answer) => answer.student._id === DEMO_STUDENT.id && answer.question.type === 'paragraph')).toBe(true);
    const published = await suite.server.call({ method: 'POST', url: `/api/staff/exam-assignments/${DEMO.awaitingMarkingAssignment}/publish`, session: teacher });
    expect(published.statusCode, published.body).toBe(200);

    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.awaitingMarkingExam}/${DEMO.group}`);
    await page.getByRole('heading', { level: 1, name: DEMO.awaitingMarkingExamTitle }).waitFor();
    const stats = await figures(page, 'Statistics');
    expect(stats['Partly correct']).toBe('1 (4 marks)');
    for (const label of ['Correct', 'Incorrect', 'Skipped']) expect(stats[label], label).toMatch(/^\d+(\.\d{1,2})?$/);
    const questions = page.getByRole('listitem', { name: /^Question \d+$/ });
    const counted = Math.round(Number(stats.Correct) + 1 + Number(stats.Incorrect) + Number(stats.Skipped));
    expect(counted).toBe(await questions.count());
    const paragraph = questions.filter({ hasText: 'Describe' });
    await paragraph.getByText('Partly correct').waitFor();
    await paragraph.getByText('4 / 5 marks').waitFor();
    // No exam without a GPA factor has a merit score.
    expect(await page.getByText('Merit score').count()).toBe(0);
    await page.context().close();
  });
});
