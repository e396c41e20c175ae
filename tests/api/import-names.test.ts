// Sheets by name, on every database kind: an exam sheet names its course by title, its subject, batch
// and chapters by name; a students sheet its batch; a content sheet its course and subject. Ids are
// still taken. A name that matches nothing or more than one thing refuses the whole import with its
// place and the candidates, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { BundleError, importAcademy } from '../../server/import/index.js';
import { readFiles } from '../../server/import/read.js';
import { workbook } from '../../server/import/sheets.js';
import { NameBook } from '../../server/import/names.js';
import { loadNames } from '../../server/import/queries.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const MBBS = id('c7', 1);
const FCPS = id('c7', 2);
const MBBS_PHYSIOLOGY = id('b7', 1);
const FCPS_PHYSIOLOGY = id('b7', 2);
const RENAL = id('ca7', 1);
const CARDIAC = id('ca7', 2);
const MBBS_MORNING = id('a7', 1);
const MBBS_EVENING = id('a7', 2);
const FCPS_MORNING = id('a7', 3);

const academy = {
  courses: [
    { id: MBBS, name: 'MBBS Admission 2026', subjects: [{ id: MBBS_PHYSIOLOGY, name: 'Physiology', chapters: [{ id: RENAL, name: 'Renal Physiology' }, { id: CARDIAC, name: 'Cardiac Physiology' }] }] },
    { id: FCPS, name: 'FCPS Part-1 Medicine', subjects: [{ id: FCPS_PHYSIOLOGY, name: 'Physiology' }] },
  ],
  groups: [
    { id: MBBS_MORNING, name: 'MBBS 2026 Morning Batch', courseId: MBBS, items: 'all' },
    { id: MBBS_EVENING, name: 'MBBS 2026 Evening Batch', courseId: MBBS, items: 'all' },
    { id: FCPS_MORNING, name: 'FCPS Morning Batch', courseId: FCPS, items: 'all' },
  ],
};

const examSheet = (settings: Record<string, string>, batch: string, chapter = 'Renal Physiology') => workbook([
  ['Exam', [['field', 'value'], ['title', 'Weekly Live Test: Renal (Week 49)'], ['course', 'MBBS Admission 2026'], ['subject', 'Physiology'], ['pass mark', '40'], ...Object.entries(settings)]],
  ['Batches', [['batch', 'start', 'end', 'duration'], [batch, '2030-12-03 10:00', '2030-12-03 12:00', '60']]],
  ['Questions', [['no', 'type', 'question', 'A', 'B', 'answer', 'chapter'], ['1', 'MCQ', 'The kidney filters …', 'blood', 'air', 'A', chapter], ['2', 'MCQ', 'GFR is about …', '125 ml/min', '5 l/min', 'A', '']]],
]);

describe.each(databaseKinds())('sheets that name things as people see them (%s)', (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  const now = new Date('2030-11-29T08:00:00Z');
  const db = (): Kysely<Database> => connection.db;
  const importFile = async (name: string, data: Buffer, dryRun = false) => {
    const { input, places, problems } = await readFiles([{ name, data }], new NameBook(await loadNames(db())));
    return importAcademy(db(), input, { now, scryptCost: 16384, places, problems, dryRun });
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(BundleError);
    return (error as BundleError).problems;
  };

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

  it('imports an exam naming its course, subject, batch and chapter, and again changes nothing', async () => {
    const sheet = await examSheet({}, 'mbbs 2026  morning batch');
    const report = await importFile('renal.xlsx', sheet);
    expect(report.kinds.exam!.added).toBe(1);
    const exam = await db().selectFrom('exams').selectAll().where('title', '=', 'Weekly Live Test: Renal (Week 49)').executeTakeFirstOrThrow();
    expect([exam.course_id, exam.subject_id]).toEqual([MBBS, MBBS_PHYSIOLOGY]);
    const schedules = await db().selectFrom('exam_assignments').select('group_id').where('exam_id', '=', exam.id).execute();
    expect(schedules.map((s) => s.group_id)).toEqual([MBBS_MORNING]);
    const chapters = await db().selectFrom('questions').select('chapter_id').where('exam_id', '=', exam.id).orderBy('position').execute();
    expect(chapters.map((q) => q.chapter_id)).toEqual([RENAL, null]);
    expect((await importFile('renal.xlsx', sheet)).changed).toBe(false);
  });

  it('takes ids as before', async () => {
    const report = await importFile('ids.xlsx', await examSheet({}, MBBS_EVENING, RENAL), true);
    expect(report.kinds['exam schedule']!.added).toBe(1);
  });

  it('refuses an ambiguous batch with its candidates and place, writing nothing', async () => {
    const before = await db().selectFrom('exams').select('id').execute();
    const problems = await refusal(importFile('week50.xlsx', await examSheet({ title: 'Week 50' }, 'Morning')));
    expect(problems).toEqual(["week50.xlsx, sheet Batches, row 2, column A (batch): batch 'Morning' is not the full name of a batch of MBBS Admission 2026: write 'MBBS 2026 Morning Batch'"]);
    // Without the course to narrow it, both morning batches are candidates.
    const students = workbook([['Students', [['name', 'phone', 'roll', 'batch'], ['Farhana Akter', '01700007001', 'R-1', 'Morning']]]]);
    expect(await refusal(importFile('students.xlsx', await students))).toEqual([
      "students.xlsx, sheet Students, row 2, column D (batch): batch 'Morning' matches 'MBBS 2026 Morning Batch' and 'FCPS Morning Batch': write the full name",
    ]);
    expect(await db().selectFrom('exams').select('id').execute()).toEqual(before);
  });

  it('refuses an unknown course, subject and chapter, each with the academy\'s candidates', async () => {
    const sheet = workbook([
      ['Exam', [['field', 'value'], ['title', 'Unknown'], ['course', 'MBBS 2027'], ['pass mark', '40']]],
      ['Questions', [['no', 'type', 'question', 'A', 'B', 'answer', 'subject', 'chapter'], ['1', 'MCQ', 'Q', 'a', 'b', 'A', 'Anatomy', 'Renal']]],
    ]);
    const problems = await refusal(importFile('unknown.xlsx', await sheet));
    expect(problems).toContain("unknown.xlsx, sheet Exam, row 3, column B: course 'MBBS 2027' is not a course: the academy's are 'MBBS Admission 2026' and 'FCPS Part-1 Medicine'");
    expect(problems).toContain("unknown.xlsx, sheet Questions, row 2, column G (subject): subject 'Anatomy' is not a subject: the academy's are 'Physiology'");
    // An unknown course narrows nothing: the chapter is looked for in the whole academy.
    expect(problems).toContain("unknown.xlsx, sheet Questions, row 2, column H (chapter): chapter 'Renal' is not the full name of a chapter: write 'Renal Physiology'");
    expect(problems).toHaveLength(3);
    const chapter = await refusal(importFile('chapter.xlsx', await examSheet({ title: 'Chapter' }, 'MBBS 2026 Morning Batch', 'Renal')));
    expect(chapter).toEqual(["chapter.xlsx, sheet Questions, row 2, column G (chapter): chapter 'Renal' is not the full name of a chapter of Physiology: write 'Renal Physiology'"]);
    const other = await refusal(importFile('other.xlsx', await examSheet({ title: 'Other' }, 'FCPS Morning Batch')));
    expect(other).toEqual(["other.xlsx, sheet Batches, row 2, column A (batch): batch 'FCPS Morning Batch' is not a batch of MBBS Admission 2026: the academy's are 'MBBS 2026 Morning Batch' and 'MBBS 2026 Evening Batch'"]);
  });

  it('reads a students sheet and a content sheet by name', async () => {
    const students = workbook([['Students', [['batch', 'FCPS Morning Batch'], [], ['name', 'phone', 'roll'], ['Sadia Islam', '01700007002', 'R-2']]]]);
    expect((await importFile('students.xlsx', await students)).kinds['batch member']!.added).toBe(1);
    const member = await db().selectFrom('group_members').innerJoin('students', 'students.id', 'group_members.student_id').select('group_members.group_id').where('students.username', '=', '8801700007002').execute();
    expect(member).toEqual([{ group_id: FCPS_MORNING }]);
    const content = workbook([['Content', [['course', 'subject', 'kind', 'item'], ['FCPS Part-1 Medicine', 'Physiology', 'lecture', 'Acid-base balance']]]]);
    await importFile('content.xlsx', await content);
    const lecture = await db().selectFrom('items').select('subject_id').where('name', '=', 'Acid-base balance').executeTakeFirstOrThrow();
    expect(lecture.subject_id).toBe(FCPS_PHYSIOLOGY);
  });
});
