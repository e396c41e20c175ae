// The teacher desk's forum queue on a real server (SQLite and PostgreSQL): questions without a
// teacher's reply first, then the newest activity; filters by course, subject, chapter, status and
// text with a count per status; the thread; a reply the student sees as 'Teacher'; editing only the
// teacher's own last reply; removing the teacher's own reply, the student told; one reply marked as the answer; COMPLETED and reopened; the desk's sockets told of forum activity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { forumPaths, notificationsPaths, pathTo, staffPaths } from '../../src/contracts/paths.js';
import { courseRoom } from '../../server/realtime.js';

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
const COURSE_A = id('c3', 1);
const COURSE_B = id('c3', 2);
const SUBJECT_A = id('53', 1);
const SUBJECT_B = id('53', 2);
const CHAPTER_A1 = id('ca3', 1);
const CHAPTER_A2 = id('ca3', 2);
const CHAPTER_B = id('ca3', 3);
const GROUP_A = id('93', 1);
const GROUP_B = id('93', 2);
const ANNA = id('a3', 1);
const DINA = id('a3', 2);
const TEACHER = id('5f3', 1);
const OTHER_TEACHER = id('5f3', 2);
// Q1 oldest … Q5 newest by activity; Q2 has a teacher reply, Q3 is COMPLETED, Q4 has only a student reply.
const Q1 = id('f3', 1);
const Q2 = id('f3', 2);
const Q3 = id('f3', 3);
const Q4 = id('f3', 4);
const Q5 = id('f3', 5);

const bundle = {
  staff: [
    { id: TEACHER, name: 'Dr. Rahman', username: 'rahman', role: 'teacher', password: 'teacher-pass-1', courseIds: [COURSE_A, COURSE_B] },
    { id: OTHER_TEACHER, name: 'Dr. Karim', username: 'karim', role: 'teacher', password: 'teacher-pass-2', courseIds: [COURSE_A, COURSE_B] },
  ],
  courses: [
    { id: COURSE_A, name: 'MBBS Admission', subjects: [{ id: SUBJECT_A, name: 'Physiology', chapters: [{ id: CHAPTER_A1, name: 'Heart' }, { id: CHAPTER_A2, name: 'Kidney' }] }] },
    { id: COURSE_B, name: 'FCPS', subjects: [{ id: SUBJECT_B, name: 'Medicine', chapters: [{ id: CHAPTER_B, name: 'Fever' }] }] },
  ],
  groups: [
    { id: GROUP_A, name: 'A', courseId: COURSE_A, items: 'all' },
    { id: GROUP_B, name: 'B', courseId: COURSE_B, items: 'all' },
  ],
  students: [
    { id: ANNA, name: 'Anna', sid: 'F-1', phone: '01730000011', groups: [GROUP_A] },
    { id: DINA, name: 'Dina', sid: 'F-2', phone: '01730000012', groups: [GROUP_B] },
  ],
  forum: [
    { id: Q1, studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: 'Why does the heart have four chambers?', createdAt: 'now-5d' },
    {
      id: Q2, studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A2, questionDescription: 'How is renin released by the kidney?', createdAt: 'now-4d',
      comments: [{ id: id('f4', 1), userId: TEACHER, userType: 'Admin', reply: 'From the juxtaglomerular cells.', createdAt: 'now-4d' }],
    },
    { id: Q3, studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: 'Heart sounds: what makes S1?', createdAt: 'now-3d', status: 'COMPLETED' },
    {
      id: Q4, studentId: DINA, courseId: COURSE_B, subjectId: SUBJECT_B, chapterId: CHAPTER_B, questionDescription: 'Fever with a heart murmur?', createdAt: 'now-2d',
      comments: [{ id: id('f4', 2), userId: DINA, userType: 'Student', reply: 'Still wondering.', createdAt: 'now-2d' }],
    },
    { id: Q5, studentId: DINA, courseId: COURSE_B, subjectId: SUBJECT_B, chapterId: CHAPTER_B, questionDescription: 'Typhoid fever: which test first?', createdAt: 'now-1d' },
  ],
};

interface Queue { questions: { _id: string; answeredByTeacher: boolean; courseName: string; chapterName: string; status: string }[]; totalRecords: number; counts: Record<string, number>; totalCapped: boolean }

describe.each(databaseKinds())('teacher desk forum queue (%s)', (kind) => {
  let server: TestServer;
  let anna: string;
  let teacher: string;
  let otherTeacher: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle });
    [anna, teacher, otherTeacher] = await Promise.all([server.sessionFor(ANNA), server.sessionFor(TEACHER, 'staff'), server.sessionFor(OTHER_TEACHER, 'staff')]);
  });
  afterAll(() => server?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: string, payload?: unknown) =>
    server.call({ method, url: `/api${url}`, session, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: string, payload?: unknown) => {
    const response = await call(method, url, session, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const queue = (query = '') => ok('GET', `${pathTo(staffPaths.forumQuestions)}${query}`, teacher) as Promise<Queue>;
  const ids = (q: Queue) => q.questions.map((x) => x._id);

  it('lists questions without a teacher reply first, then the newest activity, with a count per status', async () => {
    const all = await queue();
    expect(ids(all)).toEqual([Q5, Q4, Q1, Q3, Q2]);
    expect(all.counts).toEqual({ open: 3, answered: 1, completed: 1, all: 5 });
    expect(all.totalRecords).toBe(5);
    expect(all.questions[0]).toMatchObject({ answeredByTeacher: false, courseName: 'FCPS', chapterName: 'Fever' });
    expect(all.questions.find((q) => q._id === Q2)).toMatchObject({ answeredByTeacher: true, chapterName: 'Kidney' });

    expect(ids(await queue('?status=open'))).toEqual([Q5, Q4, Q1]);
    expect(ids(await queue('?status=answered'))).toEqual([Q2]);
    expect(ids(await queue('?status=completed'))).toEqual([Q3]);
    expect(ids(await queue('?limit=2&page=2'))).toEqual([Q1, Q3]);
  });

  it('filters by course, subject, chapter and the students\' text search, counting under those filters', async () => {
    const courseA = await queue(`?courseId=${COURSE_A}`);
    expect(ids(courseA)).toEqual([Q1, Q3, Q2]);
    expect(courseA.counts).toEqual({ open: 1, answered: 1, completed: 1, all: 3 });
    expect(ids(await queue(`?subjectId=${SUBJECT_B}`))).toEqual([Q5, Q4]);
    expect(ids(await queue(`?chapterId=${CHAPTER_A1}&status=completed`))).toEqual([Q3]);
    const heart = await queue('?search=HEART');
    expect(ids(heart)).toEqual([Q4, Q1, Q3]);
    expect(heart.counts).toEqual({ open: 2, answered: 0, completed: 1, all: 3 });
    expect(ids(await queue(`?search=${encodeURIComponent('fever mu')}`))).toEqual([Q4]);
    expect((await queue('?search=nothing-like-this')).counts.all).toBe(0);
    expect((await call('GET', `${pathTo(staffPaths.forumQuestions)}?status=solved`, teacher)).statusCode).toBe(400);
    expect((await call('GET', `${pathTo(staffPaths.forumQuestions)}?courseId=nope`, teacher)).statusCode).toBe(400);
  });

  it('gives the filters\' courses, subjects and chapters with their question counts', async () => {
    const places = await ok('GET', pathTo(staffPaths.forumPlaces), teacher);
    expect(places).toEqual([
      { _id: COURSE_A, name: 'MBBS Admission', questions: 3, subjects: [{ _id: SUBJECT_A, name: 'Physiology', questions: 3, chapters: [{ _id: CHAPTER_A1, name: 'Heart', questions: 2 }, { _id: CHAPTER_A2, name: 'Kidney', questions: 1 }] }] },
      { _id: COURSE_B, name: 'FCPS', questions: 2, subjects: [{ _id: SUBJECT_B, name: 'Medicine', questions: 2, chapters: [{ _id: CHAPTER_B, name: 'Fever', questions: 2 }] }] },
    ]);
    expect((await call('GET', pathTo(staffPaths.forumPlaces), anna)).statusCode).toBe(403);
  });

  it('replies as Teacher, edits only its own last reply, completes and reopens, telling the desks live', async () => {
    const baseUrl = await server.listen();
    const desk: Socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: otherTeacher }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        desk.once('connect', () => resolve());
        desk.once('connect_error', reject);
      });
      await expect.poll(async () => (await server.app.realtime.io.in(courseRoom(COURSE_A)).fetchSockets()).length).toBe(1);
      const heard: { questionId: string; kind: string }[] = [];
      desk.on('forumActivity', (activity) => heard.push(activity));

      const thread = await ok('GET', pathTo(staffPaths.forumThread, { questionId: Q1 }), teacher);
      expect(thread).toMatchObject({ question: { _id: Q1, answeredByTeacher: false, studentId: { name: 'Anna' } }, comments: [], viewerId: TEACHER });
      expect((await call('GET', pathTo(staffPaths.forumThread, { questionId: id('f3', 99) }), teacher)).statusCode).toBe(404);

      const reply = await ok('POST', pathTo(staffPaths.forumReply, { questionId: Q1 }), teacher, { reply: '  Two atria, two ventricles.  ' });
      expect(reply).toMatchObject({ userType: 'Admin', userId: { name: 'Teacher' }, reply: 'Two atria, two ventricles.' });
      await expect.poll(() => heard).toContainEqual({ questionId: Q1, kind: 'reply' });
      expect((await ok('GET', pathTo(notificationsPaths.list), anna))[0].notificationId.message).toBe('A teacher answered your question');
      expect((await ok('GET', pathTo(forumPaths.comments, { questionId: Q1 }), anna)).map((c: { userId: { name: string } }) => c.userId.name)).toEqual(['Teacher']);
      expect(ids(await queue('?status=answered'))).toEqual([Q1, Q2]);

      const edited = await ok('PATCH', pathTo(staffPaths.forumEditReply, { questionId: Q1, commentId: reply._id }), teacher, { reply: 'Two atria and two ventricles.' });
      expect(edited.reply).toBe('Two atria and two ventricles.');
      const notMine = await call('PATCH', pathTo(staffPaths.forumEditReply, { questionId: Q1, commentId: reply._id }), otherTeacher, { reply: 'x' });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json().errors.code).toBe('notYourReply');
      const empty = await call('PATCH', pathTo(staffPaths.forumEditReply, { questionId: Q1, commentId: reply._id }), teacher, { reply: '   ' });
      expect(empty.statusCode).toBe(400);
      const wrongQuestion = await call('PATCH', pathTo(staffPaths.forumEditReply, { questionId: Q2, commentId: reply._id }), teacher, { reply: 'x' });
      expect(wrongQuestion.statusCode).toBe(404);

      // A later reply by the student: the teacher's reply is no longer the last.
      expect((await call('POST', pathTo(forumPaths.addComment), anna, { questionId: Q1, userId: ANNA, userType: 'Student', reply: 'Thanks!' })).statusCode).toBe(200);
      await expect.poll(() => heard).toContainEqual({ questionId: Q1, kind: 'reply' });
      const notLast = await call('PATCH', pathTo(staffPaths.forumEditReply, { questionId: Q1, commentId: reply._id }), teacher, { reply: 'y' });
      expect(notLast.statusCode).toBe(409);
      expect(notLast.json().errors.code).toBe('notLastReply');

      expect((await ok('PATCH', pathTo(staffPaths.forumComplete, { questionId: Q1 }), teacher)).status).toBe('COMPLETED');
      await expect.poll(() => heard).toContainEqual({ questionId: Q1, kind: 'completed' });
      expect((await call('POST', pathTo(staffPaths.forumReply, { questionId: Q1 }), teacher, { reply: 'late' })).statusCode).toBe(409);
      expect((await queue('?status=completed')).counts).toMatchObject({ completed: 2 });

      expect((await ok('PATCH', pathTo(staffPaths.forumReopen, { questionId: Q1 }), teacher)).status).toBe('OPEN');
      await expect.poll(() => heard).toContainEqual({ questionId: Q1, kind: 'reopened' });
      expect((await ok('PATCH', pathTo(staffPaths.forumReopen, { questionId: Q1 }), teacher)).status).toBe('OPEN');
      expect((await call('PATCH', pathTo(staffPaths.forumReopen, { questionId: id('f3', 99) }), teacher)).statusCode).toBe(404);
      expect((await call('PATCH', pathTo(staffPaths.forumReopen, { questionId: Q1 }), anna)).statusCode).toBe(403);

      // A new question of a student reaches the desk.
      const asked = await ok('POST', pathTo(forumPaths.addQuestion), anna, { studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A2, questionDescription: 'What does ADH do?' });
      await expect.poll(() => heard).toContainEqual({ questionId: asked._id, kind: 'question' });
      expect(ids(await queue())[0]).toBe(asked._id);
    } finally {
      desk.close();
    }
  });

  it("removes the teacher's own reply, any of them, telling the student; the question waits again once no teacher reply stays", async () => {
    const dina = await server.sessionFor(DINA);
    const remove = (commentId: string, session = teacher, questionId = Q5) => call('DELETE', pathTo(staffPaths.forumEditReply, { questionId, commentId }), session);
    const first = await ok('POST', pathTo(staffPaths.forumReply, { questionId: Q5 }), teacher, { reply: 'Blood culture in the first week.' });
    const wrong = await ok('POST', pathTo(staffPaths.forumReply, { questionId: Q5 }), teacher, { reply: 'nrAtropine blocks muscarinic receptors.' });
    const dinas = await ok('POST', pathTo(forumPaths.addComment), dina, { questionId: Q5, userId: DINA, userType: 'Student', reply: 'Which one is it?' });
    expect((await call('POST', pathTo(forumPaths.upvote), dina, { studentId: DINA, questionId: Q5, commentId: wrong._id })).statusCode).toBe(200);

    // Not the last, upvoted: it goes all the same, and only the teacher's own.
    expect((await remove(wrong._id, otherTeacher)).json().errors.code).toBe('notYourReply');
    expect((await remove(dinas._id)).json().errors.code).toBe('notYourReply');
    expect((await remove(wrong._id, teacher, Q4)).statusCode).toBe(404);
    expect((await remove(wrong._id, dina)).statusCode).toBe(403);
    const after = await ok('DELETE', pathTo(staffPaths.forumEditReply, { questionId: Q5, commentId: wrong._id }), teacher);
    expect(after.comments.map((c: { reply: string }) => c.reply)).toEqual(['Blood culture in the first week.', 'Which one is it?']);
    expect(after.question).toMatchObject({ answers: 2, answeredByTeacher: true });
    expect((await ok('GET', pathTo(notificationsPaths.list), dina))[0].notificationId.message).toBe('A teacher removed their reply to your question');
    expect((await remove(wrong._id)).json().errors.code).toBe('replyNotFound');

    // The last teacher reply gone, the question waits for a teacher again.
    const bare = await ok('DELETE', pathTo(staffPaths.forumEditReply, { questionId: Q5, commentId: first._id }), teacher);
    expect(bare.question).toMatchObject({ answers: 1, answeredByTeacher: false });
    expect(ids(await queue('?status=open'))).toContain(Q5);

    // A COMPLETED question keeps its replies: reopen it first.
    const kept = await ok('POST', pathTo(staffPaths.forumReply, { questionId: Q5 }), teacher, { reply: 'Blood culture.' });
    await ok('PATCH', pathTo(staffPaths.forumComplete, { questionId: Q5 }), teacher);
    expect((await remove(kept._id)).json().errors.code).toBe('questionCompleted');
  });

  it("marks one reply as the answer: students read the teacher's name, and which reply is the answer", async () => {
    const dina = await server.sessionFor(DINA);
    const mark = (commentId: string | null, session = teacher, questionId = Q4) => call('PATCH', pathTo(staffPaths.forumAnswer, { questionId }), session, { commentId });
    const answer = await ok('POST', pathTo(staffPaths.forumReply, { questionId: Q4 }), teacher, { reply: 'Think of infective endocarditis.' });
    expect(answer).toMatchObject({ userId: { name: 'Teacher' }, teacherName: 'Dr. Rahman', isAnswer: false });
    const thread = await ok('PATCH', pathTo(staffPaths.forumAnswer, { questionId: Q4 }), teacher, { commentId: answer._id });
    expect(thread.comments.map((c: { isAnswer: boolean }) => c.isAnswer)).toEqual([false, true]);
    const read = await ok('GET', pathTo(forumPaths.comments, { questionId: Q4 }), dina);
    expect(read.map((c: { teacherName: string | null; isAnswer: boolean }) => [c.teacherName, c.isAnswer])).toEqual([[null, false], ['Dr. Rahman', true]]);

    // Another reply, a student's, may be the answer instead; a reply of another question may not.
    const studentReply = id('f4', 2);
    expect((await ok('PATCH', pathTo(staffPaths.forumAnswer, { questionId: Q4 }), teacher, { commentId: studentReply })).comments.map((c: { isAnswer: boolean }) => c.isAnswer)).toEqual([true, false]);
    expect((await mark(id('f4', 1))).json().errors.code).toBe('replyNotFound');
    expect((await mark('not-an-id')).statusCode).toBe(400);
    expect((await mark(answer._id, dina)).statusCode).toBe(403);
    expect((await ok('PATCH', pathTo(staffPaths.forumAnswer, { questionId: Q4 }), teacher, { commentId: null })).comments.some((c: { isAnswer: boolean }) => c.isAnswer)).toBe(false);

    // Removing the marked reply leaves no answer marked.
    await ok('PATCH', pathTo(staffPaths.forumAnswer, { questionId: Q4 }), teacher, { commentId: answer._id });
    await ok('DELETE', pathTo(staffPaths.forumEditReply, { questionId: Q4, commentId: answer._id }), teacher);
    expect((await server.app.db.selectFrom('forum_questions').select('answer_comment_id').where('id', '=', Q4).executeTakeFirstOrThrow()).answer_comment_id).toBeNull();
  });
});
