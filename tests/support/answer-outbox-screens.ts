// The exam screen as the answer outbox's model tests drive it (tests/e2e/model-answer-outbox): what a person
// does for each event of the outbox (tests/models/answerOutbox.model.ts, its first model: delivery, retries,
// the connection and another tab's answers) and what each outbox state shows: the chosen option of
// question 1, the footer's answered and offline-saved counts, and whether an answer is on its way.
// Every path is a new student taking the two-minute practice exam; each answer's request is held until the
// path lets the server take it (or fails it as a lost connection does). The page's clock stands still, so
// the outbox's pauses (retry, pacing) pass only when a path lets time run (page.clock.runFor).
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Page } from './browser';
import { eventName, holdRequests, payload, toastShown, type DriverStep, type HeldRequests, type ScreenMapping } from './model-driver';
import type { TestServer } from './test-server';
import { EXAM, firstQuestionId, newStudentPage, question, storeAnswers } from './exam-submission-screens';
import { DEMO } from './demo-academy';
import { answeredCount, offlineCount, type AnswerOutboxContext } from '../../src/machines/answerOutbox.machine';
import { MESSAGES } from '../../src/domain/messages';
import type { SavedAnswers } from '../../src/services/answerStore';

const ADD_ANSWER = /^\/api\/exam\/add-answer\//;
const SUBMIT = /^\/api\/exam\/submit\//;

export interface OutboxWorld {
  page: Page;
  held: HeldRequests;
  server: TestServer;
  studentId: string;
  /** The real id of the model's question 'q1'. */
  q1: string;
  /** Another tab of this browser on the academy's origin (a plain file, not the app): it writes the answer store. */
  otherTab: Page;
}

const previousContext = (step: DriverStep) => (step.index > 0 ? (step.path.steps[step.index - 1]!.state.context as AnswerOutboxContext) : null);

const contextOf = (step: DriverStep) => step.state.context as AnswerOutboxContext;

/** The footer and question 1 as the outbox's context has them. */
async function answersShown(page: Page, step: DriverStep): Promise<void> {
  const { entries } = contextOf(step);
  await page.getByText(`Answered: ${answeredCount(entries)}/`).waitFor();
  await page.getByText(`Offline saved: ${offlineCount(entries)}`, { exact: true }).waitFor();
  const chosen = entries.q1?.answer[0];
  const radios = question(page, 1).getByRole('radio');
  if (typeof chosen === 'number') await expect.poll(() => radios.nth(chosen).isChecked(), { message: `option ${chosen} of question 1 chosen` }).toBe(true);
  else expect(await question(page, 1).getByRole('radio', { checked: true }).count()).toBe(0);
}

export function outboxScreens(suite: { browser: Browser; server: TestServer; baseUrl: string }): ScreenMapping<OutboxWorld> {
  return {
    async start() {
      const { page, studentId } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
      await page.clock.install();
      const held = await holdRequests(page, [ADD_ANSWER, SUBMIT]);
      await page.goto(`/live-exam/${EXAM}/${DEMO.group}`);
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('timer').waitFor();
      await page.clock.pauseAt(Date.now() + 1_000);
      const otherTab = await page.context().newPage();
      await otherTab.goto('/logo.svg');
      return { page, held, server: suite.server, studentId, q1: await firstQuestionId(suite.server), otherTab };
    },

    events: {
      'answer.choose': async ({ page }, step) => {
        const { questionId, answer } = payload<{ questionId: string; answer: number[] }>(step);
        expect(questionId, 'the model answers question 1').toBe('q1');
        const radios = question(page, 1).getByRole('radio');
        // A chosen option cannot be chosen again: the student picks another and comes back to it (the
        // outbox ends as the path says, with this answer saved and queued once).
        if (await radios.nth(answer[0]!).isChecked()) await radios.nth((answer[0]! + 1) % 4).check();
        await radios.nth(answer[0]!).check();
      },
      'connection.offline': async ({ page }) => {
        await page.context().setOffline(true);
      },
      'connection.online': async ({ page }) => {
        await page.context().setOffline(false);
      },
      'outbox.adopt': async ({ page, otherTab, studentId, q1 }, step) => {
        // Another tab of the exam on this device stores its answer, newer than this tab's: this tab hears of it
        // (a storage event). Its time is the device's, a moment after this tab's choices.
        const stored = payload<{ stored: SavedAnswers }>(step).stored;
        const timestamp = (await page.evaluate(() => Date.now())) + 1_000;
        await storeAnswers(otherTab, studentId, { [q1]: { ...stored.q1!, timestamp } });
      },
      'outbox.flush': async ({ page, server, studentId }) => {
        // A person sends the kept answers only by submitting: time runs out and Ok submits (the final submit is
        // held, so the exam stays on screen). Time over also closes the outbox, which no outbox state shows.
        const attempt = await server.app.db.selectFrom('attempts').select('deadline_at').where('exam_id', '=', EXAM).where('student_id', '=', studentId).executeTakeFirstOrThrow();
        await page.clock.setSystemTime(Date.parse(attempt.deadline_at) + 2_000);
        await page.clock.runFor(1_000);
        await page.getByRole('dialog', { name: MESSAGES.timeOver }).getByRole('button', { name: 'Ok' }).click();
      },
      'outbox.dismissFailure': async ({ page }) => {
        // Closing the message about a refused answer: Escape (no message is open on this path).
        await page.keyboard.press('Escape');
      },
      'done(sending)': async ({ held }) => {
        expect((await held.answer(ADD_ANSWER)).status()).toBe(200);
      },
      'error(sending)': async ({ held }) => {
        await held.fail(ADD_ANSWER);
      },
      'after(retryWait)': async ({ page, held }) => {
        // The wait starts once the app has taken in the failure: let time run until the answer goes again.
        for (let tries = 0; tries < 40 && held.count(ADD_ANSWER) === 0; tries++) await page.clock.runFor(250);
      },
      'after(resubmitGap)': async ({ page }) => {
        await page.clock.runFor(1_000);
      },
    },

    states: {
      idle: async ({ page }, step) => {
        await answersShown(page, step);
        const name = eventName(step.event);
        // Kept on the device: the student is told the answer is saved locally.
        if (name === 'error(sending)' || (contextOf(step).online === false && name === 'answer.choose') || (name === 'done(sending)' && !contextOf(step).online && offlineCount(contextOf(step).entries) > 0)) {
          await toastShown(page, MESSAGES.savingLocally, 'warning');
        }
        // Back online after being offline (an online device that stays online hears nothing).
        if (name === 'connection.online' && previousContext(step)?.online === false) await toastShown(page, MESSAGES.restored, 'success');
      },
      sending: async ({ page, held }, step) => {
        await answersShown(page, step);
        await held.made(ADD_ANSWER);
      },
      retrying: async ({ page }, step) => {
        await answersShown(page, step);
      },
      pacing: async ({ page }, step) => {
        await answersShown(page, step);
      },
    },
  };
}
