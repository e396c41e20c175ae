// The teacher desk in real Chromium against the built app and a real server with the demo academy:
// the demo teacher signs in at /staff on a 360 px phone, is refused publication while answers wait,
// marks every written answer of the finished live exam (a mark out of range refused in the server's
// words), publishes, and the demo student, signed in in another browser context, sees the result
// notification arrive live and opens the result from it. The desk's code is its own chunk: the
// student's pages never fetch it. Each desk screen names itself in the document title; a live exam
// still running offers no Publish but says when, on the academy's clock; after the last mark the desk
// says every answer is marked and offers Publish there.
import { describe, expect, it } from 'vitest';
import { browserSuite, holdNextRequest, newPage, signIn, watchScripts, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';
import { ACCOUNT_TITLES } from '../../server/account/routes';
import { publishAfterWords } from '../../src/domain/academyTime';

const suite = browserSuite();

/** A text only the desk's code holds. */
const DESK_TEXT = 'Publish results?';
const RESULT_MESSAGE = `The result of ${DEMO.awaitingMarkingExamTitle} is published.`;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const unread = async (page: Page) => Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1]);
const deskTitle = (screen: string) => `${screen} · Teacher desk · Medical Academy`;
const escaped = (text: string) => text.replace(/[()]/g, '\\$&');

async function signInToDesk(desk: Page) {
  await desk.goto('/staff');
  await desk.getByRole('heading', { name: 'Teacher desk' }).waitFor();
  await expect.poll(() => desk.title()).toBe(deskTitle('Sign in'));
  await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
  await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
  await desk.getByLabel('Password').press('Enter');
  await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
  await expect.poll(() => desk.title()).toBe(deskTitle('Grading queue'));
}

describe('the teacher desk', () => {
  it('marks a paragraph answer, publishes, and the signed-in student is notified live and opens the result', { timeout: 120_000 }, async () => {
    // The student is signed in first, in a context of their own.
    const student = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    const studentScripts = watchScripts(student);
    await signIn(student, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await bell(student).waitFor();
    const unreadBefore = await unread(student);
    await expect.poll(async () => (await suite.server.app.realtime.io.in(`student:${DEMO_STUDENT.id}`).fetchSockets()).length, { message: 'the student page opened no socket' }).toBeGreaterThan(0);

    const desk = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    const deskScripts = watchScripts(desk);
    await desk.goto('/staff');
    await desk.getByRole('heading', { name: 'Teacher desk' }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle('Sign in'));

    // A wrong password is refused in the server's words.
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill('not-the-password');
    await desk.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => desk.getByRole('alert').innerText()).toBe(ACCOUNT_TITLES.staffInvalidCredentials);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle('Grading queue'));

    await desk.getByRole('button', { name: new RegExp(`^Open ${escaped(DEMO.awaitingMarkingExamTitle)}`) }).click();
    await desk.getByRole('heading', { name: DEMO.awaitingMarkingExamTitle }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle(DEMO.awaitingMarkingExamTitle));
    const answer = desk.getByRole('article', { name: /^Answer \d+ of \d+$/ });
    await answer.waitFor();
    const total = Number(/of (\d+)/.exec((await answer.getAttribute('aria-label'))!)![1]);
    expect(total).toBe(9);

    // Publishing while answers wait is refused, in plain words, inside the confirmation.
    await desk.getByRole('button', { name: 'Publish results' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Publish results?' });
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => confirm.getByRole('alert').innerText()).toContain('Some written answers still wait for marks.');
    expect(await confirm.getByRole('alert').innerText()).toContain('5 submissions still have unmarked written answers.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Every answer is marked in turn; the first paragraph is refused 7 of 5, then marked with a comment.
    let paragraphMarked = false;
    for (let number = 1; number <= total; number++) {
      await desk.getByRole('article', { name: `Answer ${number} of ${total}` }).waitFor();
      const paragraph = (await answer.getByRole('region', { name: 'Question' }).innerText()).includes('Paragraph');
      const marks = desk.getByLabel(/^Marks \(0 to \d+\)$/);
      if (paragraph && !paragraphMarked) {
        expect(await answer.getByRole('region', { name: "Student's answer" }).innerText()).toMatch(/\S/);
        await marks.fill('7');
        await desk.getByRole('button', { name: 'Save marks' }).click();
        await expect.poll(() => answer.getByRole('alert').innerText()).toContain('Marks must be from 0 to 5.');
        await desk.getByLabel('Comment for the student (optional)').fill('Good outline; add the pressure-volume loop.');
        await marks.fill('4');
        // By keyboard: Enter in the marks field saves.
        await marks.press('Enter');
        paragraphMarked = true;
      } else {
        await marks.fill('1');
        await desk.getByRole('button', { name: 'Save marks' }).click();
      }
      if (number < total) await desk.getByRole('article', { name: `Answer ${number + 1} of ${total}` }).waitFor();
    }
    expect(paragraphMarked).toBe(true);
    await answer.getByText(/^Marked: 1 of \d+/).waitFor();
    // After the last mark the desk says so, and Publish is offered there (once).
    const allMarked = desk.getByRole('status').filter({ hasText: 'Every written answer is marked.' });
    await allMarked.waitFor();
    expect(await allMarked.innerText()).toContain('The results can be published.');
    expect(await desk.getByRole('button', { name: 'Publish results' }).count()).toBe(1);
    // The paragraph's marks and comment are stored as the teacher gave them.
    const paragraph = await suite.server.app.db.selectFrom('answers').select(['review_marks', 'review_comment']).where('review_comment', 'is not', null).execute();
    expect(paragraph).toEqual([{ review_marks: 4, review_comment: 'Good outline; add the pressure-volume loop.' }]);
    // Previous (by keyboard) goes back to an answer, which shows its saved marks.
    await desk.getByRole('button', { name: 'Previous' }).focus();
    await desk.keyboard.press('Enter');
    await desk.getByRole('article', { name: `Answer ${total - 1} of ${total}` }).getByText(/^Marked: /).waitFor();

    await desk.getByRole('button', { name: 'Publish results' }).click();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    const done = desk.getByRole('dialog', { name: 'Results published' });
    await done.waitFor();
    expect(await done.innerText()).toContain('5 results are now visible');
    expect(await done.innerText()).toContain('18 students were notified');
    await done.getByRole('button', { name: 'Done' }).click();
    await desk.getByText('Results published', { exact: false }).first().waitFor();
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The student's bell counts the notification live, and it leads to the result.
    await expect.poll(() => unread(student), { message: 'the notification did not arrive live' }).toBe(unreadBefore + 1);
    await bell(student).click();
    const drawer = student.getByRole('dialog', { name: 'Notifications' });
    await drawer.getByRole('listitem').filter({ hasText: RESULT_MESSAGE }).getByRole('button').first().click();
    await student.waitForURL(`**/result/${DEMO.awaitingMarkingExam}/${DEMO.group}`);

    // Signing out on a slow link: the assignments stay on screen, but none opens until the sign-in shows.
    await desk.getByRole('button', { name: '← All assignments' }).click();
    await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle('Grading queue'));
    const open = desk.getByRole('button', { name: /^Open / });
    await open.first().waitFor();
    expect(await open.first().isDisabled()).toBe(false);
    const releaseSignOut = await holdNextRequest(desk, '**/api/auth/logout');
    await desk.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => desk.getByRole('button', { name: 'Sign out' }).getAttribute('aria-busy')).toBe('true');
    for (const button of await open.all()) expect(await button.isDisabled()).toBe(true);
    releaseSignOut();
    await desk.getByRole('button', { name: 'Sign In' }).waitFor();

    // The desk is its own chunk: the desk fetched it, the student's pages never did.
    expect(await deskScripts.carries(DESK_TEXT)).toBe(true);
    expect(await studentScripts.carries(DESK_TEXT)).toBe(false);

    // A signed-in student who opens /staff is told the desk is for staff, not offered a staff sign-in
    // that would replace their session.
    await student.goto('/staff');
    await student.getByText(/^You are signed in as .+, a student\.$/).waitFor();
    await expect.poll(() => student.title()).toBe('Teacher desk · Medical Academy');
    expect(await student.getByLabel('Username').count()).toBe(0);
    await student.context().close();
    await desk.context().close();
  });

  it('offers no Publish while the exam runs and says when it can be published, on the academy clock', { timeout: 60_000 }, async () => {
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1024 });
    await signInToDesk(desk);
    const assignment = await suite.server.app.db
      .selectFrom('exam_assignments')
      .select(['ends_at'])
      .where('exam_id', '=', DEMO.liveExam)
      .executeTakeFirstOrThrow();
    const opensAt = new Date(Date.parse(assignment.ends_at) + suite.server.app.config.examGraceSeconds * 1000).toISOString();
    await desk.getByRole('button', { name: new RegExp(`^Open ${escaped(DEMO.liveExamTitle)}`) }).click();
    await desk.getByRole('heading', { name: DEMO.liveExamTitle }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle(DEMO.liveExamTitle));
    const when = desk.getByText(publishAfterWords(opensAt), { exact: true });
    await when.waitFor();
    expect(await when.innerText()).toMatch(/^Can be published after \d{2} [A-Z][a-z]{2} \d{4} \| \d{2}:\d{2} [ap]m$/);
    expect(await desk.getByRole('button', { name: 'Publish results' }).count()).toBe(0);
    // No raw timestamp anywhere on the desk.
    expect(await desk.locator('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    await desk.context().close();
  });
});
