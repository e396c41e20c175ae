// The teacher desk's forum queue: its path model and the fixtures its tests share.
import { nextUnanswered, ownLastReply, staffForumMachine } from '../../src/machines/staffForum.machine';
import type { ForumComment } from '../../src/contracts/forum';
import type { StaffForumPlace, StaffForumQuestion, StaffForumQueue, StaffForumThread } from '../../src/contracts/staff';
import type { PathModel } from '../support/machine-paths';

export function question(id: string, answeredByTeacher: boolean, status = 'OPEN'): StaffForumQuestion {
  return {
    _id: id,
    studentId: { _id: 's1', name: 'Anna' },
    questionDescription: `Question ${id}`,
    courseId: 'c1', subjectId: 'u1', chapterId: 'h1',
    media: [],
    status,
    answers: answeredByTeacher ? 1 : 0,
    likes: 0, isLiked: false, isBookmarked: false,
    createdAt: '2026-01-01T08:00:00.000Z', updatedAt: '2026-01-01T08:00:00.000Z', lastActivityAt: '2026-01-01T08:00:00.000Z',
    answeredByTeacher,
    courseName: 'MBBS', subjectName: 'Physiology', chapterName: 'Heart',
  };
}
export const teacherReply = (id: string, questionId: string): ForumComment => ({
  _id: id, questionId, userId: { _id: 't1', name: 'Teacher' }, userType: 'Admin', reply: 'Two atria, two ventricles.', media: [], upvotes: 0, isUpvoted: false,
  createdAt: '2026-01-02T08:00:00.000Z', updatedAt: '2026-01-02T08:00:00.000Z', teacherName: 'Dr. Rahman', isAnswer: false,
});
const counts = { open: 2, answered: 1, completed: 0, all: 3 };
// Queues first: a path names an outcome by its first characters.
export const threeQuestions: StaffForumQueue = { questions: [question('q1', false), question('q2', false), question('q3', true)], totalRecords: 3, counts, totalCapped: false };
export const places: StaffForumPlace[] = [{ _id: 'c1', name: 'MBBS', questions: 3, subjects: [{ _id: 'u1', name: 'Physiology', questions: 3, chapters: [{ _id: 'h1', name: 'Heart', questions: 3 }] }] }];
export const loaded = { queue: threeQuestions, places };
export const nothing = { queue: { questions: [], totalRecords: 0, counts: { open: 0, answered: 0, completed: 0, all: 0 }, totalCapped: false }, places };
export const unanswered: StaffForumThread = { question: question('q1', false), comments: [], viewerId: 't1' };
export const answered: StaffForumThread = { question: question('q3', true), comments: [teacherReply('r1', 'q3')], viewerId: 't1' };
/** Answered by another teacher: not the viewer's reply to edit. */
export const answeredByAnother: StaffForumThread = { ...answered, viewerId: 't2' };
export const closed: StaffForumThread = { question: question('q3', true, 'COMPLETED'), comments: [teacherReply('r1', 'q3')], viewerId: 't1' };
export const failure = (status: number, title: string) => Object.assign(new Error(title), { status, title, message: title, network: false });
export const expired = failure(401, 'Your session has expired. Please sign in again.');

const model: PathModel<typeof staffForumMachine> = {
  machine: staffForumMachine,
  // What the screen and the guards read: the states, the open question and its kind, the keyboard's
  // place, whether a draft or files are there, an edit, a heard activity.
  serializeState: (s) => {
    const c = s.context;
    const thread = s.matches({ desk: { thread: 'open' } }) ? [c.thread?.question.status, ownLastReply(c.thread) !== null, c.draft !== '', c.files.length > 0, c.editing !== null] : null;
    return JSON.stringify([s.value, (c.queue?.questions.length ?? 0) > 0, nextUnanswered(c) !== null, thread, s.matches({ desk: { queue: 'loading' } }) && c.stale]);
  },
  events: [
    { type: 'forum.filter', filters: { status: 'open' } },
    { type: 'forum.retry' },
    { type: 'forum.move', by: 1 },
    { type: 'forum.move', by: -1 },
    { type: 'forum.open', questionId: 'q1' },
    { type: 'forum.close' },
    { type: 'forum.next' },
    { type: 'forum.activity', questionId: 'q1' },
    { type: 'forum.draft', text: 'See the chapter notes.' },
    { type: 'forum.files', files: [new File(['x'], 'heart.png', { type: 'image/png' })] },
    { type: 'forum.removeFile', index: 0 },
    { type: 'forum.removeKept', index: 0 },
    { type: 'forum.send' },
    { type: 'forum.editLast' },
    { type: 'forum.cancelEdit' },
    { type: 'forum.removeReply', commentId: 'r1' },
    { type: 'forum.markAnswer', commentId: 'r1' },
    { type: 'forum.confirmRemove' },
    { type: 'forum.cancelRemove' },
    { type: 'forum.complete' },
    { type: 'forum.reopen' },
    { type: 'files.progress', index: 0, sent: 1, total: 1 },
    { type: 'files.done', media: [{ mediaType: 'image/png', mediaUrl: '/api/files/k1' }] },
    { type: 'files.failed', error: failure(400, 'This type of file cannot be attached.') },
    { type: 'files.failed', error: expired },
  ],
  outcomes: {
    loadQueue: { done: [loaded, nothing], error: [failure(500, 'Boom'), expired] },
    loadThread: { done: [unanswered, answered, answeredByAnother, closed], error: [failure(404, 'This question was not found.'), expired] },
    sendReply: { done: [teacherReply('r2', 'q1')], error: [failure(409, 'This question is closed: it takes no more replies or edits.'), expired] },
    markAnswer: { done: [{ ...answered, comments: [{ ...teacherReply('r1', 'q3'), isAnswer: true }] }], error: [failure(404, 'This reply was not found.'), expired] },
    removeReply: { done: [unanswered], error: [failure(403, 'You can only edit or remove your own reply.'), expired] },
    setStatus: { done: [{ ...question('q3', true, 'COMPLETED') }], error: [failure(404, 'This question was not found.'), expired] },
  },
};

export const models = [model];
