// Answer-key challenges from the student's side in real Chromium on a 390 px phone, against the built app
// and a real server: a student opens the published result of a live exam, challenges question 1 with a
// Bengali reason and a photo of a page (the connection lost once: Try again), sees it open, edits it (axe: nothing serious with the form open);
// the teacher then changes the key through the decision API over real HTTP, and the open result, told by
// the live notification, shows the challenge accepted with the reply, the regrade note with the history (marks 1 → 3, rank 7 → 2), the new
// rank, no more button, and the regrade on the scoreboard and in its merit list.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, signIn } from '../support/browser';
import { CHALLENGER, challengeBundle, deskSession, httpCalls, publishWithChallengeWindow, scoreboardAfterRegrade } from '../support/answer-challenge-screens';
import { GROUP } from '../api/exams-fixture';
import { ANALYSED, ANALYSED_ASSIGNMENT, Q } from '../api/item-analysis-fixture';
import { answerChallengeMessages } from '../../src/machines/answerChallenge.machine';

// Pupil 6 chose B on question 1 (key A): 1 mark, rank 7. B becomes the key: 3 marks, rank 2.
const suite = browserSuite({ bundle: challengeBundle() });

// A 1×1 PNG: the photo of a textbook page.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The teacher's decision, sent as the desk sends it: over HTTP with a staff sign-in. */
async function decide(baseUrl: string, body: { kind: string; options: number[]; reply: string }) {
  const reply = await httpCalls(baseUrl)('POST', `/api/staff/exam-assignments/${ANALYSED_ASSIGNMENT}/challenges/${Q.mcq}/decision`, await deskSession(baseUrl), body);
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe('answer-key challenges (student)', () => {
  it('challenges a question from the result, edits it, and sees it accepted and regraded', { timeout: 180_000 }, async () => {
    await publishWithChallengeWindow(suite.server);
    // bypassCSP: axe is injected as a script of its own.
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(page, suite.baseUrl, CHALLENGER.phone, CHALLENGER.password);
    await page.goto(`/result/${ANALYSED}/${GROUP}`);
    await page.getByRole('heading', { name: 'Analysed Grand Test' }).waitFor();

    // The window's closing time once; a button on each question with options, none on the written ones.
    await page.getByTestId('challenge-window').waitFor();
    expect(await page.getByText('Challenges close', { exact: false }).count()).toBe(1);
    expect(await page.getByTestId('challenge-window').innerText()).toMatch(/Challenges close \d{2} [A-Z][a-z]{2} \d{4} \| \d{2}:\d{2} (am|pm)/);
    expect(await page.getByRole('button', { name: /^Challenge this answer: question \d$/ }).count()).toBe(3);

    await page.getByRole('button', { name: 'Challenge this answer: question 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Challenge question 1' });
    await dialog.waitFor();
    // Sending an empty form says what is missing, beside the fields.
    await dialog.getByRole('button', { name: 'Send challenge' }).click();
    await dialog.getByText('Choose the option you believe is right, or say that the question is flawed.').waitFor();
    await dialog.getByRole('radio', { name: /Aortic/ }).check();
    await dialog.getByLabel('Your reason').fill('পাঠ্যবইয়ের ৪২ পৃষ্ঠা অনুযায়ী সঠিক উত্তর B।');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'page42.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByText('page42.png').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    // The connection lost while sending: said in plain words, the form kept, sent on Try again.
    const savePath = `**/api/exam/challenges/${ANALYSED}/group/${GROUP}/question/${Q.mcq}`;
    await page.route(savePath, (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Send challenge' }).click();
    await dialog.getByText(answerChallengeMessages.offline).waitFor();
    await page.unroute(savePath);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByText('Your challenge is sent:').waitFor();
    expect(await dialog.getByText('Open: waiting for a teacher').count()).toBe(1);
    expect(await dialog.getByText('You proposed: B.').count()).toBe(1);

    // Edit while the window is open: the form comes back filled in, the stored photo kept.
    await dialog.getByRole('button', { name: 'Edit' }).click();
    expect(await dialog.getByLabel('Your reason').inputValue()).toBe('পাঠ্যবইয়ের ৪২ পৃষ্ঠা অনুযায়ী সঠিক উত্তর B।');
    await dialog.getByRole('link', { name: 'Photo 1' }).waitFor();
    await dialog.getByLabel('Your reason').fill('Guyton, chapter 9, page 42: the answer is B (Aortic).');
    await dialog.getByRole('button', { name: 'Send challenge' }).click();
    await dialog.getByText('Your challenge is sent:').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const mine = page.getByTestId(`challenge-${Q.mcq}`);
    expect(await mine.innerText()).toContain('Open: waiting for a teacher');
    expect(await mine.innerText()).toContain('Guyton, chapter 9, page 42');
    await mine.getByRole('button', { name: 'Edit challenge: question 1' }).waitFor();

    // The teacher changes the key to B over HTTP: every attempt is regraded.
    const decision = await decide(suite.baseUrl, { kind: 'change', options: [1], reply: 'Corrected: B is right.' });
    expect(decision.regrade).toMatchObject({ questionNumber: 1, kind: 'change' });

    // The regrade's live notification reaches the open result, which reads itself again: no reload.
    await mine.getByText('Accepted').waitFor();
    expect(await mine.innerText()).toContain("Teacher's reply: Corrected: B is right.");
    expect(await mine.getByRole('button').count()).toBe(0);
    const note = page.getByTestId('regrade-note');
    expect(await note.innerText()).toMatch(/^Regraded \d{2} [A-Z][a-z]{2} \d{4} \| \d{2}:\d{2} (am|pm)/);
    expect(await note.innerText()).toContain("Question 1's key was corrected: your marks 1 → 3, rank 7 → 2");
    expect(await page.getByTestId('result-marks').innerText()).toContain('3 / 8');
    expect(await page.getByText('Merit Pos.').locator('..').innerText()).toContain('2');
    // With the form closed and the note shown, still nothing serious for axe.
    expect(await axeViolations(page)).toEqual([]);

    // The scoreboard shows the regrade on the exam's card, and its merit list says it was recomputed.
    const scoreboard = await scoreboardAfterRegrade(page);
    expect(scoreboard.note).toContain('your marks 1 → 3, rank 7 → 2');
    expect(scoreboard.rank).toBe('2');
    await page.context().close();
  });
});
