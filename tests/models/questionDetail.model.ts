import { questionDetailMachine, type EditOutcome, type Thread } from '../../src/machines/questionDetail.machine';
import type { ForumComment, ForumQuestion } from '../../src/contracts/forum';
import type { PathModel } from '../support/machine-paths';

export const ME = 's1';
const photo = new File([new Uint8Array(4)], 'xray.jpg', { type: 'image/jpeg' });
const question = (over: Partial<ForumQuestion> = {}): ForumQuestion => ({
  _id: 'q1', studentId: { _id: ME, name: 'Anna' }, questionDescription: 'Why?', courseId: 'c1', subjectId: 'sub1', chapterId: 'ch1', media: [],
  status: 'OPEN', answers: 0, likes: 0, isLiked: false, isBookmarked: false, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', lastActivityAt: '2026-11-01T00:00:00.000Z', ...over,
});
export const reply = (id: string, userId: string, userType: 'Admin' | 'Student' = 'Student'): ForumComment => ({
  _id: id, questionId: 'q1', userId: { _id: userId, name: userType === 'Admin' ? 'Teacher' : 'Boris' }, userType, reply: `Reply ${id}`, media: [], upvotes: 0, isUpvoted: false, teacherName: userType === 'Admin' ? 'Dr. Rahman' : null, isAnswer: false,
  createdAt: '2026-11-02T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z',
});

/** Unanswered and mine: the question is editable. */
export const unanswered: Thread = { question: question(), comments: [] };
/** Answered, my reply last: the reply is editable, the question is not. */
export const answered: Thread = { question: question({ answers: 2 }), comments: [reply('c1', 'b1'), reply('c2', ME)] };
/** COMPLETED: nothing is editable. */
export const completed: Thread = { question: question({ answers: 2, status: 'COMPLETED' }), comments: [reply('c1', 'b1'), reply('c2', ME)] };

const model: PathModel<typeof questionDetailMachine> = {
  machine: questionDetailMachine,
  input: { studentId: ME, questionId: 'q1' },
  events: [
    { type: 'question.like' },
    { type: 'question.bookmark' },
    { type: 'reply.upvote', commentId: 'c1' },
    { type: 'question.edit', text: 'Why, exactly?', keep: [], add: [photo] },
    { type: 'question.edit', text: '  ', keep: [], add: [] },
    { type: 'reply.edit', commentId: 'c2', text: 'Edited reply', keep: [], add: [] },
    { type: 'reply.edit', commentId: 'c1', text: 'Not mine', keep: [], add: [] },
    { type: 'edit.cancel' },
    { type: 'thread.reload' },
    { type: 'thread.retry' },
  ],
  outcomes: {
    loadThread: {
      done: [unanswered, answered, completed],
      error: [new Error('This question was not found.'), Object.assign(new Error('<no response> Failed to fetch'), { status: 0, network: true })],
    },
    sendChange: {
      done: [{ failedFiles: [] }, { failedFiles: ['xray.jpg'] }],
      error: [new Error('This question is closed: it takes no more replies or edits.'), Object.assign(new Error('<no response> Failed to fetch'), { status: 0, network: true })],
    },
  },
  serializeState: ((snapshot: { value: unknown; context: { thread: Thread | null; edit: EditOutcome | null } }) =>
    JSON.stringify({
      value: snapshot.value,
      thread: snapshot.context.thread ? `${snapshot.context.thread.question.status}-${snapshot.context.thread.comments.length}` : null,
      edit: snapshot.context.edit?.status ?? null,
    })) as never,
};

export const models = [model];
