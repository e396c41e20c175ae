// A question's page (/question-details/{id}): the question, its replies, like and bookmark on the
// question, upvotes on replies, Edit where the rules allow it, and Reply unless it is COMPLETED.
// Every change is sent, then the thread is read again, so counts are always the server's. An edit
// keeps, removes and adds attachments: new files upload first (a failed one is skipped with a message).
// An edit's outcome is kept for its editor, which closes only once the edit is in the thread: a refused
// edit, or one the link lost, stays open with the student's text and files and the reason.
// A reply the student adds while the thread is being read or a change is on its way is never missed: a
// read under way starts again, and a change on its way is followed by a read, however it ends. A change
// whose answer the link lost may still have landed, so it is followed by a read too; when that read gets
// no answer either, the thread shown stays, and is read again once the connection returns.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ForumComment, ForumMedia, ForumQuestion } from '../contracts/forum';
import { isTransient } from '../domain/failures';
import { canEditQuestion, canEditReply, canReply } from '../domain/forum';

export interface Thread {
  question: ForumQuestion;
  comments: ForumComment[];
}

export type ThreadChange =
  | { kind: 'like' }
  | { kind: 'bookmark' }
  | { kind: 'upvote'; commentId: string }
  | ({ kind: 'editQuestion' } & PostEdit)
  | ({ kind: 'editReply'; commentId: string } & PostEdit);

/** An edit of a question or a reply: its text, the attachments it keeps and the files it adds. */
export interface PostEdit {
  text: string;
  keep: ForumMedia[];
  add: File[];
}

/** What sending a change did beyond the change: the added files that could not be uploaded (skipped). */
export interface ChangeOutcome {
  failedFiles: string[];
}

/** The post an edit is for: the question, or one of its replies. */
export type EditedPost = { kind: 'question' } | { kind: 'reply'; commentId: string };

/**
 * Where the student's latest edit stands, for its editor. `sending`: on its way (files uploading, then the
 * edit); `saved`: the server took it and the thread is read again. The editor stays open, read-only, through
 * both, and closes when the edit is `done` (in the thread). `failed`: refused, or the link lost it; the
 * editor stays open with `edit` as the student left it and the error, to Save again or Cancel.
 */
export type EditOutcome =
  | { status: 'sending' | 'saved'; post: EditedPost; edit: PostEdit }
  | { status: 'failed'; post: EditedPost; edit: PostEdit; error: unknown }
  | { status: 'done'; post: EditedPost };

const samePost = (a: EditedPost, b: EditedPost): boolean => (a.kind === 'question' ? b.kind === 'question' : b.kind === 'reply' && a.commentId === b.commentId);

/** The latest edit's outcome when it is for this post, else null. */
export const editOutcomeFor = (edit: EditOutcome | null, post: EditedPost): EditOutcome | null => (edit && samePost(edit.post, post) ? edit : null);

export interface QuestionDetailContext {
  studentId: string;
  questionId: string;
  thread: Thread | null;
  error: string | null;
  /** The latest edit's outcome (null before any, or once the student cancelled a failed one). */
  edit: EditOutcome | null;
}

export type QuestionDetailEvent =
  | { type: 'question.like' }
  | { type: 'question.bookmark' }
  | { type: 'reply.upvote'; commentId: string }
  | ({ type: 'question.edit' } & PostEdit)
  | ({ type: 'reply.edit'; commentId: string } & PostEdit)
  | { type: 'edit.cancel' }
  | { type: 'thread.reload' }
  | { type: 'thread.retry' };

export const questionDetailMachine = setup({
  types: {} as { context: QuestionDetailContext; events: QuestionDetailEvent; input: { studentId: string; questionId: string } },
  actors: {
    loadThread: fromPromise<Thread, { questionId: string }>(async () => {
      throw new Error('provide loadThread');
    }),
    sendChange: fromPromise<ChangeOutcome, { questionId: string; change: ThreadChange }>(async () => {
      throw new Error('provide sendChange');
    }),
  },
  guards: {
    questionEditable: ({ context, event }) => event.type === 'question.edit' && event.text.trim() !== '' && context.thread !== null && canEditQuestion(context.thread.question, context.studentId),
    replyEditable: ({ context, event }) =>
      event.type === 'reply.edit' && event.text.trim() !== '' && context.thread !== null && canReply(context.thread.question) && canEditReply(context.thread.question, context.thread.comments, event.commentId, context.studentId),
    /**
     * A thread is shown and reading it again got no answer, or the server failed: what is shown stays. A
     * refusal (the question gone, or no longer in the student's batches) still ends on the error.
     */
    threadKept: ({ context }, params: { error: unknown }) => context.thread !== null && isTransient(params.error),
    /** An edit on its way cannot be put away: it may yet land, and its editor waits for it. */
    editNotOnItsWay: ({ context }) => context.edit?.status !== 'sending' && context.edit?.status !== 'saved',
  },
  actions: {
    showError: (_, _params: { error: unknown }) => {},
    fileFailed: (_, _params: { name: string }) => {},
    editSending: assign({
      edit: ({ event }): EditOutcome | null => {
        if (event.type === 'question.edit') return { status: 'sending', post: { kind: 'question' }, edit: postEditOf(event) };
        if (event.type === 'reply.edit') return { status: 'sending', post: { kind: 'reply', commentId: event.commentId }, edit: postEditOf(event) };
        return null;
      },
    }),
    editSaved: assign({ edit: ({ context }) => (context.edit?.status === 'sending' ? { ...context.edit, status: 'saved' as const } : context.edit) }),
    editFailed: assign({
      edit: ({ context }, params: { error: unknown }) => (context.edit?.status === 'sending' ? { status: 'failed' as const, post: context.edit.post, edit: context.edit.edit, error: params.error } : context.edit),
    }),
    editDone: assign({ edit: ({ context }) => (context.edit?.status === 'saved' ? { status: 'done' as const, post: context.edit.post } : context.edit) }),
  },
}).createMachine({
  id: 'questionDetail',
  description: 'A question with its replies: like, bookmark, upvote, Edit where allowed, Reply unless COMPLETED.',
  meta: { spec: '§2 Question detail; §4 Forum' },
  context: ({ input }) => ({ studentId: input.studentId, questionId: input.questionId, thread: null, error: null, edit: null }),
  initial: 'loading',
  on: {
    'edit.cancel': {
      guard: 'editNotOnItsWay',
      description: 'The student cancels an edit, and with it the reason a failed one was not saved',
      actions: assign({ edit: null }),
    },
  },
  states: {
    loading: {
      description: 'The question and its replies are being fetched.',
      tags: ['loading'],
      invoke: {
        src: 'loadThread',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: {
          target: 'ready',
          description: 'The question and its replies show, with a saved edit, whose editor now closes',
          actions: [assign({ thread: ({ event }) => event.output, error: null }), 'editDone'],
        },
        onError: [
          {
            guard: { type: 'threadKept', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            description: 'Read again, but no answer came (or the server failed): the thread shown stays, to be read again once the connection returns',
            actions: 'editDone',
          },
          {
            target: 'failed',
            description: 'The question could not be fetched (or is not in your batches)',
            actions: [assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : 'The question could not be loaded.') }), 'editDone'],
          },
        ],
      },
      on: {
        'thread.reload': {
          target: 'loading',
          reenter: true,
          description: 'A reply was added while the thread is read (a read that may have begun before it): the read starts again, so the reply shows',
        },
      },
    },
    ready: {
      description: 'The question card with like and bookmark, the replies with upvotes and authors, Edit where allowed and Reply unless COMPLETED.',
      on: {
        'question.like': { target: 'saving', description: 'The student likes the question, or takes the like back' },
        'question.bookmark': { target: 'saving', description: 'The student bookmarks the question, or removes the bookmark' },
        'reply.upvote': { target: 'saving', description: 'The student upvotes a reply, or takes the upvote back' },
        'question.edit': {
          guard: 'questionEditable',
          target: 'saving',
          description: 'The student saves an edit of their unanswered question: text, attachments kept, removed and added, and its editor waits, read-only',
          actions: 'editSending',
        },
        'reply.edit': {
          guard: 'replyEditable',
          target: 'saving',
          description: 'The student saves an edit of their own last reply: text, attachments kept, removed and added, and its editor waits, read-only',
          actions: 'editSending',
        },
        'thread.reload': { target: 'loading', description: 'A reply was added, or the connection returned: the thread is read again' },
      },
    },
    saving: {
      description: 'The change is being sent; the buttons wait.',
      tags: ['loading'],
      invoke: {
        src: 'sendChange',
        input: ({ context, event }) => ({ questionId: context.questionId, change: changeOf(event) }),
        onDone: {
          target: 'loading',
          description: "Sent: the thread is read again with the new counts ('Error uploading file {name}' for an added file that was skipped)",
          actions: enqueueActions(({ event, enqueue }) => {
            for (const name of event.output.failedFiles) enqueue({ type: 'fileFailed', params: { name } });
            enqueue('editSaved');
          }),
        },
        onError: {
          target: 'loading',
          description:
            "Refused, failed, or no answer came ('Please check your internet connection then try again.'): the error shows and the thread is read again, since a change whose answer was lost may have landed; an edit stays in its editor with the reason",
          actions: [{ type: 'showError', params: ({ event }) => ({ error: event.error }) }, { type: 'editFailed', params: ({ event }) => ({ error: event.error }) }],
        },
      },
      on: {
        'thread.reload': {
          description: 'A reply was added while the change is on its way: the read that follows the change, however it ends, shows it',
        },
      },
    },
    failed: {
      description: 'The question could not be loaded; Try again shows.',
      on: {
        'thread.retry': { target: 'loading', description: 'The student presses Try again' },
        'thread.reload': { target: 'loading', description: 'The connection returned: the thread is read again' },
      },
    },
  },
});

const postEditOf = (event: PostEdit): PostEdit => ({ text: event.text, keep: event.keep, add: event.add });

function changeOf(event: QuestionDetailEvent): ThreadChange {
  switch (event.type) {
    case 'question.like':
      return { kind: 'like' };
    case 'question.bookmark':
      return { kind: 'bookmark' };
    case 'reply.upvote':
      return { kind: 'upvote', commentId: event.commentId };
    case 'question.edit':
      return { kind: 'editQuestion', text: event.text.trim(), keep: event.keep, add: event.add };
    case 'reply.edit':
      return { kind: 'editReply', commentId: event.commentId, text: event.text.trim(), keep: event.keep, add: event.add };
    default:
      throw new Error(`saving entered by ${event.type}`);
  }
}
