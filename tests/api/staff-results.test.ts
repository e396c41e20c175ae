// The desk's results of an exam assignment through the API on every database kind: staff of the
// course only (a teacher of another course 403, a student 403, no session 401), 404 for unknown ids,
// 409 before a live exam is published; then the batch's merit list with the places and marks the
// students' own merit list and results show, one student's result as the student reads it, and the
// sheet as CSV and XLSX parsed back into the same rows, Bengali names included.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls, type Reply } from '../support/api-calls.js';
import { GROUP, STUDENT } from './exams-fixture.js';
import { TEACHER } from './results-fixture.js';
import { ANALYSED, ANALYSED_ASSIGNMENT, DRILL_ASSIGNMENT, markAndPublishAnalysed } from './item-analysis-fixture.js';
import { BENGALI_NAMES, OTHER_TEACHER, PUPIL, RESULTS_ADMIN, staffResultsBundle } from './staff-results-fixture.js';
import { RESULTS_SHEET_COLUMNS, resultsSheetCells } from '../../src/domain/staffResults.js';
import type { StaffMeritList, StaffMeritRow } from '../../src/contracts/staffResults.js';
import { resultsPaths, staffResultsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const UNKNOWN = 'fa00000000000000000000ff';

describe.each(databaseKinds())('staff results (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: staffResultsBundle() });
    teacher = await server.sessionFor(TEACHER, 'staff');
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => []);
  const list = (session = teacher, assignment = ANALYSED_ASSIGNMENT) => call('GET', apiPath(staffResultsPaths.meritList, { assignmentId: assignment }), session);
  const result = (studentId: string, session = teacher, assignment = ANALYSED_ASSIGNMENT) => call('GET', apiPath(staffResultsPaths.studentResult, { assignmentId: assignment, studentId }), session);
  const sheet = (format: string, session = teacher, assignment = ANALYSED_ASSIGNMENT) =>
    server.call({ method: 'GET', url: `${apiPath(staffResultsPaths.sheet, { assignmentId: assignment })}?format=${format}`, session });
  const refusedNotYours = (reply: Reply) => {
    expect(reply.status).toBe(403);
    expect(reply.body.errors).toMatchObject({ title: 'You do not teach this course.', code: 'notYourCourse' });
  };

  it('is for the staff of the course: 401 without a session, 403 for a student and for a teacher of another course', async () => {
    await markAndPublishAnalysed(call, teacher);
    expect((await server.call({ method: 'GET', url: apiPath(staffResultsPaths.meritList, { assignmentId: ANALYSED_ASSIGNMENT }) })).statusCode).toBe(401);
    const student = await server.sessionFor(STUDENT);
    expect((await list(student)).status).toBe(403);
    expect((await result(PUPIL(0), student)).status).toBe(403);
    expect((await sheet('csv', student)).statusCode).toBe(403);
    const other = await server.sessionFor(OTHER_TEACHER, 'staff');
    refusedNotYours(await list(other));
    refusedNotYours(await result(PUPIL(0), other));
    const refusedSheet = await sheet('xlsx', other);
    expect(refusedSheet.statusCode).toBe(403);
    expect(refusedSheet.body).not.toContain(BENGALI_NAMES[0]);
    // An admin acts on every course.
    const admin = await server.sessionFor(RESULTS_ADMIN, 'staff');
    expect((await list(admin)).body.data.rows).toHaveLength(12);
    expect((await result(PUPIL(0), admin)).status).toBe(200);
  });

  it('answers 404 for unknown or forged ids, 400 for malformed ones, and 409 in plain words before publication', async () => {
    expect((await list(teacher, UNKNOWN)).body.errors?.code).toBe('assignmentNotFound');
    expect((await sheet('csv', teacher, UNKNOWN)).statusCode).toBe(404);
    expect((await list(teacher, 'not-an-id')).status).toBe(400);
    expect((await sheet('pdf')).statusCode).toBe(400);
    expect((await result('nope')).status).toBe(400);
    for (const reply of [await list(), await result(PUPIL(0))]) {
      expect(reply.status).toBe(409);
      expect(reply.body.errors).toMatchObject({ code: 'resultsNotPublished', title: 'The results of this exam are not published yet.' });
      expect(reply.raw).not.toContain(BENGALI_NAMES[0]);
    }
    expect((await sheet('csv')).statusCode).toBe(409);

    await markAndPublishAnalysed(call, teacher);
    // A student of the batch who did not sit the exam, a student of no batch, an unknown id: 404.
    for (const studentId of [STUDENT, 'd10000000000000000000003', 'd100000000000000000000ff']) {
      const reply = await result(studentId);
      expect(reply.status).toBe(404);
      expect(reply.body.errors).toMatchObject({ code: 'studentResultNotFound', title: 'This student has no result in this exam.' });
    }
  });

  it("lists every submitted student with the places, marks and pass or fail the students' merit list and results show", async () => {
    await markAndPublishAnalysed(call, teacher);
    const reply = await list();
    expect(reply.status).toBe(200);
    const data = reply.body.data as StaffMeritList;
    expect(data.assignment).toMatchObject({ _id: ANALYSED_ASSIGNMENT, resultPublished: true, groupName: 'Morning Batch' });
    expect(data.exam).toMatchObject({ passMark: 50, negativeMark: 0.5 });
    expect(data.rankedInExam).toBe(12);
    expect(data.rows.map((row) => row.position)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(data.rows.map((row) => row.studentId).sort()).toEqual(Array.from({ length: 12 }, (_, i) => PUPIL(i)).sort());
    const byStudent = new Map(data.rows.map((row) => [row.studentId, row]));
    expect(byStudent.get(PUPIL(0))).toMatchObject({ name: BENGALI_NAMES[0], sid: 'P-0', groupName: 'Morning Batch', writtenMarks: 3, position: 1, rank: 1, passed: true });
    expect(byStudent.get(PUPIL(1))).toMatchObject({ writtenMarks: 2, rank: 2 });
    expect(byStudent.get(PUPIL(5))!.writtenMarks).toBeNull();
    // Pupils 8-11 chose the wrong MCQ answer: negative marks, and the same marks, so one shared rank.
    const last = [8, 9, 10, 11].map((i) => byStudent.get(PUPIL(i))!);
    expect(new Set(last.map((row) => row.rank)).size).toBe(1);
    expect(last[0]!.negativeMarks).toBeGreaterThan(0);
    expect(last[0]!.passed).toBe(false);

    // The same places as the students' merit list, and the same figures as each student's own result.
    const pupil = await server.sessionFor(PUPIL(4));
    const theirs = await call('GET', `${apiPath(resultsPaths.meritList)}?examId=${ANALYSED}&typeOfExam=LIVE&limit=1000`, pupil);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.data.map((row: { position: number; rank: number; studentId: { name: string }; marksObtained: number; negativeMarks: number; overall: number }) =>
      [row.position, row.rank, row.studentId.name, row.marksObtained, row.negativeMarks, row.overall])).toEqual(
      data.rows.map((row) => [row.position, row.rank, row.name, row.marksObtained, row.negativeMarks, row.overall]),
    );
    for (const i of [0, 4, 11]) {
      const own = await call('GET', apiPath(resultsPaths.result, { examId: ANALYSED, groupId: GROUP }), await server.sessionFor(PUPIL(i)));
      const desk = await result(PUPIL(i));
      expect(desk.status).toBe(200);
      // The desk reads the result the student reads, field for field.
      expect(desk.body.data).toEqual(own.body.data);
      expect(desk.body.data).toMatchObject({ rank: byStudent.get(PUPIL(i))!.rank, marksObtained: byStudent.get(PUPIL(i))!.marksObtained, passed: byStudent.get(PUPIL(i))!.passed });
    }
  });

  it('downloads the list as CSV and XLSX, which parse back into the same rows with the Bengali names', async () => {
    await markAndPublishAnalysed(call, teacher);
    const rows = (await list()).body.data.rows as StaffMeritRow[];
    const expected = rows.map(resultsSheetCells);
    expect(expected.some((cells) => cells.includes(BENGALI_NAMES[8]!))).toBe(true);

    const csv = await sheet('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="results-Analysed-Grand-Test-Morning-Batch.csv"');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const parsed = Papa.parse<string[]>(csv.rawPayload.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...RESULTS_SHEET_COLUMNS]);
    expect(parsed.data.slice(1)).toEqual(expected.map((cells) => cells.map((cell) => (cell === null ? '' : String(cell)))));

    const xlsx = await sheet('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="results-Analysed-Grand-Test-Morning-Batch.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const results = book.getWorksheet('Results')!;
    expect(results.rowCount).toBe(13);
    const values = (n: number) => (results.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...RESULTS_SHEET_COLUMNS]);
    for (const [i, cells] of expected.entries()) {
      // A missing cell reads back as nothing; a trailing one is not in the row at all.
      const row = values(i + 2);
      expect(cells.map((cell, c) => row[c] ?? null)).toEqual(cells);
    }
  });

  it('writes a name that reads as a formula into the CSV as text, and the marks as numbers', async () => {
    const formulas = ['=HYPERLINK("http://attacker.test","Open")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)'];
    for (const [i, name] of formulas.entries()) await server.app.db.updateTable('students').set({ name }).where('id', '=', PUPIL(i + 1)).execute();
    await markAndPublishAnalysed(call, teacher);
    const rows = (await list()).body.data.rows as StaffMeritRow[];
    const csv = Papa.parse<string[]>((await sheet('csv')).rawPayload.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    const name = RESULTS_SHEET_COLUMNS.indexOf('Name');
    expect(csv.map((cells) => cells[name]).filter((cell) => formulas.some((f) => cell!.endsWith(f))).sort()).toEqual(formulas.map((f) => `'${f}`).sort());
    // The numbers of every row, a negative one included, stay numbers a spreadsheet program adds up.
    expect(rows.some((row) => row.marksObtained < 0)).toBe(true);
    expect(csv.map((cells) => cells.filter((_, c) => c !== name))).toEqual(rows.map(resultsSheetCells).map((cells) => cells.filter((_, c) => c !== name).map((cell) => (cell === null ? '' : String(cell)))));
  });

  it('opens a practice exam at once, as for its students', async () => {
    const reply = await list(teacher, DRILL_ASSIGNMENT);
    expect(reply.status).toBe(200);
    expect(reply.body.data.rows).toEqual([expect.objectContaining({ studentId: STUDENT, position: 1, rank: 1, passed: true })]);
    expect((await result(STUDENT, teacher, DRILL_ASSIGNMENT)).body.data).toMatchObject({ isPracticeExam: true, rank: 1 });
    const empty = await sheet('csv', teacher, DRILL_ASSIGNMENT);
    expect(empty.statusCode).toBe(200);
  });
});
