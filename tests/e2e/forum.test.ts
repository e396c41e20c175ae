// The forum in real Chromium with a fake microphone, against the built app and the demo academy:
// find a Bengali thread by search, like and bookmark it, see similar questions while asking, ask a
// question with a dropped PDF and a recorded voice note whose text holds HTML (shown as text), a
// peer's reply ending its Edit, and a teacher's reply reaching the bell live.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';

const suite = browserSuite({ browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
const BENGALI_QUESTION = 'f00000000000000000000002';
const PEER = '570000000000000000000003';
const MARKUP = '<b>bold</b> <img src=x onerror="document.title=\'hacked\'"> Why is the radial pulse felt at the wrist?';

describe('forum in the browser', () => {
  it('searches, likes, asks with a PDF and a voice note, and sees replies live', { timeout: 120_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1024 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`${suite.baseUrl}/my-qa`);
    await page.getByRole('link', { name: new RegExp(DEMO.mbbsCourseName) }).click();
    await page.waitForURL(`**/qa-forum-list/${DEMO.mbbsCourse}`);
    await page.getByRole('heading', { name: DEMO.mbbsCourseName }).waitFor();
    await expect.poll(() => page.getByTestId('question-cards').getByRole('link').count()).toBe(6);

    // Search in Bengali: the list and the suggestions follow after the pause.
    await page.getByLabel('Search questions').fill('নিলয়');
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor();
    await expect.poll(() => page.getByTestId('question-cards').getByRole('link').count()).toBe(1);
    await page.getByRole('option').first().click();
    await page.waitForURL(`**/question-details/${BENGALI_QUESTION}`);
    await page.getByText('Teacher', { exact: true }).waitFor();
    await page.getByText('Mahmudul Hasan', { exact: true }).waitFor();

    // Like and bookmark toggle and count once.
    await page.getByRole('button', { name: 'Like 0' }).click();
    await page.getByRole('button', { name: 'Like 1' }).waitFor();
    await page.getByRole('button', { name: 'Bookmark' }).click();
    await page.getByRole('button', { name: 'Bookmarked' }).waitFor();

    // A teacher's reply reaches the bell live and shows in the thread.
    const bellBefore = await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).getAttribute('aria-label');
    const unread = Number(/(\d+) unread/.exec(bellBefore ?? '')?.[1] ?? 0);
    const teacher = await suite.server.sessionFor(DEMO_TEACHER.id, 'staff');
    const replied = await suite.server.call({ method: 'POST', url: `/api/staff/qa/questions/${BENGALI_QUESTION}/replies`, session: teacher, payload: { reply: 'আরও দেখুন: অধ্যায় ৪।' } });
    expect(replied.statusCode).toBe(200);
    await page.getByRole('button', { name: `Notifications, ${unread + 1} unread` }).waitFor();

    // Ask a question: guidelines, then the form with a dropped PDF and a recorded voice note.
    await page.goto(`${suite.baseUrl}/qa-forum-list/${DEMO.mbbsCourse}`);
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const guidelines = page.getByRole('dialog', { name: 'Guidelines for Asking Questions' });
    await guidelines.getByText('একবারে একটি মাত্র প্রশ্ন করুন।').waitFor();
    await guidelines.getByRole('button', { name: 'OK' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Question' });
    await form.getByLabel('Subject').selectOption({ label: 'Anatomy' });
    await form.getByLabel('Chapter').selectOption({ label: 'Upper Limb' });
    // While writing, up to five similar questions of the course show.
    await form.getByLabel('Question details').fill('radial nerve spiral groove');
    await form.getByRole('region', { name: 'Similar questions' }).getByRole('link', { name: /radial nerve in the spiral groove/ }).waitFor();
    await form.getByLabel('Question details').fill(MARKUP);
    await form.locator('input[type=file]').setInputFiles([
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
      { name: 'notes.html', mimeType: 'text/html', buffer: Buffer.from('<p>dropped</p>') },
    ]);
    await form.getByText('scan.pdf').waitFor();
    expect(await form.getByText('notes.html').count()).toBe(0);
    await form.getByRole('button', { name: 'Record voice note' }).click();
    await form.getByText(/● 00:0[1-9]/).waitFor();
    await form.getByRole('button', { name: 'Stop' }).click();
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText(/^voice-note-\d+\.webm$/).waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Question submitted successfully!', 'success').waitFor();
    await page.waitForURL('**/question-details/*');
    const questionId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText(MARKUP, { exact: true }).waitFor();
    expect(await page.title()).not.toBe('hacked');
    expect(await page.getByRole('button', { name: 'PDF 1' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Audio 2' }).count()).toBe(1);

    // Mine and unanswered: Edit shows; once a peer replies, it does not.
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const peer = await suite.server.sessionFor(PEER);
    const peerReply = await suite.server.call({ method: 'POST', url: '/api/qa/add-comment', session: peer, payload: { questionId, userId: PEER, userType: 'Student', reply: 'Radial artery over the distal radius.' } });
    expect(peerReply.statusCode).toBe(200);
    await page.reload();
    await page.getByText('Radial artery over the distal radius.').waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });
});
