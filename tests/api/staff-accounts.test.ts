// Staff accounts on the desk, on every database kind: an administrator adds a teacher with a course
// (who then signs in with the one-time password), gives and takes courses, turns an account off (its
// sessions end at once and it cannot sign in), gives a new one-time password; every staff member
// changes their own password and signs out their other sessions. Each change lands in the activity log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DEMO, DEMO_TEACHER } from '../support/demo-academy.js';
import { accountPaths, activityPaths, staffAccountsPaths, staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const ADMIN = '5f0000000000000000000002';

describe.each(databaseKinds())('staff accounts (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let teacher: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 1024 } });
    [admin, teacher] = await Promise.all([server.sessionFor(ADMIN, 'staff'), server.sessionFor(DEMO_TEACHER.id, 'staff')]);
  });
  afterEach(() => server.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session?: string, payload?: object) => {
    const response = await server.call({ method, url, session, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const signIn = (username: string, password: string) => call('POST', apiPath(accountPaths.staffLogin), undefined, { username, password });
  const sessionOf = async (username: string, password: string) => {
    const response = await server.call({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers.sessionid);
  };
  const activity = async (session = admin, query = '') => (await call('GET', `${apiPath(activityPaths.activity)}${query}`, session)).body.data;

  it('adds a teacher with a course, who signs in with the one-time password and sees that course only', async () => {
    const added = await call('POST', apiPath(staffAccountsPaths.accounts), admin, { username: 'Karim.Teacher', name: 'Karim Uddin', role: 'teacher', courseIds: [DEMO.mbbsCourse] });
    expect(added.status).toBe(200);
    const { staff, password } = added.body.data;
    expect(staff).toMatchObject({ name: 'Karim Uddin', username: 'karim.teacher', role: 'teacher', active: true, courses: [{ _id: DEMO.mbbsCourse, name: DEMO.mbbsCourseName }] });
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

    const karim = await sessionOf('karim.teacher', password);
    const assignments = await call('GET', apiPath(staffPaths.assignments), karim);
    expect(assignments.status).toBe(200);
    expect(new Set(assignments.body.data.map((a: { exam: { courseId: string } }) => a.exam.courseId))).toEqual(new Set([DEMO.mbbsCourse]));

    const list = await call('GET', apiPath(staffAccountsPaths.accounts), admin);
    expect(list.body.data.staff.map((s: { username: string }) => s.username)).toContain('karim.teacher');
    expect(list.body.data.courses.map((c: { _id: string }) => c._id)).toContain(DEMO.mbbsCourse);
    // The backups' state beside the staff, as /api/health says it (none scheduled on a test server).
    const health = await call('GET', '/api/health');
    expect(list.body.data.backup).toEqual(health.body.data.parts.backup);
    expect(list.body.data.backup.message).toMatch(/^not scheduled \(BACKUP_DIR is not set\)/);

    const log = await activity();
    expect(log.entries.map((e: { kind: string; summary: string }) => [e.kind, e.summary])).toEqual(
      expect.arrayContaining([
        ['staffAdded', 'Added teacher Karim Uddin (karim.teacher)'],
        ['signIn', 'Karim Uddin signed in at the desk'],
      ]),
    );
  });

  it('refuses a bad username, a taken one, a missing name and an unknown course in words', async () => {
    const add = (body: object) => call('POST', apiPath(staffAccountsPaths.accounts), admin, { role: 'teacher', ...body });
    expect((await add({ username: 'a b', name: 'X' })).body.errors).toMatchObject({ code: 'usernameInvalid', title: 'Please choose a username of 3 to 100 letters or digits.' });
    expect((await add({ username: 'TEACHER@academy.test', name: 'X' })).body.errors).toMatchObject({ code: 'usernameTaken', title: 'This username is taken.' });
    expect((await add({ username: 'newone', name: '  ' })).body.errors.code).toBe('staffNameMissing');
    const unknown = await add({ username: 'newone', name: 'New', courseIds: ['c0000000000000000000ffff'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.code).toBe('courseUnknown');
    expect((await call('GET', apiPath(staffAccountsPaths.accounts), teacher)).body.errors.code).toBe('adminsOnly');
    expect((await add({ username: 'x' })).status).toBe(400);
  });

  it("gives and takes away a teacher's courses; an administrator needs none", async () => {
    const path = (courseId: string, staffId: string = DEMO_TEACHER.id) => apiPath(staffAccountsPaths.accountCourse, { staffId, courseId });
    const fcps = 'c00000000000000000000002';
    const given = await call('PUT', path(fcps), admin);
    expect(given.status).toBe(200);
    expect(given.body.data.staff.courses.map((c: { _id: string }) => c._id).sort()).toEqual([DEMO.mbbsCourse, fcps]);
    expect((await call('PUT', path(fcps), admin)).body.data.message).toMatch(/already/);
    const taken = await call('DELETE', path(DEMO.mbbsCourse), admin);
    expect(taken.body.data.staff.courses.map((c: { _id: string }) => c._id)).toEqual([fcps]);
    // The teacher's next request already acts on the new courses.
    const assignments = await call('GET', apiPath(staffPaths.assignments), teacher);
    expect(new Set(assignments.body.data.map((a: { exam: { courseId: string } }) => a.exam.courseId))).toEqual(new Set([fcps]));
    expect((await call('PUT', path(fcps, ADMIN), admin)).body.errors.code).toBe('adminHasEveryCourse');
    expect((await call('PUT', path('c0000000000000000000ffff'), admin)).body.errors.code).toBe('courseNotFound');
    expect((await call('PUT', path(fcps, '5f000000000000000000ffff'), admin)).body.errors.code).toBe('staffNotFound');
    // A teacher of MBBS sees the entry of the course taken from them only while it is theirs: now FCPS's entries.
    const mine = await activity(teacher);
    expect(mine.entries.every((e: { courseId: string | null; staffId: string | null }) => e.courseId === fcps || (e.courseId === null && e.staffId === DEMO_TEACHER.id))).toBe(true);
    expect(mine.entries.map((e: { summary: string }) => e.summary)).toContain(`Gave ${given.body.data.staff.courses.find((c: { _id: string }) => c._id === fcps).name} to ${given.body.data.staff.name}`);
  });

  it('turns an account off: its open session ends at once and it cannot sign in until turned on', async () => {
    const live = await sessionOf(DEMO_TEACHER.username, DEMO_TEACHER.password);
    expect((await call('GET', apiPath(staffPaths.assignments), live)).status).toBe(200);
    const off = await call('POST', apiPath(staffAccountsPaths.turnOff, { staffId: DEMO_TEACHER.id }), admin);
    expect(off.status).toBe(200);
    expect(off.body.data.staff.active).toBe(false);
    expect((await call('GET', apiPath(staffPaths.assignments), live)).status).toBe(401);
    expect((await call('GET', apiPath(staffPaths.assignments), teacher)).status).toBe(401);
    expect((await signIn(DEMO_TEACHER.username, DEMO_TEACHER.password)).status).toBe(401);
    expect((await call('POST', apiPath(staffAccountsPaths.turnOff, { staffId: ADMIN }), admin)).body.errors.code).toBe('notYourself');
    expect((await call('POST', apiPath(staffAccountsPaths.turnOn, { staffId: DEMO_TEACHER.id }), admin)).body.data.staff.active).toBe(true);
    expect((await signIn(DEMO_TEACHER.username, DEMO_TEACHER.password)).status).toBe(200);
    const kinds = (await activity()).entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['staffTurnedOff', 'staffTurnedOn']));
  });

  it('gives a new one-time password: the old one stops working and the sessions end', async () => {
    const live = await sessionOf(DEMO_TEACHER.username, DEMO_TEACHER.password);
    const reset = await call('POST', apiPath(staffAccountsPaths.resetPassword, { staffId: DEMO_TEACHER.id }), admin);
    expect(reset.status).toBe(200);
    expect((await call('GET', apiPath(staffPaths.assignments), live)).status).toBe(401);
    expect((await signIn(DEMO_TEACHER.username, DEMO_TEACHER.password)).status).toBe(401);
    expect((await signIn(DEMO_TEACHER.username, reset.body.data.password)).status).toBe(200);
  });

  it('changes one’s own password and signs out the other sessions, keeping this one', async () => {
    const here = await sessionOf(DEMO_TEACHER.username, DEMO_TEACHER.password);
    const elsewhere = await sessionOf(DEMO_TEACHER.username, DEMO_TEACHER.password);
    const change = (body: object) => call('POST', apiPath(staffAccountsPaths.ownPassword), here, body);
    expect((await change({ currentPassword: 'wrong-one', newPassword: 'a-new-password-1' })).body.errors.code).toBe('passwordWrong');
    expect((await change({ currentPassword: DEMO_TEACHER.password, newPassword: '123' })).body.errors).toMatchObject({ code: 'passwordWeak', title: 'Password length must be at least 6 characters long' });
    const changed = await change({ currentPassword: DEMO_TEACHER.password, newPassword: 'a-new-password-1' });
    expect(changed.status).toBe(200);
    // `teacher` (made directly) and `elsewhere` ended; `here` stays.
    expect(changed.body.data.ended).toBe(2);
    expect((await call('GET', apiPath(staffPaths.assignments), here)).status).toBe(200);
    expect((await call('GET', apiPath(staffPaths.assignments), elsewhere)).status).toBe(401);
    expect((await signIn(DEMO_TEACHER.username, 'a-new-password-1')).status).toBe(200);

    const again = await sessionOf(DEMO_TEACHER.username, 'a-new-password-1');
    const out = await call('POST', apiPath(staffAccountsPaths.signOutOthers), here);
    expect(out.body.data.ended).toBe(2);
    expect((await call('GET', apiPath(staffPaths.assignments), again)).status).toBe(401);
    expect((await call('GET', apiPath(staffPaths.assignments), here)).status).toBe(200);
  });
}, 180_000);
