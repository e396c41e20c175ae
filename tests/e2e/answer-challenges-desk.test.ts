// Deciding answer-key challenges at the teacher desk, in real Chromium against the built app and a real
// server. Set-up over real HTTP: the teacher's marks publish the results, then three students challenge
// question 1's key (and one question 2's) through the student API (one with a photo of a textbook page, uploaded as the app
// uploads it). The teacher sees "Challenges (4)" on the week, the results and the item analysis, opens
// the page, reads the grouped question (challengers, proposals, reasons, the photo, the item statistics
// with "key possibly wrong"), changes the key to B (nothing ticked at first; the form says "The key
// becomes B; 12 results will be regraded" before it is sent) and reads the regrade summary. Then, over real HTTP as
// one of those students, the result shows the new marks and rank with the regrade's history, and the
// notification was recorded. The same decision again says it changed nothing; a session ended elsewhere
// meets the next decision with the desk's sign-in, which comes back to the page. axe finds nothing serious at 1280 and 360 px; nothing overflows at 1280,
// 1024 and 360 px; a refusal (a reply missing) and the empty page are shown in plain words.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { animationsEnded, axeViolations, browserSuite, newPage, smallTargets, type Page } from '../support/browser';
import { challengeBundle, httpCalls, type HttpCall, publishWithChallengeWindow, regradeSummary, signInAtDesk } from '../support/answer-challenge-screens';
import { GROUP } from '../api/exams-fixture';
import { ANALYSED, ANALYSED_ASSIGNMENT, DRILL_ASSIGNMENT, Q } from '../api/item-analysis-fixture';
import { ITEM_FLAG_TEXT } from '../../src/domain/itemAnalysis';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-challenges-'));
const suite = browserSuite({ bundle: challengeBundle(), config: { storageDir } });
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

const PUPIL = (i: number) => `d2000000000000000000000${i.toString(16)}`;
/** A 1x1 PNG. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082', 'hex');

/** A call over real HTTP to the listening server, as the app makes it. */
const http: HttpCall = (method, url, session, body) => httpCalls(suite.baseUrl)(method, url, session, body);

async function uploadPhoto(session: string): Promise<string> {
  const link = await http('GET', `/api/content/signed-request?mimeType=${encodeURIComponent('image/png')}`, session);
  expect(link.status).toBe(200);
  const put = await fetch(new URL(link.body.data.signedUrl, suite.baseUrl), { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(201);
  return link.body.data.key as string;
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('answer-key challenges at the teacher desk', () => {
  it('groups the challenges, changes the key, shows the regrade, and the student reads the new marks and rank', { timeout: 180_000 }, async () => {
    await publishWithChallengeWindow(suite.server);
    const sessions = await Promise.all([6, 7, 8].map((i) => suite.server.sessionFor(PUPIL(i))));
    const key = await uploadPhoto(sessions[0]!);
    const challenge = (session: string, body: unknown) => http('PUT', `/api/exam/challenges/${ANALYSED}/group/${GROUP}/question/${Q.mcq}`, session, body);
    const made = await challenge(sessions[0]!, { options: [1], flawed: false, reason: 'পাঠ্যবইয়ের ৪২ পৃষ্ঠা: the textbook says Aortic.', media: [{ mediaType: 'image/png', mediaUrl: `/media/files/${key}` }] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await challenge(sessions[1]!, { options: [1], flawed: false, reason: 'Guyton says B.' })).status).toBe(200);
    expect((await challenge(sessions[2]!, { options: [], flawed: true, reason: 'Ambiguous wording.' })).status).toBe(200);
    // The checkbox question, whose upper group mostly chose another answer than the key.
    expect((await http('PUT', `/api/exam/challenges/${ANALYSED}/group/${GROUP}/question/${Q.box}`, sessions[2]!, { options: [0, 2], flawed: false, reason: 'One and Three are right.' })).status).toBe(200);
    const before = (await http('GET', `/api/exam/result/${ANALYSED}/student/by-groupId/${GROUP}`, sessions[0]!)).body.data;
    expect(before).toMatchObject({ marksObtained: 1, rank: 7 });

    // The results page links to the challenges with their number; the desk asks for the sign-in first and comes back.
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    await page.goto(`/staff/exams/${ANALYSED_ASSIGNMENT}/results`);
    await signInAtDesk(page);
    await page.getByRole('heading', { name: 'Results: Analysed Grand Test' }).waitFor();
    await page.getByRole('link', { name: 'Challenges (4)' }).waitFor();
    await page.getByRole('link', { name: 'Item analysis' }).click();
    await page.getByRole('heading', { name: 'Item analysis: Analysed Grand Test' }).waitFor();
    await page.getByRole('link', { name: 'Challenges (4)' }).click();

    await page.getByRole('heading', { name: 'Challenges: Analysed Grand Test' }).waitFor();
    await expect.poll(() => page.title()).toBe('Challenges · Analysed Grand Test · Teacher desk · Medical Academy');
    expect(new URL(page.url()).pathname).toBe(`/staff/exams/${ANALYSED_ASSIGNMENT}/challenges`);
    const card = page.getByRole('article', { name: 'Question 1' });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('3 students challenged, 3 awaiting a decision');
    expect(text).toContain('Key should be B: 2 students');
    expect(text).toContain('The question is flawed: 1 student');
    expect(text).toContain('Guyton says B.');
    expect(text).toContain('পাঠ্যবইয়ের ৪২ পৃষ্ঠা');
    expect(text).toMatch(/Facility\s+0\.50/);
    expect(text).not.toContain('Key possibly wrong');
    expect(await page.getByRole('article').count()).toBe(2);
    const second = await page.getByRole('article', { name: 'Question 2' }).innerText();
    expect(second).toContain('Key possibly wrong');
    expect(second).toContain(ITEM_FLAG_TEXT.keyPossiblyWrong);
    expect(second).toContain('Key should be A, C: 1 student');
    expect(await overflows(page)).toBe(false);
    await animationsEnded(page);
    expect(await axeViolations(page)).toEqual([]);

    // The photo opens, and closes with Escape.
    await card.getByRole('button', { name: 'Attachment 1' }).click();
    const photo = page.getByRole('dialog', { name: 'Attachment 1 of 1' });
    await photo.waitFor();
    await expect.poll(() => photo.getByRole('img', { name: 'Attachment 1' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await page.keyboard.press('Escape');
    await photo.waitFor({ state: 'detached' });

    // Deciding by keyboard: the form takes the focus; without a reply it says so; the key becomes B.
    await card.getByRole('button', { name: 'Decide: question 1' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Decide on question 1');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await card.getByRole('radio', { name: /Change the key/ }).isChecked()).toBe(true);
    // Nothing is ticked for the teacher: ticking only B sends B, said in words before it leaves.
    expect(await card.getByRole('checkbox', { name: /^A\. Mitral/ }).isChecked()).toBe(false);
    await card.getByText('Tick the option or options the key accepts.').waitFor();
    await card.getByRole('checkbox', { name: /^B\. Aortic/ }).check();
    await card.getByText('The key becomes B; 12 results will be regraded.').waitFor();
    await card.getByRole('button', { name: 'Send decision' }).click();
    await card.getByRole('alert').getByText('Write a reply to the challengers').waitFor();
    await card.getByLabel('Reply to every challenger (required)').fill('Corrected: B is right (Guyton, chapter 9).');
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await overflows(page)).toBe(false);
    await card.getByRole('button', { name: 'Send decision' }).click();

    const { summary, words } = await regradeSummary(card);
    expect(words).toContain('Key changed: the exam was regraded.');
    expect(words).toContain('12 attempts regraded');
    expect(words).toContain('12 students whose marks or rank changed');
    expect(words).toContain('12 students notified');
    expect(await card.innerText()).toContain('Key changed to B');
    expect(await card.innerText()).toContain('B. Aortic ✓ key');
    expect(await page.getByRole('region', { name: 'Regrades of this exam' }).innerText()).toContain('question 1 key changed · 12 results regraded · 12 students changed');
    await animationsEnded(page);
    expect(await axeViolations(page)).toEqual([]);
    await summary.getByRole('button', { name: 'Close' }).click();
    await card.getByRole('button', { name: 'Decide again: question 1' }).waitFor();

    // On a phone the page stays usable: nothing overflows, nothing serious for axe.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await overflows(page)).toBe(false);
    await animationsEnded(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    // The decision form on a phone too, with the options to tick.
    await card.getByRole('button', { name: 'Decide again: question 1' }).click();
    await card.getByRole('radio', { name: /Change the key/ }).check();
    expect(await overflows(page)).toBe(false);
    await animationsEnded(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await card.getByRole('button', { name: 'Cancel' }).click();

    // The student, over real HTTP: new marks and rank with the regrade's history, and the notification.
    const after = (await http('GET', `/api/exam/result/${ANALYSED}/student/by-groupId/${GROUP}`, sessions[0]!)).body.data;
    expect(after).toMatchObject({ marksObtained: 3, rank: 2, regraded: { history: [{ questionNumber: 1, kind: 'change', oldMarks: 1, newMarks: 3, oldRank: 7, newRank: 2 }] } });
    const notes = (await http('GET', '/api/notification', sessions[0]!)).body.data as Array<{ notificationId: { message: string } }>;
    expect(notes.map((n) => n.notificationId.message)).toContain("Question 1's key was corrected: your marks 1 → 3, rank 7 → 2");
    const mine = (await http('GET', `/api/exam/challenges/${ANALYSED}/group/${GROUP}`, sessions[0]!)).body.data;
    expect(mine.challenges[0]).toMatchObject({ status: 'accepted', reply: 'Corrected: B is right (Guyton, chapter 9).' });

    // The same decision again changes nothing, and says so.
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.getByRole('button', { name: 'Decide again: question 1' }).click();
    await card.getByRole('radio', { name: /Change the key/ }).check();
    expect(await card.getByRole('checkbox', { name: /^B\. Aortic/ }).isChecked()).toBe(false);
    await card.getByRole('checkbox', { name: /^B\. Aortic/ }).check();
    await card.getByText('The key is B already: nothing will be regraded.').waitFor();
    await card.getByLabel('Reply to every challenger (required)').fill('Corrected: B is right (Guyton, chapter 9).');
    await card.getByRole('button', { name: 'Send decision' }).click();
    await card.getByText('This decision was already in force: nothing changed.').waitFor();
    expect(await page.getByRole('region', { name: 'Regrades of this exam' }).getByRole('listitem').count()).toBe(1);

    // The session ends elsewhere: the next decision meets it, and the sign-in comes back to this page.
    const sessionId = await page.evaluate(() => sessionStorage.getItem('sessionId')!);
    expect((await http('GET', '/api/auth/logout', sessionId)).status).toBe(200);
    await card.getByRole('button', { name: 'Decide again: question 1' }).click();
    await card.getByLabel('Reply to every challenger (required)').fill('The key stays B.');
    await card.getByRole('button', { name: 'Send decision' }).click();
    await page.getByText('Your desk session has ended.').waitFor();
    await page.getByRole('link', { name: 'Sign in again' }).click();
    expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent(`/staff/exams/${ANALYSED_ASSIGNMENT}/challenges`)}`);
    await signInAtDesk(page);
    await page.getByRole('heading', { name: 'Challenges: Analysed Grand Test' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/staff/exams/${ANALYSED_ASSIGNMENT}/challenges`);

    // The week shows the link too; a practice drill has no challenges: the page says so.
    await page.goto('/staff/week');
    await page.getByRole('link', { name: 'Challenges (4) of Analysed Grand Test, Morning Batch' }).waitFor();
    await page.goto(`/staff/exams/${DRILL_ASSIGNMENT}/challenges`);
    await page.getByText('Practice exams have no answer-key challenges.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.context().close();
  });
});
