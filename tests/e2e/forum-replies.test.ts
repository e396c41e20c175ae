// Replies between two students in real Chromium, each in their own browser: a peer replies through the
// Reply dialog and the asker hears of it live and sees it; the asker's own last reply has Edit and an
// earlier reply has none; editing the reply changes its text and adds, then removes, an attachment;
// while a like is on its way, Save waits rather than closing on an edit the thread cannot take. An edit
// the link loses (offline, a 503) or the server refuses (a peer replied meanwhile) stays open with the
// typed text and the added file and says why; Save again sends it once the link is back.
import { describe, expect, it } from 'vitest';
import { browserSuite, holdNextRequest, newPage, signIn, toast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();
const PEER = { id: '570000000000000000000003', phone: '01700000003', password: 'student123' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function replyThroughDialog(page: Page, text: string) {
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await page.getByRole('dialog', { name: 'Guidelines for Asking Questions' }).getByRole('button', { name: 'OK' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await dialog.getByLabel('Reply').fill(text);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Reply added successfully', 'success').waitFor();
  await page.getByText(text, { exact: true }).waitFor();
}

/** Asks a question in the demo course as the student with this session (through the API); its id. */
async function ask(session: string, questionDescription: string): Promise<string> {
  const asked = await suite.server.call({
    method: 'POST',
    url: '/api/qa/add-question',
    session,
    payload: { studentId: DEMO_STUDENT.id, courseId: DEMO.mbbsCourse, subjectId: '500000000000000000000001', chapterId: 'ca0000000000000000000001', questionDescription },
  });
  expect(asked.statusCode).toBe(200);
  return asked.json().data._id as string;
}

/** Replies to a question as this student (through the API). */
async function replyAs(userId: string, questionId: string, reply: string): Promise<void> {
  const session = await suite.server.sessionFor(userId);
  const added = await suite.server.call({ method: 'POST', url: '/api/qa/add-comment', session, payload: { questionId, userId, userType: 'Student', reply, media: [] } });
  expect(added.statusCode).toBe(200);
}

/** The post (question or reply) whose text is this. */
const post = (page: Page, text: string) => page.locator('article').filter({ has: page.getByText(text, { exact: true }) });

describe('forum replies in the browser', () => {
  it('a peer replies through the Reply dialog, the asker sees it, and only the own last reply can be edited, attachments too', { timeout: 120_000 }, async () => {
    const asker = await newPage(suite.browser, suite.baseUrl);
    await signIn(asker, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const questionId = await ask(await suite.server.sessionFor(DEMO_STUDENT.id), 'Which muscles does the axillary nerve supply?');
    await asker.goto(`${suite.baseUrl}/question-details/${questionId}`);
    await asker.getByText('Which muscles does the axillary nerve supply?').waitFor();
    await asker.getByRole('button', { name: 'Edit' }).waitFor();
    const bell = await asker.getByRole('button', { name: /^Notifications, \d+ unread$/ }).getAttribute('aria-label');
    const unread = Number(/(\d+) unread/.exec(bell ?? '')?.[1] ?? 0);

    // The peer, in a browser of their own, replies through the dialog.
    const peer = await newPage(suite.browser, suite.baseUrl);
    await signIn(peer, suite.baseUrl, PEER.phone, PEER.password);
    await peer.goto(`${suite.baseUrl}/question-details/${questionId}`);
    await replyThroughDialog(peer, 'Deltoid and teres minor.');
    expect(await post(peer, 'Deltoid and teres minor.').getByRole('button', { name: 'Edit' }).count()).toBe(1);

    // The asker hears of it live, and the reply is on the page once read again.
    await asker.getByRole('button', { name: `Notifications, ${unread + 1} unread` }).waitFor();
    await asker.reload();
    await post(asker, 'Deltoid and teres minor.').waitFor();
    // Answered: the question takes no edit, and the peer's reply is not the asker's.
    await expect.poll(() => asker.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // The asker replies: that reply, the last and their own, has Edit; the peer's (no longer last) has none.
    await replyThroughDialog(asker, 'Thanks, and its sensory branch?');
    await expect.poll(() => post(asker, 'Thanks, and its sensory branch?').getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await post(asker, 'Deltoid and teres minor.').getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await peer.reload();
    await post(peer, 'Thanks, and its sensory branch?').waitFor();
    expect(await peer.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // Edit: new text and a PDF added.
    await post(asker, 'Thanks, and its sensory branch?').getByRole('button', { name: 'Edit' }).click();
    await asker.getByLabel('Edit text').fill('Thanks, and its sensory branch to the regimental badge area?');
    await asker.locator('input[type=file]').setInputFiles({ name: 'dermatomes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await asker.getByText('dermatomes.pdf').waitFor();
    // A like is on its way on a slow link: the thread cannot take an edit then, so Save waits (busy)
    // instead of closing the editor on an edit that would be dropped.
    const releaseLike = await holdNextRequest(asker, '**/api/qa/like-question');
    await asker.getByRole('button', { name: 'Like 0' }).click();
    const save = asker.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(await save.isDisabled()).toBe(true);
    // The buttons that wait say why.
    expect(await asker.getByRole('status').filter({ hasText: 'Updating the question…' }).isVisible()).toBe(true);
    releaseLike();
    await asker.getByRole('button', { name: 'Like 1' }).waitFor();
    await expect.poll(() => asker.getByRole('status').filter({ hasText: 'Updating the question…' }).count()).toBe(0);
    await save.click();
    const edited = post(asker, 'Thanks, and its sensory branch to the regimental badge area?');
    await edited.getByRole('button', { name: 'PDF 1' }).waitFor();

    // Edit again: the PDF removed, the text kept.
    await edited.getByRole('button', { name: 'Edit' }).click();
    await asker.getByRole('button', { name: 'Remove PDF 1' }).click();
    await asker.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => post(asker, 'Thanks, and its sensory branch to the regimental badge area?').getByRole('button', { name: 'PDF 1' }).count()).toBe(0);
    await post(asker, 'Thanks, and its sensory branch to the regimental badge area?').getByRole('button', { name: 'Edit' }).waitFor();

    await peer.context().close();
    await asker.context().close();
  });

  it('an edit the link loses or the server refuses stays open with its text and file and says why; Save again sends it', { timeout: 120_000 }, async () => {
    const asker = await newPage(suite.browser, suite.baseUrl);
    await signIn(asker, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const questionId = await ask(await suite.server.sessionFor(DEMO_STUDENT.id), 'Where does the radial nerve run in the arm?');
    await replyAs(PEER.id, questionId, 'In the spiral groove of the humerus.');
    await replyAs(DEMO_STUDENT.id, questionId, 'And which muscle does it pass between?');
    await asker.goto(`${suite.baseUrl}/question-details/${questionId}`);
    await post(asker, 'And which muscle does it pass between?').getByRole('button', { name: 'Edit' }).click();
    const typed = 'And between which heads of the triceps does it pass?';
    const text = asker.getByLabel('Edit text');
    const save = asker.getByRole('button', { name: 'Save' });
    await text.fill(typed);
    await asker.locator('input[type=file]').setInputFiles({ name: 'spiral-groove.pdf', mimeType: 'application/pdf', buffer: PDF });
    await asker.getByText('spiral-groove.pdf').waitFor();

    // The link drops as Save is pressed: the editor stays with the text and the file, and says why.
    await asker.context().setOffline(true);
    await save.click();
    await toast(asker, 'Please check your internet connection then try again.', 'error').waitFor();
    expect(await text.count()).toBe(1);
    expect(await text.inputValue()).toBe(typed);
    await asker.getByText('Not saved: Please check your internet connection then try again.').waitFor();
    // The toast announces it; the line beside the edit describes the text box instead of being announced again.
    const describedBy = await text.getAttribute('aria-describedby');
    expect(await asker.locator(`[id="${describedBy}"]`).textContent()).toBe('Not saved: Please check your internet connection then try again.');
    expect(await asker.getByRole('alert').filter({ hasText: 'Not saved' }).count()).toBe(0);
    await asker.getByText('spiral-groove.pdf').waitFor();
    // Back online, the thread is read again (a change the link lost may have landed), the edit still kept.
    await asker.getByText(/^You are offline\./).waitFor();
    const readAgain = asker.waitForResponse((response) => response.url().includes(`/api/qa/get-comments/${questionId}`));
    await asker.context().setOffline(false);
    await readAgain;
    await asker.getByText(/^You are offline\./).waitFor({ state: 'hidden' });
    expect(await text.inputValue()).toBe(typed);

    // Back online, the server is briefly unable to take it (its 503 envelope). While the answer is on its
    // way the editor waits, read-only, with Save busy; then it is still kept.
    let answer503!: () => void;
    const held = new Promise<void>((resolve) => (answer503 = resolve));
    await asker.route('**/api/qa/update-comment', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '2' },
        json: { errors: { title: 'The server is busy for a moment. Please try again.', message: 'The database is briefly unavailable.', code: 'serviceUnavailable' } },
      });
    });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(await text.getAttribute('readonly')).not.toBeNull();
    expect(await asker.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    answer503();
    await asker.getByText('Not saved: The server is busy for a moment. Please try again.').waitFor();
    expect(await text.inputValue()).toBe(typed);
    await asker.getByText('spiral-groove.pdf').waitFor();

    // Save again once the server takes it: the editor closes on the edit, file and all.
    await asker.unroute('**/api/qa/update-comment');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    const edited = post(asker, typed);
    await edited.getByRole('button', { name: 'PDF 1' }).waitFor();
    expect(await text.count()).toBe(0);

    // A peer replies while the next edit is open: the server refuses it (no longer the last reply). The
    // editor keeps the text and the reason; Save cannot go now, and Cancel leaves the reply as it was.
    await edited.getByRole('button', { name: 'Edit' }).click();
    await text.fill('Between the long and the medial heads?');
    await replyAs(PEER.id, questionId, 'Between the long and lateral heads.');
    await save.click();
    await asker.getByText('Not saved: Only the last reply can be edited.').waitFor();
    expect(await text.inputValue()).toBe('Between the long and the medial heads?');
    await post(asker, 'Between the long and lateral heads.').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await asker.getByRole('button', { name: 'Cancel' }).click();
    expect(await text.count()).toBe(0);
    await post(asker, typed).waitFor();

    await asker.context().close();
  });
});
