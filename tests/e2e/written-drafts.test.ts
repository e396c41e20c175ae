// A written answer being typed on a 390 px phone is kept on the phone as a draft (never sent before
// Submit Answer): it comes back after a reload, after an offline reload, and after a sign-out and
// sign-in, with the line "Draft kept on this phone"; Submit Answer sends it and the draft is gone.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT, openExam, submitWrittenAnswer } from '../support/demo-academy';
import { MESSAGES } from '../../src/domain/messages';

const suite = browserSuite();
const PHONE = { width: 390, serviceWorker: true };
const DRAFT_LINE = 'Draft kept on this phone';

const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });

async function answersOnServer() {
  const attempt = await currentAttempt(suite.server, DEMO.liveExam);
  if (!attempt) return [];
  return suite.server.app.db.selectFrom('answers').selectAll().where('attempt_id', '=', attempt.id).execute();
}

const draftsOnPhone = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('answerDrafts') ?? '{}') as Record<string, Record<string, Record<string, string>>>);

describe('written answer drafts', () => {
  it('keeps the typed text through a reload, an offline reload and a sign-out, sends it only with Submit Answer', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    page.on('dialog', (dialog) => void dialog.accept());
    await openExam(page, suite.baseUrl, DEMO.liveExamTitle, 'Live Exam');
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    const shortAnswer = question(page, 7);
    const paragraph = question(page, 8);
    await expect(shortAnswer.getAttribute('data-question-type')).resolves.toBe('shortAns');
    await expect(paragraph.getAttribute('data-question-type')).resolves.toBe('paragraph');

    await shortAnswer.getByRole('textbox').pressSequentially('Digoxin');
    await paragraph.getByRole('textbox').fill('It inhibits the pump.\nCalcium rises.');
    await shortAnswer.getByText(DRAFT_LINE).waitFor();
    await paragraph.getByText(DRAFT_LINE).waitFor();
    const questionId = (await shortAnswer.getAttribute('data-question-id'))!;
    expect((await draftsOnPhone(page))[DEMO_STUDENT.id]?.[DEMO.liveExam]?.[questionId]).toBe('Digoxin');

    // A reload (the phone dropped the tab): both drafts come back, nothing was sent.
    await page.reload();
    await page.getByRole('timer').waitFor();
    await expect.poll(() => shortAnswer.getByRole('textbox').inputValue()).toBe('Digoxin');
    await expect(paragraph.getByRole('textbox').inputValue()).resolves.toBe('It inhibits the pump.\nCalcium rises.');
    await shortAnswer.getByText(DRAFT_LINE).waitFor();
    expect(await answersOnServer()).toHaveLength(0);

    // Offline: typing goes on, and a reload with no connection brings it back from the phone.
    await page.context().setOffline(true);
    await shortAnswer.getByRole('textbox').fill('Digoxin toxicity');
    await page.reload();
    await page.getByRole('timer').waitFor({ timeout: 20_000 });
    await expect.poll(() => shortAnswer.getByRole('textbox').inputValue()).toBe('Digoxin toxicity');
    await shortAnswer.getByText(DRAFT_LINE).waitFor();
    await page.context().setOffline(false);

    // A sign-out (answers not yet sent and drafts stay on the phone) and a sign-in: the drafts are there.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: MESSAGES.logoutConfirm }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/live-exam/${DEMO.liveExam}/${DEMO.group}`);
    await page.getByRole('timer').waitFor();
    // The same attempt: its advisory was read before the sign-out.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => shortAnswer.getByRole('textbox').inputValue()).toBe('Digoxin toxicity');
    await expect(paragraph.getByRole('textbox').inputValue()).resolves.toBe('It inhibits the pump.\nCalcium rises.');
    expect(await answersOnServer()).toHaveLength(0);

    // Submit Answer gives it: sent, and no longer a draft.
    await submitWrittenAnswer(shortAnswer);
    await expect.poll(async () => (await answersOnServer()).map((a) => JSON.parse(a.answer))).toEqual([['Digoxin toxicity']]);
    await shortAnswer.getByRole('button', { name: 'Answer Submitted' }).waitFor();
    expect(await shortAnswer.getByText(DRAFT_LINE).count()).toBe(0);
    expect((await draftsOnPhone(page))[DEMO_STUDENT.id]?.[DEMO.liveExam]?.[questionId]).toBeUndefined();
    await paragraph.getByText(DRAFT_LINE).waitFor();
    await page.context().close();
  });
});
