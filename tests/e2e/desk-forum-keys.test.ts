// The desk forum's keyboard flow after a send, in real Chromium against the built app and the demo
// academy: two new questions; the teacher answers one with n, r and Ctrl+Enter, and the very next n
// opens the other question (the keyboard has left the emptied reply box, so n is a command, not text).
// A reply posted under the wrong question is removed after a confirmation, and its student is told.
// At 1280 and 1024 px, with axe.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';
import { notificationsPaths } from '../../src/contracts/paths';

const suite = browserSuite();

async function signInAtDesk(page: Page) {
  await page.goto('/staff');
  await page.getByLabel('Username').fill(DEMO_TEACHER.username);
  await page.getByLabel('Password').fill(DEMO_TEACHER.password);
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('heading', { name: 'Grading queue' }).waitFor();
  await page.getByRole('link', { name: 'Forum questions' }).click();
  await page.getByRole('list', { name: 'Questions' }).waitFor();
}

describe('the desk forum after a send', () => {
  it.each([1280, 1024])('gives the keys back to the commands and removes a misplaced reply (%i px)', { timeout: 120_000 }, async (width) => {
    const student = await suite.server.sessionFor(DEMO_STUDENT.id);
    const chapter = await suite.server.app.db.selectFrom('items').innerJoin('subjects', 'subjects.id', 'items.subject_id').select(['items.id', 'items.subject_id', 'subjects.course_id']).where('items.id', '=', DEMO.upperLimbChapter).executeTakeFirstOrThrow();
    const ask = async (text: string) => {
      const response = await suite.server.call({
        method: 'POST', url: '/api/qa/add-question', session: student,
        payload: { studentId: DEMO_STUDENT.id, courseId: chapter.course_id, subjectId: chapter.subject_id, chapterId: chapter.id, questionDescription: text },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await ask(`Which drug blocks muscarinic receptors? (${width})`);
    await ask(`Which nerve supplies the deltoid? (${width})`);

    const desk = await newPage(suite.browser, suite.baseUrl, { width, bypassCSP: true });
    await signInAtDesk(desk);
    const replies = desk.getByRole('list', { name: 'Replies' });
    // A question is open once its thread shows it and has taken the focus (its heading): keys pressed
    // before then would land in the list or be taken from the reply box by that focus.
    const opened = async (text: string) => {
      await desk.locator('section[aria-labelledby="thread-title"]').getByText(text).first().waitFor();
      await expect.poll(() => desk.evaluate(() => document.activeElement?.id)).toBe('thread-title');
    };

    // n opens the newest waiting question; r, the answer, Ctrl+Enter.
    await desk.keyboard.press('n');
    await opened(`Which nerve supplies the deltoid? (${width})`);
    await desk.keyboard.press('r');
    await desk.keyboard.type('The axillary nerve.');
    await desk.keyboard.press('Control+Enter');
    await replies.getByText('The axillary nerve.').waitFor();
    // The keyboard left the box for the sent reply: the next keys are commands.
    expect(await desk.evaluate(() => document.activeElement?.id)).toMatch(/^reply-/);
    await desk.keyboard.press('n');
    await opened(`Which drug blocks muscarinic receptors? (${width})`);
    await desk.keyboard.press('r');
    await desk.keyboard.type('Atropine blocks muscarinic receptors.');
    await desk.keyboard.press('Control+Enter');
    await replies.getByText('Atropine blocks muscarinic receptors.').waitFor();
    expect(await replies.innerText()).not.toMatch(/nr|rn/);

    // The first answer stayed exactly as written, under its own question.
    const threads = await suite.server.app.db.selectFrom('forum_comments as c').innerJoin('forum_questions as q', 'q.id', 'c.question_id').select(['c.reply', 'q.question_description']).where('q.question_description', 'like', `%(${width})`).execute();
    expect(threads.map((t) => [t.question_description.slice(0, 11), t.reply]).sort()).toEqual([['Which drug ', 'Atropine blocks muscarinic receptors.'], ['Which nerve', 'The axillary nerve.']]);

    // A reply of one's own goes, after a confirmation; the student is told.
    await desk.keyboard.press('r');
    await desk.keyboard.type('A second thought, posted here by mistake.');
    await desk.keyboard.press('Control+Enter');
    const mistake = replies.getByRole('listitem').filter({ hasText: 'posted here by mistake' });
    await mistake.waitFor();
    await mistake.getByRole('button', { name: 'Remove your reply' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Remove your reply?' });
    await dialog.waitFor();
    expect(await axeViolations(desk)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove the reply' }).click();
    await mistake.waitFor({ state: 'detached' });
    await replies.getByText('Atropine blocks muscarinic receptors.').waitFor();
    await expect.poll(() => desk.evaluate(() => document.activeElement?.id)).toBe('thread-title');
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const told = await suite.server.call({ method: 'GET', url: `/api${notificationsPaths.list}`, session: student });
    expect(told.json().data[0].notificationId.message).toBe('A teacher removed their reply to your question');
    expect(await axeViolations(desk)).toEqual([]);
    await desk.close();
  });
});
