// Learning content is limited to the student's batches: lists never include another batch's
// courses, items, videos or notes, and asking for them by id is refused without revealing them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { batchesBundle, ids, keys } from './content-batches.bundle.js';
import { contentPaths, mediaSitePaths, pathTo } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('learning content by batch (%s)', (kind) => {
  let server: TestServer;
  let a1: string;
  let a2: string;
  let b: string;
  let none: string;

  const get = async (url: string, session: string) => server.call({ method: 'GET', url, session });
  const data = async (url: string, session: string) => {
    const response = await get(url, session);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };
  const expectRefused = async (response: { statusCode: number; json(): { errors?: { title?: string } } }, what: string) => {
    expect([403, 404], what).toContain(response.statusCode);
    expect(response.json().errors?.title, what).toMatch(/\w/);
  };
  const ids_ = (list: { _id: string }[]) => list.map((x) => x._id);

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: batchesBundle, config: { scryptCost: 1024 } });
    [a1, a2, b, none] = await Promise.all([ids.studentA1, ids.studentA2, ids.studentB, ids.studentNone].map((id) => server.sessionFor(id)));
  });
  afterAll(() => server.close());

  it('lists only the courses of the student’s batches, with every subject and image', async () => {
    const courses = await data(apiPath(contentPaths.courses), a1);
    expect(courses).toEqual([
      {
        _id: ids.courseA, name: 'Course A', description: 'Course of batches A1 and A2', image: pathTo(mediaSitePaths.image, { name: 'course-mbbs.jpg' }),
        subjects: [
          { _id: ids.subjectA, name: 'Subject A', image: pathTo(mediaSitePaths.image, { name: 'subject-anatomy.jpg' }) },
          { _id: ids.subjectA2, name: 'Subject A two', image: null },
        ],
      },
    ]);
    expect(ids_(await data(apiPath(contentPaths.courses), b))).toEqual([ids.courseB]);
    expect(await data(apiPath(contentPaths.coursesOfStudent, { studentId: ids.studentA1 }), a1)).toEqual(courses);
  });

  it('gives a student in no batch empty lists', async () => {
    expect(await data(apiPath(contentPaths.courses), none)).toEqual([]);
    expect(await data(apiPath(contentPaths.coursesOfStudent, { studentId: ids.studentNone }), none)).toEqual([]);
    expect(await data(apiPath(contentPaths.coursesWithChapters), none)).toEqual([]);
  });

  it('refuses courseByStudent for another student', async () => {
    const response = await get(apiPath(contentPaths.coursesOfStudent, { studentId: ids.studentB }), a1);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors.code).toBe('notYourAccount');
  });

  it('lists only the chapters the batch reaches under each subject', async () => {
    const [course] = await data(apiPath(contentPaths.coursesWithChapters), a1);
    expect(course.subjects[0].chapters).toEqual([{ _id: ids.chapterA1, name: 'Chapter A1' }]);
    expect(course.subjects[1].chapters).toEqual([]);
    const [sameCourse] = await data(apiPath(contentPaths.coursesWithChapters), a2);
    expect(sameCourse.subjects[0].chapters).toEqual([{ _id: ids.chapterA2, name: 'Chapter A2' }]);
  });

  it('shows subjects of the student’s courses and refuses another course’s', async () => {
    expect(await data(apiPath(contentPaths.subject, { subjectId: ids.subjectA }), a1)).toEqual({
      _id: ids.subjectA, name: 'Subject A', image: pathTo(mediaSitePaths.image, { name: 'subject-anatomy.jpg' }), courseId: ids.courseA, courseName: 'Course A',
    });
    await expectRefused(await get(apiPath(contentPaths.subject, { subjectId: ids.subjectB }), a1), 'subject of another course');
    await expectRefused(await get(apiPath(contentPaths.subject, { subjectId: ids.subjectA }), none), 'subject for a student in no batch');
    expect(await data(`${apiPath(contentPaths.subjectsOfCourse, { courseId: ids.courseA })}?forExam=false`, a1)).toEqual([
      { _id: ids.subjectA, name: 'Subject A', image: pathTo(mediaSitePaths.image, { name: 'subject-anatomy.jpg' }), courseId: ids.courseA },
      { _id: ids.subjectA2, name: 'Subject A two', image: null, courseId: ids.courseA },
    ]);
    expect(await data(`${apiPath(contentPaths.subjectsOfCourse, { courseId: ids.courseA })}?forExam=true`, a1)).toEqual([]);
    await expectRefused(await get(apiPath(contentPaths.subjectsOfCourse, { courseId: ids.courseB }), a1), 'subjects of another course');
  });

  it('lists chapters, lectures and question-solve items of a subject for the batch only', async () => {
    expect(await data(apiPath(contentPaths.itemsOfSubject, { type: 'chapter', id: ids.subjectA }), a1)).toEqual([
      { _id: ids.chapterA1, name: 'Chapter A1', description: 'Reached by batch A1', subjectId: ids.subjectA },
    ]);
    expect(ids_(await data(apiPath(contentPaths.itemsOfSubject, { type: 'chapter', id: ids.subjectA }), a2))).toEqual([ids.chapterA2]);
    expect(ids_(await data(apiPath(contentPaths.itemsOfSubject, { type: 'lecture', id: ids.subjectA }), a1))).toEqual([ids.lectureA1]);
    expect(await data(apiPath(contentPaths.itemsOfSubject, { type: 'lecture', id: ids.subjectA }), a2)).toEqual([]);
    expect(await data(apiPath(contentPaths.itemsOfSubject, { type: 'question-solve', id: ids.subjectA }), a1)).toEqual([]);
    for (const type of ['chapter', 'lecture', 'question-solve']) {
      await expectRefused(await get(apiPath(contentPaths.itemsOfSubject, { type, id: ids.subjectB }), a1), `${type} list of another course`);
    }
  });

  it('gives an item with its visible videos and notes, hiding unpublished and unavailable on-demand videos', async () => {
    const item = await data(apiPath(contentPaths.itemContent, { type: 'chapter', itemId: ids.chapterA1 }), a1);
    expect(item.item).toEqual({
      _id: ids.chapterA1, name: 'Chapter A1', description: 'Reached by batch A1', subjectId: ids.subjectA,
      subjectName: 'Subject A', courseId: ids.courseA, courseName: 'Course A', type: 'chapter',
    });
    expect(ids_(item.videoContents)).toEqual([ids.videoA1, ids.drmA1, ids.vodShownA1, ids.embedA1]);
    expect(ids_(item.fileContents)).toEqual([ids.noteA1]);
    expect(ids_(item.contents)).toEqual([ids.videoA1, ids.drmA1, ids.vodShownA1, ids.embedA1, ids.noteA1]);
    expect(item.videoContents[0]).toEqual({
      _id: ids.videoA1, title: 'Video A1', URL: pathTo(mediaSitePaths.stream, { contentId: ids.videoA1, file: 'master.m3u8' }), key: keys.videoA1, thumbnail: null,
      type: 'video', isPublished: true, isVOD: false, isAvailable: true, isDrmEnabled: '0', drmType: null, videoKind: 'hls', subjects: [ids.subjectA],
    });
    expect(item.videoContents[1]).toMatchObject({ isDrmEnabled: '1', drmType: 'ClearKey', videoKind: 'dash-drm' });
    expect(item.videoContents[1]).not.toHaveProperty('drmKeys');
    expect(JSON.stringify(item)).not.toContain('5d1c9e4b');
    expect(item.videoContents[2]).toMatchObject({ isVOD: true, isAvailable: true });
    expect(item.fileContents[0]).toEqual({ _id: ids.noteA1, title: 'Note A1', key: 'notes/enzymes-notes.pdf', type: 'file', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('refuses another batch’s item by id, in the same course or another, and an item asked with the wrong type', async () => {
    await expectRefused(await get(apiPath(contentPaths.itemContent, { type: 'chapter', itemId: ids.chapterA2 }), a1), 'chapter of batch A2');
    await expectRefused(await get(apiPath(contentPaths.itemContent, { type: 'chapter', itemId: ids.chapterB }), a1), 'chapter of batch B');
    await expectRefused(await get(apiPath(contentPaths.itemContent, { type: 'chapter', itemId: ids.chapterA1 }), b), 'chapter A1 for batch B');
    await expectRefused(await get(apiPath(contentPaths.itemContent, { type: 'chapter', itemId: ids.chapterA1 }), none), 'chapter for a student in no batch');
    await expectRefused(await get(apiPath(contentPaths.itemContent, { type: 'lecture', itemId: ids.chapterA1 }), a1), 'chapter asked as a lecture');
    const refused = await get(apiPath(contentPaths.itemContent, { type: 'chapter', itemId: ids.chapterB }), a1);
    expect(refused.body).not.toContain('Chapter B');
    expect(refused.body).not.toContain(ids.videoB);
  });

  it('downloads a note of the batch as a PDF and refuses other notes', async () => {
    const response = await get(apiPath(contentPaths.noteFile, { contentId: ids.noteA1 }), a1);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('Note A1.pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    await expectRefused(await get(apiPath(contentPaths.noteFile, { contentId: ids.noteA2 }), a1), 'note of batch A2');
    await expectRefused(await get(apiPath(contentPaths.noteFile, { contentId: ids.noteB }), a1), 'note of batch B');
    await expectRefused(await get(apiPath(contentPaths.noteFile, { contentId: ids.videoA1 }), a1), 'a video asked as a note');
  });

  it('shows the student’s own batches only', async () => {
    expect(await data(apiPath(contentPaths.group, { id: ids.groupA1 }), a1)).toEqual({
      _id: ids.groupA1, name: 'Batch A1', courseId: ids.courseA, chapters: [ids.chapterA1], lectures: [ids.lectureA1], questionSolves: [], exams: [],
    });
    await expectRefused(await get(apiPath(contentPaths.group, { id: ids.groupA2 }), a1), 'batch A2');
    await expectRefused(await get(apiPath(contentPaths.group, { id: ids.groupB }), a1), 'batch B');
  });

  it('records a completion once per student, content and type, and reports it by subject', async () => {
    const mark = (contentId: string, payload: unknown, session = a1) =>
      server.call({ method: 'PATCH', url: apiPath(contentPaths.markComplete, { contentId }), payload: payload as object, session });
    const video = { courseId: ids.courseA, subjectId: ids.subjectA, type: 'video' };
    const first = await mark(ids.videoA1, video);
    expect(first.json()).toEqual({ data: { completed: true, recordedNow: true } });
    const second = await mark(ids.videoA1, video);
    expect(second.json()).toEqual({ data: { completed: true, recordedNow: false } });
    expect((await mark(ids.noteA1, { ...video, type: 'file' })).json().data.recordedNow).toBe(true);
    expect(await data(apiPath(contentPaths.subjectCompletion, { courseId: ids.courseA }), a1)).toEqual([
      { subjectId: ids.subjectA, videos: [ids.videoA1], files: [ids.noteA1] },
    ]);
    // Another student's completion is their own.
    expect(await data(apiPath(contentPaths.subjectCompletion, { courseId: ids.courseA }), a2)).toEqual([]);
  });

  it('refuses completion of hidden or other batches’ content and of another course’s completion list', async () => {
    const mark = (contentId: string, payload: object) => server.call({ method: 'PATCH', url: apiPath(contentPaths.markComplete, { contentId }), payload, session: a1 });
    const video = { courseId: ids.courseA, subjectId: ids.subjectA, type: 'video' };
    await expectRefused(await mark(ids.videoA2, video), 'video of batch A2');
    await expectRefused(await mark(ids.videoB, { courseId: ids.courseB, subjectId: ids.subjectB, type: 'video' }), 'video of batch B');
    await expectRefused(await mark(ids.unpublishedA1, video), 'unpublished video');
    await expectRefused(await mark(ids.vodHiddenA1, video), 'unavailable on-demand video');
    await expectRefused(await get(apiPath(contentPaths.subjectCompletion, { courseId: ids.courseB }), a1), 'completion of course B');
    expect((await mark(ids.videoA1, { ...video, type: 'file' })).statusCode).toBe(400);
    expect((await mark(ids.videoA1, { ...video, subjectId: ids.subjectA2 })).statusCode).toBe(400);
  });

  it('answers bad ids and bodies with 400, never 500', async () => {
    const cases = [
      { method: 'GET', url: apiPath(contentPaths.itemContent, { type: 'chapter', itemId: 'not-an-id' }) },
      { method: 'GET', url: apiPath(contentPaths.subject, { subjectId: '123' }) },
      { method: 'GET', url: apiPath(contentPaths.subjectsOfCourse, { courseId: 'ZZ0000000000000000000001' }) },
      { method: 'GET', url: `${apiPath(contentPaths.subjectsOfCourse, { courseId: ids.courseA })}?forExam=maybe` },
      { method: 'GET', url: apiPath(contentPaths.group, { id: 'x' }) },
      { method: 'GET', url: '/api/content/file/..%2F..%2Fpackage.json' },
      { method: 'GET', url: apiPath(contentPaths.coursesOfStudent, { studentId: 'me' }) },
      { method: 'GET', url: apiPath(contentPaths.subjectCompletion, { courseId: 'abc' }) },
      { method: 'PATCH', url: apiPath(contentPaths.markComplete, { contentId: ids.videoA1 }), payload: { courseId: ids.courseA, subjectId: ids.subjectA, type: 'audio' } },
      { method: 'PATCH', url: apiPath(contentPaths.markComplete, { contentId: ids.videoA1 }), payload: { courseId: ids.courseA } },
      { method: 'PATCH', url: apiPath(contentPaths.markComplete, { contentId: ids.videoA1 }) },
      { method: 'POST', url: apiPath(contentPaths.streamToken), payload: {} },
      { method: 'POST', url: apiPath(contentPaths.streamToken), payload: { key: '' } },
      { method: 'POST', url: apiPath(contentPaths.drmAuth), payload: { userId: ids.studentA1, contentId: ids.drmA1 } },
      { method: 'POST', url: apiPath(contentPaths.drmAuth), payload: { userId: 'me', contentId: ids.drmA1, platform: 'web' } },
    ] as const;
    for (const request of cases) {
      const response = await server.call({ ...request, session: a1 });
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
      expect(response.json().errors.title).toBe('Invalid request');
    }
  });

  it('needs a signed-in student', async () => {
    expect((await server.call({ method: 'GET', url: apiPath(contentPaths.courses) })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: apiPath(contentPaths.itemContent, { type: 'chapter', itemId: ids.chapterA1 }) })).statusCode).toBe(401);
    const staff = await server.sessionFor(ids.staff, 'staff');
    expect((await get(apiPath(contentPaths.courses), staff)).statusCode).toBe(403);
  });
});
