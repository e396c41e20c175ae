// The academy importer: a bundle is checked whole against itself and the academy, then added to a
// running academy by id (upsert), with a dry run, the change rules of exams students have started,
// explicit removals and students matched by phone. A refused import is explained, each problem by its
// place, and leaves the database exactly as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsertQueryNode } from 'kysely';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { BundleError } from '../../server/db/seed/import.js';
import { importAcademy, type ImportReport } from '../../server/import/index.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { COURSE, ENDED, examBundle, GROUP, LIVE, LIVE_Q, OTHER_GROUP, STUDENT, UPCOMING, PHYSIOLOGY } from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

const course = { id: 'c10000000000000000000001', name: 'Imported Course', subjects: [{ id: 'c20000000000000000000001', name: 'Anatomy', chapters: [{ id: 'c30000000000000000000001', name: 'Thorax' }] }] };
const group = { id: 'c40000000000000000000001', name: 'Imported Batch', courseId: course.id, items: 'all' };
const student = { id: 'c50000000000000000000001', name: 'Imported Student', sid: 'IM-1', phone: '01910000001', password: 'secret-1', groups: [group.id] };
const goodBundle = { courses: [course], groups: [group], students: [student] };

const examWith = (id: string, groupId: string) => ({
  id, title: `Exam ${id.slice(-1)}`, courseId: course.id, passMark: 40,
  questions: [{ id: `${id.slice(0, 22)}0${id.slice(-1)}`.replace(/^c6/, 'c7'), type: 'MCQ', title: 'Pick A', point: 1, options: ['A', 'B'], answer: [0] }],
  assignments: [{ id: 'c80000000000000000000001', groupId, startsAt: 'now', endsAt: 'now+1h', duration: 30 }],
});

async function counts({ db }: Connection) {
  const count = async (table: 'courses' | 'groups' | 'students' | 'items' | 'group_items') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { courses: await count('courses'), groups: await count('groups'), students: await count('students'), items: await count('items'), groupItems: await count('group_items') };
}

const refusal = async (promise: Promise<unknown>): Promise<BundleError> => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(BundleError);
  return error as BundleError;
};

// Each case runs the command as its own processes (tsx starting takes seconds on a busy machine): a minute or two each.
describe('npm run academy -- import', { timeout: 120_000 }, () => {
  let dir: string;
  let database: TestDatabase;
  const file = (name: string, body: string) => {
    const where = path.join(dir, name);
    fs.writeFileSync(where, body);
    return where;
  };
  const academy = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(tsx, ['server/cli.ts', ...args], { env: { ...process.env, DATABASE_URL: database.url, SCRYPT_COST: '16384' } });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-import-'));
    database = await createDatabase('sqlite');
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  it('shows a dry run without writing, imports, then says a second import changes nothing', async () => {
    const where = file('good.json', JSON.stringify(goodBundle));
    const dry = await academy('import', '--dry-run', where);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Dry run: nothing was written');
    expect(dry.out).toContain('course: 1 added, 0 updated, 0 unchanged');
    expect(dry.out).toContain('added Imported Student (01910000001)');
    let connection = await connect(database.url);
    expect((await counts(connection)).courses).toBe(0);
    await connection.db.destroy();

    const result = await academy('import', where);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Imported:');
    expect(result.out).toContain('student: 1 added');
    connection = await connect(database.url);
    expect(await counts(connection)).toEqual({ courses: 1, groups: 1, students: 1, items: 1, groupItems: 1 });
    await connection.db.destroy();

    const again = await academy('import', where);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Nothing to import: the academy already holds all of it, nothing changed.');
    expect(again.out).toContain('student: 0 added, 0 updated, 1 unchanged');
  });

  it('explains a file that is not JSON and imports nothing', async () => {
    const result = await academy('import', file('broken.json', '{"courses": ['));
    expect(result.code).toBe(1);
    expect(result.out).toContain('broken.json is not valid JSON');
    expect(result.out).toContain('Nothing was imported.');
  });

  it('lists every problem of a malformed bundle by its place, and imports nothing', async () => {
    const bad = {
      courses: [{ ...course, id: 'c10000000000000000000002', subjects: [] }],
      students: [{ ...student, id: 'c50000000000000000000002', phone: '12345', groups: [] }],
    };
    const result = await academy('import', file('bad.json', JSON.stringify(bad)));
    expect(result.code).toBe(1);
    expect(result.out).toContain('bad.json, /students/0/phone: phone "12345" is not 11-digit mobile number starting 01');
    expect(result.out).toContain('Nothing was imported.');
    const connection = await connect(database.url);
    expect((await counts(connection)).courses).toBe(1);
    await connection.db.destroy();
  });

  it('refuses references to things neither the bundle nor the academy holds', async () => {
    const orphan = { groups: [{ ...group, id: 'c40000000000000000000009', courseId: 'c10000000000000000000009' }] };
    const result = await academy('import', file('orphan.json', JSON.stringify(orphan)));
    expect(result.code).toBe(1);
    expect(result.out).toContain('course c10000000000000000000009 is not in the bundle nor in the academy');
  });

  it('writes a template to copy, imports it as a sheet, and exports the academy as sheets', async () => {
    const sheet = path.join(dir, 'students.xlsx');
    const written = await academy('template', 'students', sheet);
    expect(written.out).toContain(`Wrote ${sheet}: the students sheet with the academy's courses, subjects, chapters and batches in its drop-down lists`);
    // The template is made from this academy's own batches: its example row checks clean.
    const checked = await academy('import', '--dry-run', sheet);
    expect(checked.code).toBe(0);
    const exported = await academy('export', path.join(dir, 'out'));
    expect(exported.code).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'out')).sort()).toEqual(['content.xlsx', 'exams.xlsx', 'students.xlsx']);
    const again = await academy('import', path.join(dir, 'out'));
    expect(again.out).toContain('Nothing to import: the academy already holds all of it, nothing changed.');
  });

  it('explains a usage mistake', async () => {
    const result = await run(tsx, ['server/cli.ts', 'frobnicate'], { env: process.env }).catch((e: { code: number; stderr: string }) => e);
    expect((result as { code: number }).code).toBe(2);
    expect((result as { stderr: string }).stderr).toContain('npm run academy -- import [--dry-run] [--confirm-large] <bundle.json');
    expect((result as { stderr: string }).stderr).toContain('npm run academy -- publish <examId>');
  });
});

describe.each(databaseKinds())('import transactions (%s)', (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  beforeAll(async () => {
    database = await createDatabase(kind);
    connection = await connect(database.url);
    await migrate(connection.db, connection.dialect);
    await importAcademy(connection.db, { ...goodBundle, exams: [examWith('c60000000000000000000001', group.id)] }, { now: new Date(), scryptCost: 16384 });
  });
  afterAll(async () => {
    await connection.db.destroy();
    await database.drop();
  });

  it('leaves nothing behind when the database refuses part of a bundle', async () => {
    // Valid on its own and against the academy, but the database refuses its batch members, written
    // after the courses, batches and students in the same transaction.
    const clash = {
      courses: [{ id: 'c10000000000000000000003', name: 'Second Course', subjects: [{ id: 'c20000000000000000000003', name: 'Physiology' }] }],
      groups: [{ id: 'c40000000000000000000003', name: 'Second Batch', courseId: 'c10000000000000000000003', items: 'all' }],
      students: [{ ...student, id: 'c50000000000000000000003', phone: '01910000003', groups: ['c40000000000000000000003'] }],
    };
    const refusing = connection.db.withPlugin({
      transformQuery: ({ node }) => {
        if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'group_members') throw new Error('the database refused the batch members');
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const before = await counts(connection);
    await expect(importAcademy(refusing, clash, { now: new Date(), scryptCost: 16384 })).rejects.toThrow('the database refused the batch members');
    expect(await counts(connection)).toEqual(before);
  });

  it('writes a large import in short transactions; importing it again after a failure part way completes it', async () => {
    const courseId = 'c10000000000000000000005';
    const groupId = 'c40000000000000000000005';
    const many = {
      courses: [{ id: courseId, name: 'Fifth Course', subjects: [{ id: 'c20000000000000000000005', name: 'Biochemistry' }] }],
      groups: [{ id: groupId, name: 'Fifth Batch', courseId, items: 'all' }],
      students: Array.from({ length: 12 }, (_, i) => ({ id: `c500000000000000000005${String(i).padStart(2, '0')}`, name: `Fifth ${i + 1}`, sid: `V-${i + 1}`, phone: `019300000${String(i).padStart(2, '0')}`, groups: [groupId] })),
    };
    // Four rows a transaction: the course, subject and batch first, then the students and their batch
    // memberships a row a step. The database refuses the sixth membership.
    const writeLimits = { rows: 4, ms: 60_000 };
    let memberInserts = 0;
    const refusing = connection.db.withPlugin({
      transformQuery: ({ node }) => {
        if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'group_members' && ++memberInserts === 6) throw new Error('the database refused a batch member');
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const before = await counts(connection);
    await expect(importAcademy(refusing, many, { now: new Date(), scryptCost: 16384, writeLimits })).rejects.toThrow('the database refused a batch member');
    const members = async () => Number((await connection.db.selectFrom('group_members').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', groupId).executeTakeFirstOrThrow()).n);
    // The transactions before the refused one stay: the course and batch, every student, the first five members
    // (a transaction of the last three students and the first member, one of the next four).
    expect(await counts(connection)).toMatchObject({ courses: before.courses + 1, groups: before.groups + 1, students: before.students + 12 });
    expect(await members()).toBe(5);

    const again = await importAcademy(connection.db, many, { now: new Date(), scryptCost: 16384, writeLimits });
    expect(again.kinds.student).toMatchObject({ added: 0, unchanged: 12 });
    expect(again.kinds['batch member']).toMatchObject({ added: 7, unchanged: 5 });
    expect(await members()).toBe(12);
    expect((await importAcademy(connection.db, many, { now: new Date(), scryptCost: 16384 })).changed).toBe(false);
  });

  it("refuses a schedule id that is another exam's", async () => {
    const error = await refusal(importAcademy(connection.db, { exams: [examWith('c60000000000000000000004', group.id)] }, { now: new Date(), scryptCost: 16384 }));
    expect(error.problems.join()).toContain('schedule c80000000000000000000001 is the schedule of another exam or batch');
  });

  it('checks the whole bundle before writing anything', async () => {
    const before = await counts(connection);
    await expect(importAcademy(connection.db, { courses: [{ id: 'not-an-id' }] }, { now: new Date(), scryptCost: 16384 })).rejects.toBeInstanceOf(BundleError);
    expect(await counts(connection)).toEqual(before);
  });
});

/** Next week's content for the running test academy: it refers to the course, subject and batch by id. */
const NEXT = 'f1000000000000000000aa01';
const nextWeek = (now: Date) => {
  const day = 86_400_000;
  return {
    courses: [{ id: COURSE, subjects: [{ id: PHYSIOLOGY, lectures: [{ id: 'b30000000000000000000a01', name: 'Week 2: the cardiac cycle', contents: [{ id: 'b40000000000000000000a01', type: 'video', title: 'Lecture video', url: 'https://example.org/week2.m3u8' }] }] }] }],
    students: [
      { name: 'নতুন ছাত্রী', sid: 'T-9', phone: '01900000009', groups: [GROUP] },
      { name: 'Student One (renamed)', sid: 'T-1', phone: '01900000001' },
    ],
    exams: [{
      id: NEXT, title: 'Next Week Live Test', courseId: COURSE, subjectId: PHYSIOLOGY, passMark: 40,
      questions: [
        { id: 'f2000000000000000000aa01', type: 'MCQ', title: 'হৃদপিণ্ডের কোন প্রকোষ্ঠ?', point: 1, options: ['A', 'B', 'C', 'D'], answer: [3] },
        { id: 'f2000000000000000000aa02', type: 'MCA', title: 'True or false', point: 1, options: ['x', 'y'], answer: ['true', 'false'] },
      ],
      assignments: [{ groupId: GROUP, startsAt: new Date(now.getTime() + 7 * day).toISOString(), endsAt: new Date(now.getTime() + 7 * day + 7_200_000).toISOString(), duration: 60 }],
    }],
  };
};

const changesOf = (report: ImportReport, kind: string) => report.kinds[kind]!;

describe.each(databaseKinds())('importing into a running academy while students sit an exam (%s)', (kind) => {
  let server: TestServer;
  let me: string;
  const now = new Date();
  const bodies: string[] = [];
  const call = signedCalls(() => server, () => bodies);
  const db = () => server.app.db;
  const attemptsAndAnswers = async () => ({
    attempts: await db().selectFrom('attempts').selectAll().orderBy('id').execute(),
    answers: await db().selectFrom('answers').selectAll().orderBy('attempt_id').orderBy('question_id').execute(),
  });
  const importNow = (bundle: unknown, dryRun = false) => importAcademy(db(), bundle, { now, scryptCost: 16384, dryRun });

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: null });
    await importNow(examBundle());
    me = await server.sessionFor(STUDENT);
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), me)).status).toBe(200);
    expect((await call('PATCH', `${apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP })}?isLive=true`, me, { questionId: LIVE_Q.mcq, answer: [1], timestamp: 1 })).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  it('imports the same bundle again as a no-op, and says so', async () => {
    const before = await attemptsAndAnswers();
    const report = await importNow(examBundle());
    expect(report.changed).toBe(false);
    for (const k of Object.values(report.kinds)) expect(k.added + k.updated + k.removed).toBe(0);
    expect(changesOf(report, 'question').unchanged).toBeGreaterThan(10);
    expect(await attemptsAndAnswers()).toEqual(before);
  });

  it("adds next week's exam, lecture and students: a dry run first, then for real, then a no-op", async () => {
    const before = await attemptsAndAnswers();
    const dry = await importNow(nextWeek(now), true);
    expect(dry.dryRun).toBe(true);
    expect(changesOf(dry, 'exam')).toMatchObject({ added: 1, updated: 0, unchanged: 0 });
    expect(changesOf(dry, 'question').added).toBe(2);
    expect(changesOf(dry, 'student')).toMatchObject({ added: 1, updated: 1 });
    expect(changesOf(dry, 'student').changes.find((c) => c.action === 'updated')).toMatchObject({ id: STUDENT, fields: ['name'] });
    expect(changesOf(dry, 'course')).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(await db().selectFrom('exams').select('id').where('id', '=', NEXT).executeTakeFirst()).toBeUndefined();

    const real = await importNow(nextWeek(now));
    expect(real.changed).toBe(true);
    const exam = await db().selectFrom('exams').selectAll().where('id', '=', NEXT).executeTakeFirstOrThrow();
    expect(Number(exam.total_marks)).toBe(2);
    const bengali = await db().selectFrom('students').select(['id', 'name', 'password_hash']).where('username', '=', '8801900000009').executeTakeFirstOrThrow();
    expect(bengali.name).toBe('নতুন ছাত্রী');
    // No initial password: the student sets one with the code sent to the phone on first sign-in.
    expect(bengali.password_hash).toBeNull();
    expect(await db().selectFrom('group_members').select('group_id').where('student_id', '=', bengali.id).execute()).toEqual([{ group_id: GROUP }]);
    expect((await db().selectFrom('students').select('name').where('id', '=', STUDENT).executeTakeFirstOrThrow()).name).toBe('Student One (renamed)');
    // The lecture is new, so it comes after the subject's other items; the batch's "all" does not widen by itself.
    expect(await db().selectFrom('items').select(['item_type', 'subject_id']).where('id', '=', 'b30000000000000000000a01').executeTakeFirst()).toEqual({ item_type: 'lecture', subject_id: PHYSIOLOGY });
    expect(await attemptsAndAnswers()).toEqual(before);

    const again = await importNow(nextWeek(now));
    expect(again.changed).toBe(false);
    // The student matched by phone keeps the id the academy gave her.
    expect(changesOf(again, 'student')).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    // The student mid-exam still answers, and the answer is stored.
    expect((await call('PATCH', `${apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP })}?isLive=true`, me, { questionId: LIVE_Q.checkbox, answer: [0, 3], timestamp: 2 })).status).toBe(200);
  });

  it("changes a started exam's title and schedule, but refuses its questions and keys with the reason, writing nothing", async () => {
    const bundle = examBundle();
    const live = bundle.exams.find((e) => e.id === LIVE)!;
    live.title = 'Live Cardiology Test (room 2)';
    live.assignments[0]!.endsAt = 'now+3h';
    const changed = await importNow(bundle);
    expect(changesOf(changed, 'exam').changes).toEqual([{ id: LIVE, label: 'Live Cardiology Test (room 2)', action: 'updated', fields: ['title'] }]);
    expect(changesOf(changed, 'exam schedule').changes[0]).toMatchObject({ action: 'updated', fields: ['end'] });

    const before = await attemptsAndAnswers();
    const keyChange = examBundle();
    const liveAgain = keyChange.exams.find((e) => e.id === LIVE)!;
    liveAgain.title = 'Another title';
    (liveAgain.questions[0] as { answer: unknown[] }).answer = [3];
    const error = await refusal(importNow(keyChange));
    expect(error.problems.join('\n')).toContain('question 1 of Another title: cannot change (answer), 1 student has started it; a key correction after the exam is a regrade');
    expect((await db().selectFrom('exams').select('title').where('id', '=', LIVE).executeTakeFirstOrThrow()).title).toBe('Live Cardiology Test (room 2)');
    expect(await attemptsAndAnswers()).toEqual(before);

    // An exam nobody has started may change its questions; an ended one keeps its title.
    const upcoming = examBundle();
    (upcoming.exams.find((e) => e.id === UPCOMING)!.questions[0] as { answer: unknown[] }).answer = [1];
    const later = new Date(now.getTime() + 1);
    const fine = await importAcademy(db(), upcoming, { now: later, scryptCost: 16384 });
    expect(changesOf(fine, 'question').changes).toEqual([expect.objectContaining({ action: 'updated', fields: ['answer'] })]);
    // The changed exam gets a new stamp, so every server prepares its paper again; the others keep theirs.
    const stamps = Object.fromEntries((await db().selectFrom('exams').select(['id', 'created_at']).where('id', 'in', [UPCOMING, ENDED]).execute()).map((e) => [e.id, e.created_at]));
    expect(stamps).toEqual({ [UPCOMING]: later.toISOString(), [ENDED]: now.toISOString() });
    const ended = examBundle();
    ended.exams.find((e) => e.id === ENDED)!.title = 'Renamed after the end';
    expect((await refusal(importNow(ended))).problems.join()).toContain('Renamed after the end: the exam has ended, its title can no longer change');
  });

  it('lists every problem at once with its place, in plain words, and writes nothing', async () => {
    const before = await counts({ db: db() } as Connection);
    const bad = nextWeek(now);
    bad.exams[0]!.id = 'f1000000000000000000aa09';
    bad.exams[0]!.questions = [
      { id: 'f2000000000000000000aa11', type: 'MCQ', title: 'one', point: 1, options: ['A', 'B', 'C', 'D'], answer: [0] },
      { id: 'f2000000000000000000aa12', type: 'MCQ', title: 'two', point: 1, options: ['A', 'B', 'C', 'D'], answer: [1] },
      { id: 'f2000000000000000000aa13', type: 'MCQ', title: 'three', point: 1, options: ['A', 'B', 'C', 'D'], answer: [9] },
      { id: 'f2000000000000000000aa14', type: 'MCA', title: 'four', point: 1, options: ['x', 'y', 'z'], answer: ['true', 'maybe'] },
    ];
    bad.exams[0]!.assignments[0]!.groupId = 'a1000000000000000000ffff';
    bad.students.push({ name: 'Twin', sid: 'T-10', phone: '01900000009', groups: [] });
    const error = await refusal(importNow(bad));
    const lines = error.problems.join('\n');
    expect(lines).toContain('/exams/0/questions/2/answer: question 3: answer 9 is not one of the 4 options');
    expect(lines).toContain('question 4: an MCA question needs a true or false for each of its 3 options, 2 given');
    expect(lines).toContain('question 4: answer "maybe" is neither true nor false');
    expect(lines).toContain('/exams/0/assignments/0/groupId: Next Week Live Test: batch a1000000000000000000ffff is not in the bundle nor in the academy');
    expect(lines).toContain('/students/2/phone: Twin: phone 01900000009 is used twice');
    expect(error.details.map((d) => d.message)).toHaveLength(5);
    expect(await counts({ db: db() } as Connection)).toEqual(before);
  });

  it('removes only what the remove list names, and refuses removing what students have started', async () => {
    const bengali = await db().selectFrom('students').select('id').where('username', '=', '8801900000009').executeTakeFirstOrThrow();
    const report = await importNow({ remove: [
      { kind: 'membership', groupId: GROUP, phone: '01900000009' },
      { kind: 'question', id: 'f2000000000000000000aa02' },
    ] });
    expect(changesOf(report, 'batch member').removed).toBe(1);
    expect(await db().selectFrom('group_members').select('group_id').where('student_id', '=', bengali.id).execute()).toEqual([]);
    expect(Number((await db().selectFrom('exams').select('total_marks').where('id', '=', NEXT).executeTakeFirstOrThrow()).total_marks)).toBe(1);
    const error = await refusal(importNow({ remove: [{ kind: 'exam', id: LIVE }, { kind: 'assignment', examId: LIVE, groupId: OTHER_GROUP }] }));
    expect(error.problems.join('\n')).toContain('exam Live Cardiology Test cannot be removed, 1 student has started it');
    expect(error.problems.join('\n')).toContain(`cannot remove the exam ${LIVE} from batch ${OTHER_GROUP}: it is not given to that batch`);
    expect(await db().selectFrom('exams').select('id').where('id', '=', LIVE).executeTakeFirst()).toBeDefined();
  });

  it('gives a new student an initial password the staff hand out, and keeps an existing one', async () => {
    await importNow({ students: [{ name: 'With Password', sid: 'T-11', phone: '01900000011', password: 'first-pass', groups: [GROUP] }] });
    const row = await db().selectFrom('students').select(['password_hash']).where('username', '=', '8801900000011').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/\S{20,}/);
    const again = await importNow({ students: [{ name: 'With Password', sid: 'T-11', phone: '01900000011', password: 'other-pass', groups: [GROUP] }] });
    expect(again.changed).toBe(false);
    expect((await db().selectFrom('students').select(['password_hash']).where('username', '=', '8801900000011').executeTakeFirstOrThrow()).password_hash).toBe(row.password_hash);
  });
});
