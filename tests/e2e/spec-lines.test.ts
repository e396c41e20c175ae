// The spec's last lines, each in a real Chromium on a 390 px phone against a real server with the demo
// academy: the exam bar's response count, the answer error without a title, toasts that stay with their
// screen, the removed exam's toast, right-click on the Q&A pages, the forum's search, course filter and
// 'See more', and /my-qa listing only courses with questions.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';
import { EXAM, newStudentPage, question } from '../support/exam-submission-screens';
import { MESSAGES } from '../../src/domain/messages';
import type { SearchBody } from '../../src/contracts/forum';

const suite = browserSuite();
const PHONE = { width: 390 };
const ADD_ANSWER = /\/api\/exam\/add-answer\//;

/** A new student of the demo batch in the short practice exam, on a 390 px phone, past the advisory. */
async function inExam(): Promise<{ page: Page; studentId: string }> {
  const { page, studentId } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
  await page.setViewportSize({ width: 390, height: 740 });
  await page.goto(`/live-exam/${EXAM}/${DEMO.group}`);
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('timer').waitFor();
  return { page, studentId };
}

/** Whether a right-click at the middle of the page would open the browser's menu. */
const contextMenuAllowed = (page: Page) =>
  page.evaluate(() => {
    const target = document.querySelector('main') ?? document.body;
    return target.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
  });

/** The bodies of the forum list's search requests from now on. */
function watchSearches(page: Page): SearchBody[] {
  const bodies: SearchBody[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/qa/search-questions')) bodies.push(request.postDataJSON() as SearchBody);
  });
  return bodies;
}

describe('the spec’s remaining lines in the browser', () => {
  it('shows the response count on a phone, and an answer refused without a title as Unhandled exception', async () => {
    const { page } = await inExam();
    const responses = page.getByTestId('response-count');
    expect(await responses.isVisible()).toBe(true);
    expect(await responses.innerText()).toMatch(/^Responses: 0\/\d+$/);

    // The server refuses the answer with no title at all (as a proxy in between might): the spec's fallback, never "Bad Request".
    await page.route(ADD_ANSWER, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errors: {} }) }), { times: 1 });
    // A click, not check(): the refusal may come back and clear the choice before a check could see it set.
    await question(page, 1).getByRole('radio').first().click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.submitAnswerError });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(MESSAGES.unhandledException);
    expect(await dialog.innerText()).not.toContain('Bad Request');
    await page.context().close();
  });

  it("says 'This exam has been removed from your group' as a toast beside the modal when a just-removed exam is started", async () => {
    const { page } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
    await page.setViewportSize({ width: 390, height: 740 });
    const removedAt = (value: string | null) =>
      suite.server.app.db.updateTable('exam_assignments').set({ removed_at: value }).where('exam_id', '=', EXAM).where('group_id', '=', DEMO.group).execute();
    try {
      await page.goto(`/exams?course=${DEMO.mbbsCourse}&tab=practice`);
      await page.getByRole('article', { name: 'Quick Practice: Pharmacology in 2 Minutes' }).getByRole('button', { name: 'Start Exam' }).click();
      const instruction = page.getByRole('dialog', { name: 'Exam Instruction' });
      await instruction.getByRole('button', { name: 'Start Exam' }).waitFor();
      // Taken from the batch while the instruction is read.
      await removedAt(suite.server.clock.now().toISOString());
      await instruction.getByRole('button', { name: 'Start Exam' }).click();
      await page.getByText(MESSAGES.examRemovedFromBatch).waitFor();
      await toast(page, MESSAGES.examRemoved, 'error').waitFor();
      await expect(toast(page, MESSAGES.examRemoved).count()).resolves.toBe(1);
      // Back to the exams: the toast belongs to the exam screen and goes with it.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL(/\/exams/);
      await toast(page, MESSAGES.examRemoved).waitFor({ state: 'detached' });
    } finally {
      await removedAt(null);
    }
    await page.context().close();
  });

  it('takes a failed sign-in’s toast away once the student is signed in, and the unknown number’s toast off the next screen', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await page.goto('/login');
    await page.getByLabel('Mobile number').fill(DEMO_STUDENT.phone);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const refused = toast(page, 'Phone no. or password is incorrect', 'warning');
    await refused.waitFor();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await refused.waitFor({ state: 'detached' });
    await page.context().close();

    // A password reset for a number with no account: its error stays on that screen only.
    const second = await newPage(suite.browser, suite.baseUrl, PHONE);
    await second.goto('/forget-password');
    await second.getByLabel('Mobile number').fill('01899000111');
    await second.getByRole('button', { name: 'Proceed' }).click();
    const unknown = toast(second, 'No account found');
    await unknown.waitFor();
    await second.getByRole('link', { name: 'Sign In' }).click();
    await second.waitForURL(/\/login/);
    await unknown.waitFor({ state: 'detached' });
    await second.context().close();
  });

  it('blocks right-click on the Q&A pages, and lists on /my-qa only the courses with questions', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    expect(await contextMenuAllowed(page)).toBe(true);

    await page.goto('/my-qa');
    const courses = page.getByRole('main').getByRole('link', { name: /questions?$/ });
    await courses.first().waitFor();
    expect(await contextMenuAllowed(page)).toBe(false);
    // The demo's Residency Preparation has no question yet: it is not listed.
    const listed = await courses.allInnerTexts();
    expect(listed.some((text) => text.includes('Residency Preparation'))).toBe(false);
    expect(listed.some((text) => text.includes(DEMO.mbbsCourseName))).toBe(true);
    expect(listed.every((text) => !/\b0 questions/.test(text))).toBe(true);

    await page.goto(`/qa-forum-list/${DEMO.mbbsCourse}`);
    await page.getByTestId('question-cards').getByRole('link').first().waitFor();
    expect(await contextMenuAllowed(page)).toBe(false);
    await page.getByTestId('question-cards').getByRole('link').first().click();
    await page.waitForURL(/\/question-details\//);
    await page.getByRole('button', { name: 'Back' }).first().waitFor();
    expect(await contextMenuAllowed(page)).toBe(false);

    // Leaving the Q&A pages gives right-click back.
    await page.goto('/courses');
    await page.getByRole('list', { name: 'Courses' }).waitFor();
    expect(await contextMenuAllowed(page)).toBe(true);
    await page.context().close();
  });

  it('forgets an emptied search in later sorts and My Bookmarks, with one Clear button, and switches course with the course filter', async () => {
    // Two questions bookmarked, as in the walk where My Bookmarks showed 0 of 2.
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    for (const questionId of ['f00000000000000000000001', 'f00000000000000000000002']) {
      const marked = await suite.server.call({ method: 'POST', url: '/api/qa/student-bookmark-question', session, payload: { studentId: DEMO_STUDENT.id, questionId } });
      expect(marked.statusCode).toBe(200);
    }
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const searches = watchSearches(page);
    await page.goto(`/qa-forum-list/${DEMO.mbbsCourse}`);
    const cards = page.getByTestId('question-cards').getByRole('link');
    await expect.poll(() => cards.count()).toBe(6);

    const box = page.getByRole('searchbox', { name: 'Search questions' });
    await box.fill('radial nerve');
    await expect.poll(() => searches.at(-1)?.searchString).toBe('radial nerve');
    await expect.poll(() => cards.count()).toBe(1);
    // Clear is the one clear button: the box is no native search field, which would draw the browser's own ×.
    expect(await box.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Clear', exact: true }).count()).toBe(1);

    // Emptying the box by hand resets the list at once.
    await box.fill('');
    await expect.poll(() => searches.at(-1)?.searchString).toBe('');
    await expect.poll(() => cards.count()).toBe(6);
    // On a phone the sorts and filters fold behind one Filters button.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'My Bookmarks' }).click();
    await expect.poll(() => searches.at(-1)?.filter).toBe('My Bookmarks');
    expect(searches.at(-1)?.searchString).toBe('');
    await expect.poll(() => cards.count()).toBe(2);

    // The Clear button does the same, with the sort kept.
    await box.fill('radial nerve');
    await expect.poll(() => searches.at(-1)?.searchString).toBe('radial nerve');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => searches.at(-1)).toMatchObject({ searchString: '', filter: 'My Bookmarks' });
    expect(await box.inputValue()).toBe('');

    // The course filter opens another course's questions.
    await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: 'FCPS Part-1 Medicine' });
    await page.waitForURL(/\/qa-forum-list\/c00000000000000000000002$/);
    await page.getByRole('heading', { level: 1, name: 'FCPS Part-1 Medicine' }).waitFor();
    await expect.poll(() => searches.at(-1)?.courseId).toBe('c00000000000000000000002');
    await expect.poll(() => cards.count()).toBe(2);
    await page.context().close();
  });

  it("expands a long question in the list with 'See more' instead of opening it", async () => {
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const long = `How does the brachial plexus ${'branch and supply the muscles of the upper limb, '.repeat(10)}in order?`;
    const posted = await suite.server.call({
      method: 'POST',
      url: '/api/qa/add-question',
      session,
      payload: { studentId: DEMO_STUDENT.id, courseId: DEMO.mbbsCourse, subjectId: DEMO.anatomySubject, chapterId: DEMO.upperLimbChapter, questionDescription: long },
    });
    expect(posted.statusCode).toBe(200);
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/qa-forum-list/${DEMO.mbbsCourse}`);
    const card = page.getByRole('article').filter({ hasText: 'How does the brachial plexus' });
    const more = card.getByRole('button', { name: 'See more' });
    await more.waitFor();
    expect(await card.innerText()).not.toContain('in order?');
    await more.click();
    await card.getByRole('button', { name: 'See less' }).waitFor();
    expect(await card.innerText()).toContain('in order?');
    expect(new URL(page.url()).pathname).toBe(`/qa-forum-list/${DEMO.mbbsCourse}`);
    // The card's text still opens the question.
    await card.getByRole('link').click();
    await page.waitForURL(/\/question-details\//);
    await page.context().close();
  });
});
