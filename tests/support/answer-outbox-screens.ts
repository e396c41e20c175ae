// The exam screen as the answer outbox's model tests drive it (tests/e2e/model-answer-outbox): what a person
// does for each event of the outbox (tests/models/answerOutbox.model.ts, its first model: delivery, retries,
// the connection and another tab's answers) and what each outbox state shows: the chosen option of
// question 1, the footer's answered and offline-saved counts, and whether an answer is on its way.
// Every path is a new student taking the two-minute practice exam; each answer's request is held until the
// path lets the server take it (or fails it as a lost connection does). The page's clock stands still, so
// the outbox's pauses (retry, pacing) pass only when a path lets time run (page.clock.runFor).
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { pauseClock, type Page } from './browser';
import { eventName, holdRequests, payload, toastShown, type DriverStep, type HeldRequests, type ScreenMapping } from './model-driver';
import type { TestServer } from './test-server';
import { newStudentPage, question, removedMeanwhile, storeAnswers } from './exam-submission-screens';
import type { PathModel } from './machine-paths';
import { hashSessionId, revokeSession } from '../../server/account/sessions';
import { DEMO } from './demo-academy';
import { answeredCount, offlineCount, type AnswerOutboxContext } from '../../src/machines/answerOutbox.machine';
import { MESSAGES } from '../../src/domain/messages';
import type { SavedAnswers } from '../../src/services/answerStore';
import { STORAGE_KEYS } from '../../src/services/storage';

const ADD_ANSWER = /^\/api\/exam\/add-answer\//;
const SUBMIT = /^\/api\/exam\/submit\//;

export interface OutboxWorld {
  page: Page;
  held: HeldRequests;
  server: TestServer;
  studentId: string;
  session: string;
  exam: string;
  /** The real ids of the model's questions ('q1', 'q9'). */
  ids: Record<string, string>;
  /** Another tab of this browser on the academy's origin (a plain file, not the app): it writes the answer store. */
  otherTab: Page;
}

const previousContext = (step: DriverStep) => (step.index > 0 ? (step.path.steps[step.index - 1]!.state.context as AnswerOutboxContext) : null);

const contextOf = (step: DriverStep) => step.state.context as AnswerOutboxContext;

/** The questions the model's ids stand for: 'q1' is the first question, 'q9' (an answer left by a visit before) the second. */
const QUESTION_NUMBERS: Record<string, number> = { q1: 1, q9: 2 };

/** The footer and the model's questions as the outbox's context has them. */
async function answersShown(page: Page, step: DriverStep): Promise<void> {
  const { entries } = contextOf(step);
  await page.getByText(`Answered: ${answeredCount(entries)}/`).waitFor();
  await page.getByText(`Offline saved: ${offlineCount(entries)}`, { exact: true }).waitFor();
  for (const [id, number] of Object.entries(QUESTION_NUMBERS)) {
    const chosen = entries[id]?.answer[0];
    // Behind the time-over dialog (a submit under way) the paper is inert, but its choices still show.
    const paper = page.getByRole('article', { name: `Question ${number}`, includeHidden: true });
    const radios = paper.getByRole('radio', { includeHidden: true });
    if (typeof chosen === 'number') await expect.poll(() => radios.nth(chosen).isChecked(), { message: `option ${chosen} of question ${number} chosen` }).toBe(true);
    else await expect.poll(() => paper.locator('input[type=radio]:checked').count(), { message: `question ${number} unanswered` }).toBe(0);
  }
}

/** A choice the outbox did not take (one submission only, the question answered): refused on the spot. */
async function refusedChoiceShown(page: Page, step: DriverStep): Promise<void> {
  if (eventName(step.event) !== 'answer.choose') return;
  const chosen = payload<{ answer: number[] }>(step).answer;
  if (JSON.stringify(contextOf(step).entries.q1?.answer) !== JSON.stringify(chosen)) await toastShown(page, MESSAGES.answerLocked, 'error');
}

const statusOf = (step: DriverStep) => (payload<{ error?: { status?: number } }>(step).error?.status ?? 0);

/** The device's clock passes the deadline and the countdown's next tick sees it. */
async function timeRunsOut({ page, server, studentId, exam }: OutboxWorld): Promise<void> {
  const attempt = await server.app.db.selectFrom('attempts').select('deadline_at').where('exam_id', '=', exam).where('student_id', '=', studentId).executeTakeFirstOrThrow();
  await page.clock.setSystemTime(Date.parse(attempt.deadline_at) + 2_000);
  await page.clock.runFor(1_000);
}

/** The mapping for one model of the outbox, on an exam of the demo batch whose first two questions are MCQs. */
export function outboxScreens(suite: { browser: Browser; server: TestServer; baseUrl: string }, model: PathModel, exam: string): ScreenMapping<OutboxWorld> {
  return {
    async start() {
      const { page, studentId, session } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
      const questions = await suite.server.app.db.selectFrom('questions').select('id').where('exam_id', '=', exam).orderBy('position').execute();
      const ids = Object.fromEntries(Object.entries(QUESTION_NUMBERS).map(([id, number]) => [id, questions[number - 1]!.id]));
      // Answers an earlier visit left undelivered on the device (the model's input) are there when the exam opens.
      const saved = Object.entries((model.input as { saved: SavedAnswers }).saved).map(([id, entry]) => [ids[id]!, entry] as const);
      if (saved.length) {
        await page.addInitScript(
          ({ key, studentId, examId, answers }) => {
            if (sessionStorage.getItem('left by an earlier visit')) return;
            sessionStorage.setItem('left by an earlier visit', 'yes');
            localStorage.setItem(key, JSON.stringify({ [studentId]: { [examId]: answers } }));
          },
          { key: STORAGE_KEYS.localSavedAnswers, studentId, examId: exam, answers: Object.fromEntries(saved) },
        );
      }
      await page.clock.install();
      const held = await holdRequests(page, [ADD_ANSWER, SUBMIT]);
      await page.goto(`/live-exam/${exam}/${DEMO.group}`);
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('timer').waitFor();
      await pauseClock(page);
      const otherTab = await page.context().newPage();
      await otherTab.goto('/logo.svg');
      return { page, held, server: suite.server, studentId, session, exam, ids, otherTab };
    },

    events: {
      'answer.choose': async ({ page }, step) => {
        const { questionId, answer } = payload<{ questionId: string; answer: number[] }>(step);
        expect(questionId, 'the model answers question 1').toBe('q1');
        const radios = question(page, 1).getByRole('radio');
        // A chosen option cannot be chosen again: the student picks another and comes back to it (the
        // outbox ends as the path says, with this answer saved and queued once).
        if (await radios.nth(answer[0]!).isChecked()) await radios.nth((answer[0]! + 1) % 4).click();
        await radios.nth(answer[0]!).click();
      },
      'connection.offline': async ({ page }) => {
        await page.context().setOffline(true);
      },
      'connection.online': async ({ page }) => {
        await page.context().setOffline(false);
      },
      'outbox.adopt': async ({ page, otherTab, studentId, exam, ids }, step) => {
        // Another tab of the exam on this device stores its answer, newer than this tab's: this tab hears of it
        // (a storage event). Its time is the device's, a moment after this tab's choices.
        const stored = payload<{ stored: SavedAnswers }>(step).stored;
        const timestamp = (await page.evaluate(() => Date.now())) + 1_000;
        await storeAnswers(otherTab, studentId, exam, { [ids.q1!]: { ...stored.q1!, timestamp } });
      },
      'outbox.flush': async (world) => {
        // A person sends the kept answers only by submitting: time runs out and Ok submits (the final submit is
        // held, so the exam stays on screen). Time over also closes the outbox, which no outbox state shows.
        await timeRunsOut(world);
        await world.page.getByRole('dialog', { name: MESSAGES.timeOver }).getByRole('button', { name: 'Ok' }).click();
      },
      'outbox.close': async (world) => {
        await timeRunsOut(world);
        await world.page.getByRole('dialog', { name: MESSAGES.timeOver }).waitFor();
      },
      'outbox.dismissFailure': async ({ page }) => {
        // Closing the message about a refused answer: Escape (no message is open on this path).
        await page.keyboard.press('Escape');
      },
      'done(sending)': async ({ held }) => {
        expect((await held.answer(ADD_ANSWER)).status()).toBe(200);
      },
      'error(sending)': async ({ held, server, session, exam, ids, page }, step) => {
        const status = statusOf(step);
        if (status === 0) return held.fail(ADD_ANSWER);
        // The server's own refusals: the exam leaves the batch, or the session ends, while the answer is on its way.
        if (status === 403) return void expect((await held.answer(ADD_ANSWER, removedMeanwhile(server))).status()).toBe(403);
        if (status === 401) return void expect((await held.answer(ADD_ANSWER, { before: async () => {
          // Ended on the server as a sign-out elsewhere does: stored and in the process's session cache.
          await revokeSession(server.app.db, hashSessionId(session), server.clock.now());
          server.app.sessionCache.forgetSession(hashSessionId(session));
        } })).status()).toBe(401);
        if (status === 409) {
          // One submission only: another device of the student's answered the question first, so this change is locked.
          const other = (await page.evaluate(() => Date.now())) - 1_000;
          const first = await server.call({ method: 'PATCH', url: `/api/exam/add-answer/${exam}/group/${DEMO.group}`, session, payload: { questionId: ids.q1, answer: [3], timestamp: other } });
          expect(first.statusCode).toBe(200);
          return void expect((await held.answer(ADD_ANSWER)).status()).toBe(409);
        }
        throw new Error(`no way to make the server refuse an answer with ${status}`);
      },
      'after(retryWait)': async ({ page, held }) => {
        // The wait starts once the app has taken in the failure: let time run until the answer goes again.
        for (let tries = 0; tries < 40 && held.count(ADD_ANSWER) === 0; tries++) await page.clock.runFor(250);
      },
      'after(resubmitGap)': async ({ page }) => {
        await page.clock.runFor(1_000);
      },
      'pause(answerDebounce)': async ({ page }) => {
        // The student stops clicking: the quarter second passes and the last choice is queued.
        await page.clock.runFor(250);
      },
    },

    states: {
      idle: async ({ page, studentId, exam, ids }, step) => {
        const name = eventName(step.event);
        if (name === 'error(sending)' && statusOf(step) === 401) {
          // Signed out: the sign-in screen, and the answer kept on the device, undelivered, for the next sign-in.
          // (The exam screen closes with the sign-out, so the outbox does not get to mark it offline.)
          await page.waitForURL((url) => url.pathname === '/login');
          const kept = await page.evaluate(({ key, studentId, examId }) => JSON.parse(localStorage.getItem(key) ?? '{}')[studentId]?.[examId], { key: STORAGE_KEYS.localSavedAnswers, studentId, examId: exam });
          expect(kept?.[ids.q1!]).toMatchObject({ answer: contextOf(step).entries.q1!.answer, delivered: false });
          return;
        }
        await answersShown(page, step);
        await refusedChoiceShown(page, step);
        // The exam left the batch: the choice is undone and the removed message shows (with the refusal's own).
        if (name === 'error(sending)' && statusOf(step) === 403) await page.getByText(MESSAGES.examRemovedFromBatch).waitFor();
        // A refused change: undone, and the message about it names the question and the server's reason.
        if (name === 'error(sending)' && statusOf(step) === 409) {
          await page.getByText(MESSAGES.submitAnswerError).waitFor();
          await page.getByText(MESSAGES.answerLocked).first().waitFor();
        }

        // Kept on the device: the question says it is saved on this phone (no toast per answer).
        if ((name === 'error(sending)' && statusOf(step) === 0) || (contextOf(step).online === false && name === 'answer.choose') || (name === 'done(sending)' && !contextOf(step).online && offlineCount(contextOf(step).entries) > 0)) {
          await page.getByRole('article', { name: 'Question 1' }).locator('[data-testid="answer-state"][data-state="saved"]').waitFor();
        }
        // Back online after being offline (an online device that stays online hears nothing).
        if (name === 'connection.online' && previousContext(step)?.online === false) await toastShown(page, MESSAGES.restored, 'success');
      },
      sending: async ({ page, held }, step) => {
        await answersShown(page, step);
        await refusedChoiceShown(page, step);
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
