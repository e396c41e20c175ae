import { answerOutboxMachine, type AnswerChoice, type AnswerOutboxContext } from '../../src/machines/answerOutbox.machine';
import type { SavedAnswers } from '../../src/services/answerStore';
import type { PathModel, Pause } from '../support/machine-paths';

export const STUDENT = 's1';
export const EXAM = 'e1';

export const networkError = () => Object.assign(new Error('Network error'), { status: 0, title: 'Network error', network: true });
export const refused = (status: number, title?: string, code?: string) => Object.assign(new Error(title ?? 'x'), { status, title, code, network: false });

export function choice(questionId: string, overrides: Partial<AnswerChoice> = {}): { type: 'answer.choose' } & AnswerChoice {
  return { type: 'answer.choose', questionId, questionNumber: Number(questionId.replace(/\D/g, '')) || 1, questionType: 'MCQ', optionCount: 4, answer: [1], timestamp: 1000, ...overrides };
}


const ok = { uploaded: [], skipped: [] };
/** The time of the answer another tab left in storage (later than any choice made here before it). */
const ADOPTED_AT = 9_000_000_000_000;
const leftByOtherTab: SavedAnswers = { q1: { answer: [3], extra: [], files: [], offline: true, delivered: false, timestamp: ADOPTED_AT, type: 'MCQ', count: 1, confirmed: null } };
// One question keeps the context small enough to key states exactly by what later steps depend on.
const events = [
  choice('q1', { answer: [1] }),
  choice('q1', { answer: [2] }),
  { type: 'outbox.enqueue', questionId: 'q7' },
  { type: 'connection.offline' },
  { type: 'connection.online' },
  { type: 'outbox.flush' },
  { type: 'outbox.adopt', stored: leftByOtherTab },
  { type: 'outbox.close' },
  { type: 'outbox.dismissFailure' },
] as const;
// Timestamps grow with every choice; everything else that steers a transition is in the key.
const serializeState = (snapshot: { value: unknown; context: unknown }) => {
  const c = snapshot.context as AnswerOutboxContext;
  // Whether another tab's answer is taken over depends only on being older than it or not.
  const entries = Object.entries(c.entries).map(([id, e]) => [id, e.answer, e.offline, e.delivered, e.confirmed?.answer ?? null, e.timestamp >= ADOPTED_AT]);
  return JSON.stringify([snapshot.value, c.online, c.accepting, c.attempt, c.queue, entries, c.debouncing]);
};
const base = { studentId: STUDENT, examId: EXAM, groupId: 'g1', isLive: true, online: true };
// An MCQ or MCA choice is queued once its question has been quiet for 250 ms: a step of its own.
const pauses: Pause[] = [
  { delay: 'answerDebounce', waiting: (snapshot) => (snapshot.context as AnswerOutboxContext).debouncing.map((questionId) => ({ type: 'outbox.enqueue', questionId, debounced: true })) },
];
// One error per model: the path names cannot tell two errors of one actor apart.
const outcomesWith = (error: unknown) => ({ sendAnswer: { done: [ok], error: [error] } });
const outcomes = outcomesWith(networkError());
const pending = {
  answer: [3],
  extra: [],
  files: [],
  offline: true,
  delivered: false,
  timestamp: 5,
  type: 'MCQ' as const,
  count: 1,
  confirmed: null,
};
const without = (...types: string[]) => events.filter((e) => !types.includes(e.type) && !(e.type === 'answer.choose' && types.includes(`answer ${e.answer[0]}`)));
export const models: PathModel<typeof answerOutboxMachine>[] = [
  // Delivery, retries, refusals and the connection.
  { machine: answerOutboxMachine, input: { ...base, multipleTimesSubmission: true, saved: {} }, events: without('answer 2', 'outbox.close'), outcomes, serializeState, pauses },
  // Refusals by the server: the choice is undone; 403 also reloads the group.
  { machine: answerOutboxMachine, input: { ...base, multipleTimesSubmission: true, saved: {} }, events: [choice('q1')], outcomes: outcomesWith(refused(409, 'You cannot change the answer', 'answerLocked')), serializeState, pauses },
  { machine: answerOutboxMachine, input: { ...base, multipleTimesSubmission: true, saved: {} }, events: [choice('q1')], outcomes: outcomesWith(refused(403, 'This exam has been removed from your group', 'examRemoved')), serializeState, pauses },
  // The session ended: the answer is kept on the device for the next sign-in.
  { machine: answerOutboxMachine, input: { ...base, multipleTimesSubmission: true, saved: {} }, events: [choice('q1')], outcomes: outcomesWith(refused(401, 'Not logged in', 'notLoggedIn')), serializeState, pauses },
  // One submission only: a second choice is refused.
  { machine: answerOutboxMachine, input: { ...base, multipleTimesSubmission: false, saved: {} }, events: without('connection.offline', 'connection.online', 'outbox.flush', 'outbox.close'), outcomes: { sendAnswer: { done: [ok] } }, serializeState, pauses },
  // After the exam closes no choice is taken.
  { machine: answerOutboxMachine, input: { ...base, multipleTimesSubmission: true, saved: {} }, events: [{ type: 'outbox.close' }, choice('q1')], serializeState, pauses },
  // A reload with an undelivered answer sends it at once.
  { machine: answerOutboxMachine, input: { ...base, multipleTimesSubmission: true, saved: { q9: pending } }, events: [], outcomes: { sendAnswer: { done: [ok] } }, serializeState, pauses },
];
