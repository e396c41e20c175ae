// The teacher desk's marking (/staff): a signed-in teacher or administrator picks an exam assignment, marks its
// written answers one at a time (marks and an optional comment, then on to the next) and publishes
// the assignment's results after a confirmation. Publish is offered only once the exam and its grace
// period are over (before that the desk tells when, on the academy's clock); after the last mark the
// desk says every answer is marked and offers it. Refusals of the server (marks out of range, answers
// still unmarked, an exam not over) are kept in the context in the server's own words. Signing in and
// out is the desk session's (deskSession.machine.ts): a request answered 401 stops here, and the desk
// layout asks for the sign-in again.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { GradingQueue, MarkReply, PublishReply, StaffAssignment, WrittenAnswer } from '../contracts/staff';
import { failureOf } from '../domain/failures';
import { failureWords, type RefusalWords } from '../domain/messages';
import { toMs } from '../domain/examTiming';

export type QueueStatus = 'pending' | 'marked' | 'all';

export interface StaffDeskContext {
  assignments: StaffAssignment[];
  assignment: StaffAssignment | null;
  status: QueueStatus;
  answers: WrittenAnswer[];
  /** The answer on screen, an index into `answers`. */
  index: number;
  /** The last refusal of the sign-in, a load, a mark or the publication; cleared by the next try. */
  problem: RefusalWords | null;
  published: PublishReply | null;
  /** The device clock when last read (on loading an assignment and every PUBLISH_CLOCK_MS after). */
  now: number;
  deviceNow: () => number;
  /** The assignment the desk was opened for (/staff?assignment=<id>, from the week), until the list has loaded. */
  wanted: string | null;
}

export interface StaffDeskInput {
  /** The device clock (ms); tests pass a fixed one. */
  deviceNow: () => number;
  /** Open this assignment once the list has loaded (/staff?assignment=<id>). */
  openAssignmentId?: string | null;
}

/** How often an open assignment reads the clock again, so Publish appears once the exam is over. */
const PUBLISH_CLOCK_MS = 15_000;

export type StaffDeskEvent =
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
  | { type: 'desk.cancel' }
  | { type: 'desk.tick' };

export const deskMessages = {
  missingMarks: 'Enter the marks for this answer.',
  notOnDesk: 'That exam assignment is not on your desk.',
} as const;

const refusal = (error: unknown): RefusalWords => failureWords(error);

type Publishing = Pick<StaffDeskContext, 'assignment' | 'now'>;
const livePending = ({ assignment }: Publishing) => assignment !== null && !assignment.exam.isPracticeExam && !assignment.resultPublished;

/** When the open assignment's results may be published, while that is still to come; null otherwise. */
export function publishWaitsUntil(context: Publishing): string | null {
  return livePending(context) && context.now < toMs(context.assignment!.publishableAt) ? context.assignment!.publishableAt : null;
}

/** A live assignment not published yet whose exam is over: Publish is offered (and enabled when the desk is idle). */
export const publishOffered = (context: Publishing): boolean => livePending(context) && publishWaitsUntil(context) === null;

/** Answers not marked yet. */
const unmarked = (answers: WrittenAnswer[]) => answers.filter((answer) => answer.marks === null);

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
  'desk.back': { target: '#staffDesk.signedIn.assignments', description: 'The teacher presses Back: the exam assignments show again', actions: ['clearProblem', 'leaveAssignment'] },
  'desk.filter': { target: '#staffDesk.signedIn.queue.loading', description: 'The teacher picks another tab (pending, marked or all answers): the answers load again', actions: ['clearProblem', 'chooseFilter'] },
} as const;

export const staffDeskMachine = setup({
  types: {} as { context: StaffDeskContext; events: StaffDeskEvent; input: StaffDeskInput },
  actors: {
    /** Reads the clock again every PUBLISH_CLOCK_MS while an assignment is open. */
    clock: fromCallback<StaffDeskEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'desk.tick' }), PUBLISH_CLOCK_MS);
      return () => clearInterval(timer);
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
    marksGiven: (_, params: { marks: number | null }) => params.marks !== null && Number.isFinite(params.marks),
    noAssignments: (_, params: { assignments: StaffAssignment[] }) => params.assignments.length === 0,
    wantedListed: ({ context }, params: { assignments: StaffAssignment[] }) => context.wanted !== null && params.assignments.some((a) => a._id === context.wanted),
    noAnswers: (_, params: { queue: GradingQueue }) => params.queue.answers.length === 0,
    sessionEnded: (_, params: { error: unknown }) => failureOf(params.error).status === 401,
    hasAnswers: ({ context }) => context.answers.length > 0,
    hasNext: ({ context }) => context.index < context.answers.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
    publishable: ({ context }) => publishOffered(context),
    /** The answer on screen is the only one of the list without marks: saving it marks the last. */
    lastUnmarked: ({ context }) => {
      const left = unmarked(context.answers);
      return left.length === 1 && left[0] === context.answers[context.index];
    },
    allMarked: ({ context }) => context.status !== 'marked' && context.answers.length > 0 && unmarked(context.answers).length === 0,
  },
  actions: {
    keepProblem: assign({ problem: (_, params: { error: unknown }) => refusal(params.error) }),
    clearProblem: assign({ problem: null }),
    /** The assignment asked for by the address is not among the teacher's: said once, then forgotten. */
    missWanted: assign({ problem: ({ context }) => (context.wanted === null ? context.problem : { title: deskMessages.notOnDesk }), wanted: null }),
    leaveAssignment: assign({ assignment: null, answers: [], index: 0 }),
    chooseFilter: assign({ status: ({ context, event }) => (event.type === 'desk.filter' ? event.status : context.status), index: 0 }),
    forgetDesk: assign({ assignments: [], assignment: null, answers: [], index: 0, published: null }),
    tick: assign({ now: ({ context }) => context.deviceNow() }),
  },
}).createMachine({
  id: 'staffDesk',
  description: "The teacher desk's marking (/staff): a signed-in teacher or administrator opens an exam assignment, marks its written answers one at a time and publishes the results after a confirmation.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the teacher desk (marking and publishing results)' },
  context: ({ input }) => ({
    assignments: [], assignment: null, status: 'pending', answers: [], index: 0, problem: null, published: null, now: input.deviceNow(), deviceNow: input.deviceNow, wanted: input.openAssignmentId ?? null,
  }),
  initial: 'signedIn',
  states: {
    signedIn: {
      description: 'The marking of a signed-in teacher (the desk layout shows it only then).',
      initial: 'assignments',
      states: {
        assignments: {
          description: 'The exam assignments with what waits for marking.',
          initial: 'loading',
          states: {
            loading: {
              description: 'The exam assignments are loading.',
              tags: ['loading'],
              invoke: {
                src: 'loadAssignments',
                onDone: [
                  {
                    guard: { type: 'noAssignments', params: ({ event }) => ({ assignments: event.output }) },
                    target: 'empty',
                    description: 'The teacher has no exam assignments',
                    actions: [assign({ assignments: [] }), 'missWanted'],
                  },
                  {
                    guard: { type: 'wantedListed', params: ({ event }) => ({ assignments: event.output }) },
                    target: '#staffDesk.signedIn.queue',
                    description: 'The desk was opened for one of the assignments (/staff?assignment=…, from the week): its answers waiting for marks load',
                    actions: assign({
                      assignments: ({ event }) => event.output,
                      assignment: ({ context, event }) => event.output.find((a) => a._id === context.wanted) ?? null,
                      wanted: null,
                    }),
                  },
                  { target: 'listed', description: "The exam assignments show (and, when the desk was opened for one that is not among them, 'That exam assignment is not on your desk.')", actions: [assign({ assignments: ({ event }) => event.output }), 'missWanted'] },
                ],
                onError: [
                  { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.sessionEnded', description: 'The desk session has ended: the marking stops, the desk asks for the sign-in again', actions: 'forgetDesk' },
                  { target: 'failed', description: 'The assignments could not be loaded: the reason shows with Try again', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            failed: { description: 'The exam assignments could not be loaded: the reason and Try again.', on: { 'desk.retry': { target: 'loading', description: 'The teacher presses Try again', actions: 'clearProblem' } } },
            empty: { description: 'No exam assignments yet, with Refresh.', on: { 'desk.refresh': { target: 'loading', description: 'The teacher presses Refresh' } } },
            listed: {
              description: 'The exam assignments, those with answers to mark first, each with its marked count.',
              on: {
                'desk.refresh': { target: 'loading', description: 'The teacher presses Refresh' },
                'desk.open': {
                  target: '#staffDesk.signedIn.queue',
                  description: 'The teacher opens an assignment: its answers waiting for marks load',
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
          invoke: { src: 'clock' },
          on: { 'desk.tick': { description: 'The clock is read again: Publish appears once the exam is over', actions: 'tick' } },
          states: {
            loading: {
              description: "The assignment's answers of the chosen tab are loading.",
              tags: ['loading'],
              invoke: {
                src: 'loadQueue',
                input: ({ context }) => ({ assignmentId: context.assignment?._id ?? '', status: context.status }),
                onDone: [
                  {
                    guard: { type: 'noAnswers', params: ({ event }) => ({ queue: event.output }) },
                    target: 'empty',
                    description: 'No answers in this tab',
                    actions: [assign({ assignment: ({ event }) => event.output.assignment, answers: [], index: 0 }), 'tick'],
                  },
                  { target: 'marking', description: 'The first answer of the tab shows for marking', actions: [assign({ assignment: ({ event }) => event.output.assignment, answers: ({ event }) => event.output.answers, index: 0 }), 'tick'] },
                ],
                onError: [
                  { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.sessionEnded', description: 'The desk session has ended: the marking stops, the desk asks for the sign-in again', actions: 'forgetDesk' },
                  { target: 'failed', description: 'The answers could not be loaded: the reason shows with Try again', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            failed: { description: "The assignment's answers could not be loaded: the reason and Try again.", on: { ...leaveQueue, 'desk.retry': { target: 'loading', description: 'The teacher presses Try again', actions: 'clearProblem' } } },
            empty: {
              description: "Nothing of this filter waits here; a live exam not over yet says when it can be published ('Can be published after 8:30 PM, 26 Nov').",
              on: { ...leaveQueue, 'desk.publish': { guard: 'publishable', target: 'confirmingPublish', description: 'The teacher presses Publish results (a live exam over and not published yet)', actions: 'clearProblem' } },
            },
            marking: {
              description: 'One answer on screen: the question, the text and files, marks and comment.',
              initial: 'editing',
              states: {
                editing: {
                  description: "The teacher reads the answer and types marks and an optional comment; Previous, Next and Save. Publish results is offered once the exam is over; before that the desk says when ('Can be published after 8:30 PM, 26 Nov').",
                  initial: 'open',
                  states: {
                    open: { description: 'The answer on screen with its marks, if any.' },
                    allMarked: {
                      description: 'The last answer was just marked: the desk says every written answer is marked and offers Publish results (or says when it can be published). The answer stays on screen.',
                    },
                  },
                  on: {
                    ...leaveQueue,
                    'desk.next': { guard: 'hasNext', description: 'The teacher presses Next: the next answer shows', actions: ['clearProblem', assign({ index: ({ context }) => context.index + 1 })] },
                    'desk.previous': { guard: 'hasPrevious', description: 'The teacher presses Previous: the previous answer shows', actions: ['clearProblem', assign({ index: ({ context }) => context.index - 1 })] },
                    'desk.save': [
                      { guard: { type: 'marksGiven', params: ({ event }) => ({ marks: event.marks }) }, target: 'saving', description: 'The teacher saves the marks and comment', actions: 'clearProblem' },
                      { description: "Saved without marks: 'Enter the marks for this answer.' shows", actions: assign({ problem: { title: deskMessages.missingMarks } }) },
                    ],
                    'desk.publish': { guard: 'publishable', target: '#staffDesk.signedIn.queue.confirmingPublish', description: 'The teacher presses Publish results (a live exam over and not published yet)', actions: 'clearProblem' },
                  },
                },
                saving: {
                  description: 'The marks and comment of the answer on screen are being saved.',
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
                        guard: 'lastUnmarked',
                        target: 'editing.allMarked',
                        description: 'Saved the last answer without marks: every written answer is marked.',
                        actions: assign({ answers: ({ context, event }) => withMark(context.answers, event.output) }),
                      },
                      {
                        guard: 'hasNext',
                        target: 'editing',
                        description: 'Saved: on to the next answer.',
                        actions: assign({ answers: ({ context, event }) => withMark(context.answers, event.output), index: ({ context }) => context.index + 1 }),
                      },
                      { target: 'editing', description: 'Saved the last answer: it stays on screen.', actions: assign({ answers: ({ context, event }) => withMark(context.answers, event.output) }) },
                    ],
                    onError: [
                      { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.sessionEnded', description: 'The desk session has ended: the marking stops, the desk asks for the sign-in again', actions: 'forgetDesk' },
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
                  { guard: 'allMarked', target: 'marking.editing.allMarked', description: 'Back to the answer on screen, every answer marked.', actions: 'clearProblem' },
                  { guard: 'hasAnswers', target: 'marking', description: 'Back to the answer on screen.', actions: 'clearProblem' },
                  { target: 'empty', description: 'Back to the empty tab.', actions: 'clearProblem' },
                ],
                'desk.confirm': { target: 'publishing', description: 'The teacher presses Publish in the dialog', actions: 'clearProblem' },
              },
            },
            publishing: {
              description: 'The results are being published; the dialog waits.',
              tags: ['busy'],
              invoke: {
                src: 'publish',
                input: ({ context }) => ({ assignmentId: context.assignment?._id ?? '' }),
                onDone: {
                  target: 'published',
                  description: 'Published: the dialog tells how many results are visible and how many students were notified',
                  actions: assign({
                    published: ({ event }) => event.output,
                    assignment: ({ context, event }) => (context.assignment ? { ...context.assignment, resultPublished: true, publishedAt: event.output.publishedAt } : null),
                  }),
                },
                onError: [
                  { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffDesk.sessionEnded', description: 'The desk session has ended: the marking stops, the desk asks for the sign-in again', actions: 'forgetDesk' },
                  { target: 'confirmingPublish', description: 'Refused (answers unmarked, exam not over): the reason shows in the dialog.', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            published: {
              description: 'The results are visible and every student of the batch was notified.',
              on: { ...leaveQueue, 'desk.cancel': { target: 'loading', description: "The teacher presses Done or closes the dialog: the assignment's answers load again, now published" } },
            },
          },
        },
      },
    },
    sessionEnded: {
      description: 'A request was answered 401: the marking stops and the desk layout asks for the sign-in again (deskSession).',
    },
  },
});
