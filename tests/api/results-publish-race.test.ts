// Marking and publishing racing each other: hundreds of marks sent in parallel while another teacher
// publishes, on every database kind, and on PostgreSQL a mark held inside its transaction (a row lock
// the test keeps on the answer) while the publication is asked for. Afterwards every accepted mark is
// in the published results and the fixed merit list, and every refused one (409) left nothing.
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { databaseKinds, postgresUrl } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const COURSE = 'c30000000000000000000001';
const GROUP = 'a30000000000000000000001';
const TEACHER = 'de3000000000000000000001';
const OTHER_TEACHER = 'de3000000000000000000002';
const EXAM = 'f30000000000000000000001';
const ASSIGNMENT = 'fa3000000000000000000001';
const SHORT = 'f23000000000000000000001';
const PARAGRAPH = 'f23000000000000000000002';
const POINTS = { [SHORT]: 3, [PARAGRAPH]: 5 } as Record<string, number>;
const studentId = (n: number) => `d3${n.toString(16).padStart(22, '0')}`;

/** A finished live exam of one batch with two written questions (3 and 5 marks, no negative marks), every student having answered both. */
function raceBundle(students: number) {
  const ids = Array.from({ length: students }, (_, i) => studentId(i + 1));
  return {
    courses: [{ id: COURSE, name: 'Race Course', subjects: [] }],
    groups: [{ id: GROUP, name: 'Race Batch', courseId: COURSE, items: 'all' }],
    staff: [
      { id: TEACHER, name: 'Dr. First', username: 'first@academy.test', role: 'teacher', password: 'first-pass-2026', courseIds: [COURSE] },
      { id: OTHER_TEACHER, name: 'Dr. Second', username: 'second@academy.test', role: 'teacher', password: 'second-pass-2026', courseIds: [COURSE] },
    ],
    students: ids.map((id, i) => ({ id, name: `Racer ${String(i + 1).padStart(3, '0')}`, sid: `R-${i + 1}`, phone: `0191${String(i + 1).padStart(7, '0')}`, groups: [GROUP] })),
    exams: [
      {
        id: EXAM,
        title: 'Race Grand Test',
        courseId: COURSE,
        passMark: 50,
        negativeMark: 0,
        questions: [
          { id: SHORT, type: 'shortAns', title: 'Name the valve', point: 3 },
          { id: PARAGRAPH, type: 'paragraph', title: 'Describe the cycle', point: 5 },
        ],
        assignments: [{ id: ASSIGNMENT, groupId: GROUP, startsAt: 'now-4h', endsAt: 'now-3h', duration: 40 }],
      },
    ],
    submissions: ids.map((id) => ({
      examId: EXAM,
      groupId: GROUP,
      studentId: id,
      startedAt: 'now-3h50m',
      submittedAt: 'now-3h30m',
      answers: [
        { questionId: SHORT, answer: ['Mitral'] },
        { questionId: PARAGRAPH, answer: ['Systole then diastole.'] },
      ],
    })),
  };
}

interface Answer { attemptId: string; questionId: string; student: { _id: string } }

describe.each(databaseKinds())('marking racing publication (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;
  let otherTeacher: string;
  afterEach(async () => {
    await server?.close();
  });

  const call = signedCalls(() => server, () => []);
  const mark = (answer: Answer, marks: number, session = teacher) => call('PATCH', apiPath(staffPaths.markAnswer, { attemptId: answer.attemptId, questionId: answer.questionId }), session, { marks });
  const publish = () => call('POST', apiPath(staffPaths.publish, { assignmentId: ASSIGNMENT }), otherTeacher);

  async function start(students: number) {
    server = await startTestServer({ kind, bundle: raceBundle(students) });
    teacher = await server.sessionFor(TEACHER, 'staff');
    otherTeacher = await server.sessionFor(OTHER_TEACHER, 'staff');
    const queue = await call('GET', `${apiPath(staffPaths.gradingQueue, { assignmentId: ASSIGNMENT })}?status=all`, teacher);
    expect(queue.status).toBe(200);
    return queue.body.data.answers as Answer[];
  }

  /**
   * What is stored after the race: each answer holds the marks of its accepted mark, or of the mark
   * before the race when the race's mark was refused; each result's marks are its answers' marks; and
   * the merit list fixed at publication ranks every result by those marks (ties share a rank).
   */
  async function expectConsistent(expected: Map<string, number>) {
    const db = server.app.db;
    const answers = await db.selectFrom('answers').innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
      .select(['answers.attempt_id', 'answers.question_id', 'answers.review_marks']).where('attempts.exam_id', '=', EXAM).execute();
    const stored = new Map(answers.map((a) => [`${a.attempt_id}/${a.question_id}`, Number(a.review_marks)]));
    expect(stored).toEqual(expected);
    const results = await db.selectFrom('results').select(['attempt_id', 'marks_obtained', 'overall_marks', 'merit_rank', 'merit_position']).where('exam_id', '=', EXAM).execute();
    const ranks = results.map((r) => ({
      attempt: r.attempt_id,
      marks: Number(r.marks_obtained),
      rank: r.merit_rank === null ? null : Number(r.merit_rank),
    }));
    const expectedRanks = ranks.map((r) => ({
      attempt: r.attempt,
      marks: (stored.get(`${r.attempt}/${SHORT}`) ?? 0) + (stored.get(`${r.attempt}/${PARAGRAPH}`) ?? 0),
      rank: 1 + results.filter((other) => Number(other.overall_marks) > Number(results.find((x) => x.attempt_id === r.attempt)!.overall_marks)).length,
    }));
    expect(ranks).toEqual(expectedRanks);
  }

  it('keeps every accepted mark of hundreds sent in parallel with a publication in the results and the merit list, and refuses the rest', async () => {
    const answers = await start(150);
    expect(answers).toHaveLength(300);
    const before = new Map<string, number>();
    await Promise.all(answers.map(async (a, i) => {
      const marks = i % (POINTS[a.questionId]! + 1);
      before.set(`${a.attemptId}/${a.questionId}`, marks);
      expect((await mark(a, marks)).status).toBe(200);
    }));

    // The race: every answer marked again (a spread of marks that reorders the list), the other
    // teacher publishing once a first part of the marks has been answered.
    const again = answers.map((a, i) => ({ answer: a, marks: (i * 7 + 3) % (POINTS[a.questionId]! + 1) }));
    let answered = 0;
    let published: Promise<Awaited<ReturnType<typeof publish>>> | null = null;
    const replies = await Promise.all(again.map(async ({ answer, marks }) => {
      const reply = await mark(answer, marks);
      if (++answered === 60) published = publish();
      return reply;
    }));
    expect(published).not.toBeNull();
    expect((await published!).status).toBe(200);
    // A mark sent after the publication is refused in any case, in plain words.
    const late = await mark(answers[0]!, 1);
    expect(late.status).toBe(409);
    expect(late.body.errors).toMatchObject({ code: 'resultsPublished', title: 'The results of this exam are already published; marks can no longer change.' });

    const expected = new Map(before);
    let accepted = 0;
    for (const [i, reply] of replies.entries()) {
      const { answer, marks } = again[i]!;
      if (reply.status === 200) {
        accepted++;
        expected.set(`${answer.attemptId}/${answer.questionId}`, marks);
      } else {
        expect(reply.status).toBe(409);
        expect(reply.body.errors?.code).toBe('resultsPublished');
      }
    }
    expect(accepted).toBeGreaterThanOrEqual(60);
    await expectConsistent(expected);
  }, 120_000);

  // PostgreSQL only: SQLite runs one writing transaction at a time, so a mark cannot be held inside one.
  if (kind === 'postgres') it('holds a publication until a mark inside its transaction commits: the mark is in the merit list, or refused', async () => {
    const answers = await start(5);
    const before = new Map<string, number>();
    // Racers 2 to 5 get 2, 4, 6 and 8 marks; racer 1 has 0, the last place, until the held mark.
    for (const a of answers) {
      const n = Number.parseInt(a.student._id.slice(2), 16);
      const marks = n === 1 ? 0 : a.questionId === SHORT ? Math.min(3, n - 1) : 2 * (n - 1) - Math.min(3, n - 1);
      before.set(`${a.attemptId}/${a.questionId}`, marks);
      expect((await mark(a, marks)).status).toBe(200);
    }
    const held = answers.find((a) => a.student._id === studentId(1) && a.questionId === PARAGRAPH)!;

    // Another connection locks the answer's row, so the mark stops inside its transaction after it
    // has checked the publication, exactly where a slow database would leave it.
    const blocker = new pg.Client({ connectionString: server.database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from answers where attempt_id = $1 and question_id = $2 for update', [held.attemptId, held.questionId]);
      const blockerPid = (await blocker.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const observer = new pg.Client({ connectionString: postgresUrl! });
      await observer.connect();
      const waitingOn = async (pid: number) =>
        (await observer.query('select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [pid])).rows.map((r) => r.pid as number);
      try {
        const marked = mark(held, 5);
        const markPid = (await until(async () => (await waitingOn(blockerPid))[0]))!;
        // The publication is asked for while the mark waits: it either finishes (the mark has not
        // kept it out) or waits for the mark; both are seen without guessing a time.
        let publishDone = false;
        const publishing = publish().then((reply) => { publishDone = true; return reply; });
        await until(async () => publishDone || (await waitingOn(markPid)).length > 0);
        await blocker.query('commit');
        const [markReply, publishReply] = await Promise.all([marked, publishing]);
        expect(publishReply.status).toBe(200);
        const expected = new Map(before);
        if (markReply.status === 200) expected.set(`${held.attemptId}/${held.questionId}`, 5);
        else expect(markReply.body.errors?.code).toBe('resultsPublished');
        await expectConsistent(expected);
      } finally {
        await observer.end();
      }
    } finally {
      await blocker.end();
    }
  }, 60_000);
});

/** Polls `check` until it gives a truthy value (a database state, not a time), for at most 30 s. */
async function until<T>(check: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('the awaited database state never came');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
