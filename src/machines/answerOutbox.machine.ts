// The answer outbox: every answer is written to the device first, then delivered to the server one
// at a time. Network trouble keeps answers on the device (offline) until the connection returns;
// a refusal by the server undoes the choice. Nothing is forgotten until the server acknowledged it.
import { assign, enqueueActions, setup, fromPromise } from 'xstate';
import { answerAccepted, answerLocked, mcaValue, responseCount } from '../domain/scoring';
import type { AnswerValue, Attachment, QuestionType } from '../contracts/exams';
import type { LocalSavedAnswer, PendingFile, SavedAnswers } from '../services/answerStore';
import { meansExamRemoved } from '../domain/examErrors';
import { MESSAGES } from '../domain/messages';
import { failureOf, isTransient } from '../domain/failures';

const ANSWER_TRIES = 3;

export interface AnswerChoice {
  questionId: string;
  /** 1-based number shown on the question card, used in the 'Submit Answer Error' dialog. */
  questionNumber: number;
  questionType: QuestionType;
  optionCount: number;
  answer: AnswerValue;
  extra?: Attachment[];
  files?: PendingFile[];
  answerIndex?: number;
  /** Device time of the choice (ms); the server keeps the newest answer by this value. */
  timestamp: number;
}

export interface SendAnswerInput {
  examId: string;
  groupId: string;
  isLive: boolean;
  questionId: string;
  entry: LocalSavedAnswer;
  /** True when the answer had been kept offline (or survived a reload) and is sent again. */
  resubmit: boolean;
}

export interface SendAnswerOutput {
  /** Files uploaded before the answer was sent; they joined the answer's attachments. */
  uploaded: Attachment[];
  /** Names of files whose upload was refused; they were skipped. */
  skipped: string[];
}

export interface AnswerFailure {
  questionId: string;
  questionNumber: number;
  message: string;
}

interface QueueItem {
  questionId: string;
  resubmit: boolean;
}

export interface AnswerOutboxContext {
  studentId: string;
  examId: string;
  groupId: string;
  isLive: boolean;
  multipleTimesSubmission: boolean;
  online: boolean;
  /** False once the exam is over or submitted: no new choices are taken. */
  accepting: boolean;
  entries: SavedAnswers;
  questionNumbers: Record<string, number>;
  queue: QueueItem[];
  /** The entry as it was when its send started; it may change while the send is under way. */
  inFlight: LocalSavedAnswer | null;
  attempt: number;
  failure: AnswerFailure | null;
  /** Why the server refused the last answer sent for a question; cleared once an answer to it is delivered. */
  refusals: Record<string, string>;
  examRemoved: boolean;
  /** 'Due to internet issue, saving locally' was said in this outage (said once; the next outage says it again). */
  toldSavedLocally: boolean;
  /** Questions whose choice waits for its quiet quarter second before it is queued (MCQ and MCA). */
  debouncing: string[];
}

export type AnswerOutboxEvent =
  | ({ type: 'answer.choose' } & AnswerChoice)
  /** `debounced`: raised by the choice's own pause (MCQ and MCA), not by the choice itself. */
  | { type: 'outbox.enqueue'; questionId: string; debounced?: boolean }
  | { type: 'outbox.flush' }
  | { type: 'outbox.adopt'; stored: SavedAnswers }
  | { type: 'outbox.close' }
  | { type: 'outbox.dismissFailure' }
  | { type: 'connection.online' }
  | { type: 'connection.offline' };

export interface AnswerOutboxInput {
  studentId: string;
  examId: string;
  groupId: string;
  isLive: boolean;
  multipleTimesSubmission: boolean;
  online: boolean;
  /** What the device (and the server) already hold for this exam. */
  saved: SavedAnswers;
  questionNumbers?: Record<string, number>;
}

/** The spec's answer debounce: an MCQ or MCA choice is sent once the question has been quiet this long. */
export const ANSWER_DEBOUNCE_MS = 250;

/**
 * The pause of a choice that no longer waits for it: endDebounce sent or kept the choice already (the
 * submit, the page hidden, the connection changed), so the pause's end has nothing to do.
 */
const stalePause = (context: AnswerOutboxContext, event: { questionId: string; debounced?: boolean }) => event.debounced === true && !context.debouncing.includes(event.questionId);

/** The session ended: the answer was not judged at all, so it waits for the next sign-in. */
const isSignedOut = (error: unknown) => failureOf(error).status === 401;
/** The send was overtaken by a newer choice for the same question, which is queued to be sent itself. */
const changedInFlight = (context: AnswerOutboxContext, id: string) =>
  !!context.inFlight && !!context.entries[id] && context.entries[id].timestamp !== context.inFlight.timestamp;

/** Some answer is kept on the device for want of a connection. */
const hasOfflineAnswers = (entries: SavedAnswers) => Object.values(entries).some((entry) => entry.offline && !entry.delivered);

const pendingIds = (entries: SavedAnswers) =>
  Object.entries(entries)
    .filter(([, entry]) => !entry.delivered)
    // Answers with files go first: their uploads take longest and matter most.
    .sort(([, a], [, b]) => Number(b.files.length > 0) - Number(a.files.length > 0) || a.timestamp - b.timestamp)
    .map(([id]) => id);

/** Answers stored by another tab that are newer than this tab's and not delivered yet replace this tab's. */
function adoptNewerUndelivered(entries: SavedAnswers, stored: SavedAnswers): SavedAnswers {
  let merged = entries;
  for (const [questionId, theirs] of Object.entries(stored)) {
    const mine = entries[questionId];
    if (theirs.delivered || (mine && mine.timestamp >= theirs.timestamp)) continue;
    merged = merged === entries ? { ...entries } : merged;
    merged[questionId] = { ...theirs, confirmed: mine?.confirmed ?? theirs.confirmed };
  }
  return merged;
}

/** Writes the whole exam's answers to the device (used after every change of an entry). */
const persistAll = {
  type: 'persistAnswers' as const,
  params: ({ context }: { context: AnswerOutboxContext }) => ({ studentId: context.studentId, examId: context.examId, entries: context.entries, removed: {} }),
};
/** After an undo: a refused answer that had no earlier value is removed from the device too. */
const persistUndone = {
  type: 'persistAnswers' as const,
  params: ({ context }: { context: AnswerOutboxContext }) => {
    const id = context.queue[0]?.questionId;
    const removed = id && !context.entries[id] && context.inFlight ? { [id]: context.inFlight.timestamp } : {};
    return { studentId: context.studentId, examId: context.examId, entries: context.entries, removed };
  },
};

/** Guard params of an invoked send's failure. */
const errorOf = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });

export const answerOutboxMachine = setup({
  types: {} as { context: AnswerOutboxContext; events: AnswerOutboxEvent; input: AnswerOutboxInput },
  actors: {
    sendAnswer: fromPromise<SendAnswerOutput, SendAnswerInput>(async () => {
      throw new Error('provide sendAnswer');
    }),
  },
  actions: {
    /** Writes every answer of this exam to the device's storage. */
    persistAnswers: (_, _params: { studentId: string; examId: string; entries: SavedAnswers; removed: Record<string, number> }) => {},
    notifyLocked: () => {},
    notifyRestored: () => {},
    /** The spec's network-error toast, 'Due to internet issue, saving locally': once per outage. */
    notifySavedLocally: () => {},
    notifyUploadSkipped: (_, _params: { names: string[] }) => {},
    /** The exam left the student's batch: the group is loaded again so the app's menus follow. */
    reloadGroup: (_, _params: { groupId: string }) => {},
    acknowledge: assign(({ context }, output: SendAnswerOutput) => {
      const id = context.queue[0].questionId;
      const current = context.entries[id];
      if (!current) return {};
      const sent = context.inFlight ?? current;
      // The entry may have changed while this one was in flight; only the acknowledged value is confirmed.
      if (changedInFlight(context, id)) {
        return {
          entries: {
            ...context.entries,
            [id]: { ...current, confirmed: { answer: sent.answer, extra: [...sent.extra, ...output.uploaded], answerIndex: sent.answerIndex, timestamp: sent.timestamp } },
          },
        };
      }
      const { [id]: _answered, ...refusals } = context.refusals;
      const entries = {
        ...context.entries,
        [id]: {
          ...sent,
          extra: [...sent.extra, ...output.uploaded],
          files: [],
          offline: false,
          delivered: true,
          confirmed: { answer: sent.answer, extra: [...sent.extra, ...output.uploaded], answerIndex: sent.answerIndex, timestamp: sent.timestamp },
        },
      };
      // The outage is over once every answer it kept has got through: the next one is told again.
      return { refusals, entries, toldSavedLocally: context.toldSavedLocally && hasOfflineAnswers(entries) };
    }),
    undo: assign(({ context }, params: { error: unknown }) => {
      const id = context.queue[0].questionId;
      const entry = context.entries[id];
      const entries = { ...context.entries };
      if (changedInFlight(context, id)) {
        // A newer choice replaced the refused value meanwhile; it is queued and judged on its own.
      } else if (entry?.confirmed) {
        // The restored value keeps the refused one's timestamp so a stored copy of the refused value never outranks it.
        entries[id] = { ...entry, ...entry.confirmed, timestamp: entry.timestamp, files: [], offline: false, delivered: true, count: entry.type === 'MCA' ? entry.confirmed.answer.filter((v) => mcaValue(v) !== null).length : 1 };
      } else {
        delete entries[id];
      }
      const failure = failureOf(params.error);
      const message = failure.title || MESSAGES.unhandledException;
      return {
        entries,
        refusals: { ...context.refusals, [id]: message },
        failure: { questionId: id, questionNumber: context.questionNumbers[id] ?? 0, message },
        examRemoved: context.examRemoved || meansExamRemoved(failure),
      };
    }),
    enqueueAllPending: assign({
      queue: ({ context }) => {
        const queued = new Set(context.queue.map((item) => item.questionId));
        // A choice still in its pause goes when its pause ends (or with endDebounce first), not here.
        const waiting = new Set(context.debouncing);
        return [...context.queue, ...pendingIds(context.entries).filter((id) => !queued.has(id) && !waiting.has(id)).map((questionId) => ({ questionId, resubmit: true }))];
      },
    }),
    /** Keeps these answers on the device as offline: they go out when the connection returns. */
    markOffline: assign(({ context }, params: { questionIds: string[] }) => {
      const entries = { ...context.entries };
      for (const id of params.questionIds) if (entries[id]) entries[id] = { ...entries[id], offline: true };
      return { entries };
    }),
    adoptStored: assign(({ context }, params: { stored: SavedAnswers }) => ({ entries: adoptNewerUndelivered(context.entries, params.stored) })),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1), attempt: 0, inFlight: null }),
    /**
     * The choices waiting for their pause go no later than now (the final submit, the page hidden, the
     * connection lost): what comes next queues or keeps them with the rest, and their pauses, when they
     * end, find nothing waiting (stalePause).
     */
    endDebounce: assign({ debouncing: [] }),
    /** The choices waiting for their pause join the queue now as fresh answers (not paced as answers kept offline are). */
    queueDebounced: assign({
      queue: ({ context }) => {
        const queued = new Set(context.queue.map((item) => item.questionId));
        const fresh = context.debouncing.filter((id) => !queued.has(id) && context.entries[id] && !context.entries[id].delivered);
        return [...context.queue, ...fresh.map((questionId) => ({ questionId, resubmit: false }))];
      },
    }),
  },
  guards: {
    /** Choices are taken while the exam runs; with one submission only, an answer cannot change. */
    acceptedChange: ({ context, event }) => {
      if (event.type !== 'answer.choose' || !context.accepting) return false;
      return answerAccepted(event.questionType, event.optionCount, context.multipleTimesSubmission, context.entries[event.questionId], event.answer);
    },
    /** A saved answer and a connection: send it now. */
    /** Online, with a saved answer to send (a pause that ended after its choice went has nothing to send: stalePause). */
    sendableNow: ({ context, event }) => event.type === 'outbox.enqueue' && !!context.entries[event.questionId] && !stalePause(context, event) && context.online,
    accepting: ({ context }) => context.accepting,
    knownQuestion: ({ context, event }) => event.type === 'outbox.enqueue' && !!context.entries[event.questionId] && !stalePause(context, event),
    online: ({ context }) => context.online,
    hasQueueOnline: ({ context }) => context.online && context.queue.length > 0,
    hasQueueOffline: ({ context }) => !context.online && context.queue.length > 0,
    canRetry: ({ context }, params: { error: unknown }) => context.attempt < ANSWER_TRIES && isTransient(params.error),
    keepOffline: (_, params: { error: unknown }) => isTransient(params.error),
    signedOut: (_, params: { error: unknown }) => isSignedOut(params.error),
    forbidden: (_, params: { error: unknown }) => meansExamRemoved(failureOf(params.error)),
    wasResubmit: ({ context }) => context.queue[0]?.resubmit === true,
    /** An answer is kept on the device for want of a connection, and this outage has not been told yet. */
    untoldOffline: ({ context }) => !context.toldSavedLocally && hasOfflineAnswers(context.entries),
  },
  delays: {
    /** MCQ and MCA clicks come in bursts: wait for a quiet quarter second per question. */
    answerDebounce: ANSWER_DEBOUNCE_MS,
    retryWait: 1000,
    /** Offline answers are sent again one second apart so a returning batch does not flood the server. */
    resubmitGap: 1000,
  },
}).createMachine({
  id: 'answerOutbox',
  description: 'Answer state: each answer is saved on the device first, then sent, retrying up to 3 times; kept offline on a network error and resubmitted when the connection returns.',
  meta: { spec: '§4 States and transitions — Answer state' },
  context: ({ input }) => ({
    studentId: input.studentId,
    examId: input.examId,
    groupId: input.groupId,
    isLive: input.isLive,
    multipleTimesSubmission: input.multipleTimesSubmission,
    online: input.online,
    accepting: true,
    entries: input.saved,
    questionNumbers: input.questionNumbers ?? {},
    queue: [],
    inFlight: null,
    attempt: 0,
    failure: null,
    refusals: {},
    examRemoved: false,
    toldSavedLocally: false,
    debouncing: [],
  }),
  on: {
    'answer.choose': [
      {
        // Once the exam is over (outbox.close) no choice is taken at all.
        guard: 'acceptedChange',
        description: 'The student answers a question: saved on the device, then queued to send (an option, or a true/false, after a quiet 250 ms)',
        actions: [
          assign({
            entries: ({ context, event }) => {
              const previous = context.entries[event.questionId];
              const extra = event.extra ?? [];
              const files = event.files ?? [];
              const entry: LocalSavedAnswer = {
                answer: event.answer,
                extra,
                files,
                answerIndex: event.answerIndex,
                offline: false,
                delivered: false,
                timestamp: Math.max(event.timestamp, (previous?.timestamp ?? 0) + 1),
                type: event.questionType,
                count: responseCount(event.questionType, event.optionCount, event.answer, extra.length + files.length),
                confirmed: previous?.confirmed ?? null,
              };
              return { ...context.entries, [event.questionId]: entry };
            },
            questionNumbers: ({ context, event }) => ({ ...context.questionNumbers, [event.questionId]: event.questionNumber }),
          }),
          // Stored on the device before anything is sent: a crash or reload cannot lose it.
          persistAll,
          enqueueActions(({ context, event, enqueue }) => {
            if (event.type !== 'answer.choose') return;
            const enqueueEvent = { type: 'outbox.enqueue' as const, questionId: event.questionId };
            // MCQ and MCA choices wait for a quiet quarter second (the spec's 250 ms): the last one is sent.
            // Offline nothing is sent, so a choice is kept on the device as offline at once.
            if ((event.questionType !== 'MCA' && event.questionType !== 'MCQ') || !context.online) {
              enqueue.raise(enqueueEvent);
              return;
            }
            const id = `debounce-${event.questionId}`;
            enqueue.cancel(id);
            enqueue.raise({ ...enqueueEvent, debounced: true }, { id, delay: 'answerDebounce' });
            if (!context.debouncing.includes(event.questionId)) enqueue.assign({ debouncing: [...context.debouncing, event.questionId] });
          }),
        ],
      },
      { guard: 'accepting', description: 'The answer was already submitted and cannot be changed: the student is told', actions: 'notifyLocked' },
    ],
    'outbox.enqueue': [
      {
        // Only a question with a saved answer has anything to send.
        guard: 'sendableNow',
        description: 'Online: the answer joins the queue to the server',
        actions: assign({
          queue: ({ context, event }) =>
            // The answer in flight is read again when sent; queue it anew only behind the one in flight.
            context.queue.slice(1).some((item) => item.questionId === event.questionId)
              ? context.queue
              : [...context.queue, { questionId: event.questionId, resubmit: false }],
          debouncing: ({ context, event }) => context.debouncing.filter((id) => id !== event.questionId),
        }),
      },
      {
        guard: 'knownQuestion',
        description: 'No connection: the answer stays on the device, marked offline',
        actions: [
          { type: 'markOffline', params: ({ event }) => ({ questionIds: [event.questionId] }) },
          assign({ debouncing: ({ context, event }) => context.debouncing.filter((id) => id !== event.questionId) }),
          persistAll,
        ],
      },
    ],
    'connection.offline': {
      description: 'The connection dropped: new answers stay on the device, and a choice waiting for its pause is kept offline at once',
      actions: [assign({ online: false }), { type: 'markOffline', params: ({ context }) => ({ questionIds: context.debouncing }) }, 'endDebounce', persistAll],
    },
    'connection.online': {
      description: 'The connection came back: every answer kept offline is sent again',
      actions: [assign({ online: true }), 'enqueueAllPending', 'notifyRestored'],
    },
    'outbox.flush': {
      guard: 'online',
      description: 'Before the final submit, or as the page is hidden: every answer not delivered is sent now, a choice waiting for its pause too',
      actions: ['queueDebounced', 'endDebounce', 'enqueueAllPending'],
    },
    'outbox.adopt': [
      {
        guard: 'online',
        description: 'Another tab of this exam stored newer answers that are not delivered yet: take them over and send them',
        actions: [{ type: 'adoptStored', params: ({ event }) => ({ stored: event.stored }) }, 'queueDebounced', 'endDebounce', 'enqueueAllPending'],
      },
      {
        description: 'Offline: take the other tab\'s newer answers over; they go out when the connection returns',
        actions: { type: 'adoptStored', params: ({ event }) => ({ stored: event.stored }) },
      },
    ],
    'outbox.close': { description: 'The exam is submitted or over: no answer is taken any more', actions: assign({ accepting: false }) },
    'outbox.dismissFailure': { description: 'The student closes the message about a refused answer', actions: assign({ failure: null }) },
  },
  // Whatever the outbox is doing, an answer kept on the device for want of a connection is told once per outage.
  always: {
    guard: 'untoldOffline',
    description: "The first answer kept offline in an outage: 'Due to internet issue, saving locally' (once; the outage's later answers are quiet)",
    actions: ['notifySavedLocally', assign({ toldSavedLocally: true })],
  },
  initial: 'idle',
  // Answers left undelivered by an earlier visit (or a reload) are queued at once.
  entry: assign({
    queue: ({ context }) => (context.online ? pendingIds(context.entries).map((questionId) => ({ questionId, resubmit: true })) : []),
  }),
  states: {
    idle: {
      description: 'Nothing on its way: every answer is delivered or kept on the device (counted as offline-saved in the footer).',
      always: [
        { guard: 'hasQueueOnline', target: 'sending', description: 'Answers wait and the connection is up: send the first' },
        {
          guard: 'hasQueueOffline',
          description: 'Went offline with answers waiting: keep them on the device',
          actions: [
            { type: 'markOffline', params: ({ context }) => ({ questionIds: context.queue.map((item) => item.questionId) }) },
            assign({ queue: [] }),
            persistAll,
          ],
        },
      ],
    },
    sending: {
      description: 'One answer is on its way to the server.',
      tags: ['saving'],
      entry: assign({ attempt: ({ context }) => context.attempt + 1, inFlight: ({ context }) => context.entries[context.queue[0].questionId] ?? null }),
      invoke: {
        src: 'sendAnswer',
        input: ({ context }) => ({
          examId: context.examId,
          groupId: context.groupId,
          isLive: context.isLive,
          questionId: context.queue[0].questionId,
          entry: context.entries[context.queue[0].questionId],
          resubmit: context.queue[0].resubmit || context.entries[context.queue[0].questionId]?.offline === true,
        }),
        onDone: [
          {
            guard: 'wasResubmit',
            target: 'pacing',
            description: 'The server took an answer that had been kept offline: pause before the next',
            actions: [{ type: 'acknowledge', params: ({ event }) => event.output }, { type: 'notifyUploadSkipped', params: ({ event }) => ({ names: event.output.skipped }) }, persistAll, 'dequeue'],
          },
          {
            target: 'idle',
            description: 'The server took the answer: it counts as submitted',
            actions: [{ type: 'acknowledge', params: ({ event }) => event.output }, { type: 'notifyUploadSkipped', params: ({ event }) => ({ names: event.output.skipped }) }, persistAll, 'dequeue'],
          },
        ],
        onError: [
          { guard: { type: 'canRetry', params: errorOf }, target: 'retrying', description: 'No answer from the server: try again (up to 3 times)' },
          {
            guard: { type: 'keepOffline', params: errorOf },
            target: 'idle',
            description: 'No answer after three tries: the answer stays on the device, marked offline',
            actions: [
              { type: 'markOffline', params: ({ context }) => ({ questionIds: [context.queue[0].questionId] }) },
                  persistAll,
              'dequeue',
            ],
          },
          {
            guard: { type: 'signedOut', params: errorOf },
            target: 'idle',
            description: 'The session ended (401): the answer stays on the device and is sent after signing in again',
            actions: [
              { type: 'markOffline', params: ({ context }) => ({ questionIds: [context.queue[0].questionId] }) },
              persistAll,
              'dequeue',
            ],
          },
          {
            guard: { type: 'forbidden', params: errorOf },
            target: 'idle',
            description: 'The exam left the batch: undo, reload the group and show the removed modal',
            actions: [{ type: 'undo', params: ({ event }) => ({ error: event.error }) }, persistUndone, { type: 'reloadGroup', params: ({ context }) => ({ groupId: context.groupId }) }, 'dequeue'],
          },
          {
            target: 'idle',
            description: 'The server refused the answer: the choice is undone and the reason shown',
            actions: [{ type: 'undo', params: ({ event }) => ({ error: event.error }) }, persistUndone, 'dequeue'],
          },
        ],
      },
    },
    retrying: {
      description: 'Waiting a moment before sending the same answer again.',
      tags: ['saving'],
      after: { retryWait: { target: 'sending', description: 'Send the answer again' } },
    },
    pacing: {
      description: 'One second between answers sent again after being offline',
      after: { resubmitGap: { target: 'idle', description: 'Go on with the next answer' } },
    },
  },
});

/**
 * The lock rule as this outbox applies it, for the question card to show: the given answer can no
 * longer change (a submitted written answer; any answer when the exam allows one submission only).
 * A change the card sends anyway is refused here, and the student told (notifyLocked).
 */
export const answerLockedIn = (context: Pick<AnswerOutboxContext, 'multipleTimesSubmission'>, type: QuestionType, entry: LocalSavedAnswer | undefined): boolean =>
  answerLocked(type, context.multipleTimesSubmission, entry);

/** Questions with an answer (the footer's "answered X/Y"). */
export const answeredCount = (entries: SavedAnswers) => Object.values(entries).filter((entry) => entry.count > 0).length;
/** Responses given: MCA options with a value, one per other answered question (domain/scoring rule). */
export const responsesGiven = (entries: SavedAnswers) => Object.values(entries).reduce((total, entry) => total + entry.count, 0);
/** Answers waiting on the device for the connection (the footer's offline-saved count). */
export const offlineCount = (entries: SavedAnswers) => Object.values(entries).filter((entry) => entry.offline && !entry.delivered).length;
