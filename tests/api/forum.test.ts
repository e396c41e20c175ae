// The forum API on a real server: batch scoping by list, id and search; forged student ids refused;
// the edit and COMPLETED rules; per-student toggles; English and Bengali search with pages that
// return every match once; attachments only of the student's own uploads; text returned as text;
// teacher replies that notify the asker and the repliers live.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, withTwoProcesses, type TestServer } from '../support/test-server.js';
import { forumPaths, notificationsPaths, pathTo, staffPaths, storagePaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
const COURSE_A = id('c2', 1);
const COURSE_B = id('c2', 2);
const SUBJECT_A = id('52', 1);
const SUBJECT_A2 = id('52', 2);
const SUBJECT_B = id('52', 3);
const CHAPTER_A1 = id('ca2', 1);
const CHAPTER_A2 = id('ca2', 2);
const CHAPTER_A3 = id('ca2', 3);
const CHAPTER_B = id('ca2', 4);
const GROUP_A1 = id('92', 1);
const GROUP_A2 = id('92', 2);
const GROUP_B = id('92', 3);
const ANNA = id('a2', 1);
const BORIS = id('a2', 2);
const CARL = id('a2', 3);
const DINA = id('a2', 4);
const TEACHER = id('5f2', 1);
const Q_HEART = id('f1', 1);
const Q_BENGALI = id('f1', 2);
const Q_OTHER_BATCH = id('f1', 3);
const Q_OTHER_COURSE = id('f1', 4);
const C_BORIS = id('f2', 1);

const BENGALI = 'হৃদপিণ্ড কিভাবে রক্ত পাম্প করে? ব্যাখ্যা করুন।';

const bundle = {
  staff: [{ id: TEACHER, name: 'Dr. Rahman', username: 'rahman', role: 'teacher', password: 'teacher-pass-1', courseIds: [COURSE_A, COURSE_B] }],
  courses: [
    {
      id: COURSE_A, name: 'MBBS Admission',
      subjects: [
        { id: SUBJECT_A, name: 'Physiology', chapters: [{ id: CHAPTER_A1, name: 'Heart' }, { id: CHAPTER_A2, name: 'Kidney' }] },
        { id: SUBJECT_A2, name: 'Anatomy', chapters: [{ id: CHAPTER_A3, name: 'Thorax' }] },
      ],
    },
    { id: COURSE_B, name: 'FCPS', subjects: [{ id: SUBJECT_B, name: 'Medicine', chapters: [{ id: CHAPTER_B, name: 'Fever' }] }] },
  ],
  groups: [
    { id: GROUP_A1, name: 'A1', courseId: COURSE_A, items: [CHAPTER_A1, CHAPTER_A3] },
    { id: GROUP_A2, name: 'A2', courseId: COURSE_A, items: [CHAPTER_A2] },
    { id: GROUP_B, name: 'B', courseId: COURSE_B, items: 'all' },
  ],
  students: [
    { id: ANNA, name: 'Anna', sid: 'F-1', phone: '01730000001', groups: [GROUP_A1] },
    { id: BORIS, name: 'Boris', sid: 'F-2', phone: '01730000002', groups: [GROUP_A1] },
    { id: CARL, name: 'Carl', sid: 'F-3', phone: '01730000003', groups: [GROUP_A2] },
    { id: DINA, name: 'Dina', sid: 'F-4', phone: '01730000004', groups: [GROUP_B] },
  ],
  forum: [
    { id: Q_HEART, studentId: BORIS, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: 'Why does the Heart pump blood in two circuits?', createdAt: 'now-3d' },
    {
      id: Q_BENGALI, studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: BENGALI, createdAt: 'now-2d',
      comments: [{ id: C_BORIS, userId: BORIS, userType: 'Student', reply: 'ডান ও বাম নিলয় আলাদা চাপ তৈরি করে।', createdAt: 'now-1d' }],
    },
    { id: Q_OTHER_BATCH, studentId: CARL, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A2, questionDescription: 'Heart and kidney: how is renin released?', createdAt: 'now-1d' },
    { id: Q_OTHER_COURSE, studentId: DINA, courseId: COURSE_B, subjectId: SUBJECT_B, chapterId: CHAPTER_B, questionDescription: 'Heart murmur in fever?', createdAt: 'now-1d' },
  ],
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f50000000049454e44ae426082', 'hex');

interface Question { _id: string; questionDescription: string; answers: number; likes: number; isLiked: boolean; isBookmarked: boolean; status: string; media: { mediaType: string; mediaUrl: string }[]; studentId: { _id: string; name: string | null } }

describe.each(databaseKinds())('forum API (%s)', (kind) => {
  let server: TestServer;
  let storageDir: string;
  let anna: string;
  let boris: string;
  let carl: string;
  let teacher: string;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-forum-'));
    server = await startTestServer({ kind, bundle, config: { storageDir } });
    [anna, boris, carl, teacher] = await Promise.all([server.sessionFor(ANNA), server.sessionFor(BORIS), server.sessionFor(CARL), server.sessionFor(TEACHER, 'staff')]);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, session: string, payload?: unknown) =>
    server.call({ method, url: `/api${url}`, session, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, session: string, payload?: unknown) => {
    const response = await call(method, url, session, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const search = (session: string, studentId: string, body: Record<string, unknown> = {}) =>
    ok('POST', pathTo(forumPaths.search), session, { studentId, ...body }) as Promise<{ questions: Question[]; totalRecords: number }>;
  const ask = (session: string, studentId: string, questionDescription: string, extra: Record<string, unknown> = {}) =>
    ok('POST', pathTo(forumPaths.addQuestion), session, { studentId, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription, ...extra }) as Promise<Question>;
  const reply = (session: string, userId: string, questionId: string, text: string) =>
    call('POST', pathTo(forumPaths.addComment), session, { questionId, userId, userType: 'Student', reply: text });
  const upload = async (session: string, mimeType: string, bytes: Buffer) => {
    const link = await ok('GET', `${pathTo(storagePaths.signedRequest)}?mimeType=${encodeURIComponent(mimeType)}`, session);
    const put = await server.app.inject({ method: 'PUT', url: link.signedUrl, payload: bytes, headers: { 'content-type': mimeType } });
    expect(put.statusCode, put.body).toBe(201);
    return link.key as string;
  };

  it('lists, finds and opens only questions of the chapters the student\'s batches reach', async () => {
    const mine = await search(anna, ANNA);
    expect(mine.questions.map((q) => q._id)).toEqual([Q_BENGALI, Q_HEART]);
    expect(mine.totalRecords).toBe(2);
    expect(mine.questions[0]).toMatchObject({ studentId: { _id: ANNA, name: 'Anna' }, answers: 1, status: 'OPEN', courseId: COURSE_A });
    expect((await search(anna, ANNA, { searchString: 'heart' })).questions.map((q) => q._id)).toEqual([Q_HEART]);
    expect((await search(anna, ANNA, { courseId: COURSE_B })).totalRecords).toBe(0);
    expect((await search(carl, CARL)).questions.map((q) => q._id)).toEqual([Q_OTHER_BATCH]);

    for (const hidden of [Q_OTHER_BATCH, Q_OTHER_COURSE]) {
      expect((await call('GET', pathTo(forumPaths.question, { id: hidden }), anna)).statusCode).toBe(404);
      expect((await call('GET', pathTo(forumPaths.comments, { questionId: hidden }), anna)).statusCode).toBe(404);
      expect((await call('POST', pathTo(forumPaths.like), anna, { studentId: ANNA, questionId: hidden })).statusCode).toBe(404);
      expect((await reply(anna, ANNA, hidden, 'me too')).statusCode).toBe(404);
    }
    const suggestions = await ok('POST', pathTo(forumPaths.keyword), anna, { searchString: 'heart' });
    expect(suggestions.map((s: { _id: string }) => s._id)).toEqual([Q_HEART]);
    expect(await ok('GET', pathTo(forumPaths.groupSubjects), anna)).toEqual([SUBJECT_A, SUBJECT_A2].sort());
    expect(await ok('GET', pathTo(forumPaths.courses), anna)).toEqual([{ _id: COURSE_A, name: 'MBBS Admission', image: null, questions: 2 }]);
    expect((await ok('GET', pathTo(forumPaths.question, { id: Q_BENGALI }), anna)).questionDescription).toBe(BENGALI);
  });

  it('asks only in a reached chapter of its own subject and course, with details', async () => {
    const refused = await call('POST', pathTo(forumPaths.addQuestion), anna, { studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A2, questionDescription: 'Kidney?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.code).toBe('chapterNotInBatch');
    const mismatch = await call('POST', pathTo(forumPaths.addQuestion), anna, { studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A2, chapterId: CHAPTER_A1, questionDescription: 'x' });
    expect(mismatch.statusCode).toBe(403);
    const empty = await call('POST', pathTo(forumPaths.addQuestion), anna, { studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: '  \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.title).toBe('Please enter the question details');
    expect((await reply(anna, ANNA, Q_HEART, '   ')).statusCode).toBe(400);
  });

  it('refuses a studentId or userId that is not the signed-in student', async () => {
    const forged = [
      call('POST', pathTo(forumPaths.search), anna, { studentId: BORIS }),
      call('POST', pathTo(forumPaths.addQuestion), anna, { studentId: BORIS, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: 'as Boris' }),
      call('PATCH', pathTo(forumPaths.updateQuestion), anna, { questionId: Q_HEART, studentId: BORIS, questionDescription: 'changed' }),
      reply(anna, BORIS, Q_HEART, 'as Boris'),
      call('PATCH', pathTo(forumPaths.updateComment), anna, { commentId: C_BORIS, userId: BORIS, userType: 'Student', reply: 'changed' }),
      call('POST', pathTo(forumPaths.like), anna, { studentId: BORIS, questionId: Q_HEART }),
      call('POST', pathTo(forumPaths.upvote), anna, { studentId: BORIS, questionId: Q_BENGALI, commentId: C_BORIS }),
      call('POST', pathTo(forumPaths.bookmark), anna, { studentId: BORIS, questionId: Q_HEART }),
      call('GET', pathTo(forumPaths.bookmarks, { studentId: BORIS }), anna),
    ];
    for (const response of await Promise.all(forged)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().errors.code).toBe('notYourAccount');
    }
    const asAdmin = await call('POST', pathTo(forumPaths.addComment), anna, { questionId: Q_HEART, userId: ANNA, userType: 'Admin', reply: 'as a teacher' });
    expect(asAdmin.statusCode).toBe(400);
    expect((await ok('GET', pathTo(forumPaths.comments, { questionId: Q_HEART }), anna))).toEqual([]);
  });

  it('edits a question only while unanswered, a reply only while last and own, nothing once COMPLETED', async () => {
    const question = await ask(anna, ANNA, 'What is preload?');
    const edited = await ok('PATCH', pathTo(forumPaths.updateQuestion), anna, { questionId: question._id, studentId: ANNA, questionDescription: 'What is preload, and afterload?' });
    expect(edited.questionDescription).toBe('What is preload, and afterload?');
    // The text index follows the edit.
    expect((await search(anna, ANNA, { searchString: 'afterload' })).questions.map((q) => q._id)).toEqual([question._id]);
    const notOwn = await call('PATCH', pathTo(forumPaths.updateQuestion), boris, { questionId: question._id, studentId: BORIS, questionDescription: 'mine now' });
    expect(notOwn.statusCode).toBe(403);

    const first = (await reply(boris, BORIS, question._id, 'End-diastolic volume.')).json().data;
    expect(first).toMatchObject({ userId: { _id: BORIS, name: 'Boris' }, userType: 'Student', upvotes: 0 });
    const answered = await call('PATCH', pathTo(forumPaths.updateQuestion), anna, { questionId: question._id, studentId: ANNA, questionDescription: 'changed after a reply' });
    expect(answered.statusCode).toBe(409);
    expect(answered.json().errors.code).toBe('questionAnswered');

    const borisEdit = { commentId: first._id, userId: BORIS, userType: 'Student', reply: 'End-diastolic volume (stretch).' };
    expect((await ok('PATCH', pathTo(forumPaths.updateComment), boris, borisEdit)).reply).toBe('End-diastolic volume (stretch).');
    expect((await call('PATCH', pathTo(forumPaths.updateComment), anna, { ...borisEdit, userId: ANNA })).statusCode).toBe(403);
    const second = (await reply(anna, ANNA, question._id, 'Thanks!')).json().data;
    const notLast = await call('PATCH', pathTo(forumPaths.updateComment), boris, borisEdit);
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json().errors.code).toBe('notLastReply');
    await ok('PATCH', pathTo(forumPaths.updateComment), anna, { commentId: second._id, userId: ANNA, userType: 'Student', reply: 'Thanks a lot!' });

    const completed = await ok('PATCH', pathTo(staffPaths.forumComplete, { questionId: question._id }), teacher);
    expect(completed.status).toBe('COMPLETED');
    for (const response of [
      await call('PATCH', pathTo(forumPaths.updateComment), anna, { commentId: second._id, userId: ANNA, userType: 'Student', reply: 'again' }),
      await reply(anna, ANNA, question._id, 'one more'),
      await call('POST', pathTo(staffPaths.forumReply, { questionId: question._id }), teacher, { reply: 'late' }),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errors.code).toBe('questionCompleted');
    }
    const comments = await ok('GET', pathTo(forumPaths.comments, { questionId: question._id }), anna);
    expect(comments.map((c: { reply: string }) => c.reply)).toEqual(['End-diastolic volume (stretch).', 'Thanks a lot!']);
    expect((await ok('GET', pathTo(forumPaths.question, { id: question._id }), anna)).answers).toBe(2);
  });

  it('toggles likes, upvotes and bookmarks per student: a second like is not a second count', async () => {
    const like = (session: string, studentId: string) => ok('POST', pathTo(forumPaths.like), session, { studentId, questionId: Q_HEART });
    expect(await like(anna, ANNA)).toEqual({ questionId: Q_HEART, likes: 1, isLiked: true });
    expect(await like(boris, BORIS)).toEqual({ questionId: Q_HEART, likes: 2, isLiked: true });
    expect(await like(anna, ANNA)).toEqual({ questionId: Q_HEART, likes: 1, isLiked: false });
    // Parallel toggles of one student: the count always equals the stored likes.
    await Promise.all(Array.from({ length: 7 }, () => call('POST', pathTo(forumPaths.like), anna, { studentId: ANNA, questionId: Q_HEART })));
    const after = await ok('GET', pathTo(forumPaths.question, { id: Q_HEART }), anna);
    expect(after.likes).toBe(after.isLiked ? 2 : 1);

    const upvote = () => ok('POST', pathTo(forumPaths.upvote), anna, { studentId: ANNA, questionId: Q_BENGALI, commentId: C_BORIS });
    const up = await upvote();
    expect(up.updatedComment).toMatchObject({ _id: C_BORIS, upvotes: 1, isUpvoted: true });
    expect(up.comments).toHaveLength(1);
    expect(await ok('GET', pathTo(forumPaths.upvotes), anna)).toEqual([C_BORIS]);
    expect((await upvote()).updatedComment).toMatchObject({ upvotes: 0, isUpvoted: false });
    const wrongQuestion = await call('POST', pathTo(forumPaths.upvote), anna, { studentId: ANNA, questionId: Q_HEART, commentId: C_BORIS });
    expect(wrongQuestion.statusCode).toBe(404);

    const bookmark = (questionId: string) => ok('POST', pathTo(forumPaths.bookmark), anna, { studentId: ANNA, questionId });
    expect(await bookmark(Q_HEART)).toEqual([Q_HEART]);
    expect(await ok('GET', pathTo(forumPaths.bookmarks, { studentId: ANNA }), anna)).toEqual([Q_HEART]);
    expect((await search(anna, ANNA, { filter: 'My Bookmarks' })).questions.map((q) => q._id)).toEqual([Q_HEART]);
    expect(await bookmark(Q_HEART)).toEqual([]);
    expect((await search(anna, ANNA, { filter: 'My Bookmarks' })).totalRecords).toBe(0);
  });

  it('finds English and Bengali text, in any case, and pages return every match exactly once in every sort', async () => {
    expect((await search(anna, ANNA, { searchString: 'HEART pump' })).questions.map((q) => q._id)).toEqual([Q_HEART]);
    expect((await search(anna, ANNA, { searchString: 'রক্ত' })).questions.map((q) => q._id)).toEqual([Q_BENGALI]);
    expect((await search(anna, ANNA, { searchString: 'পাম্প হৃদপিণ্ড' })).questions.map((q) => q._id)).toEqual([Q_BENGALI]);
    expect((await ok('POST', pathTo(forumPaths.keyword), anna, { searchString: 'রক্ত', courseId: COURSE_A })).map((s: { _id: string }) => s._id)).toEqual([Q_BENGALI]);
    expect((await search(anna, ANNA, { searchString: 'no such words here' })).totalRecords).toBe(0);
    // 100% and _ are text, not patterns.
    expect((await search(anna, ANNA, { searchString: '%' })).totalRecords).toBe(0);

    const asked: string[] = [];
    for (let n = 0; n < 23; n++) asked.push((await ask(n % 2 ? boris : anna, n % 2 ? BORIS : ANNA, `Paging probe ${n}: সংখ্যা ${n}`))._id);
    for (const filter of ['None', 'Date', 'Popularity', 'My Questions', '']) {
      const seen: string[] = [];
      let total = 0;
      for (let page = 1; page <= 3; page++) {
        const result = await search(anna, ANNA, { searchString: 'probe', filter, page, limit: 10 });
        total = result.totalRecords;
        seen.push(...result.questions.map((q) => q._id));
      }
      const expected = filter === 'My Questions' ? asked.filter((_, n) => n % 2 === 0) : asked;
      expect(total, filter).toBe(expected.length);
      expect(new Set(seen).size, filter).toBe(seen.length);
      expect([...seen].sort(), filter).toEqual([...expected].sort());
    }
    const bengaliPages = await search(anna, ANNA, { searchString: 'সংখ্যা', limit: 100 });
    expect(bengaliPages.totalRecords).toBe(23);
  });

  it('returns markup as the text it is', async () => {
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script> & <b>bold</b>';
    const question = await ask(anna, ANNA, text);
    const response = await call('GET', pathTo(forumPaths.question, { id: question._id }), anna);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().data.questionDescription).toBe(text);
    expect((await reply(boris, BORIS, question._id, text)).json().data.reply).toBe(text);
  });

  it('attaches only the student\'s own uploads of the allowed types, stored by their real type', async () => {
    const key = await upload(anna, 'image/png', PNG);
    const question = await ask(anna, ANNA, 'What does this ECG show?', { media: [{ mediaType: 'image/png', mediaUrl: pathTo(storagePaths.file, { key }) }] });
    expect(question.media).toEqual([{ mediaType: 'image/png', mediaUrl: apiPath(storagePaths.file, { key }) }]);
    const served = await server.app.inject({ method: 'GET', url: apiPath(storagePaths.file, { key }) });
    expect(served.statusCode).toBe(200);

    const stolen = await reply(boris, BORIS, question._id, 'look');
    expect(stolen.statusCode).toBe(200);
    const notHis = await call('POST', pathTo(forumPaths.addComment), boris, { questionId: question._id, userId: BORIS, userType: 'Student', reply: 'mine', media: [{ mediaType: 'image/png', mediaUrl: apiPath(storagePaths.file, { key }) }] });
    expect(notHis.statusCode).toBe(400);
    expect(notHis.json().errors.code).toBe('uploadNotYours');
    const wrongType = await call('POST', pathTo(forumPaths.addQuestion), anna, { studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: 'pdf?', media: [{ mediaType: 'application/pdf', mediaUrl: apiPath(storagePaths.file, { key }) }] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.code).toBe('mediaTypeNotAllowed');
    const html = await call('POST', pathTo(forumPaths.addQuestion), anna, { studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: 'html?', media: [{ mediaType: 'text/html', mediaUrl: apiPath(storagePaths.file, { key }) }] });
    expect(html.statusCode).toBe(400);
    const elsewhere = await call('POST', pathTo(forumPaths.addQuestion), anna, { studentId: ANNA, courseId: COURSE_A, subjectId: SUBJECT_A, chapterId: CHAPTER_A1, questionDescription: 'link?', media: [{ mediaType: 'image/png', mediaUrl: 'https://example.com/x.png' }] });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('edits attachments: the author keeps, removes and adds only their own uploads, and a reply the same way', async () => {
    const first = await upload(anna, 'image/png', PNG);
    const second = await upload(anna, 'image/png', PNG);
    const borisFile = await upload(boris, 'image/png', PNG);
    const file = (key: string) => ({ mediaType: 'image/png', mediaUrl: apiPath(storagePaths.file, { key }) });
    const question = await ask(anna, ANNA, 'Which wave is this?', { media: [file(first)] });
    const edited = await ok('PATCH', pathTo(forumPaths.updateQuestion), anna, { questionId: question._id, studentId: ANNA, questionDescription: 'Which wave is this, the P wave?', media: [file(second)] });
    expect(edited.media).toEqual([file(second)]);
    const forged = await call('PATCH', pathTo(forumPaths.updateQuestion), anna, { questionId: question._id, studentId: ANNA, questionDescription: 'And this one?', media: [file(second), file(borisFile)] });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors.code).toBe('uploadNotYours');
    expect((await ok('GET', pathTo(forumPaths.question, { id: question._id }), anna)).media).toEqual([file(second)]);

    const added = (await reply(boris, BORIS, question._id, 'See my tracing')).json().data;
    const withFile = await ok('PATCH', pathTo(forumPaths.updateComment), boris, { commentId: added._id, userId: BORIS, userType: 'Student', reply: 'See my tracing', media: [file(borisFile)] });
    expect(withFile.media).toEqual([file(borisFile)]);
    const notHers = await call('PATCH', pathTo(forumPaths.updateComment), boris, { commentId: added._id, userId: BORIS, userType: 'Student', reply: 'And hers', media: [file(first)] });
    expect(notHers.json().errors.code).toBe('uploadNotYours');
    expect((await ok('PATCH', pathTo(forumPaths.updateComment), boris, { commentId: added._id, userId: BORIS, userType: 'Student', reply: 'Without it', media: [] })).media).toEqual([]);
  });

  it('counts a common word up to 1,000 matches and still pages through every match exactly once past the count', async () => {
    const ids = Array.from({ length: 1_010 }, (_, n) => id('fc', n + 1));
    const at = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString();
    const rows = ids.map((questionId, n) => ({
      id: questionId, student_id: n % 2 ? ANNA : BORIS, course_id: COURSE_A, subject_id: SUBJECT_A, chapter_id: CHAPTER_A1,
      question_description: `Common probe ${n}: why is the sinoatrial node first?`, media: '[]', status: 'OPEN',
      created_at: at(n), updated_at: at(n), last_activity_at: at(n), likes: n % 7, answers: 0,
    }));
    for (let i = 0; i < rows.length; i += 200) await server.app.db.insertInto('forum_questions').values(rows.slice(i, i + 200)).execute();
    const counted = await ok('POST', pathTo(forumPaths.search), anna, { studentId: ANNA, searchString: 'sinoatrial', limit: 100 });
    expect(counted).toMatchObject({ totalRecords: 1000, totalCapped: true });
    for (const filter of ['None', 'Date', 'Popularity']) {
      const seen: string[] = [];
      for (let page = 1; page <= 11; page++) {
        const result = await ok('POST', pathTo(forumPaths.search), anna, { studentId: ANNA, searchString: 'sinoatrial', filter, page, limit: 100 });
        seen.push(...result.questions.map((q: Question) => q._id));
      }
      expect(new Set(seen).size, filter).toBe(seen.length);
      expect([...seen].sort(), filter).toEqual([...ids].sort());
    }
    const newest = await ok('POST', pathTo(forumPaths.search), anna, { studentId: ANNA, searchString: 'sinoatrial node', limit: 3 });
    expect(newest.questions.map((q: Question) => q._id)).toEqual([ids[1009], ids[1008], ids[1007]]);
    // A rarer word is counted exactly.
    expect(await ok('POST', pathTo(forumPaths.search), anna, { studentId: ANNA, searchString: 'probe 100', limit: 1 })).toMatchObject({ totalRecords: expect.any(Number), totalCapped: false });
    const suggestions = await ok('POST', pathTo(forumPaths.keyword), anna, { searchString: 'sinoatrial', courseId: COURSE_A, limit: 5 });
    expect(suggestions).toHaveLength(5);
    await server.app.db.deleteFrom('forum_questions').where('id', 'in', ids).execute();
  });

  it('keeps the teacher routes for staff and notifies the asker and the repliers live of a teacher reply', async () => {
    expect((await call('GET', pathTo(staffPaths.forumQuestions), anna)).statusCode).toBe(403);
    expect((await call('POST', pathTo(staffPaths.forumReply, { questionId: Q_BENGALI }), anna, { reply: 'x' })).statusCode).toBe(403);
    const open = await ok('GET', `${pathTo(staffPaths.forumQuestions)}?limit=100`, teacher);
    expect(open.questions.map((q: Question) => q._id)).toEqual(expect.arrayContaining([Q_BENGALI, Q_OTHER_BATCH, Q_OTHER_COURSE]));

    const baseUrl = await server.listen();
    const socket: Socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: anna }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await expect.poll(async () => (await server.app.realtime.io.in(`student:${ANNA}`).fetchSockets()).length).toBe(1);
      const received = new Promise<any>((resolve) => socket.once('notification', resolve));
      const answer = await ok('POST', pathTo(staffPaths.forumReply, { questionId: Q_BENGALI }), teacher, { reply: 'বাম নিলয়ের প্রাচীর বেশি পুরু।' });
      expect(answer).toMatchObject({ userType: 'Admin', userId: { _id: TEACHER, name: 'Teacher' }, questionId: Q_BENGALI });
      expect(await received).toMatchObject({ isSeen: false, notificationId: { message: 'A teacher answered your question', info: { on: 'forum', id: Q_BENGALI } } });
    } finally {
      socket.close();
    }
    const borisNotes = await ok('GET', pathTo(notificationsPaths.list), boris);
    expect(borisNotes[0].notificationId).toMatchObject({ message: 'A teacher answered a question you replied to', info: { on: 'forum', id: Q_BENGALI } });
    const comments = await ok('GET', pathTo(forumPaths.comments, { questionId: Q_BENGALI }), anna);
    expect(comments.map((c: { userType: string }) => c.userType)).toEqual(['Student', 'Admin']);
  });
});

describe.each(databaseKinds())('forum of the demo academy (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo' });
  });
  afterAll(() => server?.close());

  it('has English and Bengali threads with teacher replies for the demo student', async () => {
    const DEMO = '570000000000000000000001';
    const session = await server.sessionFor(DEMO);
    const found = async (searchString: string) => {
      const response = await server.call({ method: 'POST', url: apiPath(forumPaths.search), session, payload: { studentId: DEMO, searchString, limit: 100 } });
      expect(response.statusCode).toBe(200);
      return response.json().data as { questions: Question[]; totalRecords: number };
    };
    expect((await found('')).totalRecords).toBe(8);
    const bengali = await found('নিলয়');
    expect(bengali.questions).toHaveLength(1);
    expect(bengali.questions[0]!.answers).toBe(2);
    const comments = (await server.call({ method: 'GET', url: apiPath(forumPaths.comments, { questionId: bengali.questions[0]!._id }), session })).json().data;
    expect(comments.map((c: { userId: { name: string } }) => c.userId.name)).toEqual(['Mahmudul Hasan', 'Teacher']);
    expect((await found('dead space')).questions[0]!.status).toBe('COMPLETED');
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? null;
if (!redisUrl) {
  console.warn('Forum notifications over Redis did not run: TEST_REDIS_URL is not set.');
} else {
  describe('forum notifications across two server processes sharing Redis', () => {
    it('a teacher replying on one process reaches the asker whose socket is held by the other', async () => {
      await withTwoProcesses({ bundle, config: { redisUrl } }, async (first, second, baseUrl) => {
        const session = await first.sessionFor(ANNA);
        const teacher = await first.sessionFor(TEACHER, 'staff');
        const socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: session }, reconnection: false });
        try {
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
          await expect.poll(async () => (await second.realtime.io.in(`student:${ANNA}`).fetchSockets()).length).toBe(1);
          const received = new Promise<any>((resolve) => socket.once('notification', resolve));
          const replied = await second.inject({ method: 'POST', url: apiPath(staffPaths.forumReply, { questionId: Q_BENGALI }), headers: { authorization: teacher, agent: 'browser' }, payload: { reply: 'See the chapter notes.' } });
          expect(replied.statusCode).toBe(200);
          expect(await received).toMatchObject({ notificationId: { info: { on: 'forum', id: Q_BENGALI } } });
        } finally {
          socket.close();
        }
      });
    });
  });
}
