import { createActor, type EventObject } from 'xstate';
import { examAttemptMachine, type ExamAttemptEvent, type KeptPaper, type OpenedPaper, type StartedAt } from '../../src/machines/examAttempt.machine';
import { answerOutboxMachine } from '../../src/machines/answerOutbox.machine';
import { examSubmissionMachine } from '../../src/machines/examSubmission.machine';
import { examTimerMachine } from '../../src/machines/examTimer.machine';
import type { CurrentExam } from '../../src/contracts/exams';
import type { LocalSavedAnswer, SavedAnswers } from '../../src/services/answerStore';
import type { PathModel } from '../support/machine-paths';

// The server's clock at the test's start: the countdown measures against the device clock (Date.now).
export const SERVER_NOW = new Date().toISOString();
export const at = (offsetMs: number) => new Date(Date.parse(SERVER_NOW) + offsetMs).toISOString();

export function paper(overrides: Partial<CurrentExam> = {}): CurrentExam {
  const question = (id: string) => ({ _id: id, type: 'MCQ' as const, title: `Question ${id}`, point: 1, options: ['a', 'b', 'c', 'd'], optionType: {}, image: [], file: [], subjectId: null, subjectName: null });
  return {
    _id: 'e1',
    title: 'Anatomy weekly',
    instruction: null,
    subjectId: null,
    subjectName: null,
    questions: [question('q1'), question('q2')],
    totalMarks: 2,
    passMark: 40,
    negativeMark: 0,
    gpaFactor: null,
    isPracticeExam: true,
    isSegmentedExam: false,
    segmentedExamDetails: null,
    selectedSubjects: null,
    studentStartsAt: SERVER_NOW,
    deadlineAt: at(30 * 60_000),
    serverNow: SERVER_NOW,
    courseName: 'MBBS',
    courseId: 'c1',
    groupId: 'g1',
    groupName: 'Batch 1',
    startsAt: at(-60_000),
    endsAt: at(60 * 60_000),
    duration: 30,
    cutMarks: null,
    multipleTimesSubmission: false,
    submittedAt: null,
    savedAnswers: [],
    ...overrides,
  };
}

export const opened = (exam: CurrentExam, stored: SavedAnswers = {}): OpenedPaper => ({ exam, stored, receivedAt: Date.now() });
/** A running attempt kept on the device, as an offline opening reads it. */
export const kept = (exam: CurrentExam, stored: SavedAnswers = {}): KeptPaper => ({
  ...opened(exam, stored),
  timing: { deadlineAt: exam.deadlineAt!, serverNow: exam.serverNow, receivedAt: Date.now() },
});
export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const removedError = Object.assign(new Error('Removed'), { status: 403, code: 'examRemoved', title: 'This exam has been removed from your group' });
export const serverError = Object.assign(new Error('Server error'), { status: 500, title: 'Internal Server Error' });
export const input = { examId: 'e1', groupId: 'g1', studentId: 's1', online: true };

export function storedAnswer(answer: number, timestamp: number, delivered = false): LocalSavedAnswer {
  return { answer: [answer], extra: [], files: [], offline: !delivered, delivered, timestamp, type: 'MCQ', count: 1, confirmed: null };
}

const submissionIn = (state: 'answering' | 'flushing' | 'timeOver') => {
  const actor = createActor(examSubmissionMachine, { input: { examId: 'e1', groupId: 'g1', isPracticeExam: true, online: true, answered: 1 } }).start();
  if (state !== 'answering') actor.send(state === 'timeOver' ? { type: 'exam.timeOver' } : { type: 'exam.submit' });
  if (state === 'flushing') actor.send({ type: 'submission.confirm' });
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
};
const timerAt = (secondsLeft: number) => {
  const actor = createActor(examTimerMachine, { input: { deadlineAt: at(secondsLeft * 1000), serverNow: SERVER_NOW, receivedAt: Date.now(), deviceNow: () => Date.now() } }).start();
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
};
const outboxWith = (entries: SavedAnswers) => {
  const actor = createActor(answerOutboxMachine, { input: { studentId: 's1', examId: 'e1', groupId: 'g1', isLive: false, multipleTimesSubmission: false, online: false, saved: entries } }).start();
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
};
const model: PathModel<typeof examAttemptMachine> = {
  machine: examAttemptMachine,
  input,
  events: [
    { type: 'attempt.retry' },
    { type: 'connection.offline' },
    { type: 'connection.online' },
    { type: 'page.answersStored', stored: {} },
    { type: 'page.visible' },
    { type: 'page.hidden' },
    { type: 'xstate.snapshot.submission', snapshot: submissionIn('answering') },
    { type: 'xstate.snapshot.submission', snapshot: submissionIn('flushing') },
    { type: 'xstate.snapshot.submission', snapshot: submissionIn('timeOver') },
    // Snapshots of the other children, which XState sends as the children change.
    { type: 'xstate.snapshot.timer', snapshot: timerAt(600) } as EventObject as ExamAttemptEvent,
    { type: 'xstate.snapshot.timer', snapshot: timerAt(-1) } as EventObject as ExamAttemptEvent,
    { type: 'xstate.snapshot.outbox', snapshot: outboxWith({ q1: storedAnswer(1, 5) }) } as EventObject as ExamAttemptEvent,
  ],
  outcomes: {
    loadPaper: { done: [opened(paper({ submittedAt: at(-1000) })), opened(paper()), opened(paper({ studentStartsAt: null, deadlineAt: null }))], error: [removedError, networkError, serverError] },
    loadKeptAttempt: { done: [kept(paper()), null], error: [new Error('The kept attempt could not be read.')] },
    startAttempt: { done: [{ started: { studentStartsAt: SERVER_NOW, deadlineAt: at(30 * 60_000), serverNow: SERVER_NOW, submittedAt: null }, receivedAt: Date.now() } satisfies StartedAt], error: [removedError, networkError] },
    examSubmission: { done: [undefined] },
    deliverEveryAnswer: { done: [undefined], error: [new Error('Some answers are still on this device.')] },
  },
  // The replay runs the real children (they hold no answers and get no events, so they only report their snapshots).
  provide: { actors: { answerOutbox: answerOutboxMachine, examTimer: examTimerMachine, examSubmission: examSubmissionMachine } },
  // The exam and the device's answers do not change which transitions are enabled.
  serializeState: (s) => JSON.stringify([s.value, s.context.online, s.context.timeUp, s.context.error !== null]),
};

export const models = [model];
