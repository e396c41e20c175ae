// The activity log, on every database kind: marks, a publication, forum replies and a batch change are
// each written with who, when, what and the course; an administrator reads every entry, a teacher only
// their courses'; the filters (person, kind, course, days) and the CSV/XLSX download; and no one can
// change or remove an entry, through the API or the database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DEMO, DEMO_TEACHER } from '../support/demo-academy.js';
import { activityPaths, staffBatchesPaths, staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { academyDayBounds } from '../../src/domain/activity.js';

const ADMIN = '5f0000000000000000000002';
const FCPS_TEACHER = '5f0000000000000000000003';
const MBBS_QUESTION = 'f00000000000000000000001';

interface Entry { kind: string; summary: string; courseId: string | null; courseName: string | null; staffId: string | null; staffName: string; at: string }

describe.each(databaseKinds())('activity log (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let teacher: string;
  let fcps: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 1024 } });
    [admin, teacher, fcps] = await Promise.all([server.sessionFor(ADMIN, 'staff'), server.sessionFor(DEMO_TEACHER.id, 'staff'), server.sessionFor(FCPS_TEACHER, 'staff')]);
  });
  afterEach(() => server.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, session: string, payload?: object) => {
    const response = await server.call({ method, url, session, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.headers['content-type']?.includes('json') ? JSON.parse(response.body) : response.body, headers: response.headers, raw: response.rawPayload };
  };
  const entries = async (session: string, query = ''): Promise<Entry[]> => {
    const reply = await call('GET', `${apiPath(activityPaths.activity)}${query}`, session);
    expect(reply.status).toBe(200);
    return reply.body.data.entries;
  };

  it("records the teacher's marks, the publication and forum replies with their course; a teacher of another course sees none of them", async () => {
    const queue = await call('GET', apiPath(staffPaths.gradingQueue, { assignmentId: DEMO.awaitingMarkingAssignment }), teacher);
    const answers = queue.body.data.answers as { attemptId: string; questionId: string }[];
    for (const answer of answers) {
      expect((await call('PATCH', apiPath(staffPaths.markAnswer, answer), teacher, { marks: 1 })).status).toBe(200);
    }
    expect((await call('POST', apiPath(staffPaths.publish, { assignmentId: DEMO.awaitingMarkingAssignment }), teacher)).status).toBe(200);
    expect((await call('POST', apiPath(staffPaths.forumReply, { questionId: MBBS_QUESTION }), teacher, { reply: 'Read chapter 3 again.' })).status).toBe(200);
    expect((await call('PATCH', apiPath(staffPaths.forumComplete, { questionId: MBBS_QUESTION }), teacher)).status).toBe(200);

    const all = await entries(admin, '?limit=200');
    const mine = all.filter((e) => e.staffId === DEMO_TEACHER.id && e.kind !== 'signIn');
    expect(mine.filter((e) => e.kind === 'mark')).toHaveLength(answers.length);
    expect(mine.map((e) => e.kind)).toEqual(expect.arrayContaining(['mark', 'publish', 'forumReply', 'forumComplete']));
    for (const entry of mine) expect(entry).toMatchObject({ courseId: DEMO.mbbsCourse, courseName: DEMO.mbbsCourseName, staffName: expect.any(String) });
    expect(mine.find((e) => e.kind === 'publish')!.summary).toMatch(new RegExp(`^Published the results of ${DEMO.awaitingMarkingExamTitle.replace(/[()]/g, '\\$&')} for .+ \\(\\d+ results\\)$`));
    // Newest first.
    expect([...all].sort((a, b) => b.at.localeCompare(a.at)).map((e) => e.at)).toEqual(all.map((e) => e.at));

    expect((await entries(teacher)).some((e) => e.kind === 'publish')).toBe(true);
    expect((await entries(fcps)).filter((e) => e.courseId === DEMO.mbbsCourse)).toEqual([]);

    // The filters: kind, person, course, days.
    expect((await entries(admin, '?kind=mark')).every((e) => e.kind === 'mark')).toBe(true);
    expect((await entries(admin, `?staffId=${ADMIN}`)).filter((e) => e.staffId !== ADMIN)).toEqual([]);
    expect((await entries(admin, `?courseId=c00000000000000000000002`)).length).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(admin, `?from=${today}&to=${today}&kind=publish`)).length).toBeGreaterThanOrEqual(0);
    expect((await entries(admin, '?to=2000-01-01')).length).toBe(0);
    const bad = await call('GET', `${apiPath(activityPaths.activity)}?from=2026-02-30`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ code: 'dayInvalid', title: 'The day is not a real date.' });
  });

  it('records students added to and removed from a batch, and nothing for a refused change', async () => {
    const added = await call('POST', apiPath(staffBatchesPaths.batchStudents, { batchId: DEMO.group }), admin, { phone: '01799999999', name: 'Nadia Islam' });
    expect(added.status).toBe(200);
    const studentId = added.body.data.student._id as string;
    const again = await call('POST', apiPath(staffBatchesPaths.batchStudents, { batchId: DEMO.group }), admin, { phone: '01799999999' });
    expect(again.status).toBe(409);
    expect((await call('DELETE', apiPath(staffBatchesPaths.batchStudent, { batchId: DEMO.group, studentId }), admin)).status).toBe(200);
    const log = await entries(admin);
    expect(log.filter((e) => e.kind === 'studentAdded').map((e) => e.summary)).toEqual([expect.stringMatching(/^Added Nadia Islam \(01799999999\) to .+ with a new account$/)]);
    expect(log.filter((e) => e.kind === 'studentRemoved').map((e) => e.summary)).toEqual([expect.stringMatching(/^Removed Nadia Islam from /)]);
  });

  it('downloads the filtered entries as CSV and XLSX', async () => {
    expect((await call('POST', apiPath(staffPaths.forumReply, { questionId: MBBS_QUESTION }), teacher, { reply: '=HYPERLINK("x") is not run' })).status).toBe(200);
    const csv = await call('GET', `${apiPath(activityPaths.sheet)}?format=csv&kind=forumReply`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const text = String(csv.body);
    expect(text.startsWith('\uFEFFWhen,Who,What,Details,Course\r\n')).toBe(true);
    expect(text).toContain('Forum reply');
    expect(text).toContain(DEMO.mbbsCourseName);
    expect(text.trim().split('\r\n')).toHaveLength(2);
    const xlsx = await call('GET', `${apiPath(activityPaths.sheet)}?format=xlsx`, admin);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
  });

  it('can be neither changed nor removed: the API has no such route and the database refuses it', async () => {
    expect((await call('POST', apiPath(staffPaths.forumReply, { questionId: MBBS_QUESTION }), teacher, { reply: 'An entry to keep.' })).status).toBe(200);
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      expect((await call(method, apiPath(activityPaths.activity), admin, method === 'DELETE' ? undefined : {})).status).toBe(404);
    }
    await expect(server.app.db.updateTable('activity').set({ summary: 'changed' }).execute()).rejects.toThrow(/activity log cannot be changed/);
    await expect(server.app.db.deleteFrom('activity').execute()).rejects.toThrow(/activity log cannot be changed/);
    expect((await entries(admin)).map((e) => e.summary)).toContain('Replied to "' + (await questionText()) + '"');
  });

  const questionText = async () => {
    const row = await server.app.db.selectFrom('forum_questions').select('question_description').where('id', '=', MBBS_QUESTION).executeTakeFirstOrThrow();
    const words = row.question_description.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    return words.length > 60 ? `${words.slice(0, 57)}…` : words;
  };

  it("reads a day on the academy's clock", () => {
    expect(academyDayBounds('2026-12-03', 'Asia/Dhaka')).toEqual({ start: '2026-12-02T18:00:00.000Z', end: '2026-12-03T17:59:59.999Z' });
    expect(academyDayBounds('2026-02-30', 'Asia/Dhaka')).toBeNull();
  });
}, 180_000);
