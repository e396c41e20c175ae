// The shared set-up of the answer-key challenge browser tests (answer-challenges, answer-challenges-desk,
// answer-challenge-walk): the item analysis academy, whose live exam "Analysed Grand Test" twelve students
// of the Morning Batch sat, its results published so that the challenge window opens; real HTTP calls to
// the listening server as the app makes them; the teacher's sign-in at the desk.
//
//   CHALLENGER: { id, phone, password }
//       Pupil 6, who chose B on question 1 (key A): 1 mark, rank 7; with B as the key, 3 marks, rank 2.
//   challengeBundle(): the item analysis bundle, with CHALLENGER's password so that the student can sign in.
//   publishWithChallengeWindow(server): Promise<void>
//       Marks the exam's written answers and publishes its results as the teacher: the window opens.
//   httpCalls(baseUrl): (method, url, session, body?) => Promise<{ status, body }>
//       A signed call over real HTTP, as the app makes it (agent: browser).
//   DESK_TEACHER: { username, password }; deskSession(baseUrl): Promise<string> (a staff sign-in over HTTP).
//   signInAtDesk(page): fills the desk's sign-in form the page shows and signs in.
//   regradeSummary(card): Promise<{ summary, words }>
//       Waits for the desk's summary of a key change on a question's card: its locator and its words.
//   scoreboardAfterRegrade(page): Promise<{ note, rank }>
//       Opens the student's scoreboard, waits for the exam's regrade note, opens its merit list once it says
//       it was recomputed: the note's words and the student's own rank there.
import type { Locator, Page } from 'playwright-core';
import { signedCalls } from './api-calls.js';
import type { TestServer } from './test-server.js';
import { TEACHER } from '../api/results-fixture.js';
import { itemAnalysisBundle, markAndPublishAnalysed } from '../api/item-analysis-fixture.js';

export const CHALLENGER = { id: 'd20000000000000000000006', phone: '01710000006', password: 'pupil-pass-2026' };
export const DESK_TEACHER = { username: 'marker@academy.test', password: 'marker-pass-2026' };

export function challengeBundle() {
  const base = itemAnalysisBundle();
  return { ...base, students: base.students.map((s) => (s.phone === CHALLENGER.phone ? { ...s, password: CHALLENGER.password } : s)) };
}

export async function publishWithChallengeWindow(server: TestServer): Promise<void> {
  await markAndPublishAnalysed(
    signedCalls(() => server, () => []),
    await server.sessionFor(TEACHER, 'staff'),
  );
}

export type HttpCall = (method: string, url: string, session: string, body?: unknown) => Promise<{ status: number; body: any }>;

export function httpCalls(baseUrl: string): HttpCall {
  return async (method, url, session, body) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { agent: 'browser', authorization: session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}

export async function deskSession(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', agent: 'browser' },
    body: JSON.stringify(DESK_TEACHER),
  });
  if (login.status !== 200) throw new Error(`the desk sign-in: ${login.status} ${await login.text()}`);
  return login.headers.get('sessionid')!;
}

export async function signInAtDesk(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(DESK_TEACHER.username);
  await page.getByLabel('Password').fill(DESK_TEACHER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function regradeSummary(card: Locator): Promise<{ summary: Locator; words: string }> {
  const summary = card.getByRole('status').filter({ hasText: 'the exam was regraded' });
  await summary.waitFor();
  return { summary, words: await summary.innerText() };
}

export async function scoreboardAfterRegrade(page: Page): Promise<{ note: string; rank: string }> {
  await page.goto('/scoreboard');
  const card = page.getByRole('article', { name: 'Analysed Grand Test' });
  await card.getByTestId('regrade-note').waitFor();
  const note = await card.getByTestId('regrade-note').innerText();
  await card.getByRole('button', { name: 'Merit list of Analysed Grand Test' }).click();
  await page.getByTestId('merit-regraded').waitFor();
  return { note, rank: await page.getByTestId('merit-you').getByTestId('merit-rank').innerText() };
}
