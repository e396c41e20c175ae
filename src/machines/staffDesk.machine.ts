// The teacher desk (/staff): a teacher or administrator signs in, picks an exam assignment, marks its
// written answers one at a time (marks and an optional comment, then on to the next) and publishes
// the assignment's results after a confirmation. Refusals of the server (marks out of range, answers
// still unmarked, an exam not over) are kept in the context in the server's own words; a request
// answered 401 ends the desk's session and asks for the sign-in again.
import { assign, fromPromise, setup } from 'xstate';
import type { Staff } from '../contracts/account';
import type { GradingQueue, MarkReply, PublishReply, StaffAssignment, WrittenAnswer } from '../contracts/staff';
import { failureOf } from '../domain/failures';
import { failureWords } from '../domain/messages';

export type QueueStatus = 'pending' | 'marked' | 'all';

/** The words a refusal is shown with: the server's title, and its message beneath when it says more. */
export interface Refusal {
  title: string;
  description?: string;
}

export interface StaffDeskContext {
  staff: Staff | null;
  assignments: StaffAssignment[];
  assignment: StaffAssignment | null;
  status: QueueStatus;
  answers: WrittenAnswer[];
  /** The answer on screen, an index into `answers`. */
  index: number;
  /** The last refusal of the sign-in, a load, a mark or the publication; cleared by the next try. */
  problem: Refusal | null;
  published: PublishReply | null;
}

export type StaffDeskEvent =
  | { type: 'desk.signIn'; username: string; password: string }
  | { type: 'desk.signOut' }
  | { type: 'desk.retry' }
  | { type: 'desk.refresh' }
  | { type: 'desk.open'; assignmentId: string }
  | { type: 'desk.back' }
  | { type: 'desk.filter'; status: QueueStatus }
  | { type: 'desk.next' }
  | { type: 'desk.previous' }
  | { type: 'desk.save'; marks: number | null; comment: string }
  | { type: 'desk.publish' }
  | { type: 'desk.confirm' }
  | { type: 'desk.cancel' };

export const deskMessages = {
  missingCredentials: 'Enter your username and password.',
  missingMarks: 'Enter the marks for this answer.',
} as const;

const refusal = (error: unknown): Refusal => failureWords(error);

/** The answers with one replaced by its marked copy. */
function withMark(answers: WrittenAnswer[], reply: MarkReply): WrittenAnswer[] {
  return answers.map((answer) =>
    answer.attemptId === reply.attemptId && answer.questionId === reply.questionId
      ? { ...answer, marks: reply.marks, comment: reply.comment, reviewedAt: reply.reviewedAt }
      : answer,
  );
}

/** Leaving an assignment, or loading it again with another filter: only while no request of it is under way. */
const leaveQueue = {
  'desk.back': { target: '#staffDesk.signedIn.assignments', actions: ['clearProblem', 'leaveAssignment'] },
  'desk.filter': { target: '#staffDesk.signedIn.queue.loading', actions: ['clearProblem', 'chooseFilter'] },
} as const;

export const staffDeskMachine = setup({
  types: {} as { context: StaffDeskContext; events: StaffDeskEvent },
  actors: {
    signIn: fromPromise<Staff, { username: string; password: string }>(async () => {
      throw new Error('provide signIn');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut');
    }),
    loadAssignments: fromPromise<StaffAssignment[]>(async () => {
      throw new Error('provide loadAssignments');
    }),
    loadQueue: fromPromise<GradingQueue, { assignmentId: string; status: QueueStatus }>(async () => {
      throw new Error('provide loadQueue');
    }),
    markAnswer: fromPromise<MarkReply, { attemptId: string; questionId: string; marks: number; comment: string | null }>(async () => {
      throw new Error('provide markAnswer');
    }),
    publish: fromPromise<PublishReply, { assignmentId: string }>(async () => {
      throw new Error('provide publish');
    }),
  },
  guards: {
    credentialsGiven: (_, params: { username: string; password: string }) => params.username.trim() !== '' && params.password !== '',
    marksGiven: (_, params: { marks: number | null }) => params.marks !== null && Number.isFinite(params.marks),
    noAssignments: (_, params: { assignments: StaffAssignment[] }) => params.assignments.length === 0,
    noAnswers: (_, params: { queue: GradingQueue }) => params.queue.answers.length === 0,
    sessionEnded: (_, params: { error: unknown }) => failureOf(params.error).status === 401,
    hasAnswers: ({ context }) => context.answers.length > 0,
    hasNext: ({ context }) => context.index < context.answers.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
    publishable: ({ context }) => context.assignment !== null && !context.assignment.exam.isPracticeExam && !context.assignment.resultPublished,
  },
  actions: {
    keepProblem: assign({ problem: (_, params: { error: unknown }) => refusal(params.error) }),
    clearProblem: assign({ problem: null }),
    leaveAssignment: assign({ assignment: null, answers: [], index: 0 }),
    chooseFilter: assign({ status: ({ context, event }) => (event.type === 'desk.filter' ? event.status : context.status), index: 0 }),
    forgetDesk: assign({ staff: null, assignments: [], assignment: null, answers: [], index: 0, published: null }),
  },
}).createMachine({
  id: 'staffDesk',
  context: { staff: null, assignments: [], assignment: null, status: 'pending', answers: [], index: 0, problem: null, published: null },
  initial: 'signedOut',
  states: {
    signedOut: {
      description: 'The staff sign-in form.',
      on: {
        'desk.signIn': [
          { guard: { type: 'credentialsGiven', params: ({ event }) => event }, target: 'signingIn', actions: 'clearProblem' },
          { actions: assign({ problem: { title: deskMessages.missingCredentials } }) },
        ],
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'desk.signIn') throw new Error(`signingIn entered by ${event.type}`);
          return { username: event.username.trim(), password: event.password };
        },
        onDone: { target: 'signedIn', actions: assign({ staff: ({ event }) => event.output }) },
        onError: { target: 'signedOut', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: {
      initial: 'assignments',
      on: { 'desk.signOut': '#staffDesk.signingOut' },
      states: {
        assignments: {
          description: 'The exam assignments with what waits for marking.',
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                src: 'loadAssignments',
                onDone: [
                  { guard: { type: 'noAssignments', params: ({ event }) => ({ assignments: event.output }) }, target: 'empty', actions: assign({ assignments: [] }) },
                  { target: 'listed', actions: assign({ assignments: ({ event }) => event.output }) },
                ],
                onError: [
                  { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.signedOut', actions: [{ type: 'keepProblem', params: ({ event }) => ({ error: event.error }) }, 'forgetDesk'] },
                  { target: 'failed', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            failed: { on: { 'desk.retry': { target: 'loading', actions: 'clearProblem' } } },
            empty: { on: { 'desk.refresh': 'loading' } },
            listed: {
              on: {
                'desk.refresh': 'loading',
                'desk.open': {
                  target: '#staffDesk.signedIn.queue',
                  actions: assign({
                    assignment: ({ context, event }) => context.assignments.find((a) => a._id === event.assignmentId) ?? null,
                    status: 'pending',
                    answers: [],
                    index: 0,
                    published: null,
                    problem: null,
                  }),
                },
              },
            },
          },
        },
        queue: {
          description: "One assignment's written answers, one at a time.",
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                src: 'loadQueue',
                input: ({ context }) => ({ assignmentId: context.assignment?._id ?? '', status: context.status }),
                onDone: [
                  {
                    guard: { type: 'noAnswers', params: ({ event }) => ({ queue: event.output }) },
                    target: 'empty',
                    actions: assign({ assignment: ({ event }) => event.output.assignment, answers: [], index: 0 }),
                  },
                  { target: 'marking', actions: assign({ assignment: ({ event }) => event.output.assignment, answers: ({ event }) => event.output.answers, index: 0 }) },
                ],
                onError: [
                  { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.signedOut', actions: [{ type: 'keepProblem', params: ({ event }) => ({ error: event.error }) }, 'forgetDesk'] },
                  { target: 'failed', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            failed: { on: { ...leaveQueue, 'desk.retry': { target: 'loading', actions: 'clearProblem' } } },
            empty: {
              description: 'Nothing of this filter waits here.',
              on: { ...leaveQueue, 'desk.publish': { guard: 'publishable', target: 'confirmingPublish', actions: 'clearProblem' } },
            },
            marking: {
              description: 'One answer on screen: the question, the text and files, marks and comment.',
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    ...leaveQueue,
                    'desk.next': { guard: 'hasNext', actions: ['clearProblem', assign({ index: ({ context }) => context.index + 1 })] },
                    'desk.previous': { guard: 'hasPrevious', actions: ['clearProblem', assign({ index: ({ context }) => context.index - 1 })] },
                    'desk.save': [
                      { guard: { type: 'marksGiven', params: ({ event }) => ({ marks: event.marks }) }, target: 'saving', actions: 'clearProblem' },
                      { actions: assign({ problem: { title: deskMessages.missingMarks } }) },
                    ],
                    'desk.publish': { guard: 'publishable', target: '#staffDesk.signedIn.queue.confirmingPublish', actions: 'clearProblem' },
                  },
                },
                saving: {
                  tags: ['busy'],
                  invoke: {
                    src: 'markAnswer',
                    input: ({ context, event }) => {
                      if (event.type !== 'desk.save' || event.marks === null) throw new Error(`saving entered by ${event.type}`);
                      const answer = context.answers[context.index]!;
                      return { attemptId: answer.attemptId, questionId: answer.questionId, marks: event.marks, comment: event.comment.trim() || null };
                    },
                    onDone: [
                      {
                        guard: 'hasNext',
                        target: 'editing',
                        description: 'Saved: on to the next answer.',
                        actions: assign({ answers: ({ context, event }) => withMark(context.answers, event.output), index: ({ context }) => context.index + 1 }),
                      },
                      { target: 'editing', description: 'Saved the last answer: it stays on screen.', actions: assign({ answers: ({ context, event }) => withMark(context.answers, event.output) }) },
                    ],
                    onError: [
                      { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.signedOut', actions: [{ type: 'keepProblem', params: ({ event }) => ({ error: event.error }) }, 'forgetDesk'] },
                      { target: 'editing', description: "The server's refusal is shown beside the marks.", actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
                    ],
                  },
                },
              },
            },
            confirmingPublish: {
              description: 'Asks before the results become visible to every student of the batch.',
              on: {
                'desk.cancel': [
                  { guard: 'hasAnswers', target: 'marking', description: 'Back to the answer on screen.', actions: 'clearProblem' },
                  { target: 'empty', actions: 'clearProblem' },
                ],
                'desk.confirm': { target: 'publishing', actions: 'clearProblem' },
              },
            },
            publishing: {
              tags: ['busy'],
              invoke: {
                src: 'publish',
                input: ({ context }) => ({ assignmentId: context.assignment?._id ?? '' }),
                onDone: {
                  target: 'published',
                  actions: assign({
                    published: ({ event }) => event.output,
                    assignment: ({ context, event }) => (context.assignment ? { ...context.assignment, resultPublished: true, publishedAt: event.output.publishedAt } : null),
                  }),
                },
                onError: [
                  { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.signedOut', actions: [{ type: 'keepProblem', params: ({ event }) => ({ error: event.error }) }, 'forgetDesk'] },
                  { target: 'confirmingPublish', description: 'Refused (answers unmarked, exam not over): the reason shows in the dialog.', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            published: {
              description: 'The results are visible and every student of the batch was notified.',
              on: { ...leaveQueue, 'desk.cancel': 'loading' },
            },
          },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['forgetDesk', 'clearProblem'] },
        onError: { target: 'signedOut', description: 'The server could not be told (offline): this tab forgets the session anyway.', actions: ['forgetDesk', 'clearProblem'] },
      },
    },
  },
});
