// An exam question's chapter, given by the import on every database kind: a `chapter` column of the
// exam sheet (XLSX or CSV) or a question's chapterId in a JSON bundle, checked against the question's
// subject (its own, else its exam's) with each problem by its row and column; a dry run lists it;
// importing again changes nothing, or only the chapter; the chapter may change on an exam students
// have started (it decides no marks); removing the chapter leaves the question without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { BundleError, importAcademy, type ImportReport } from '../../server/import/index.js';
import { readFiles } from '../../server/import/read.js';
import { workbook } from '../../server/import/sheets.js';
import { exportExams } from '../../server/import/export.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const COURSE = id('c3', 1);
const ANATOMY = id('b3', 1);
const PHYSIOLOGY = id('b3', 2);
const UPPER_LIMB = id('ca3', 1);
const THORAX = id('ca3', 2);
const HEART = id('ca3', 3);
const ANATOMY_LECTURE = id('1e3', 1);
const GROUP = id('a3', 1);
const STUDENT = id('d3', 1);

const academy = {
  courses: [{
    id: COURSE,
    name: 'Chapter Course',
    subjects: [
      { id: ANATOMY, name: 'Anatomy', chapters: [{ id: UPPER_LIMB, name: 'Upper Limb' }, { id: THORAX, name: 'Thorax' }], lectures: [{ id: ANATOMY_LECTURE, name: 'Anatomy Lecture' }] },
      { id: PHYSIOLOGY, name: 'Physiology', chapters: [{ id: HEART, name: 'Heart' }] },
    ],
  }],
  groups: [{ id: GROUP, name: 'Chapter Batch', courseId: COURSE, items: 'all' }],
  students: [{ id: STUDENT, name: 'Chapter Student', sid: 'CH-1', phone: '01900000031', groups: [GROUP] }],
};

const changes = (report: ImportReport) => Object.fromEntries(Object.entries(report.kinds).map(([k, v]) => [k, v.added + v.updated + v.removed]).filter(([, n]) => n));

/** An exam sheet of the course: its settings, then one row per question (no, type, question, A, B, answer, subject, chapter). */
const examSheet = (title: string, subject: string, questions: [string, string, string][]) => workbook([
  ['Exam', [['field', 'value'], ['title', title], ['course', COURSE], ['subject', subject], ['pass mark', '40'], ['batches', GROUP], ['start', '2030-01-10 10:00'], ['end', '2030-01-10 12:00'], ['duration', '60']]],
  ['Questions', [
    ['no', 'type', 'question', 'A', 'B', 'answer', 'subject', 'chapter'],
    ...questions.map(([title_, questionSubject, chapter], i) => [String(i + 1), 'MCQ', title_, 'yes', 'no', 'A', questionSubject, chapter]),
  ]],
]);

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(BundleError);
  return (error as BundleError).problems;
}

describe.each(databaseKinds())("an exam question's chapter, by import (%s)", (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  const now = new Date();
  const db = (): Kysely<Database> => connection.db;
  const importFile = async (name: string, data: Buffer, dryRun = false) => {
    const { input, places, problems } = await readFiles([{ name, data }]);
    return importAcademy(db(), input, { now, scryptCost: 16384, places, problems, dryRun });
  };
  const importBundle = (bundle: unknown, dryRun = false) => importAcademy(db(), bundle, { now, scryptCost: 16384, dryRun });
  const chapters = async (title: string) =>
    (await db().selectFrom('questions').innerJoin('exams', 'exams.id', 'questions.exam_id').select(['questions.title', 'questions.chapter_id'])
      .where('exams.title', '=', title).orderBy('questions.position').execute()).map((q) => [q.title, q.chapter_id]);

  beforeAll(async () => {
    database = await createDatabase(kind);
    connection = await connect(database.url);
    await migrate(connection.db, connection.dialect);
    await importAcademy(connection.db, academy, { now, scryptCost: 16384 });
  });
  afterAll(async () => {
    await connection.db.destroy();
    await database.drop();
  });

  it('reads the chapter column: a dry run lists the questions, the import sets their chapters, again changes nothing', async () => {
    const sheet = await examSheet('Chapter Test', ANATOMY, [
      ['The deltoid is supplied by', '', UPPER_LIMB],
      ['The first heart sound', PHYSIOLOGY, HEART],
      ['A question of no chapter', '', ''],
    ]);
    const dry = await importFile('week.xlsx', sheet, true);
    expect(changes(dry)).toEqual({ exam: 1, question: 3, 'exam schedule': 1 });
    expect(await chapters('Chapter Test')).toEqual([]);

    const real = await importFile('week.xlsx', sheet);
    expect(changes(real)).toEqual(changes(dry));
    expect(await chapters('Chapter Test')).toEqual([['The deltoid is supplied by', UPPER_LIMB], ['The first heart sound', HEART], ['A question of no chapter', null]]);

    const again = await importFile('week.xlsx', sheet);
    expect(again.changed).toBe(false);
    expect(again.kinds.question).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    // The export writes the chapter back out, so what it wrote imports as a no-op too.
    const exported = (await exportExams(db())).find((e) => e.title === 'Chapter Test')!;
    expect(exported.questions.map((q) => q.chapterId)).toEqual([UPPER_LIMB, HEART, undefined]);
  });

  it('changes only the chapter when the sheet gives another, and says so', async () => {
    const sheet = await examSheet('Chapter Test', ANATOMY, [
      ['The deltoid is supplied by', '', THORAX],
      ['The first heart sound', PHYSIOLOGY, HEART],
      ['A question of no chapter', '', UPPER_LIMB],
    ]);
    const dry = await importFile('week.xlsx', sheet, true);
    expect(dry.kinds.question).toMatchObject({ added: 0, updated: 2, unchanged: 1 });
    expect(dry.kinds.question!.changes.map((c) => [c.label, c.fields])).toEqual([
      ['question 1 of Chapter Test', ['chapter']],
      ['question 3 of Chapter Test', ['chapter']],
    ]);
    expect(await chapters('Chapter Test')).toEqual([['The deltoid is supplied by', UPPER_LIMB], ['The first heart sound', HEART], ['A question of no chapter', null]]);
    await importFile('week.xlsx', sheet);
    expect(await chapters('Chapter Test')).toEqual([['The deltoid is supplied by', THORAX], ['The first heart sound', HEART], ['A question of no chapter', UPPER_LIMB]]);
    expect((await importFile('week.xlsx', sheet)).changed).toBe(false);
  });

  it('refuses a chapter of another subject, an unknown one and a lecture, each by row and column, and writes nothing', async () => {
    const sheet = await examSheet('Refused Chapters', ANATOMY, [
      ['Of the exam subject, a chapter of another', '', HEART],
      ['Its own subject, a chapter of the exam subject', PHYSIOLOGY, THORAX],
      ['Unknown', '', id('ca3', 0xff)],
      ['A lecture', '', ANATOMY_LECTURE],
      ['Fine', '', UPPER_LIMB],
    ]);
    const problems = await refusal(importFile('week4.xlsx', sheet));
    expect(problems).toEqual([
      "week4.xlsx, sheet Questions, row 2, column H (chapter): question 1: chapter Heart is a chapter of Physiology, not of the question's subject Anatomy",
      "week4.xlsx, sheet Questions, row 3, column H (chapter): question 2: chapter Thorax is a chapter of Anatomy, not of the question's subject Physiology",
      `week4.xlsx, sheet Questions, row 4, column H (chapter): question 3: chapter ${id('ca3', 0xff)} is not in the bundle nor in the academy`,
      `week4.xlsx, sheet Questions, row 5, column H (chapter): question 4: Anatomy Lecture (${ANATOMY_LECTURE}) is a lecture, not a chapter`,
    ]);
    expect(await chapters('Refused Chapters')).toEqual([]);

    // A chapter is given by its id (as the subject is), not by its name.
    const named = await examSheet('Named Chapter', ANATOMY, [['Fine', '', UPPER_LIMB], ['A name', '', 'Upper Limb']]);
    expect(await refusal(importFile('week5.xlsx', named))).toEqual([
      'week5.xlsx, sheet Questions, row 3, column H (chapter): question 2: chapter "Upper Limb" is not a chapter id (24 hex characters: the item id of the chapter in the content sheet)',
    ]);
    expect(await chapters('Named Chapter')).toEqual([]);

    // A CSV exam without a subject: a chapter needs the question's subject.
    const csv = ['title,No Subject Test', `course,${COURSE}`, 'pass mark,40', '', 'no,type,question,A,B,answer,subject,chapter', `1,MCQ,Which nerve?,a,b,A,,${UPPER_LIMB}`, `2,MCQ,Which valve?,a,b,A,${PHYSIOLOGY},${HEART}`].join('\n');
    expect(await refusal(importFile('nosubject.csv', Buffer.from(csv)))).toEqual([
      "nosubject.csv, row 6, column H (chapter): question 1: chapter Upper Limb needs the question's subject: give the question a subject (or the exam one)",
    ]);
    expect(await chapters('No Subject Test')).toEqual([]);
  });

  it('takes chapterId in a JSON bundle, a chapter of the same bundle as well, and refuses one of another subject by its field', async () => {
    const NEW_SUBJECT = id('b3', 3);
    const NEW_CHAPTER = id('ca3', 4);
    const exam = (chapterOfSecond: string) => ({
      id: id('f3', 1), title: 'Bundle Chapter Test', courseId: COURSE, subjectId: ANATOMY, passMark: 40,
      questions: [
        { id: id('e3', 1), type: 'MCQ', title: 'Bundle one', point: 1, options: ['a', 'b'], answer: [0], chapterId: UPPER_LIMB },
        { id: id('e3', 2), type: 'MCQ', title: 'Bundle two', point: 1, options: ['a', 'b'], answer: [0], subjectId: NEW_SUBJECT, chapterId: chapterOfSecond },
      ],
    });
    const courses = [{ id: COURSE, subjects: [{ id: NEW_SUBJECT, name: 'Biochemistry', chapters: [{ id: NEW_CHAPTER, name: 'Enzymes' }] }] }];
    const wrong = await refusal(importBundle({ courses, exams: [exam(HEART)] }));
    expect(wrong).toEqual(["/exams/0/questions/1/chapterId: question 2: chapter Heart is a chapter of Physiology, not of the question's subject Biochemistry"]);
    expect(await db().selectFrom('items').select('id').where('id', '=', NEW_CHAPTER).executeTakeFirst()).toBeUndefined();

    const report = await importBundle({ courses, exams: [exam(NEW_CHAPTER)] });
    expect(report.kinds.question).toMatchObject({ added: 2 });
    expect(await chapters('Bundle Chapter Test')).toEqual([['Bundle one', UPPER_LIMB], ['Bundle two', NEW_CHAPTER]]);
    expect((await importBundle({ courses, exams: [exam(NEW_CHAPTER)] })).changed).toBe(false);
  });

  it('lets the chapter change on an exam students have started, but not its key, and names only the key', async () => {
    const EXAM = id('f3', 2);
    const started = (answer: number, chapterId: string) => ({
      exams: [{
        id: EXAM, title: 'Started Test', courseId: COURSE, subjectId: ANATOMY, isPracticeExam: true, passMark: 40,
        questions: [{ id: id('e3', 3), type: 'MCQ', title: 'Started one', point: 1, options: ['a', 'b'], answer: [answer], chapterId }],
        assignments: [{ groupId: GROUP, startsAt: 'now-2d', endsAt: 'now+30d', duration: 30 }],
      }],
    });
    await importBundle({ ...started(0, UPPER_LIMB), submissions: [{ examId: EXAM, groupId: GROUP, studentId: STUDENT, startedAt: 'now-1d10m', submittedAt: 'now-1d', answers: [{ questionId: id('e3', 3), answer: [0] }] }] });
    const stamp = (await db().selectFrom('exams').select('created_at').where('id', '=', EXAM).executeTakeFirstOrThrow()).created_at;

    const later = new Date(now.getTime() + 60_000);
    const moved = await importAcademy(db(), started(0, THORAX), { now: later, scryptCost: 16384 });
    expect(moved.kinds.question!.changes).toEqual([expect.objectContaining({ action: 'updated', fields: ['chapter'] })]);
    expect(await chapters('Started Test')).toEqual([['Started one', THORAX]]);
    // The exam is stamped anew, so every server prepares its paper (with the question rows) again.
    expect((await db().selectFrom('exams').select('created_at').where('id', '=', EXAM).executeTakeFirstOrThrow()).created_at).not.toBe(stamp);

    const problems = await refusal(importBundle(started(1, UPPER_LIMB)));
    expect(problems).toEqual(['/exams/0/questions/0: question 1 of Started Test: cannot change (answer), 1 student has started it; a key correction after the exam is a regrade']);
    expect(await chapters('Started Test')).toEqual([['Started one', THORAX]]);
  });

  it('leaves the questions of a removed chapter without one', async () => {
    expect((await chapters('Chapter Test'))[0]).toEqual(['The deltoid is supplied by', THORAX]);
    const report = await importBundle({ remove: [{ kind: 'item', id: THORAX }] });
    expect(report.kinds.item).toMatchObject({ removed: 1 });
    expect(await chapters('Chapter Test')).toEqual([['The deltoid is supplied by', null], ['The first heart sound', HEART], ['A question of no chapter', UPPER_LIMB]]);
    expect(await chapters('Started Test')).toEqual([['Started one', null]]);
  });
});
