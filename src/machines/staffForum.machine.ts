// The teacher desk's forum queue (/staff/forum): the questions, those without a teacher's reply first,
// filtered by course, subject, chapter, status and text, beside the open question's thread. The teacher
// replies with text and files (each upload with its progress), edits their own last reply, removes
// any reply of their own (after a confirmation), marks one reply as the answer (students see it first),
// marks the question COMPLETED or reopens it, and goes on to the next unanswered question. Forum activity heard
// on the realtime channel loads the queue (and the open thread) again; activity heard while a load is
// under way loads again once it ends. A request answered 401 ends the desk's session.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ForumComment, ForumMedia, ForumQuestion } from '../contracts/forum';
import type { StaffForumPlace, StaffForumQueue, StaffForumStatus, StaffForumThread } from '../contracts/staff';
import { COMPLETED } from '../domain/forum';
import { failureOf } from '../domain/failures';
import { failureWords, type RefusalWords } from '../domain/messages';

export interface QueueFilters {
  status: StaffForumStatus;
  courseId: string;
  subjectId: string;
  chapterId: string;
  search: string;
}

export const NO_FILTERS: QueueFilters = { status: 'all', courseId: '', subjectId: '', chapterId: '', search: '' };

/** A reply on its way: its text, the files to upload first, and the reply it replaces when editing. */
export interface ReplyDraft {
  questionId: string;
  text: string;
  media: ForumMedia[];
  /** The teacher's own last reply being edited, or null for a new reply. */
  commentId: string | null;
}

/** What the upload of the draft's files tells the queue. */
export type FilesReport =
  | { type: 'files.progress'; index: number; sent: number; total: number }
  | { type: 'files.done'; media: ForumMedia[] }
  | { type: 'files.failed'; error: unknown };

export interface StaffForumContext {
  filters: QueueFilters;
  places: StaffForumPlace[];
  queue: StaffForumQueue | null;
  /** The question the keyboard is on in the queue. */
  cursor: string | null;
  /** The question whose thread is open (or loading). */
  openId: string | null;
  thread: StaffForumThread | null;
  draft: string;
  files: File[];
  /** Bytes sent of each file while they upload. */
  progress: { sent: number; total: number }[];
  /** The teacher's own last reply being edited, or null while writing a new one. */
  editing: string | null;
  /** The edited reply's attachments, kept unless removed (forum.removeKept). */
  keptMedia: ForumMedia[];
  /** The reply the teacher last sent or saved: the keyboard leaves the reply box for it. */
  sentId: string | null;
  /** The teacher's own reply being removed (confirmed first). */
  removing: string | null;
  /** Forum activity was heard while the queue was loading: it loads again once that ends. */
  stale: boolean;
  queueProblem: RefusalWords | null;
  threadProblem: RefusalWords | null;
  /** The desk's session ended (401): the sign-in is at the teacher desk. */
  sessionEnded: boolean;
}

export type StaffForumEvent =
  | { type: 'forum.filter'; filters: Partial<QueueFilters> }
  | { type: 'forum.retry' }
  | { type: 'forum.move'; by: 1 | -1 }
  | { type: 'forum.open'; questionId: string }
  | { type: 'forum.close' }
  | { type: 'forum.next' }
  | { type: 'forum.activity'; questionId: string }
  | { type: 'forum.draft'; text: string }
  | { type: 'forum.files'; files: File[] }
  | { type: 'forum.removeFile'; index: number }
  | { type: 'forum.removeKept'; index: number }
  | { type: 'forum.send' }
  | { type: 'forum.editLast' }
  | { type: 'forum.cancelEdit' }
  | { type: 'forum.removeReply'; commentId: string }
  | { type: 'forum.confirmRemove' }
  | { type: 'forum.cancelRemove' }
  | { type: 'forum.markAnswer'; commentId: string | null }
  | { type: 'forum.complete' }
  | { type: 'forum.reopen' }
  | FilesReport;

export const forumDeskMessages = {
  emptyReply: 'Write the reply first.',
  noNextUnanswered: 'No other question waits for a reply.',
} as const;

const refusal = (error: unknown): RefusalWords => failureWords(error);
const waiting = (q: { answeredByTeacher: boolean; status: string }) => !q.answeredByTeacher && q.status !== COMPLETED;

/** The next question without a teacher's reply after the open one (round the queue), if any. */
export function nextUnanswered(context: Pick<StaffForumContext, 'queue' | 'openId' | 'cursor'>): string | null {
  const questions = context.queue?.questions ?? [];
  const from = questions.findIndex((q) => q._id === (context.openId ?? context.cursor));
  // The question at the keyboard counts first unless it is the open one.
  const first = from >= 0 && questions[from]!._id === context.openId ? 1 : 0;
  for (let step = first; step < questions.length + first; step++) {
    const q = questions[(Math.max(from, 0) + step) % questions.length]!;
    if (q._id !== context.openId && waiting(q)) return q._id;
  }
  return null;
}

/** Whether the reply is one the viewer may remove: their own teacher reply, while the question is open. */
export function ownReply(thread: StaffForumThread | null, commentId: string): boolean {
  const reply = thread?.comments.find((c) => c._id === commentId);
  return Boolean(thread && reply && thread.question.status !== COMPLETED && reply.userType === 'Admin' && reply.userId._id === thread.viewerId);
}

/** The teacher's own last reply of the thread: the last reply, when it is the viewer's and the question is open. */
export function ownLastReply(thread: StaffForumThread | null): ForumComment | null {
  const last = thread?.comments.at(-1);
  if (!thread || !last || thread.question.status === COMPLETED) return null;
  return last.userType === 'Admin' && last.userId._id === thread.viewerId ? last : null;
}

const sessionEnded = { guard: { type: 'ended', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, target: '#staffForum.signedOut', description: 'The desk session has ended: the screen says so and leads to the sign-in', actions: 'endSession' } as const;

/** Opening, closing and moving on: taken while no reply or status change is under way (then the buttons wait). */
const threadMoves = {
  'forum.open': {
    target: '#staffForum.desk.thread.loading',
    reenter: true,
    description: 'The teacher opens a question (Enter or a click): its thread loads and the form empties',
    actions: ['openChosen', 'clearDraft'],
  },
  'forum.next': [
    {
      guard: 'hasNextUnanswered',
      target: '#staffForum.desk.thread.loading',
      reenter: true,
      description: 'The teacher presses n: the next question without a teacher reply opens',
      actions: ['openNext', 'clearDraft'],
    },
    { description: "No other question waits: 'No other question waits for a reply.' shows", actions: 'sayNoneWaits' },
  ],
  'forum.close': { target: '#staffForum.desk.thread.closed', description: 'The teacher closes the question (Escape)', actions: ['closeThread', 'clearDraft'] },
} as const;

export const staffForumMachine = setup({
  types: {} as { context: StaffForumContext; events: StaffForumEvent },
  actors: {
    loadQueue: fromPromise<{ queue: StaffForumQueue; places: StaffForumPlace[] }, QueueFilters>(async () => {
      throw new Error('provide loadQueue');
    }),
    loadThread: fromPromise<StaffForumThread, { questionId: string }>(async () => {
      throw new Error('provide loadThread');
    }),
    /** Uploads the files one at a time, telling each one's progress, then all their places. */
    uploadFiles: fromCallback<{ type: string }, { files: File[] }>(() => () => {}),
    sendReply: fromPromise<ForumComment, ReplyDraft>(async () => {
      throw new Error('provide sendReply');
    }),
    setStatus: fromPromise<ForumQuestion, { questionId: string; completed: boolean }>(async () => {
      throw new Error('provide setStatus');
    }),
    /** Marks a reply as the question's answer (null: none); answers the thread as it now stands. */
    markAnswer: fromPromise<StaffForumThread, { questionId: string; commentId: string | null }>(async () => {
      throw new Error('provide markAnswer');
    }),
    /** Takes the teacher's own reply off the question; answers the thread as it now stands. */
    removeReply: fromPromise<StaffForumThread, { questionId: string; commentId: string }>(async () => {
      throw new Error('provide removeReply');
    }),
  },
  guards: {
    ended: (_, params: { error: unknown }) => failureOf(params.error).status === 401,
    emptyQueue: (_, params: { queue: StaffForumQueue }) => params.queue.questions.length === 0,
    stale: ({ context }) => context.stale,
    isOpen: ({ context, event }) => event.type === 'forum.activity' && event.questionId === context.openId,
    draftWritten: ({ context }) => context.draft.trim() !== '',
    draftWithFiles: ({ context }) => context.draft.trim() !== '' && context.files.length > 0,
    hasNextUnanswered: ({ context }) => nextUnanswered(context) !== null,
    hasOwnLastReply: ({ context }) => ownLastReply(context.thread) !== null,
    editing: ({ context }) => context.editing !== null,
    removable: ({ context, event }) => event.type === 'forum.removeReply' && context.editing === null && ownReply(context.thread, event.commentId),
    openQuestion: ({ context }) => context.thread !== null && context.thread.question.status !== COMPLETED,
    completedQuestion: ({ context }) => context.thread?.question.status === COMPLETED,
  },
  actions: {
    keepQueueProblem: assign({ queueProblem: (_, params: { error: unknown }) => refusal(params.error) }),
    keepThreadProblem: assign({ threadProblem: (_, params: { error: unknown }) => refusal(params.error) }),
    markStale: assign({ stale: true }),
    clearDraft: assign({ draft: '', files: [], keptMedia: [], progress: [], editing: null }),
    endSession: assign({ sessionEnded: true }),
    openChosen: assign(({ event }) => (event.type === 'forum.open' ? { openId: event.questionId, cursor: event.questionId, thread: null, threadProblem: null } : {})),
    openNext: assign(({ context }) => {
      const next = nextUnanswered(context);
      return { openId: next, cursor: next ?? context.cursor, thread: null, threadProblem: null };
    }),
    sayNoneWaits: assign({ threadProblem: { title: forumDeskMessages.noNextUnanswered } }),
    closeThread: assign({ openId: null, thread: null, threadProblem: null }),
  },
}).createMachine({
  id: 'staffForum',
  description: "The teacher desk's forum queue: questions without a teacher's reply first, filters with counts, and the open question's thread with the reply form.",
  meta: { spec: "§6 Roles and permissions (admin screens: not shown) — not in the spec: the teacher desk's forum queue, whose replies students read as Teacher (§2 Question detail)" },
  context: {
    filters: NO_FILTERS,
    places: [],
    queue: null,
    cursor: null,
    openId: null,
    thread: null,
    draft: '',
    files: [],
    progress: [],
    editing: null,
    keptMedia: [],
    sentId: null,
    removing: null,
    stale: false,
    queueProblem: null,
    threadProblem: null,
    sessionEnded: false,
  },
  initial: 'desk',
  states: {
    desk: {
      description: 'The forum queue and the open thread, side by side: the queue lists and filters, the thread shows one question with its replies.',
      type: 'parallel',
      states: {
        queue: {
          description: 'The list of questions with its filters and counts.',
          initial: 'loading',
          on: {
            'forum.filter': {
              target: '.loading',
              reenter: true,
              description: 'The teacher changes a filter or the search: the queue loads again (a load under way is dropped)',
              actions: assign({
                filters: ({ context, event }) => {
                  const next = { ...context.filters, ...event.filters };
                  // A course or subject of its own clears what lay beneath it.
                  if (event.filters.courseId !== undefined && event.filters.courseId !== context.filters.courseId) Object.assign(next, { subjectId: '', chapterId: '' });
                  if (event.filters.subjectId !== undefined && event.filters.subjectId !== context.filters.subjectId) next.chapterId = '';
                  return next;
                },
                queueProblem: null,
              }),
            },
          },
          states: {
            loading: {
              description: 'The queue is loading; the last list stays on screen, dimmed.',
              tags: ['loadingQueue'],
              entry: assign({ stale: false }),
              on: { 'forum.activity': { description: 'Forum activity heard while loading: the queue loads again afterwards', actions: 'markStale' } },
              invoke: {
                src: 'loadQueue',
                input: ({ context }) => context.filters,
                onDone: [
                  { guard: 'stale', target: 'loading', reenter: true, description: 'Activity was heard meanwhile: the queue loads again', actions: assign({ queue: ({ event }) => event.output.queue, places: ({ event }) => event.output.places }) },
                  { guard: { type: 'emptyQueue', params: ({ event }) => ({ queue: event.output.queue }) }, target: 'empty', description: 'No question matches the filters', actions: assign({ queue: ({ event }) => event.output.queue, places: ({ event }) => event.output.places, cursor: null }) },
                  {
                    target: 'listed',
                    description: 'The questions show; the keyboard stays on its question, or goes to the first',
                    actions: assign({
                      queue: ({ event }) => event.output.queue,
                      places: ({ event }) => event.output.places,
                      cursor: ({ context, event }) => (event.output.queue.questions.some((q) => q._id === context.cursor) ? context.cursor : event.output.queue.questions[0]!._id),
                    }),
                  },
                ],
                onError: [
                  sessionEnded,
                  { target: 'failed', description: 'The queue could not be loaded: the reason shows with Try again', actions: { type: 'keepQueueProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            failed: {
              description: 'The queue could not be loaded: the reason and Try again.',
              on: { 'forum.retry': { target: 'loading', description: 'The teacher presses Try again', actions: assign({ queueProblem: null }) } },
            },
            empty: {
              description: 'No question matches the filters (or none was asked yet).',
              on: { 'forum.activity': { target: 'loading', description: 'A question was asked or changed: the queue loads again' } },
            },
            listed: {
              description: 'The questions, unanswered first, each with its course, chapter, asker and last activity; one has the keyboard.',
              on: {
                'forum.activity': { target: 'loading', description: 'A question was asked, replied to or closed: the queue loads again' },
                'forum.move': {
                  description: 'j/k or the arrow keys move the keyboard to the next or previous question',
                  actions: assign({
                    cursor: ({ context, event }) => {
                      const questions = context.queue?.questions ?? [];
                      const at = questions.findIndex((q) => q._id === context.cursor);
                      return questions[Math.min(questions.length - 1, Math.max(0, at + event.by))]?._id ?? context.cursor;
                    },
                  }),
                },
              },
            },
          },
        },
        thread: {
          description: 'The open question with its replies and the reply form.',
          initial: 'closed',
          states: {
            closed: { description: 'No question open: the screen asks to pick one (Enter opens the one with the keyboard).', on: threadMoves },
            loading: {
              description: 'The question and its replies are loading.',
              tags: ['loadingThread'],
              on: threadMoves,
              invoke: {
                src: 'loadThread',
                input: ({ context }) => ({ questionId: context.openId ?? '' }),
                onDone: { target: 'open', description: 'The question and its replies show', actions: assign({ thread: ({ event }) => event.output }) },
                onError: [
                  sessionEnded,
                  { target: 'failed', description: 'The question could not be loaded: the reason shows with Try again', actions: { type: 'keepThreadProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            failed: {
              description: 'The question could not be loaded: the reason and Try again.',
              on: { ...threadMoves, 'forum.retry': { target: 'loading', description: 'The teacher presses Try again', actions: assign({ threadProblem: null }) } },
            },
            open: {
              description: 'The question, its attachments and replies; the reply form, Mark COMPLETED or Reopen, and Next unanswered.',
              type: 'parallel',
              states: {
                form: {
                  description: 'The reply form and the status buttons: they keep working while the thread loads again.',
                  initial: 'idle',
                  states: {
                    idle: {
                      description: 'The teacher reads and writes the reply.',
                      on: {
                        ...threadMoves,
                        'forum.draft': { description: 'The teacher types the reply', actions: assign({ draft: ({ event }) => event.text, threadProblem: null }) },
                        'forum.files': { description: 'The teacher attaches files (images, PDF, audio)', actions: assign({ files: ({ context, event }) => [...context.files, ...event.files] }) },
                        'forum.removeKept': { guard: 'editing', description: "The teacher removes one of the edited reply's attachments", actions: assign({ keptMedia: ({ context, event }) => context.keptMedia.filter((_, i) => i !== event.index) }) },
                        'forum.removeFile': { description: 'The teacher removes an attached file', actions: assign({ files: ({ context, event }) => context.files.filter((_, i) => i !== event.index) }) },
                        'forum.send': [
                          { guard: 'openQuestion', target: 'checking', description: 'The teacher presses Send (Ctrl+Enter)', actions: assign({ threadProblem: null, sentId: null }) },
                          { description: 'A COMPLETED question takes no reply: Reopen first' },
                        ],
                        'forum.editLast': {
                          guard: 'hasOwnLastReply',
                          description: "The teacher edits their last reply: its text comes into the form",
                          actions: assign(({ context }) => {
                            const last = ownLastReply(context.thread)!;
                            return { editing: last._id, draft: last.reply, files: [], keptMedia: last.media, threadProblem: null };
                          }),
                        },
                        'forum.removeReply': {
                          guard: 'removable',
                          target: 'confirmingRemove',
                          description: 'The teacher presses Remove on a reply of their own (not while editing): it is confirmed first',
                          actions: assign(({ event }) => (event.type === 'forum.removeReply' ? { removing: event.commentId, threadProblem: null } : {})),
                        },
                        'forum.cancelEdit': { guard: 'editing', description: 'The teacher cancels the edit: the form is empty again', actions: 'clearDraft' },
                        'forum.markAnswer': {
                          target: 'markingAnswer',
                          description: "The teacher marks a reply as the answer (or takes the mark away): students see it first, set apart",
                          actions: assign({ threadProblem: null }),
                        },
                        'forum.complete': { guard: 'openQuestion', target: 'settingStatus', description: 'The teacher marks the question COMPLETED', actions: assign({ threadProblem: null }) },
                        'forum.reopen': { guard: 'completedQuestion', target: 'settingStatus', description: 'The teacher reopens a COMPLETED question', actions: assign({ threadProblem: null }) },
                      },
                    },
                    checking: {
                      description: 'The reply is checked before it leaves.',
                      always: [
                        { guard: 'draftWithFiles', target: 'uploading', description: 'The reply has text and files: the files upload first' },
                        { guard: 'draftWritten', target: 'sending', description: 'The reply has text and no files' },
                        { target: 'idle', description: "An empty reply: 'Write the reply first.' shows", actions: assign({ threadProblem: { title: forumDeskMessages.emptyReply } }) },
                      ],
                    },
                    uploading: {
                      description: 'The files upload one at a time, each with its progress; the form waits.',
                      tags: ['sending'],
                      entry: assign({ progress: ({ context }) => context.files.map((f) => ({ sent: 0, total: f.size })) }),
                      invoke: { src: 'uploadFiles', input: ({ context }) => ({ files: context.files }) },
                      on: {
                        'files.progress': { description: 'A file has sent more bytes', actions: assign({ progress: ({ context, event }) => context.progress.map((p, i) => (i === event.index ? { sent: event.sent, total: event.total } : p)) }) },
                        'files.done': { target: 'sending', description: 'Every file has uploaded' },
                        'files.failed': [
                          sessionEnded,
                          { target: 'idle', description: 'A file could not upload: the reason shows and the draft stays', actions: { type: 'keepThreadProblem', params: ({ event }) => ({ error: event.error }) } },
                        ],
                      },
                    },
                    sending: {
                      description: 'The reply (or the edit) is being sent; the form waits.',
                      tags: ['sending'],
                      invoke: {
                        src: 'sendReply',
                        input: ({ context, event }) => ({
                          questionId: context.openId ?? '',
                          text: context.draft.trim(),
                          media: [...context.keptMedia, ...(event.type === 'files.done' ? event.media : [])],
                          commentId: context.editing,
                        }),
                        onDone: {
                          target: 'idle',
                          description: 'Sent: the reply shows as Teacher, the form empties, the keyboard leaves the box for the reply (so n and r act again) and the question counts as answered',
                          actions: [
                            assign(({ context, event }) => {
                              const thread = context.thread!;
                              const comments = context.editing ? thread.comments.map((c) => (c._id === event.output._id ? event.output : c)) : [...thread.comments, event.output];
                              return {
                                sentId: event.output._id,
                                thread: { ...thread, question: { ...thread.question, answeredByTeacher: true, answers: comments.length }, comments },
                                queue: context.queue && { ...context.queue, questions: context.queue.questions.map((q) => (q._id === thread.question._id ? { ...q, answeredByTeacher: true } : q)) },
                              };
                            }),
                            'clearDraft',
                          ],
                        },
                        onError: [
                          sessionEnded,
                          { target: 'idle', description: "The server's refusal shows beside the form; the draft stays", actions: { type: 'keepThreadProblem', params: ({ event }) => ({ error: event.error }) } },
                        ],
                      },
                    },
                    markingAnswer: {
                      description: 'The answer is being marked; the form and the buttons wait.',
                      tags: ['sending'],
                      invoke: {
                        src: 'markAnswer',
                        input: ({ context, event }) => ({ questionId: context.openId ?? '', commentId: event.type === 'forum.markAnswer' ? event.commentId : null }),
                        onDone: { target: 'idle', description: 'The marked reply shows as the answer', actions: assign({ thread: ({ event }) => event.output }) },
                        onError: [
                          sessionEnded,
                          { target: 'idle', description: "The server's refusal shows", actions: { type: 'keepThreadProblem', params: ({ event }) => ({ error: event.error }) } },
                        ],
                      },
                    },
                    confirmingRemove: {
                      description: "'Remove your reply?': the student is told it was removed; Remove and Keep it.",
                      on: {
                        'forum.confirmRemove': { target: 'removing', description: 'The teacher confirms the removal' },
                        'forum.cancelRemove': { target: 'idle', description: 'The teacher keeps the reply', actions: assign({ removing: null }) },
                      },
                    },
                    removing: {
                      description: 'The reply is being removed; the form and the buttons wait.',
                      tags: ['sending'],
                      invoke: {
                        src: 'removeReply',
                        input: ({ context }) => ({ questionId: context.openId ?? '', commentId: context.removing ?? '' }),
                        onDone: {
                          target: 'idle',
                          description: 'Removed: the thread shows without it, and the queue counts the question as waiting again when no teacher reply stays',
                          actions: assign(({ context, event }) => ({
                            thread: event.output,
                            removing: null,
                            queue: context.queue && {
                              ...context.queue,
                              questions: context.queue.questions.map((q) => (q._id === event.output.question._id ? { ...q, answeredByTeacher: event.output.question.answeredByTeacher, answers: event.output.question.answers } : q)),
                            },
                          })),
                        },
                        onError: [
                          sessionEnded,
                          { target: 'idle', description: "The server's refusal shows; the reply stays", actions: [assign({ removing: null }), { type: 'keepThreadProblem', params: ({ event }) => ({ error: event.error }) }] },
                        ],
                      },
                    },
                    settingStatus: {
                      description: 'The question is being marked COMPLETED or reopened; the buttons wait.',
                      tags: ['sending'],
                      invoke: {
                        src: 'setStatus',
                        input: ({ context, event }) => ({ questionId: context.openId ?? '', completed: event.type === 'forum.complete' }),
                        onDone: {
                          target: 'idle',
                          description: 'The question shows as COMPLETED (or open again)',
                          actions: assign(({ context, event }) => ({
                            thread: context.thread && { ...context.thread, question: { ...context.thread.question, status: event.output.status } },
                            queue: context.queue && { ...context.queue, questions: context.queue.questions.map((q) => (q._id === event.output._id ? { ...q, status: event.output.status } : q)) },
                            editing: null,
                          })),
                        },
                        onError: [
                          sessionEnded,
                          { target: 'idle', description: "The server's refusal shows", actions: { type: 'keepThreadProblem', params: ({ event }) => ({ error: event.error }) } },
                        ],
                      },
                    },
                  },
                },
                sync: {
                  description: 'Whether the open question is being read again after activity elsewhere.',
                  initial: 'current',
                  states: {
                    current: {
                      description: 'The thread shows as last read.',
                      on: { 'forum.activity': { guard: 'isOpen', target: 'refreshing', description: 'The open question changed elsewhere: it loads again, and the form goes on taking the draft' } },
                    },
                    refreshing: {
                      description: 'The open question loads again; it stays on screen, and the teacher goes on writing, sending or editing.',
                      on: { 'forum.activity': { guard: 'isOpen', target: 'refreshing', reenter: true, description: 'More activity on it: the read under way is dropped and it loads again' } },
                      invoke: {
                        src: 'loadThread',
                        input: ({ context }) => ({ questionId: context.openId ?? '' }),
                        onDone: { target: 'current', description: 'The new replies show', actions: assign({ thread: ({ event }) => event.output }) },
                        onError: [sessionEnded, { target: 'current', description: 'It could not load again: the thread stays as it was, with the reason', actions: { type: 'keepThreadProblem', params: ({ event }) => ({ error: event.error }) } }],
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    signedOut: {
      description: 'The desk session has ended: the screen leads to the sign-in at the teacher desk.',
    },
  },
});
