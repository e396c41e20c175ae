// The desk's import route: an administrator sends a sheet's bytes, sees the dry run, applies it; a
// teacher is refused in plain words; a broken sheet comes back with every problem by row and column.
// Each upload is a job (tests/api/import-jobs.test.ts): its outcome is read once the job has ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { template } from '../../server/import/templates.js';
import { workbook } from '../../server/import/sheets.js';
import { databaseKinds } from '../support/databases.js';
import { importAndWait, sendImport } from '../support/import-jobs.js';

const TEACHER = '5f0000000000000000000001';
const ADMIN = '5f0000000000000000000002';

describe.each(databaseKinds())('the desk import (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let teacher: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo' });
    admin = await server.sessionFor(ADMIN, 'staff');
    teacher = await server.sessionFor(TEACHER, 'staff');
  });
  afterAll(async () => {
    await server.close();
  });

  const send = (session: string, name: string, data: Buffer, apply = false) => sendImport(server, session, name, data, apply);

  it('refuses a teacher in plain words, and a file of no known kind', async () => {
    const refused = await send(teacher, 'exam.xlsx', await template('exam'));
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toMatchObject({ title: 'Importing content is for administrators only.', code: 'adminsOnly' });
    expect((await send(admin, 'exam.pdf', Buffer.from('%PDF'))).body.errors.title).toBe('Send an XLSX or CSV sheet or a JSON bundle.');
    expect((await send(admin, 'exam.xlsx', Buffer.alloc(0))).status).toBe(400);
    const student = await server.sessionFor('570000000000000000000001');
    expect((await send(student, 'exam.xlsx', await template('exam'))).status).toBe(403);
  });

  it('checks an exam sheet without writing, then applies it, then finds nothing to change', async () => {
    const sheet = await template('exam');
    const dry = await importAndWait(server, admin, 'week2.xlsx', sheet);
    expect(dry).toMatchObject({ state: 'done', apply: false, failure: null });
    expect(dry.outcome).toMatchObject({ applied: false, changed: true, problems: [] });
    expect(dry.outcome!.kinds.find((k: { kind: string }) => k.kind === 'question')).toMatchObject({ added: 9, updated: 0 });
    const title = 'Weekly Live Test: Week 2 (example)';
    expect(await server.app.db.selectFrom('exams').select('id').where('title', '=', title).executeTakeFirst()).toBeUndefined();

    const applied = await importAndWait(server, admin, 'week2.xlsx', sheet, true);
    expect(applied.outcome).toMatchObject({ applied: true, changed: true, problems: [] });
    expect(await server.app.db.selectFrom('exams').select('id').where('title', '=', title).executeTakeFirst()).toBeDefined();
    const again = await importAndWait(server, admin, 'week2.xlsx', sheet, true);
    expect(again.outcome).toMatchObject({ applied: false, changed: false });
  });

  it('answers a broken sheet with every problem by sheet, row and column, and writes nothing', async () => {
    const broken = await workbook([
      ['Exam', [['title', 'Broken'], ['course', 'c00000000000000000000001'], ['pass mark', '40'], ['batches', '900000000000000000000001'], ['start', '2026-12-10 10:00'], ['end', '2026-12-10 12:00'], ['duration', '60']]],
      ['Questions', [['no', 'type', 'question', 'A', 'B', 'C', 'D', 'answer'], ['1', 'MCQ', 'Q', 'a', 'b', 'c', 'd', '9']]],
    ]);
    const result = await importAndWait(server, admin, 'broken.xlsx', broken, true);
    expect(result).toMatchObject({ state: 'done', writing: false });
    expect(result.outcome).toMatchObject({ applied: false, changed: false, kinds: [] });
    expect(result.outcome!.problems).toEqual([
      { file: 'broken.xlsx', sheet: 'Questions', row: 2, column: 'H (answer)', field: '/exams/0/questions/0/answer', message: 'question 1: answer "9" is not an option letter (A to D)' },
    ]);
    expect(await server.app.db.selectFrom('exams').select('id').where('title', '=', 'Broken').executeTakeFirst()).toBeUndefined();
  });
});
