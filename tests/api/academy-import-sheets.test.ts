// The staff's sheets: XLSX and CSV read with exceljs and papaparse into the same importer. The demo
// academy's exams ship as an example workbook that imports cleanly; the templates import; what the
// export writes imports as a no-op; a broken sheet is refused whole with its sheet, row and column.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { readBundle } from '../../server/db/seed/import.js';
import { demoBundlePath } from '../../server/start.js';
import { BundleError, importAcademy, type ImportReport } from '../../server/import/index.js';
import { readFiles, readSource } from '../../server/import/read.js';
import { examCsv, readXlsx, workbook } from '../../server/import/sheets.js';
import { exportAcademy, exportExams } from '../../server/import/export.js';
import { demoExamsWorkbook, template } from '../../server/import/templates.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const EXAMPLE = 'docs/examples/demo-exams.xlsx';

const changes = (report: ImportReport) => Object.fromEntries(Object.entries(report.kinds).map(([k, v]) => [k, v.added + v.updated + v.removed]).filter(([, n]) => n));

async function importFiles(db: Kysely<Database>, files: { name: string; data: Buffer }[], now: Date, dryRun = false) {
  const { input, places, problems } = await readFiles(files);
  return importAcademy(db, input, { now, scryptCost: 16384, places, problems, dryRun });
}

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(BundleError);
  return (error as BundleError).problems;
}

describe('the example sheet of the demo exams', () => {
  it('is what the demo bundle writes today (run scripts/example-sheets.ts after changing the demo exams)', async () => {
    const shipped = await readXlsx('shipped', fs.readFileSync(EXAMPLE));
    const fresh = await readXlsx('shipped', await demoExamsWorkbook());
    expect(shipped).toEqual(fresh);
    expect(shipped.map((g) => g.sheet)).toContain('Questions 9');
  });
});

describe.each(databaseKinds())('sheets into the demo academy (%s)', (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  let dir: string;
  const now = new Date();
  const db = () => connection.db;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sheets-'));
    database = await createDatabase(kind);
    connection = await connect(database.url);
    await migrate(connection.db, connection.dialect);
    await importAcademy(connection.db, readBundle(demoBundlePath), { now, scryptCost: 16384 });
  });
  afterAll(async () => {
    await connection.db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the demo exams example workbook cleanly: the academy already holds every exam as written', async () => {
    const report = await importFiles(db(), [{ name: 'demo-exams.xlsx', data: fs.readFileSync(EXAMPLE) }], now);
    expect(changes(report)).toEqual({});
    expect(report.kinds.exam!.unchanged).toBe(10);
    expect(report.kinds.question!.unchanged).toBe(59);
  });

  it('imports each template: a dry run lists the additions, the import makes them, again changes nothing', async () => {
    const files = [
      { name: 'exam.xlsx', data: await template('exam') },
      { name: 'students.xlsx', data: await template('students') },
      { name: 'content.xlsx', data: await template('content') },
    ];
    const dry = await importFiles(db(), files, now, true);
    expect(changes(dry)).toEqual({ item: 3, content: 4, student: 3, 'batch member': 3, exam: 1, question: 9, 'exam schedule': 1 });
    const real = await importFiles(db(), files, now);
    expect(changes(real)).toEqual(changes(dry));
    expect(changes(await importFiles(db(), files, now))).toEqual({});

    const bengali = await db().selectFrom('questions').select(['title', 'options', 'answer']).where('title', 'like', 'হৃদপিণ্ড%').executeTakeFirstOrThrow();
    expect(bengali.title).toBe('হৃদপিণ্ডের কোন প্রকোষ্ঠ থেকে অক্সিজেনযুক্ত রক্ত মহাধমনীতে যায়?');
    expect(JSON.parse(bengali.options)).toEqual(['ডান অলিন্দ', 'ডান নিলয়', 'বাম অলিন্দ', 'বাম নিলয়']);
    expect(JSON.parse(bengali.answer)).toEqual([3]);
    const types = await db().selectFrom('questions').innerJoin('exams', 'exams.id', 'questions.exam_id').select(['questions.type', 'questions.answer', 'questions.option_type'])
      .where('exams.title', '=', 'Weekly Live Test: Week 2 (example)').orderBy('questions.position').execute();
    expect(new Set(types.map((t) => t.type))).toEqual(new Set(['MCQ', 'MCA', 'checkbox', 'shortAns', 'paragraph']));
    expect(types.find((t) => t.type === 'MCA')!.answer).toBe('["true","true","false","true","true"]');
    expect(types.find((t) => t.option_type !== '{}')!.option_type).toBe('{"0":"image","1":"image","2":"image","3":"image"}');
    expect((await db().selectFrom('students').select('name').where('username', '=', '8801700000102').executeTakeFirstOrThrow()).name).toBe('তানভীর হাসান');
  });

  it('exports the academy as sheets that import again as a no-op, XLSX and CSV alike', async () => {
    const files = await exportAcademy(db(), path.join(dir, 'export'));
    const source = await readSource(path.join(dir, 'export'));
    const report = await importAcademy(db(), source.input, { now, scryptCost: 16384, places: source.places, problems: source.problems });
    expect(files.map((f) => path.basename(f))).toEqual(['exams.xlsx', 'students.xlsx', 'content.xlsx']);
    expect(changes(report)).toEqual({});
    expect(report.kinds.student!.unchanged).toBeGreaterThan(3);
    expect(report.kinds.content!.unchanged).toBeGreaterThan(4);

    const exams = await exportExams(db());
    const csv = exams.map((exam, i) => ({ name: `exam-${i}.csv`, data: examCsv({ ...exam, assignments: exam.assignments!.slice(0, 1) }) }));
    expect(changes(await importFiles(db(), csv, now))).toEqual({});
  });

  it('guards a CSV text cell that reads as a formula, and the import reads it back as written', async () => {
    const question = await db().selectFrom('questions').select(['id', 'exam_id', 'options']).where('type', '=', 'MCQ').orderBy('id').executeTakeFirstOrThrow();
    const options = ['-2', ...JSON.parse(question.options as string).slice(1)] as string[];
    await db().updateTable('questions').set({ title: '=HYPERLINK("http://attacker.test","Open")', options: JSON.stringify(options) }).where('id', '=', question.id).execute();
    const exam = (await exportExams(db())).find((e) => e.id === question.exam_id)!;
    const data = examCsv({ ...exam, assignments: exam.assignments!.slice(0, 1) });
    expect(data.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(data.toString('utf8')).toContain('"\'=HYPERLINK(""http://attacker.test"",""Open"")"');
    expect(data.toString('utf8')).toContain('"\'-2"');
    expect(changes(await importFiles(db(), [{ name: 'exam.csv', data }], now))).toEqual({});
  });

  it('refuses a broken sheet whole, every problem with its file, sheet, row and column', async () => {
    const before = await db().selectFrom('exams').select('id').execute();
    const xlsx = await workbook([
      ['Exam', [['field', 'value'], ['title', 'Broken Test'], ['course', 'c00000000000000000000001'], ['pass mark', 'forty'], ['batches', '900000000000000000000001'], ['start', '2026-12-10 10:00'], ['end', 'tomorrow'], ['duration', '60']]],
      ['Questions', [
        ['no', 'type', 'question', 'A', 'B', 'C', 'D', 'answer', 'marks'],
        ['1', 'MCQ', 'Fine', 'a', 'b', 'c', 'd', 'B', '1'],
        ['2', 'MCQ', 'Too far', 'a', 'b', 'c', 'd', 'F', '1'],
        ['3', 'MCA', 'Short', 'a', 'b', 'c', '', 'T, F', '1'],
        ['4', 'essay', 'Unknown', '', '', '', '', '', 'x'],
      ]],
    ]);
    const problems = await refusal(importFiles(db(), [{ name: 'week3.xlsx', data: xlsx }], now));
    expect(problems).toEqual(expect.arrayContaining([
      'week3.xlsx, sheet Exam, row 4, column B: pass mark "forty" is not a number',
      'week3.xlsx, sheet Exam, row 7, column B: end "tomorrow" is not a time (write 2026-12-03 10:00, on the academy\'s clock)',
      'week3.xlsx, sheet Questions, row 3, column H (answer): question 2: answer F is not one of the 4 options',
      'week3.xlsx, sheet Questions, row 5, column I (marks): marks "x" is not a number',
    ]));
    expect(problems).toContain('week3.xlsx, sheet Questions, row 5, column B (type): type "essay" is not one of MCQ, MCA, checkbox, shortAns, paragraph');
    expect(problems).toHaveLength(5);
    expect(await db().selectFrom('exams').select('id').execute()).toEqual(before);

    const csv = ['title,CSV Test', 'course,c00000000000000000000001', 'pass mark,40', 'batches,900000000000000000000001', 'start,2026-12-10 10:00', 'end,2026-12-10 12:00', 'duration,60', '', 'no,type,question,A,B,C,D,answer,marks', '1,MCQ,ঠিক কোনটি?,ক,খ,গ,ঘ,C,1', '2,checkbox,Pick,a,b,,,"A, Z",1'].join('\n');
    const csvProblems = await refusal(importFiles(db(), [{ name: 'week3.csv', data: Buffer.from(csv) }], now));
    expect(csvProblems).toEqual(['week3.csv, row 11, column H (answer): question 2: answer "Z" is not an option letter (A to B)']);
  });
});
