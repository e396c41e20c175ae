// Replies between two students in real Chromium, each in their own browser: a peer replies through the
// Reply dialog and the asker hears of it live and sees it; the asker's own last reply has Edit and an
// earlier reply has none; editing the reply changes its text and adds, then removes, an attachment;
// while a like is on its way, Save waits rather than closing on an edit the thread cannot take.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast, type Page } from '../support/browser';
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

/** The post (question or reply) whose text is this. */
const post = (page: Page, text: string) => page.locator('article').filter({ has: page.getByText(text, { exact: true }) });

describe('forum replies in the browser', () => {
  it('a peer replies through the Reply dialog, the asker sees it, and only the own last reply can be edited, attachments too', { timeout: 120_000 }, async () => {
    const asker = await newPage(suite.browser, suite.baseUrl);
    await signIn(asker, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const asked = await suite.server.call({
      method: 'POST',
      url: '/api/qa/add-question',
      session,
      payload: { studentId: DEMO_STUDENT.id, courseId: DEMO.mbbsCourse, subjectId: '500000000000000000000001', chapterId: 'ca0000000000000000000001', questionDescription: 'Which muscles does the axillary nerve supply?' },
    });
    expect(asked.statusCode).toBe(200);
    const questionId = asked.json().data._id as string;
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
    let releaseLike!: () => void;
    const likeHeld = new Promise<void>((resolve) => (releaseLike = resolve));
    await asker.route('**/api/qa/like-question', async (route) => {
      await likeHeld;
      await route.continue();
    });
    await asker.getByRole('button', { name: 'Like 0' }).click();
    const save = asker.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(await save.isDisabled()).toBe(true);
    releaseLike();
    await asker.getByRole('button', { name: 'Like 1' }).waitFor();
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
});
