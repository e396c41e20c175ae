// Exam instructions are HTML the app shows as such: an import keeps their formatting and drops
// everything that could run (handlers, scripts, frames, javascript: links), on both databases; and the
// API cleans an instruction on its way out too, whatever the database holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server.js';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { importAcademy } from '../../server/import/index.js';
import { cleanRichText } from '../../server/richText.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const COURSE = 'c10000000000000000000011';
const HOSTILE = 'e10000000000000000000011';
const PLAIN = 'e10000000000000000000012';
const FORMATTED = '<p>Read <strong>every</strong> question.</p><ul><li>One <em>best</em> answer</li></ul>';
const ATTACK =
  '<p>Read carefully.</p><img src="x" onerror="fetch(\'/steal?\'+localStorage.getItem(\'session\'))">' +
  '<script>alert(1)</script><iframe src="https://evil.example"></iframe><a href="javascript:alert(2)" onclick="alert(3)">help</a>' +
  '<svg><animate onbegin="alert(4)"></animate></svg><p style="background:url(javascript:alert(5))">Good luck</p>';

const exam = (id: string, instruction: string) => ({
  id, title: `Exam ${id.slice(-2)}`, courseId: COURSE, passMark: 40, instruction,
  questions: [{ id: `e3${id.slice(2)}`, type: 'MCQ', title: 'Pick A', point: 1, options: ['A', 'B'], answer: [0] }],
});
const bundle = {
  courses: [{ id: COURSE, name: 'Rich Text Course', subjects: [{ id: 'c20000000000000000000011', name: 'Anatomy' }] }],
  exams: [exam(HOSTILE, ATTACK), exam(PLAIN, FORMATTED)],
};

describe('the rich-text rule', () => {
  it('keeps formatting and drops what could run', async () => {
    expect(await cleanRichText(FORMATTED)).toBe(FORMATTED);
    const clean = await cleanRichText(ATTACK);
    expect(clean).toBe('<p>Read carefully.</p><a>help</a><p>Good luck</p>');
    expect(await cleanRichText('<a href="https://example.org/guide" title="Guide">guide</a>')).toBe('<a href="https://example.org/guide" title="Guide">guide</a>');
  });
});

describe.each(databaseKinds())('exam instructions at import (%s)', (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  let summary: Awaited<ReturnType<typeof importAcademy>>;
  beforeAll(async () => {
    database = await createDatabase(kind);
    connection = await connect(database.url);
    await migrate(connection.db, connection.dialect);
    summary = await importAcademy(connection.db, bundle, { now: new Date(), scryptCost: 16384 });
  });
  afterAll(async () => {
    await connection.db.destroy();
    await database.drop();
  });

  it('stores an instruction without its handlers, scripts and frames, and counts it', async () => {
    const rows = await connection.db.selectFrom('exams').select(['id', 'instruction']).orderBy('id').execute();
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.instruction]));
    expect(byId[HOSTILE]).toBe('<p>Read carefully.</p><a>help</a><p>Good luck</p>');
    expect(byId[HOSTILE]).not.toMatch(/onerror|<script|<iframe|javascript:|onbegin|style=/i);
    expect(byId[PLAIN]).toBe(FORMATTED);
    expect(summary.instructionsCleaned).toBe(1);
  });
});

describe.each(databaseKinds())('exam instructions served by the API (%s)', (kind) => {
  const GROUP = 'a10000000000000000000011';
  const STUDENT = 'd10000000000000000000011';
  it('cleans an instruction written into the database as it was never cleaned, in the exam list and the exam', async () => {
    const server = await startTestServer({
      kind,
      bundle: {
        ...bundle,
        groups: [{ id: GROUP, name: 'Rich Text Batch', courseId: COURSE, items: 'all' }],
        students: [{ id: STUDENT, name: 'Reader', sid: 'RT-1', phone: '01900000011', groups: [GROUP] }],
        exams: [{ ...exam(HOSTILE, FORMATTED), assignments: [{ groupId: GROUP, startsAt: 'now-1h', endsAt: 'now+1h', duration: 30 }] }],
      },
    });
    try {
      // Stored by another way than an import: the raw hostile HTML in the row.
      await server.app.db.updateTable('exams').set({ instruction: ATTACK }).where('id', '=', HOSTILE).execute();
      const session = await server.sessionFor(STUDENT);
      const list = await server.call({ method: 'GET', url: apiPath(examsPaths.list, { courseId: COURSE }), session });
      expect(list.statusCode).toBe(200);
      const paper = await server.call({ method: 'GET', url: apiPath(examsPaths.paper, { examId: HOSTILE, groupId: GROUP }), session });
      expect(paper.statusCode).toBe(200);
      const details = await server.call({ method: 'GET', url: apiPath(examsPaths.details, { examId: HOSTILE }), session });
      expect(details.statusCode).toBe(200);
      expect(list.json().data[0].examId.instruction).toBe('<p>Read carefully.</p><a>help</a><p>Good luck</p>');
      expect(paper.json().data.instruction).toBe('<p>Read carefully.</p><a>help</a><p>Good luck</p>');
      for (const body of [list.body, paper.body, details.body]) expect(body).not.toMatch(/onerror|<script|<iframe|javascript:|onbegin|onclick|style=/i);
    } finally {
      await server.close();
    }
  });
});
