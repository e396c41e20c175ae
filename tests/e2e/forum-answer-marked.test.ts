// A teacher's reply carries the teacher's name and a "Teacher" badge, and the reply a teacher marks as
// the answer stands out and comes first for students: in real Chromium against the built app and the
// demo academy. A student asks and a classmate's reply comes first; the teacher, at the desk (1280, then
// 1024 px), replies and marks that reply as the answer; the student, on a 390 px phone, reads it first,
// set apart, with the teacher's name and the badge. axe on both screens.
import { describe, expect, it } from 'vitest';
import { animationsEnded, axeViolations, browserSuite, newPage, signIn } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';

const suite = browserSuite();

describe('the answer a teacher marks', () => {
  it.each([1280, 1024])('stands out with the teacher named, first for the student on a phone (desk at %i px)', { timeout: 120_000 }, async (width) => {
    const student = await suite.server.sessionFor(DEMO_STUDENT.id);
    const chapter = await suite.server.app.db.selectFrom('items').innerJoin('subjects', 'subjects.id', 'items.subject_id').select(['items.id', 'items.subject_id', 'subjects.course_id']).where('items.id', '=', DEMO.upperLimbChapter).executeTakeFirstOrThrow();
    const asked = await suite.server.call({
      method: 'POST', url: '/api/qa/add-question', session: student,
      payload: { studentId: DEMO_STUDENT.id, courseId: chapter.course_id, subjectId: chapter.subject_id, chapterId: chapter.id, questionDescription: `Which nerve is at risk in a humerus shaft fracture? (${width})` },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const questionId = asked.json().data._id as string;
    const guess = await suite.server.call({ method: 'POST', url: '/api/qa/add-comment', session: student, payload: { questionId, userId: DEMO_STUDENT.id, userType: 'Student', reply: 'Maybe the ulnar nerve?' } });
    expect(guess.statusCode, guess.body).toBe(200);
    const teacher = await suite.server.app.db.selectFrom('staff').select('name').where('id', '=', DEMO_TEACHER.id).executeTakeFirstOrThrow();

    const desk = await newPage(suite.browser, suite.baseUrl, { width, bypassCSP: true });
    await desk.goto('/staff');
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
    await desk.getByRole('link', { name: 'Forum questions' }).click();
    await desk.locator(`[data-question="${questionId}"]`).click();
    await desk.getByLabel('Your reply (shown to students as Teacher)').fill('The radial nerve, in the spiral groove.');
    await desk.keyboard.press('Control+Enter');
    const replies = desk.getByRole('list', { name: 'Replies' });
    const answer = replies.getByRole('listitem').filter({ hasText: 'The radial nerve, in the spiral groove.' });
    await answer.waitFor();
    // The teacher's reply carries the name and the badge.
    expect(await answer.innerText()).toContain(teacher.name);
    expect(await answer.innerText()).toContain('Teacher');
    await answer.getByRole('button', { name: 'Mark as the answer' }).click();
    await answer.getByText('✓ The answer, marked by a teacher').waitFor();
    expect(await answer.getByRole('button', { name: 'Not the answer' }).getAttribute('aria-pressed')).toBe('true');
    expect(await replies.getByText('✓ The answer, marked by a teacher').count()).toBe(1);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(desk)).toEqual([]);
    await desk.close();

    // The student on a phone: the marked answer first, set apart, with the teacher's name and badge.
    const phone = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(phone, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await phone.goto(`/question-details/${questionId}`);
    const cards = phone.getByRole('article');
    await cards.filter({ hasText: 'The radial nerve' }).waitFor();
    const texts = await cards.allInnerTexts();
    // The question, then the marked answer before the earlier guess.
    expect(texts[1]).toContain('✓ The answer, marked by a teacher');
    expect(texts[1]).toContain(teacher.name);
    expect(texts[1]).toContain('Teacher');
    expect(texts[1]).toContain('The radial nerve, in the spiral groove.');
    expect(texts[2]).toContain('Maybe the ulnar nerve?');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await animationsEnded(phone);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
  });
});
