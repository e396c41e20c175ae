import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { staffDeskMachine, deskMessages } from '../../src/machines/staffDesk.machine';
import type { GradingQueue, MarkReply, PublishReply, StaffAssignment, WrittenAnswer } from '../../src/contracts/staff';
import { CoverageRecorder, runPath, transitionPaths, type PathModel } from '../support/machine-paths';
import { settle } from '../support/doubles';

const assignment: StaffAssignment = {
  _id: 'a1',
  exam: { _id: 'e1', title: 'Live Test: Cardiac Cycle (Written)', isPracticeExam: false, courseId: 'c1', courseName: 'MBBS' },
  groupId: 'g1',
  groupName: 'Batch 1',
  startsAt: '2026-01-01T08:00:00.000Z',
  endsAt: '2026-01-01T09:00:00.000Z',
  submitted: 2,
  awaitingMarking: 2,
  resultPublished: false,
  publishedAt: null,
};
const practice: StaffAssignment = { ...assignment, _id: 'a2', exam: { ...assignment.exam, _id: 'e2', isPracticeExam: true } };

function written(attemptId: string, questionId: string): WrittenAnswer {
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
const twoAnswers: GradingQueue = { answers: [written('t1', 'q1'), written('t2', 'q1')], assignment };
const reply = (attemptId: string, marks: number): MarkReply => ({
  attemptId,
  questionId: 'q1',
  marks,
  comment: null,
  reviewedAt: '2026-01-02T08:00:00.000Z',
  result: { marksObtained: marks, totalMarks: 5, passed: true, pendingReview: false },
});
const published: PublishReply = { assignmentId: 'a1', examId: 'e1', groupId: 'g1', publishedAt: '2026-01-02T09:00:00.000Z', results: 2, notified: 18 };
const failure = (status: number, title: string, message?: string) => Object.assign(new Error(message ?? title), { status, title, message: message ?? title, network: false });
const refused = failure(409, 'Some written answers still wait for marks.', '1 submission still has unmarked written answers.');
const expired = failure(401, 'Your session has expired. Please sign in again.');

describe('teacher desk paths', () => {
  const model: PathModel<typeof staffDeskMachine> = {
    machine: staffDeskMachine,
    // Context (the answers, the index, the refusal) is what the screen shows; states differ by value
    // and by the answer on screen, so the queue's two answers are both visited.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.index, snapshot.context.answers.length, snapshot.context.assignment?.exam.isPracticeExam ?? null]),
    events: [
      { type: 'desk.signIn', username: 'teacher@academy.test', password: 'pass' },
      { type: 'desk.signIn', username: ' ', password: '' },
      { type: 'desk.signOut' },
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
    ],
    outcomes: {
      signIn: { done: [{ _id: 'st1', name: 'Teacher', username: 'teacher@academy.test', role: 'teacher' }], error: [failure(401, 'Wrong username or password.')] },
      signOut: { done: [{ message: 'Signed out' }], error: [failure(0, 'offline')] },
      loadAssignments: { done: [[assignment, practice], []], error: [failure(500, 'Boom'), expired] },
      loadQueue: { done: [twoAnswers, { answers: [], assignment }, { answers: [written('t3', 'q1')], assignment: practice }], error: [failure(404, 'Exam assignment not found'), expired] },
      markAnswer: { done: [reply('t1', 4)], error: [failure(400, 'Marks must be from 0 to 5.'), expired] },
      publish: { done: [published], error: [refused, expired] },
    },
  };
  const paths = transitionPaths(model);
  const coverage = new CoverageRecorder(staffDeskMachine);
  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    coverage.add(runPath(model, path));
  });
  it('takes every state and transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});

describe('teacher desk', () => {
  function start(overrides: { publish?: () => Promise<PublishReply>; mark?: (marks: number) => Promise<MarkReply>; queue?: GradingQueue } = {}) {
    const calls: string[] = [];
    const machine = staffDeskMachine.provide({
      actors: {
        signIn: fromPromise(async ({ input }) => {
          calls.push(`signIn ${input.username}`);
          return { _id: 'st1', name: 'Teacher', username: input.username, role: 'teacher' as const };
        }),
        signOut: fromPromise(async () => {
          calls.push('signOut');
        }),
        loadAssignments: fromPromise(async () => [assignment]),
        loadQueue: fromPromise(async ({ input }) => {
          calls.push(`queue ${input.assignmentId} ${input.status}`);
          return overrides.queue ?? twoAnswers;
        }),
        markAnswer: fromPromise(async ({ input }) => {
          calls.push(`mark ${input.attemptId} ${input.marks} ${input.comment}`);
          return (overrides.mark ?? (async (marks: number) => reply(input.attemptId, marks)))(input.marks);
        }),
        publish: fromPromise(async ({ input }) => {
          calls.push(`publish ${input.assignmentId}`);
          return (overrides.publish ?? (async () => published))();
        }),
      },
    });
    const actor = createActor(machine).start();
    return { actor, calls };
  }

  async function openQueue(actor: ReturnType<typeof start>['actor']) {
    actor.send({ type: 'desk.signIn', username: ' teacher@academy.test ', password: 'pass' });
    await settle();
    actor.send({ type: 'desk.open', assignmentId: 'a1' });
    await settle();
  }

  it('asks for both credentials before calling the server', () => {
    const { actor, calls } = start();
    actor.send({ type: 'desk.signIn', username: '', password: 'x' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: deskMessages.missingCredentials });
    expect(calls).toEqual([]);
  });

  it('marks answers one after another and keeps the marks on the answers', async () => {
    const { actor, calls } = start();
    await openQueue(actor);
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: 'editing' } } })).toBe(true);
    actor.send({ type: 'desk.save', marks: 4, comment: '  Clear  ' });
    await settle();
    expect(actor.getSnapshot().context.index).toBe(1);
    actor.send({ type: 'desk.save', marks: 0, comment: '' });
    await settle();
    expect(actor.getSnapshot().context.index).toBe(1);
    expect(actor.getSnapshot().context.answers.map((a) => a.marks)).toEqual([4, 0]);
    expect(calls).toEqual(['signIn teacher@academy.test', 'queue a1 pending', 'mark t1 4 Clear', 'mark t2 0 null']);
  });

  it("shows the server's refusal of marks in its words and stays on the answer", async () => {
    const { actor } = start({ mark: async () => Promise.reject(failure(400, 'Marks must be from 0 to 5.')) });
    await openQueue(actor);
    actor.send({ type: 'desk.save', marks: 7, comment: '' });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Marks must be from 0 to 5.' });
    expect(actor.getSnapshot().context.index).toBe(0);
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: 'editing' } } })).toBe(true);
  });

  it('keeps the confirmation open with the refusal when publishing is refused, and returns to the same answer on cancel', async () => {
    const { actor } = start({ publish: async () => Promise.reject(refused) });
    await openQueue(actor);
    actor.send({ type: 'desk.next' });
    actor.send({ type: 'desk.publish' });
    actor.send({ type: 'desk.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: 'confirmingPublish' } })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({ title: refused.title, description: refused.message });
    actor.send({ type: 'desk.cancel' });
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: 'editing' } } })).toBe(true);
    expect(actor.getSnapshot().context.index).toBe(1);
  });

  it('publishes after confirmation and marks the assignment published; practice exams are not published', async () => {
    const { actor, calls } = start({ queue: { assignment, answers: [] } });
    await openQueue(actor);
    expect(actor.getSnapshot().matches({ signedIn: { queue: 'empty' } })).toBe(true);
    actor.send({ type: 'desk.publish' });
    actor.send({ type: 'desk.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: 'published' } })).toBe(true);
    expect(actor.getSnapshot().context.published).toEqual(published);
    expect(actor.getSnapshot().context.assignment?.resultPublished).toBe(true);
    expect(actor.getSnapshot().can({ type: 'desk.publish' })).toBe(false);
    expect(calls.at(-1)).toBe('publish a1');
  });

  it('returns to the sign-in with the reason when the session has ended', async () => {
    const { actor } = start({ mark: async () => Promise.reject(expired) });
    await openQueue(actor);
    actor.send({ type: 'desk.save', marks: 1, comment: '' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.problem?.title).toBe(expired.title);
    expect(actor.getSnapshot().context.staff).toBeNull();
  });
});
