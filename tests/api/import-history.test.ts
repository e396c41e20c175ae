// Safe imports through the desk's routes, on every database kind: the template built from the
// academy (drop-down lists, a Columns sheet, a visible Lists sheet) filled with a 20-question exam
// naming its course, subject and batch imports cleanly, its check says what it adds in words; the
// history keeps who, when, the file and its checksum; an undo takes it back whole, and is refused in
// words once students acted on it; an import changing more than IMPORT_CHANGE_THRESHOLD of a kind
// stops at its check until confirmed.
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { importJob } from '../support/import-jobs.js';
import { apiPath } from '../support/api-path.js';
import { examsPaths, staffPaths } from '../../src/contracts/paths.js';
import type { ImportJob, ImportRun } from '../../src/contracts/import.js';
import { readXlsx, workbook } from '../../server/import/sheets.js';
import { timeRange } from '../../server/import/summary.js';

const ADMIN = '5f0000000000000000000002';
const STUDENT = '570000000000000000000001';
const MORNING = '900000000000000000000001';
const TITLE = 'Weekly Live Test: Renal (Week 49)';

describe.each(databaseKinds())('safe imports on the desk (%s)', { timeout: 120_000 }, (kind) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo' });
    admin = await server.sessionFor(ADMIN, 'staff');
  });
  afterAll(async () => {
    await server.close();
  });

  const get = async (url: string, session = admin) => server.call({ method: 'GET', url: url.startsWith('/api') ? url : apiPath(url), session });
  const send = async (name: string, data: Buffer, apply: boolean, confirmLarge = false): Promise<ImportJob> => {
    const query = `name=${encodeURIComponent(name)}${apply ? '&apply=true' : ''}${confirmLarge ? '&confirmLarge=true' : ''}`;
    const response = await server.call({ method: 'POST', url: `${apiPath(staffPaths.import)}?${query}`, session: admin, headers: { 'content-type': 'application/octet-stream' }, payload: data });
    expect(response.statusCode).toBe(202);
    await server.app.jobs.idle();
    return importJob(server, admin, JSON.parse(response.body).data.id);
  };
  const history = async (): Promise<ImportRun[]> => JSON.parse((await get(staffPaths.importHistory)).body).data;
  const undo = (id: string) => server.call({ method: 'POST', url: apiPath(staffPaths.importUndo.replace(':importId', id)), session: admin });
  const examId = async (title: string) => (await server.app.db.selectFrom('exams').select('id').where('title', '=', title).executeTakeFirst())?.id;
  /** The academy's day `days` from the server's now, at an hour: 2026-12-03 10:00. */
  const day = (days: number, hour: number, minute = 0) => DateTime.fromJSDate(server.clock.now()).setZone('Asia/Dhaka').plus({ days }).set({ hour, minute, second: 0, millisecond: 0 });

  /** The downloaded exam template, filled with a 20-question exam for the morning batch. */
  async function filledTemplate(title: string, start: DateTime, end: DateTime, kind_ = 'live'): Promise<Buffer> {
    const response = await get(`${staffPaths.importTemplate}?kind=exam`);
    expect(response.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    wb.getWorksheet('Exam')!.getCell('B2').value = title;
    wb.getWorksheet('Exam')!.getCell('B3').value = 'MBBS Admission 2026';
    wb.getWorksheet('Exam')!.getCell('B4').value = 'Physiology';
    wb.getWorksheet('Exam')!.getCell('B5').value = kind_;
    const batches = wb.getWorksheet('Batches')!;
    batches.getCell('A2').value = 'MBBS 2026 Morning Batch';
    batches.getCell('B2').value = start.toFormat('yyyy-MM-dd HH:mm');
    batches.getCell('C2').value = end.toFormat('yyyy-MM-dd HH:mm');
    const questions = wb.getWorksheet('Questions')!;
    for (let n = 1; n <= 20; n++) {
      const row = questions.getRow(n + 1);
      row.getCell(1).value = String(n);
      row.getCell(3).value = 'MCQ';
      row.getCell(4).value = `Renal question ${n}: which is right?`;
      row.getCell(5).value = 'this one';
      row.getCell(6).value = 'that one';
      row.getCell(16).value = 'A';
      row.getCell(22).value = 'Cardiovascular System';
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('offers templates built from the academy: drop-down lists on a visible Lists sheet and a Columns guide', async () => {
    for (const template of ['exam', 'students', 'content']) {
      const response = await get(`${staffPaths.importTemplate}?kind=${template}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${template}-template.xlsx"`);
      const grids = await readXlsx(`${template}.xlsx`, response.rawPayload);
      expect(grids.map((g) => g.sheet).slice(-2)).toEqual(['Columns', 'Lists']);
      const lists = grids.at(-1)!;
      expect(lists.rows[0]).toEqual(['course', 'subject', 'chapter', 'batch', 'question type']);
      expect(lists.rows.map((r) => r[3])).toContain('MBBS 2026 Morning Batch');
      // The template as it comes imports cleanly (a check: nothing written).
      const checked = await send(`${template}-template.xlsx`, response.rawPayload, false);
      expect(checked.outcome).toMatchObject({ problems: [], changed: true });
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await get(`${staffPaths.importTemplate}?kind=exam`)).rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.every((ws) => ws.state === 'visible')).toBe(true);
    expect(wb.getWorksheet('Batches')!.getCell('A2').dataValidation).toMatchObject({ type: 'list', formulae: [expect.stringMatching(/^Lists!\$D\$2:\$D\$\d+$/)] });
    expect(wb.getWorksheet('Questions')!.getCell('C2').dataValidation).toMatchObject({ type: 'list', formulae: ['Lists!$E$2:$E$6'] });
    const teacher = await server.sessionFor('5f0000000000000000000001', 'staff');
    expect((await get(`${staffPaths.importTemplate}?kind=exam`, teacher)).statusCode).toBe(403);
  }, 120_000);

  it('imports the filled template by names, says it in words, keeps it in the history and undoes it whole', async () => {
    const start = day(4, 10);
    const end = day(4, 12);
    const sheet = await filledTemplate(TITLE, start, end);
    const checked = await send('renal.xlsx', sheet, false);
    expect(checked.outcome!.problems.map((p) => p.message)).toEqual([]);
    expect(checked.outcome!.summary).toEqual([`adds ${TITLE} to MBBS 2026 Morning Batch, ${timeRange(start.toISO()!, end.toISO()!)}, 20 questions`]);
    expect(checked.outcome!.summary![0]).toMatch(/, \d\d \w{3} \d{4} \| 10:00 am – 12:00 pm, 20 questions$/);
    const applied = await send('renal.xlsx', sheet, true);
    expect(applied.outcome).toMatchObject({ applied: true, problems: [] });
    const id = applied.outcome!.importId!;
    const exam = await examId(TITLE);
    expect(exam).toBeDefined();
    // The student of the morning batch sees it among their exams.
    const student = await server.sessionFor(STUDENT);
    expect((await get(apiPath(examsPaths.list, { courseId: 'c00000000000000000000001' }), student)).body).toContain(TITLE);

    const [run] = await history();
    expect(run).toMatchObject({ id, fileName: 'renal.xlsx', by: 'Academy Office', undoneAt: null, checksum: createHash('sha256').update(sheet).digest('hex') });
    expect(run!.summary).toEqual(checked.outcome!.summary);
    expect(run!.counts).toContainEqual({ kind: 'question', added: 20, updated: 0, removed: 0 });

    const undone = await undo(id);
    expect(undone.statusCode).toBe(200);
    expect(JSON.parse(undone.body).data).toMatchObject({ id, undoneBy: 'Academy Office' });
    expect(await examId(TITLE)).toBeUndefined();
    expect(await server.app.db.selectFrom('questions').select('id').where('exam_id', '=', exam!).execute()).toEqual([]);
    expect((await get(apiPath(examsPaths.list, { courseId: 'c00000000000000000000001' }), student)).body).not.toContain(TITLE);
    const again = await undo(id);
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).errors).toMatchObject({ code: 'importUndoRefused', message: expect.stringMatching(/^This import was undone already, on .* by Academy Office\.$/) });
    expect((await undo('ffffffffffffffffffffffff')).statusCode).toBe(404);
  });

  it('gives an update its earlier values back', async () => {
    const start = day(5, 10);
    const sheet = await filledTemplate('Moved exam', start, day(5, 12));
    const first = await send('moved.xlsx', sheet, true);
    expect(first.outcome!.applied).toBe(true);
    const moved = await filledTemplate('Moved exam', day(6, 15), day(6, 17));
    const second = await send('moved-again.xlsx', moved, true);
    expect(second.outcome!.summary).toEqual([`moves Moved exam for MBBS 2026 Morning Batch to ${timeRange(day(6, 15).toISO()!, day(6, 17).toISO()!)}`]);
    expect((await undo(second.outcome!.importId!)).statusCode).toBe(200);
    const schedule = await server.app.db.selectFrom('exam_assignments').select('starts_at').where('exam_id', '=', (await examId('Moved exam'))!).executeTakeFirstOrThrow();
    expect(Date.parse(schedule.starts_at)).toBe(start.toMillis());
    // The first import is now the newest change of the schedule: it can be undone in turn.
    expect((await undo(first.outcome!.importId!)).statusCode).toBe(200);
    expect(await examId('Moved exam')).toBeUndefined();
  });

  it('refuses, in words, to undo an exam a student has started, and keeps the answer', async () => {
    const sheet = await filledTemplate('Started exam', DateTime.fromJSDate(server.clock.now()).minus({ minutes: 5 }), DateTime.fromJSDate(server.clock.now()).plus({ hours: 2 }), 'practice');
    const applied = await send('started.xlsx', sheet, true);
    expect(applied.outcome!.problems).toEqual([]);
    const exam = (await examId('Started exam'))!;
    const student = await server.sessionFor(STUDENT);
    expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: exam, groupId: MORNING }), session: student })).statusCode).toBe(200);
    const refused = await undo(applied.outcome!.importId!);
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).errors.message).toBe('This import cannot be undone: since it, Started exam was started by 1 student. Undoing it would take away what students did, so nothing was changed.');
    expect(await examId('Started exam')).toBe(exam);
    expect((await history()).find((r) => r.id === applied.outcome!.importId)!.undoneAt).toBeNull();
  });

  it('refuses to undo a student who has signed in since', async () => {
    const sheet = await workbook([['Students', [['name', 'phone', 'roll', 'batch'], ['Nadia Rahman', '01700009901', 'R-9901', 'MBBS 2026 Morning Batch']]]]);
    const applied = await send('nadia.xlsx', sheet, true);
    expect(applied.outcome!.summary).toEqual(['adds 1 student to MBBS 2026 Morning Batch']);
    const added = await server.app.db.selectFrom('students').select('id').where('username', '=', '8801700009901').executeTakeFirstOrThrow();
    await server.sessionFor(added.id);
    const refused = await undo(applied.outcome!.importId!);
    expect(JSON.parse(refused.body).errors.message).toBe('This import cannot be undone: since it, Nadia Rahman (01700009901) signed in. Undoing it would take away what students did, so nothing was changed.');
  });

  it('stops an import changing more than 10 % of a kind at its check until it is confirmed', async () => {
    const students = await server.app.db.selectFrom('students').select(['name', 'username', 'sid']).orderBy('username').execute();
    const changing = students.slice(0, Math.ceil(students.length * 0.2));
    const sheet = await workbook([['Students', [['name', 'phone', 'roll'], ...changing.map((s) => [s.name, s.username.replace(/^88/, ''), `${s.sid}-X`])]]]);
    const checked = await send('rolls.xlsx', sheet, false);
    expect(checked.outcome!.large).toEqual([{ kind: 'students', changed: changing.length, existing: students.length, percent: Math.round((changing.length / students.length) * 1000) / 10 }]);
    const stopped = await send('rolls.xlsx', sheet, true);
    expect(stopped.outcome!.applied).toBe(false);
    expect(stopped.outcome!.problems[0]!.message).toMatch(new RegExp(`^The import was stopped at the check: it updates or removes ${changing.length} of the academy's ${students.length} rows of students \\(.* %\\), more than the 10 % an import changes without confirming\\.`));
    const confirmed = await send('rolls.xlsx', sheet, true, true);
    expect(confirmed.outcome).toMatchObject({ applied: true, problems: [] });
    expect(confirmed.outcome!.summary).toEqual([`changes the details of ${changing.length} students`]);
    // The undo gives every roll back.
    expect((await undo(confirmed.outcome!.importId!)).statusCode).toBe(200);
    const after = await server.app.db.selectFrom('students').select(['username', 'sid']).orderBy('username').execute();
    expect(after.map((s) => s.sid)).toEqual(students.map((s) => s.sid));
  });
});
