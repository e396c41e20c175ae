// The desk's batches and students on every database kind: teachers read only their courses' batches
// and change nothing; an administrator adds a student by phone (a new phone gets an account without a
// password), removes one (attempts and results stay), opens a student's page with the results the
// student sees, and sends a password-reset code by SMS that never appears in the answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DEMO, DEMO_ADMIN, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy.js';
import { accountPaths, resultsPaths, staffBatchesPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const FCPS_TEACHER = '5f0000000000000000000003';
const MORNING = DEMO.group;
const EVENING = '900000000000000000000002';
const FCPS_BATCH = '900000000000000000000003';
const MISSING = '9000000000000000000000ff';

interface Reply {
  status: number;
  body: { data?: any; errors?: { title: string; message: string; code: string } };
  raw: string;
}

describe.each(databaseKinds())('staff batches (%s)', (kind) => {
  let server: TestServer;
  let smsFile: string;
  let teacher: string;
  let fcps: string;
  let admin: string;
  let student: string;

  beforeAll(async () => {
    smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-')), 'codes.jsonl');
    server = await startTestServer({ kind, bundle: 'demo', env: { SMS_TRANSPORT: `file:${smsFile}` }, config: { scryptCost: 1024 } });
    [teacher, fcps, admin, student] = await Promise.all([
      server.sessionFor(DEMO_TEACHER.id, 'staff'), server.sessionFor(FCPS_TEACHER, 'staff'), server.sessionFor(DEMO_ADMIN.id, 'staff'), server.sessionFor(DEMO_STUDENT.id),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(path.dirname(smsFile), { recursive: true, force: true });
  });

  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, session: string, payload?: object): Promise<Reply> {
    const response = await server.call({ method, url, session, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBeLessThan(500);
    return { status: response.statusCode, body: JSON.parse(response.body), raw: response.body };
  }
  const batches = (session: string) => call('GET', apiPath(staffBatchesPaths.batches), session);
  const members = (session: string, batch: string, query = '') => call('GET', `${apiPath(staffBatchesPaths.batchStudents, { batchId: batch })}${query}`, session);
  const add = (session: string, batch: string, body: object) => call('POST', apiPath(staffBatchesPaths.batchStudents, { batchId: batch }), session, body);
  const remove = (session: string, batch: string, id: string) => call('DELETE', apiPath(staffBatchesPaths.batchStudent, { batchId: batch, studentId: id }), session);
  const page = (session: string, id: string) => call('GET', apiPath(staffBatchesPaths.student, { studentId: id }), session);
  const resetCode = (session: string, id: string) => call('POST', apiPath(staffBatchesPaths.studentResetCode, { studentId: id }), session);
  const codesTo = (local: string) =>
    (fs.existsSync(smsFile) ? fs.readFileSync(smsFile, 'utf8').trim().split('\n').filter(Boolean) : []).map((l) => JSON.parse(l) as { phone: string; code: string; purpose: string }).filter((l) => l.phone === `88${local}`);
  const adminsOnly = (reply: Reply) => {
    expect(reply.status).toBe(403);
    expect(reply.body.errors).toMatchObject({ code: 'adminsOnly', title: expect.stringMatching(/^Only administrators can /) });
  };

  it("lists every batch for an admin and only the teacher's courses' batches for a teacher, with counts", async () => {
    const all = await batches(admin);
    expect(all.status).toBe(200);
    expect(all.body.data.canManage).toBe(true);
    const ids = all.body.data.batches.map((b: { _id: string }) => b._id);
    expect(ids).toEqual(expect.arrayContaining([MORNING, EVENING, FCPS_BATCH]));
    const morning = all.body.data.batches.find((b: { _id: string }) => b._id === MORNING);
    const counted = await server.app.db.selectFrom('group_members').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', MORNING).executeTakeFirstOrThrow();
    expect(morning).toMatchObject({ name: 'MBBS 2026 Morning Batch', courseId: DEMO.mbbsCourse, courseName: DEMO.mbbsCourseName, students: Number(counted.n) });

    const mine = await batches(teacher);
    expect(mine.body.data.canManage).toBe(false);
    expect(mine.body.data.batches.map((b: { courseId: string }) => b.courseId)).toEqual([DEMO.mbbsCourse, DEMO.mbbsCourse]);
    const theirs = await batches(fcps);
    expect(theirs.body.data.batches.map((b: { _id: string }) => b._id)).toEqual([FCPS_BATCH]);
    expect((await batches(student)).status).toBe(403);
  });

  it("keeps a teacher to reading their own courses' batches and refuses every change in plain words", async () => {
    const own = await members(teacher, MORNING);
    expect(own.status).toBe(200);
    expect(own.body.data.canManage).toBe(false);
    expect(own.body.data.students.map((s: { _id: string }) => s._id)).toContain(DEMO_STUDENT.id);
    const other = await members(fcps, MORNING);
    expect(other.status).toBe(403);
    expect(other.body.errors).toMatchObject({ code: 'notYourCourse', title: 'You do not teach this course.' });
    adminsOnly(await add(teacher, MORNING, { phone: '01755500001', name: 'Someone' }));
    adminsOnly(await remove(teacher, MORNING, DEMO_STUDENT.id));
    adminsOnly(await resetCode(teacher, DEMO_STUDENT.id));
    expect((await page(teacher, DEMO_STUDENT.id)).body.data.canManage).toBe(false);
    // The FCPS teacher sees only the FCPS side of a student in both courses, and none of a student only in MBBS.
    const shared = await page(fcps, DEMO_STUDENT.id);
    expect(shared.status).toBe(200);
    expect(shared.body.data.batches.map((b: { _id: string }) => b._id)).toEqual([FCPS_BATCH]);
    expect(shared.body.data.exams.every((e: { groupId: string }) => e.groupId === FCPS_BATCH)).toBe(true);
    // Tanvir Ahmed is only in the MBBS morning batch.
    expect((await page(fcps, '570000000000000000000003')).body.errors).toMatchObject({ code: 'notYourCourse' });
    expect((await page(teacher, '570000000000000000000003')).status).toBe(200);
  });

  it('answers forged and unknown ids with 400 and 404, and bad input with plain words, never 500', async () => {
    expect((await members(admin, 'not-an-id')).status).toBe(400);
    expect((await members(admin, MISSING)).body.errors).toMatchObject({ code: 'batchNotFound', title: 'No such batch.' });
    expect((await add(admin, MISSING, { phone: '01755500002', name: 'X' })).status).toBe(404);
    expect((await page(admin, '57000000000000000000ffff')).body.errors).toMatchObject({ code: 'studentNotFound' });
    expect((await resetCode(admin, '57000000000000000000ffff')).status).toBe(404);
    expect((await remove(admin, MORNING, '57000000000000000000ffff')).status).toBe(404);
    expect((await remove(admin, 'zz00000000000000000000zz', DEMO_STUDENT.id)).status).toBe(400);
    expect((await add(admin, MORNING, { phone: '' })).body.errors).toMatchObject({ code: 'phoneMissing', title: 'Please enter phone no.' });
    expect((await add(admin, MORNING, { phone: '0123' })).body.errors).toMatchObject({ code: 'phoneInvalid', title: 'Phone no. is not valid' });
    expect((await add(admin, MORNING, { phone: '01211111111', name: 'A' })).body.errors?.code).toBe('phoneInvalid');
    expect((await add(admin, MORNING, { phone: '01755500003' })).body.errors).toMatchObject({ code: 'nameMissing', title: "Please enter the student's name." });
    expect((await add(admin, MORNING, { phone: '01755500003', name: '   ' })).body.errors?.code).toBe('nameMissing');
    expect((await add(admin, MORNING, { phone: 12 } as object)).status).toBe(400);
    expect((await add(admin, MORNING, { phone: '01755500003', name: 'A', extra: 1 })).status).toBe(400);
    expect((await members(admin, MORNING, '?page=0')).status).toBe(400);
    expect((await members(admin, MORNING, '?limit=1e309')).status).toBe(400);
    expect((await members(admin, MORNING, `?search=${'x'.repeat(101)}`)).status).toBe(400);
    // Wildcards typed in the search are letters.
    expect((await members(admin, MORNING, '?search=%25')).body.data.total).toBe(0);
  });

  it('adds a new phone with an account made by the importer, refuses it twice, removes it keeping results, adds it again', async () => {
    const phone = '01755500010';
    const added = await add(admin, EVENING, { phone, name: 'Sumaiya Rahman', roll: 'EV-77' });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ created: true, student: { name: 'Sumaiya Rahman', sid: 'EV-77', phone, hasPassword: false } });
    expect(added.body.data.message).toMatch(/no password yet/);
    const id = added.body.data.student._id as string;
    const row = await server.app.db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: `88${phone}`, password_hash: null });

    const twice = await add(admin, EVENING, { phone: `88${phone}`, name: 'Other Name' });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toMatchObject({ code: 'alreadyInBatch', title: 'This student is already in the batch.' });
    // Matched by phone in another batch: the name typed is not used, no second account.
    const morning = await add(admin, MORNING, { phone, name: 'Other Name' });
    expect(morning.body.data).toMatchObject({ created: false, student: { _id: id, name: 'Sumaiya Rahman' } });
    expect((await server.app.db.selectFrom('students').select('id').where('username', '=', `88${phone}`).execute())).toHaveLength(1);

    const found = await members(admin, EVENING, '?search=sumaiya');
    expect(found.body.data.students.map((s: { _id: string }) => s._id)).toEqual([id]);
    expect((await members(admin, EVENING, '?search=55500010')).body.data.total).toBe(1);
    expect((await members(admin, EVENING, '?search=ev-77')).body.data.total).toBe(1);

    // A result of the student stays when they leave the batch.
    await server.app.db.insertInto('attempts').values({
      id: 'ab0000000000000000000001', exam_id: DEMO.publishedExam, group_id: EVENING, student_id: id, started_at: '2026-01-01T08:00:00.000Z', deadline_at: '2026-01-01T09:00:00.000Z',
      submitted_at: '2026-01-01T08:30:00.000Z', set_code: null, candidate_category: null, faculty: null, subject_name: null, round: 1, superseded_at: null, live: 0,
    }).execute();
    const removed = await remove(admin, EVENING, id);
    expect(removed.status).toBe(200);
    expect(removed.body.data.message).toMatch(/Their exams and results stay/);
    expect((await members(admin, EVENING, '?search=sumaiya')).body.data.total).toBe(0);
    expect(await server.app.db.selectFrom('attempts').select('id').where('student_id', '=', id).execute()).toHaveLength(1);
    expect((await remove(admin, EVENING, id)).body.errors).toMatchObject({ code: 'notInBatch' });
    const again = await add(admin, EVENING, { phone });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, student: { _id: id } });
    const shown = await page(admin, id);
    expect(shown.body.data.batches.map((b: { _id: string }) => b._id).sort()).toEqual([MORNING, EVENING].sort());
    expect(shown.body.data.exams.map((e: { attemptId: string }) => e.attemptId)).toEqual(['ab0000000000000000000001']);
  });

  it("shows a student's profile, batches and the results the student sees", async () => {
    const shown = await page(admin, DEMO_STUDENT.id);
    expect(shown.status).toBe(200);
    const data = shown.body.data;
    expect(data.student).toMatchObject({ _id: DEMO_STUDENT.id, name: 'Nusrat Jahan', phone: DEMO_STUDENT.phone, hasPassword: true });
    expect(data.batches.map((b: { _id: string }) => b._id)).toContain(MORNING);
    expect(data.exams.length).toBeGreaterThan(0);
    const published = data.exams.find((e: { examId: string }) => e.examId === DEMO.publishedExam);
    expect(published.result).toMatchObject({ examId: { _id: DEMO.publishedExam }, marksObtained: expect.any(Number), rank: expect.any(Number) });
    // Exactly the student's own scoreboard rows: nothing unpublished shows marks.
    const own = await server.call({ method: 'GET', url: apiPath(resultsPaths.scoreboard), session: student });
    const rows = JSON.parse(own.body).data.results.examResult as { _id: string }[];
    const shownResults = data.exams.filter((e: { result: unknown }) => e.result !== null).map((e: { result: { _id: string } }) => e.result._id).sort();
    expect(shownResults).toEqual(rows.map((r) => r._id).sort());
    expect(JSON.stringify(data)).not.toMatch(/password_hash|"answer"/);
  });

  it('sends a password-reset code by SMS, never in the answer, within the forgot-password limits', async () => {
    const before = codesTo(DEMO_STUDENT.phone).length;
    const sent = await resetCode(admin, DEMO_STUDENT.id);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ phone: DEMO_STUDENT.phone, message: expect.stringMatching(new RegExp(`^A password-reset code was sent to ${DEMO_STUDENT.phone}\\. Within 5 minutes the student opens "Forgot password"`)) });
    const codes = codesTo(DEMO_STUDENT.phone);
    expect(codes).toHaveLength(before + 1);
    expect(codes.at(-1)).toMatchObject({ purpose: 'reset', code: expect.stringMatching(/^\d{6}$/) });
    expect(sent.raw).not.toContain(codes.at(-1)!.code);
    // The per-number limit of the student's own requests holds here too.
    let last: Reply = sent;
    for (let i = 0; i < 10 && last.status === 200; i++) last = await resetCode(admin, DEMO_STUDENT.id);
    expect(last.status).toBe(429);
    expect(last.body.errors).toMatchObject({ code: 'otpSendLimit', title: 'Too many codes were sent to this number. Please try again in an hour.' });
    // The student's own request takes up the open request the desk sent: no further SMS.
    const sentBefore = codesTo(DEMO_STUDENT.phone).length;
    const own = await server.call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: `88${DEMO_STUDENT.phone}` }) });
    expect(own.statusCode).toBe(200);
    expect(codesTo(DEMO_STUDENT.phone)).toHaveLength(sentBefore);
  });

  it("lets the student use the desk's code: their forgot-password request takes up the open request", async () => {
    const phone = '01700000004';
    const id = '570000000000000000000004';
    expect((await resetCode(admin, id)).status).toBe(200);
    const deskCode = codesTo(phone).at(-1)!.code;
    const own = await server.call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: `88${phone}` }) });
    expect(own.statusCode).toBe(200);
    const session = JSON.parse(own.body).data as { hash: string; phone: string; otp?: string };
    expect(session.otp).toBeUndefined();
    // No second SMS: the code on the phone is the desk's.
    expect(codesTo(phone).at(-1)!.code).toBe(deskCode);
    const set = await server.call({ method: 'PATCH', url: `${apiPath(accountPaths.setPassword)}?forgotPassword=true`, payload: { otp: deskCode, hash: session.hash, phone: `88${phone}`, password: 'new-pass-77' } });
    expect(set.statusCode).toBe(200);
    const login = await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: `88${phone}`, password: 'new-pass-77' } });
    expect(login.statusCode).toBe(200);
    // Spent: the next forgot-password request sends a code of its own.
    const before = codesTo(phone).length;
    expect((await server.call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: `88${phone}` }) })).statusCode).toBe(200);
    expect(codesTo(phone)).toHaveLength(before + 1);
  });

  it('pages a batch of thousands by name and finds one by phone', async () => {
    const batch = '9000000000000000000000aa';
    await server.app.db.insertInto('groups').values({ id: batch, name: 'Big Batch', course_id: DEMO.mbbsCourse }).execute();
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      id: `5b${String(i).padStart(22, '0')}`, name: `Student ${String(i).padStart(4, '0')}`, sid: `BIG-${i}`, username: `88019${String(i).padStart(8, '0')}`,
      contact: null, session: null, branch_name: null, branch_division: null, profile_pic: null, ssc_gpa: null, hsc_gpa: null, password_hash: null, created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      const part = rows.slice(i, i + 200);
      await server.app.db.insertInto('students').values(part).execute();
      await server.app.db.insertInto('group_members').values(part.map((r) => ({ group_id: batch, student_id: r.id }))).execute();
    }
    const first = await members(teacher, batch, '?limit=100');
    expect(first.body.data).toMatchObject({ total: 2500, page: 1, limit: 100, batch: { students: 2500 } });
    expect(first.body.data.students[0].name).toBe('Student 0000');
    const last = await members(teacher, batch, '?limit=100&page=25');
    expect(last.body.data.students.map((s: { name: string }) => s.name).at(-1)).toBe('Student 2499');
    const past = await members(teacher, batch, '?limit=100&page=26');
    expect(past.body.data).toMatchObject({ students: [], total: 2500 });
    const byPhone = await members(teacher, batch, '?search=01900001234');
    expect(byPhone.body.data.students.map((s: { name: string }) => s.name)).toEqual(['Student 1234']);
  });
});
