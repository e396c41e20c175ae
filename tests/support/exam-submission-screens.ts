// The exam screen as the submission's model tests drive it (tests/e2e/model-exam-submission): what a
// person does for each event of the submission (tests/models/examSubmission.model.ts) and what each of its
// states shows. Every path is a new student of the demo batch taking the two-minute practice exam, so
// attempts never meet; the final submit is held until the path lets the server answer it.
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, type Page } from './browser';
import { eventName, holdRequests, nextEvent, payload, toastShown, type DriverStep, type HeldRequests, type ScreenMapping } from './model-driver';
import type { MachinePath } from './machine-paths';
import type { TestServer } from './test-server';
import { DEMO } from './demo-academy';
import { registerStudent } from '../../server/account/queries';
import { failureOf } from '../../src/domain/failures';
import { MESSAGES } from '../../src/domain/messages';
import { STORAGE_KEYS } from '../../src/services/storage';
import type { ExamSubmissionContext } from '../../src/machines/examSubmission.machine';
import type { LocalSavedAnswer } from '../../src/services/answerStore';

export const EXAM = DEMO.shortPracticeExam;
const GROUP = DEMO.group;
const SUBMIT = /^\/api\/exam\/submit\//;
const ADD_ANSWER = /^\/api\/exam\/add-answer\//;

export interface SubmissionWorld {
  page: Page;
  held: HeldRequests;
  server: TestServer;
  studentId: string;
}

let students = 0;

/** A new student in the demo batch, signed in on a fresh page (the session made on the server, no password round trip). */
export async function newStudentPage(browser: Browser, server: TestServer, baseUrl: string): Promise<{ page: Page; studentId: string; session: string }> {
  const phone = `0181${String(process.pid % 1000).padStart(3, '0')}${String(students++).padStart(4, '0')}`;
  await registerStudent(server.app.db, { username: `88${phone}`, localPhone: phone, passwordHash: 'no sign-in with a password', now: server.clock.now() });
  const student = await server.app.db.selectFrom('students').select('id').where('username', '=', `88${phone}`).executeTakeFirstOrThrow();
  await server.app.db.insertInto('group_members').values({ group_id: GROUP, student_id: student.id }).execute();
  const session = await server.sessionFor(student.id);
  // What a sign-in leaves on the device: the session id and the student's profile.
  const profile = (await server.call({ method: 'GET', url: '/api/student/profile', session })).json().data as unknown;
  const page = await newPage(browser, baseUrl);
  await page.addInitScript(
    ({ keys, session, profile }) => {
      localStorage.setItem(keys.sessionId, session);
      localStorage.setItem(keys.student, JSON.stringify(profile));
    },
    { keys: STORAGE_KEYS, session, profile },
  );
  return { page, studentId: student.id, session };
}

const contextOf = (step: DriverStep) => step.state.context as ExamSubmissionContext;
const previous = (step: DriverStep) => (step.index > 0 ? (step.path.steps[step.index - 1]!.state.context as ExamSubmissionContext) : null);
const before = (step: DriverStep) => (step.index > 0 ? step.path.steps[step.index - 1]!.state : null);
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Submit exam' });
const timeOverDialog = (page: Page) => page.getByRole('dialog', { name: MESSAGES.timeOver });
export const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });
const busyState = (page: Page, scope: ReturnType<typeof confirmDialog>, name: string) =>
  expect.poll(() => scope.getByRole('button', { name, exact: true }).getAttribute('aria-busy'), { message: `${name} busy?` });

/** The failure toast of a submission that failed, by the reason the path gives. */
async function failureShown(page: Page, step: DriverStep): Promise<void> {
  const name = eventName(step.event);
  if (!['answers.undelivered', 'done(submitting)', 'error(submitting)'].includes(name)) return;
  await toastShown(page, contextOf(step).failedOffline ? MESSAGES.checkConnection : MESSAGES.somethingWentWrong, 'error');
}

/** The server refuses the submission for real: the exam is taken from the batch while the request is on its way. */
export function removedMeanwhile(server: TestServer) {
  const removedAt = (value: string | null) => server.app.db.updateTable('exam_assignments').set({ removed_at: value }).where('exam_id', '=', EXAM).where('group_id', '=', GROUP).execute();
  return { before: () => removedAt(server.clock.now().toISOString()), after: () => removedAt(null) };
}

export function submissionScreens(suite: { browser: Browser; server: TestServer; baseUrl: string }): ScreenMapping<SubmissionWorld> {
  return {
    async start(path: MachinePath) {
      const { page, studentId } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
      page.on('dialog', (dialog) => void dialog.accept());
      const held = await holdRequests(page, [SUBMIT]);
      // Answers that are to stay undelivered never reach the server: their requests fail as offline ones do.
      if (path.steps.some((step) => eventName(step.event) === 'answers.undelivered')) await page.route((url) => ADD_ANSWER.test(url.pathname), (route) => route.abort('internetdisconnected'));
      await page.goto(`/live-exam/${EXAM}/${GROUP}`);
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.getByRole('timer').waitFor();
      return { page, held, server: suite.server, studentId };
    },

    events: {
      'answers.counted': async ({ page }, step) => {
        const { answered } = payload<{ answered: number }>(step);
        const already = previous(step)?.answered ?? 0;
        // Answers are given, never taken back, on this screen: a path can only raise the count.
        expect(answered, 'a student cannot unanswer a question').toBeGreaterThanOrEqual(already);
        for (let n = already + 1; n <= answered; n++) await question(page, n).getByRole('radio').first().check();
      },
      'exam.submit': async ({ page }) => {
        await page.getByRole('button', { name: 'Submit', exact: true }).click();
      },
      'exam.timeOver': async ({ page, server, studentId }) => {
        const attempt = await server.app.db.selectFrom('attempts').select('deadline_at').where('exam_id', '=', EXAM).where('student_id', '=', studentId).executeTakeFirstOrThrow();
        // The device's clock jumps past the deadline (page.clock.setSystemTime): no real waiting. Timers keep
        // real time, so the connection's heartbeat does not time out as it would if two minutes of timers fired.
        await page.clock.setSystemTime(Date.parse(attempt.deadline_at) + 2_000);
      },
      'submission.confirm': async (world, step) => {
        const { page } = world;
        const from = before(step);
        if (from?.matches('timeOver')) {
          // Answers still to go that this tab has none of: another tab of the exam left one on the device.
          if (nextEvent(step, 'answers.undelivered') && (previous(step)?.answered ?? 0) === 0) await answerLeftByAnotherTab(world);
          await timeOverDialog(page).getByRole('button', { name: 'Ok' }).click();
        } else {
          await confirmDialog(page).getByRole('button', { name: 'Submit', exact: true }).click();
        }
      },
      'submission.cancel': async ({ page }) => {
        await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
      },
      'connection.offline': async ({ page }) => {
        await page.context().setOffline(true);
      },
      'connection.online': async ({ page }) => {
        await page.context().setOffline(false);
      },
      'answers.delivered': async ({ held }) => {
        // Every answer is on the server once the app goes on to the final submit.
        await held.made(SUBMIT);
      },
      'answers.undelivered': async () => {
        // The answers' requests fail (see start): nothing to do but let the delivery give up.
      },
      'done(submitting)': async ({ held, server }, step) => {
        const { output } = payload<{ output: { status: string } }>(step);
        if (output.status === '200') return void expect((await held.answer(SUBMIT)).status()).toBe(200);
        // The server answers a submission only with status '200' (server/exams/attempts.ts); any other answer,
        // which older servers gave, is shown as a refusal is: here a real one.
        expect((await held.answer(SUBMIT, removedMeanwhile(server))).status()).toBe(403);
      },
      'error(submitting)': async ({ held, server }, step) => {
        if (failureOf(payload<{ error: unknown }>(step).error).network) return held.fail(SUBMIT);
        expect((await held.answer(SUBMIT, removedMeanwhile(server))).status()).toBe(403);
      },
    },

    states: {
      answering: async ({ page }, step) => {
        const { answered, online } = contextOf(step);
        await confirmDialog(page).waitFor({ state: 'hidden' });
        await timeOverDialog(page).waitFor({ state: 'hidden' });
        await page.getByText(`Answered: ${answered}/`).waitFor();
        const banner = page.getByText('You are offline. Your answers are saved on this device.');
        if (online) expect(await banner.count()).toBe(0);
        else await banner.waitFor();
        if (eventName(step.event) === 'exam.submit') await toastShown(page, MESSAGES.nothingAnswered, 'warning');
      },
      confirming: async ({ page }, step) => {
        const { online } = contextOf(step);
        const dialog = confirmDialog(page);
        await dialog.waitFor();
        await busyState(page, dialog, 'Submit').toBeNull();
        await expect.poll(() => dialog.getByRole('button', { name: 'Submit', exact: true }).isEnabled()).toBe(online);
        const offline = dialog.getByText(MESSAGES.offlineInConfirm);
        if (online) expect(await offline.count()).toBe(0);
        else await offline.waitFor();
        await failureShown(page, step);
      },
      timeOver: async ({ page }, step) => {
        const dialog = timeOverDialog(page);
        await dialog.waitFor();
        await busyState(page, dialog, 'Ok').toBeNull();
        if (eventName(step.event) === 'submission.confirm') await toastShown(page, MESSAGES.offlineAtTimeOver, 'warning');
        await failureShown(page, step);
      },
      // Delivering the answers and the final submit look alike: the modal the submission came from, busy.
      flushing: async ({ page }, step) => {
        const dialog = contextOf(step).returnTo === 'timeOver' ? timeOverDialog(page) : confirmDialog(page);
        await dialog.waitFor();
        await busyState(page, dialog, 'Submitting…').toBe('true');
      },
      submitting: async ({ page }, step) => {
        const dialog = contextOf(step).returnTo === 'timeOver' ? timeOverDialog(page) : confirmDialog(page);
        await dialog.waitFor();
        await busyState(page, dialog, 'Submitting…').toBe('true');
      },
      submitted: async ({ page }) => {
        await page.waitForURL((url) => url.pathname === `/result/${EXAM}/${GROUP}`);
        await toastShown(page, MESSAGES.answerSubmitted, 'success');
      },
    },
  };
}

/** Another tab of the same exam kept an answer on this device, undelivered (localSavedAnswers). */
async function answerLeftByAnotherTab({ page, server, studentId }: SubmissionWorld): Promise<void> {
  const answer: LocalSavedAnswer = { answer: [1], extra: [], files: [], offline: true, delivered: false, timestamp: Date.now(), type: 'MCQ', count: 1, confirmed: null };
  await storeAnswers(page, studentId, EXAM, { [await firstQuestionId(server)]: answer });
}

export const firstQuestionId = async (server: TestServer) =>
  (await server.app.db.selectFrom('questions').select('id').where('exam_id', '=', EXAM).orderBy('position').executeTakeFirstOrThrow()).id;

/** Writes answers of this exam into the device's store, as another tab's outbox does. */
export async function storeAnswers(page: Page, studentId: string, examId: string, answers: Record<string, LocalSavedAnswer>): Promise<void> {
  await page.evaluate(
    ({ key, studentId, examId, answers }) => {
      const all = JSON.parse(localStorage.getItem(key) ?? '{}');
      all[studentId] = { ...all[studentId], [examId]: { ...all[studentId]?.[examId], ...answers } };
      localStorage.setItem(key, JSON.stringify(all));
    },
    { key: STORAGE_KEYS.localSavedAnswers, studentId, examId, answers },
  );
}
