// From a result to learning, through the API on every database kind: each result question says where
// it is studied (its own chapter, set by the import, else its subject's; only in a course the
// student's batches reach), and the scoreboard's strength
// per subject is the share of marks over the student's newest published results, worked out by hand
// below; never from an unpublished live exam, another student's results or a written answer still
// waiting for marks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { resultsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const COURSE = id('c2', 1);
const DRILL_COURSE = id('c2', 2);
const ELSEWHERE = id('c2', 3);
const ANATOMY = id('b2', 1);
const PHYSIOLOGY = id('b2', 2);
const BIOCHEMISTRY = id('b2', 3);
const FOREIGN_SUBJECT = id('b2', 4);
const UPPER_LIMB = id('ca2', 1);
const HEART = id('ca2', 2);
const LUNGS = id('ca2', 3);
const UPPER_LIMB_VIDEO = id('cc2', 1);
const GROUP = id('a2', 1);
const DRILL_GROUP = id('a2', 2);
const STUDENT = id('d2', 1);
const CLASSMATE = id('d2', 2);
const PRACTICE = id('f2', 1);
const PUBLISHED = id('f2', 2);
const UNPUBLISHED = id('f2', 3);
const DRILLS = Array.from({ length: 10 }, (_, i) => id('f21', i));
const q = (n: number) => id('e2', n);
const Q = { noSubject: q(1), anatomyRight: q(2), anatomyWrong: q(3), physiologyRight: q(4), physiologySkipped: q(5), written: q(6), liveRight: q(7), liveOfExamSubject: q(8), unpublished: q(9), foreign: q(10) };

const mcq = (questionId: string, point: number, subjectId?: string, chapterId?: string) => ({
  id: questionId, type: 'MCQ', title: `Question ${questionId.slice(-2)}`, point, options: ['A', 'B', 'C'], answer: [0], ...(subjectId ? { subjectId } : {}), ...(chapterId ? { chapterId } : {}),
});
const right = (questionId: string) => ({ questionId, answer: [0] });
const wrong = (questionId: string) => ({ questionId, answer: [1] });
const sitting = (studentId: string, examId: string, at: string, answers: { questionId: string; answer: unknown[] }[], groupId = GROUP) => ({
  examId, groupId, studentId, startedAt: `${at}10m`, submittedAt: at, answers,
});

function bundle() {
  return {
    courses: [
      {
        id: COURSE,
        name: 'Learning Course',
        subjects: [
          // Upper Limb has a video, Heart notes only, Lungs nothing to study.
          { id: ANATOMY, name: 'Anatomy', chapters: [{ id: UPPER_LIMB, name: 'Upper Limb', contents: [{ id: UPPER_LIMB_VIDEO, type: 'video', title: 'The brachial plexus', url: 'https://stream.test/plexus.m3u8', videoKind: 'hls' }] }] },
          {
            id: PHYSIOLOGY,
            name: 'Physiology',
            chapters: [{ id: HEART, name: 'Heart', contents: [{ id: id('cc2', 2), type: 'file', title: 'Cardiac cycle notes', key: 'notes/cardiac-cycle.pdf' }] }, { id: LUNGS, name: 'Lungs' }],
          },
        ],
      },
      { id: DRILL_COURSE, name: 'Drill Course', subjects: [{ id: BIOCHEMISTRY, name: 'Biochemistry' }] },
      { id: ELSEWHERE, name: 'A course of no batch of the student', subjects: [{ id: FOREIGN_SUBJECT, name: 'Foreign Subject', chapters: [{ id: id('ca2', 9), name: 'Foreign Chapter' }] }] },
    ],
    groups: [
      { id: GROUP, name: 'Learning Batch', courseId: COURSE, items: 'all' },
      { id: DRILL_GROUP, name: 'Drill Batch', courseId: DRILL_COURSE, items: 'all' },
    ],
    students: [
      { id: STUDENT, name: 'Learner One', sid: 'L-1', phone: '01900000011', groups: [GROUP, DRILL_GROUP] },
      { id: CLASSMATE, name: 'Learner Two', sid: 'L-2', phone: '01900000012', groups: [GROUP] },
    ],
    exams: [
      {
        id: PRACTICE,
        title: 'Mixed Practice',
        courseId: COURSE,
        isPracticeExam: true,
        passMark: 40,
        negativeMark: 0.5,
        questions: [
          mcq(Q.noSubject, 1),
          mcq(Q.anatomyRight, 2, ANATOMY),
          mcq(Q.anatomyWrong, 2, ANATOMY),
          mcq(Q.physiologyRight, 1, PHYSIOLOGY),
          // Its own chapter, one of Physiology's two: the import set it.
          mcq(Q.physiologySkipped, 3, PHYSIOLOGY, LUNGS),
          { id: Q.written, type: 'shortAns', title: 'Name the valve', point: 5, subjectId: PHYSIOLOGY },
        ],
        assignments: [{ groupId: GROUP, startsAt: 'now-30d', endsAt: 'now+30d', duration: 30 }],
      },
      {
        id: PUBLISHED,
        title: 'Published Live Test',
        courseId: COURSE,
        subjectId: ANATOMY,
        passMark: 40,
        // The last question's subject is of a course none of the student's batches reaches.
        questions: [mcq(Q.liveRight, 2, PHYSIOLOGY), mcq(Q.liveOfExamSubject, 2), mcq(Q.foreign, 1, FOREIGN_SUBJECT)],
        assignments: [{ groupId: GROUP, startsAt: 'now-20d', endsAt: 'now-19d', duration: 60, resultPublished: true }],
      },
      {
        id: UNPUBLISHED,
        title: 'Unpublished Live Test',
        courseId: COURSE,
        subjectId: PHYSIOLOGY,
        passMark: 40,
        questions: [mcq(Q.unpublished, 4)],
        assignments: [{ groupId: GROUP, startsAt: 'now-3h', endsAt: 'now-2h', duration: 30 }],
      },
      ...DRILLS.map((examId, i) => ({
        id: examId,
        title: `Biochemistry Drill ${i + 1}`,
        courseId: DRILL_COURSE,
        subjectId: BIOCHEMISTRY,
        isPracticeExam: true,
        passMark: 40,
        questions: [mcq(id('e21', i), 1)],
        assignments: [{ groupId: DRILL_GROUP, startsAt: 'now-30d', endsAt: 'now+30d', duration: 10 }],
      })),
    ],
    submissions: [
      sitting(STUDENT, PRACTICE, 'now-12d', [right(Q.noSubject), right(Q.anatomyRight), wrong(Q.anatomyWrong), right(Q.physiologyRight), { questionId: Q.written, answer: ['Mitral'] }]),
      sitting(STUDENT, PUBLISHED, 'now-19d30m', [right(Q.liveRight), right(Q.liveOfExamSubject)]),
      sitting(STUDENT, UNPUBLISHED, 'now-2h10m', [right(Q.unpublished)]),
      // The classmate answers everything right: none of it may reach the student's figures.
      sitting(CLASSMATE, PRACTICE, 'now-9d', [right(Q.noSubject), right(Q.anatomyRight), right(Q.anatomyWrong), right(Q.physiologyRight), right(Q.physiologySkipped)]),
      // The newest ten of the student's results are these drills (one mark each, two of them wrong).
      ...DRILLS.map((examId, i) => sitting(STUDENT, examId, `now-${i + 1}d`, [i < 2 ? wrong(id('e21', i)) : right(id('e21', i))], DRILL_GROUP)),
    ],
  };
}

describe.each(databaseKinds())('from a result to learning (%s)', (kind) => {
  let server: TestServer;
  let me: string;
  let classmate: string;
  let bodies: string[];

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: bundle() });
    me = await server.sessionFor(STUDENT);
    classmate = await server.sessionFor(CLASSMATE);
    bodies = [];
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => bodies);
  const result = (exam: string, session = me) => call('GET', apiPath(resultsPaths.result, { examId: exam, groupId: GROUP }), session);
  const study = (body: { data?: { answers: { questionId: { _id: string; study: unknown } }[] } }) =>
    Object.fromEntries((body.data?.answers ?? []).map((a) => [a.questionId._id, a.questionId.study]));

  it("names each question's study place: the subject's one chapter and its tab, else its chapters; nothing without a subject", async () => {
    const response = await result(PRACTICE);
    expect(response.status).toBe(200);
    const places = study(response.body);
    expect(places[Q.noSubject]).toBeNull();
    expect(places[Q.anatomyRight]).toEqual({ courseId: COURSE, subjectId: ANATOMY, subjectName: 'Anatomy', chapterId: UPPER_LIMB, chapterName: 'Upper Limb', studyTab: 'videos' });
    expect(places[Q.physiologyRight]).toEqual({ courseId: COURSE, subjectId: PHYSIOLOGY, subjectName: 'Physiology', chapterId: null, chapterName: null, studyTab: 'chapters' });
    // A question without its own subject takes its exam's.
    expect(study((await result(PUBLISHED)).body)[Q.liveOfExamSubject]).toMatchObject({ subjectId: ANATOMY, chapterId: UPPER_LIMB });
  });

  it("names the question's own chapter first: of two chapters of its subject, the one the import gave it", async () => {
    const places = study((await result(PRACTICE)).body);
    // Lungs has nothing to study: Study leads to the subject's chapters instead.
    expect(places[Q.physiologySkipped]).toEqual({ courseId: COURSE, subjectId: PHYSIOLOGY, subjectName: 'Physiology', chapterId: LUNGS, chapterName: 'Lungs', studyTab: 'chapters' });
    // The same subject's question without a chapter still leads to the subject's chapters.
    expect(places[Q.physiologyRight]).toMatchObject({ chapterId: null, studyTab: 'chapters' });
    // A chapter given by a later import is followed at once, to the tab that has something: Heart's notes.
    await server.app.db.updateTable('questions').set({ chapter_id: HEART }).where('id', '=', Q.physiologyRight).execute();
    expect(study((await result(PRACTICE)).body)[Q.physiologyRight]).toMatchObject({ chapterId: HEART, chapterName: 'Heart', studyTab: 'notes' });
  });

  it('names no study place in a course none of the student’s batches reaches', async () => {
    const response = await result(PUBLISHED);
    expect(response.status).toBe(200);
    expect(study(response.body)[Q.foreign]).toBeNull();
  });

  it('follows the batch: a chapter the batch does not reach is never named', async () => {
    // The batch reaches one of Physiology's two chapters only: that one is where Physiology is studied.
    await server.app.db.deleteFrom('group_items').where('group_id', '=', GROUP).where('item_id', '=', LUNGS).execute();
    const places = study((await result(PRACTICE)).body);
    expect(places[Q.physiologyRight]).toMatchObject({ chapterId: HEART, chapterName: 'Heart', studyTab: 'notes' });
    // A question whose own chapter the batch does not reach leads to its subject, never to another chapter.
    expect(places[Q.physiologySkipped]).toEqual({ courseId: COURSE, subjectId: PHYSIOLOGY, subjectName: 'Physiology', chapterId: null, chapterName: null, studyTab: 'chapters' });
    // And none of Anatomy's: its chapter list would be empty, so there is nowhere to study it, never Upper Limb.
    await server.app.db.deleteFrom('group_items').where('group_id', '=', GROUP).where('item_id', '=', UPPER_LIMB).execute();
    expect(study((await result(PRACTICE)).body)[Q.anatomyRight]).toMatchObject({ subjectId: ANATOMY, chapterId: null, studyTab: null });
  });

  it('offers Study only where the chapter has something a student may see', async () => {
    // Upper Limb's one video unpublished: nothing left to study there, nor elsewhere in Anatomy.
    await server.app.db.updateTable('contents').set({ is_published: 0 }).where('id', '=', UPPER_LIMB_VIDEO).execute();
    expect(study((await result(PRACTICE)).body)[Q.anatomyRight]).toMatchObject({ chapterId: UPPER_LIMB, studyTab: null });
    // Notes beside the unpublished video: the Notes tab.
    await server.app.db
      .insertInto('contents')
      .values({
        id: id('cc2', 3), item_id: UPPER_LIMB, type: 'file', title: 'Upper limb notes', url: null, key: 'notes/upper-limb.pdf', thumbnail: null, video_kind: null,
        is_published: 1, is_vod: 0, is_available: 1, is_drm_enabled: '0', drm_type: null, drm_keys: null, subjects: '[]', position: 2, created_at: new Date().toISOString(),
      })
      .execute();
    expect(study((await result(PRACTICE)).body)[Q.anatomyRight]).toMatchObject({ chapterId: UPPER_LIMB, studyTab: 'notes' });
  });

  it('still keeps a live result and its study places back until it is published', async () => {
    const response = await result(UNPUBLISHED);
    expect(response.status).toBe(200);
    expect(response.body.data.code).toBe('notPublishedYet');
    expect(response.raw).not.toContain('study');
  });

  it('works out the strength per subject over the newest published results of a course, by hand', async () => {
    const response = await call('GET', `${apiPath(resultsPaths.scoreboard)}?courseId=${COURSE}`, me);
    expect(response.status).toBe(200);
    // Mixed Practice (negative 0.5): Anatomy 2 - 0.5 of 4; Physiology 1 of 1 + 3 (the written answer waits: left out).
    // Published Live Test: Physiology 2 of 2; the question without a subject is the exam's Anatomy, 2 of 2.
    // Its last question (a subject of another course, left unanswered) is 0 of 1. The unpublished live test
    // is not counted; the question without any subject neither.
    expect(response.body.data.strengths).toEqual({
      exams: 2,
      subjects: [
        { subjectId: ANATOMY, subjectName: 'Anatomy', marksObtained: 3.5, totalMarks: 6, percent: 58.3 },
        { subjectId: PHYSIOLOGY, subjectName: 'Physiology', marksObtained: 3, totalMarks: 6, percent: 50 },
        { subjectId: FOREIGN_SUBJECT, subjectName: 'Foreign Subject', marksObtained: 0, totalMarks: 1, percent: 0 },
      ],
    });
    // The paged scoreboard carries the same figures.
    const page = await call('GET', `${apiPath(resultsPaths.scoreboardPage)}?courseId=${COURSE}&limit=1`, me);
    expect(page.body.data.strengths).toEqual(response.body.data.strengths);
  });

  it('takes only the newest ten results', async () => {
    const response = await call('GET', apiPath(resultsPaths.scoreboard), me);
    expect(response.status).toBe(200);
    // The ten drills (8 of 10 right) are newer than every other result of the student.
    expect(response.body.data.strengths).toEqual({
      exams: 10,
      subjects: [{ subjectId: BIOCHEMISTRY, subjectName: 'Biochemistry', marksObtained: 8, totalMarks: 10, percent: 80 }],
    });
  });

  it("never mixes in another student's results, and counts a live exam once it is published", async () => {
    const mine = (await call('GET', `${apiPath(resultsPaths.scoreboard)}?courseId=${COURSE}`, classmate)).body.data.strengths;
    // The classmate sat only the practice: everything right, negative marks none, the written question unanswered (0 of 5).
    expect(mine).toEqual({
      exams: 1,
      subjects: [
        { subjectId: ANATOMY, subjectName: 'Anatomy', marksObtained: 4, totalMarks: 4, percent: 100 },
        { subjectId: PHYSIOLOGY, subjectName: 'Physiology', marksObtained: 4, totalMarks: 9, percent: 44.4 },
      ],
    });
    await server.app.db.updateTable('exam_assignments').set({ result_published: 1 }).where('exam_id', '=', UNPUBLISHED).execute();
    const after = (await call('GET', `${apiPath(resultsPaths.scoreboard)}?courseId=${COURSE}`, me)).body.data.strengths;
    expect(after.exams).toBe(3);
    expect(after.subjects).toContainEqual({ subjectId: PHYSIOLOGY, subjectName: 'Physiology', marksObtained: 7, totalMarks: 10, percent: 70 });
  });

  it('answers no subjects for a student with no published result', async () => {
    const response = await call('GET', `${apiPath(resultsPaths.scoreboard)}?courseId=${ELSEWHERE}`, classmate);
    expect(response.status).toBe(200);
    expect(response.body.data.strengths).toEqual({ exams: 0, subjects: [] });
  });
});
