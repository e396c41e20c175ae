// The teacher desk's path model and the fixtures its tests share.
import { staffDeskMachine } from '../../src/machines/staffDesk.machine';
import type { GradingQueue, MarkReply, PublishReply, StaffAssignment, WrittenAnswer } from '../../src/contracts/staff';
import type { PathModel } from '../support/machine-paths';

export const assignment: StaffAssignment = {
  _id: 'a1',
  exam: { _id: 'e1', title: 'Live Test: Cardiac Cycle (Written)', isPracticeExam: false, courseId: 'c1', courseName: 'MBBS' },
  groupId: 'g1',
  groupName: 'Batch 1',
  startsAt: '2026-01-01T08:00:00.000Z',
  endsAt: '2026-01-01T09:00:00.000Z',
  publishableAt: '2026-01-01T09:02:00.000Z',
  submitted: 2,
  awaitingMarking: 2,
  resultPublished: false,
  publishedAt: null,
};
export const practice: StaffAssignment = { ...assignment, _id: 'a2', exam: { ...assignment.exam, _id: 'e2', isPracticeExam: true } };

export function written(attemptId: string, questionId: string): WrittenAnswer {
  return {
    attemptId,
    questionId,
    student: { _id: `s-${attemptId}`, name: `Student ${attemptId}`, sid: attemptId },
    question: { _id: questionId, type: 'paragraph', title: 'Describe the cardiac cycle.', point: 5, image: [], file: [], modelAnswer: [], explanation: null },
    answer: ['Filling, contraction, ejection, relaxation.'],
    extra: [],
    submittedAt: '2026-01-01T08:50:00.000Z',
    marks: null,
    comment: null,
    reviewedAt: null,
    reviewedBy: null,
  };
}
// Answers first: a path names an outcome by its first characters.
export const twoAnswers: GradingQueue = { answers: [written('t1', 'q1'), written('t2', 'q1')], assignment };
export const reply = (attemptId: string, marks: number): MarkReply => ({
  attemptId,
  questionId: 'q1',
  marks,
  comment: null,
  reviewedAt: '2026-01-02T08:00:00.000Z',
  result: { marksObtained: marks, totalMarks: 5, passed: true, pendingReview: false },
});
export const published: PublishReply = { assignmentId: 'a1', examId: 'e1', groupId: 'g1', publishedAt: '2026-01-02T09:00:00.000Z', results: 2, notified: 18 };
export const failure = (status: number, title: string, message?: string) => Object.assign(new Error(message ?? title), { status, title, message: message ?? title, network: false });
export const refused = failure(409, 'Some written answers still wait for marks.', '1 submission still has unmarked written answers.');
export const expired = failure(401, 'Your session has expired. Please sign in again.');
/** Device clocks after the exam's publishable time and before it. */
export const examOver = Date.parse('2026-01-01T12:00:00.000Z');
export const examRunning = Date.parse('2026-01-01T08:30:00.000Z');

const model: PathModel<typeof staffDeskMachine> = {
  name: 'exam over',
  machine: staffDeskMachine,
  input: { deviceNow: () => examOver },
  // Context (the answers, the index, the refusal) is what the screen shows; states differ by value,
  // by the answer on screen and by how many answers wait for marks, so the queue's two answers are
  // both visited and both marked.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.index,
      snapshot.context.answers.length,
      snapshot.context.answers.filter((a: WrittenAnswer) => a.marks === null).length,
      snapshot.context.status,
      snapshot.context.assignment?.exam.isPracticeExam ?? null,
    ]),
  events: [
    { type: 'desk.retry' },
    { type: 'desk.refresh' },
    { type: 'desk.open', assignmentId: 'a1' },
    { type: 'desk.open', assignmentId: 'a2' },
    { type: 'desk.back' },
    { type: 'desk.filter', status: 'all' },
    { type: 'desk.next' },
    { type: 'desk.previous' },
    { type: 'desk.save', marks: 4, comment: 'Good' },
    { type: 'desk.save', marks: null, comment: '' },
    { type: 'desk.publish' },
    { type: 'desk.confirm' },
    { type: 'desk.cancel' },
    { type: 'desk.tick' },
  ],
  outcomes: {
    loadAssignments: { done: [[assignment, practice], []], error: [failure(500, 'Boom'), expired] },
    loadQueue: { done: [twoAnswers, { answers: [], assignment }, { answers: [written('t3', 'q1')], assignment: practice }], error: [failure(404, 'Exam assignment not found'), expired] },
    markAnswer: { done: [reply('t1', 4), reply('t2', 3)], error: [failure(400, 'Marks must be from 0 to 5.'), expired] },
    publish: { done: [published], error: [refused, expired] },
  },
};

/** The same desk before the exam is over: Publish is not offered (the desk says when it will be). */
const running: PathModel<typeof staffDeskMachine> = { ...model, name: 'exam running', input: { deviceNow: () => examRunning } };

/** The desk opened for one assignment (/staff?assignment=a1, from the week): it opens when listed, and is said to be missing otherwise. */
const openedFor: PathModel<typeof staffDeskMachine> = {
  ...model,
  name: 'opened for one assignment',
  input: { deviceNow: () => examOver, openAssignmentId: 'a1' },
  // Whether the assignment asked for is still to be opened makes the next load go elsewhere.
  serializeState: (snapshot) => JSON.stringify([model.serializeState!(snapshot), snapshot.context.wanted]),
  outcomes: { ...model.outcomes, loadAssignments: { done: [[assignment, practice], [practice], []], error: [expired] } },
};

export const models = [model, running, openedFor];
