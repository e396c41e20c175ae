// A notification to a whole national batch: more students than one statement's parameters allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { publishNotification } from '../../server/notifications/publish.js';

const STUDENTS = 17_000;
const COURSE = 'c0a000000000000000000001';
const GROUP = '90a000000000000000000001';
const studentId = (i: number) => `5a${i.toString(16).padStart(22, '0')}`;

describe.each(databaseKinds())('a notification to a large batch (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      bundle: {
        courses: [{ id: COURSE, name: 'Large Course', subjects: [] }],
        groups: [{ id: GROUP, name: 'Large Batch', courseId: COURSE, items: 'all' }],
        students: Array.from({ length: STUDENTS }, (_, i) => ({ id: studentId(i), name: `Student ${i + 1}`, sid: `L-${i + 1}`, phone: `017${String(i).padStart(8, '0')}`, groups: [GROUP] })),
      },
    });
  }, 120_000);
  afterAll(async () => server.close());

  it(`reaches every one of ${STUDENTS} students (beyond SQLite's and PostgreSQL's parameter limits)`, async () => {
    const ids = Array.from({ length: STUDENTS }, (_, i) => studentId(i));
    const sent = await publishNotification(server.app, { type: 'notice', message: 'The merit list is out.' }, ids);
    const stored = await server.app.db
      .selectFrom('student_notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('notification_id', '=', sent.notificationId._id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(STUDENTS);
  }, 60_000);
});
