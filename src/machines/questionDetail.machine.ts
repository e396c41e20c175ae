// A question's page (/question-details/{id}): the question, its replies, like and bookmark on the
// question, upvotes on replies, Edit where the rules allow it, and Reply unless it is COMPLETED.
// Every change is sent, then the thread is read again, so counts are always the server's. An edit
// keeps, removes and adds attachments: new files upload first (a failed one is skipped with a message).
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ForumComment, ForumMedia, ForumQuestion } from '../contracts/forum';
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

export interface QuestionDetailContext {
  studentId: string;
  questionId: string;
  thread: Thread | null;
  error: string | null;
}

export type QuestionDetailEvent =
  | { type: 'question.like' }
  | { type: 'question.bookmark' }
  | { type: 'reply.upvote'; commentId: string }
  | ({ type: 'question.edit' } & PostEdit)
  | ({ type: 'reply.edit'; commentId: string } & PostEdit)
  | { type: 'thread.reload' }
  | { type: 'retry' };

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
  },
  actions: {
    showError: (_, _params: { error: unknown }) => {},
    fileFailed: (_, _params: { name: string }) => {},
  },
}).createMachine({
  id: 'questionDetail',
  description: 'A question with its replies: like, bookmark, upvote, Edit where allowed, Reply unless COMPLETED.',
  meta: { spec: '§2 Question detail; §4 Forum' },
  context: ({ input }) => ({ studentId: input.studentId, questionId: input.questionId, thread: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The question and its replies are being fetched.',
      tags: ['loading'],
      invoke: {
        src: 'loadThread',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: { target: 'ready', description: 'The question and its replies show', actions: assign({ thread: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          description: 'The question could not be fetched (or is not in your batches)',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : 'The question could not be loaded.') }),
        },
      },
    },
    ready: {
      description: 'The question card with like and bookmark, the replies with upvotes and authors, Edit where allowed and Reply unless COMPLETED.',
      on: {
        'question.like': { target: 'saving', description: 'The student likes the question, or takes the like back' },
        'question.bookmark': { target: 'saving', description: 'The student bookmarks the question, or removes the bookmark' },
        'reply.upvote': { target: 'saving', description: 'The student upvotes a reply, or takes the upvote back' },
        'question.edit': { guard: 'questionEditable', target: 'saving', description: 'The student saves an edit of their unanswered question: text, attachments kept, removed and added' },
        'reply.edit': { guard: 'replyEditable', target: 'saving', description: 'The student saves an edit of their own last reply: text, attachments kept, removed and added' },
        'thread.reload': { target: 'loading', description: 'A reply was added: the thread is read again' },
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
          }),
        },
        onError: { target: 'loading', description: 'Refused or failed: the error shows and the thread is read again', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The question could not be loaded; Try again shows.',
      on: { retry: { target: 'loading', description: 'The student presses Try again' } },
    },
  },
});

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
