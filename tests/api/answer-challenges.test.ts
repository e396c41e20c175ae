// Answer-key challenges and the regrade through the API on every database kind: the window (closed
// before publication and after its hours), one challenge per question (an edit replaces it), forged
// ids, another batch, a teacher of another course, a key change regraded against a hand-computed
// example (marks, ranks, history, notifications), the same decision twice, a failure injected before
// the regrade commits leaving nothing changed, and one after it finished as a restart does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { GROUP, OTHER_COURSE, OTHER_GROUP, OUTSIDER, STUDENT } from './exams-fixture.js';
import { FINISHED_Q, TEACHER } from './results-fixture.js';
import { ANALYSED, ANALYSED_ASSIGNMENT, Q, itemAnalysisBundle, markAndPublishAnalysed } from './item-analysis-fixture.js';
import { finishRegradeJobs, regradeExamResults } from '../../server/exams/regrading.js';
import { examById } from '../../server/exams/queries.js';
import { challengePaths, notificationsPaths, resultsPaths, staffPaths, staffResultsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const PUPIL = (i: number) => `d2000000000000000000000${i.toString(16)}`;
const OTHER_TEACHER = 'de0000000000000000000009';

function bundle() {
  const base = itemAnalysisBundle();
  return {
    ...base,
    staff: [...base.staff, { id: OTHER_TEACHER, name: 'Dr. Elsewhere', username: 'elsewhere@academy.test', role: 'teacher', password: 'elsewhere-pass-2026', courseIds: [OTHER_COURSE] }],
  };
}

describe.each(databaseKinds())('answer-key challenges (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: bundle() });
    teacher = await server.sessionFor(TEACHER, 'staff');
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => []);
  const put = async (url: string, session: string, payload: unknown) => {
    const response = await server.call({ method: 'PUT', url, session, payload: payload as object });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const challenge = (session: string, body: unknown, questionId = Q.mcq, groupId = GROUP, examId = ANALYSED) =>
    put(apiPath(challengePaths.save, { examId, groupId, questionId }), session, body);
  const mine = (session: string, groupId = GROUP) => call('GET', apiPath(challengePaths.mine, { examId: ANALYSED, groupId }), session);
  const desk = (session = teacher) => call('GET', apiPath(challengePaths.desk, { assignmentId: ANALYSED_ASSIGNMENT }), session);
  const decide = (body: unknown, session = teacher, questionId = Q.mcq) => call('POST', apiPath(challengePaths.decide, { assignmentId: ANALYSED_ASSIGNMENT, questionId }), session, body);
  const pupil = (i: number) => server.sessionFor(PUPIL(i));
  const results = async () =>
    (await server.app.db.selectFrom('results').select(['student_id', 'marks_obtained', 'total_marks', 'merit_rank', 'detail']).where('exam_id', '=', ANALYSED).orderBy('student_id').execute()).map((r) => ({
      ...r, marks_obtained: Number(r.marks_obtained), total_marks: Number(r.total_marks), merit_rank: r.merit_rank === null ? null : Number(r.merit_rank),
    }));
  const marksOf = async () => Object.fromEntries((await results()).map((r) => [r.student_id, [r.marks_obtained, r.merit_rank]]));
  const claimB = { options: [1], flawed: false, reason: 'পাঠ্যবইয়ের ৪২ পৃষ্ঠা অনুযায়ী সঠিক উত্তর B। The textbook says B.' };

  it('opens the window at publication and closes it after the academy default of 48 hours', async () => {
    const early = await challenge(await pupil(6), claimB);
    expect(early.status).toBe(409);
    expect(early.body.errors?.code).toBe('notPublishedYet');
    await markAndPublishAnalysed(call, teacher);
    const session = await pupil(6);
    const list = await mine(session);
    expect(list.status).toBe(200);
    expect(list.body.data.window.open).toBe(true);
    expect(Date.parse(list.body.data.window.closesAt) - server.clock.now().getTime()).toBeGreaterThan(47.9 * 3_600_000);
    expect((await challenge(session, claimB)).status).toBe(200);
    server.clock.advance(48 * 3_600_000 + 1000);
    // A test session lasts a day: a new one after the window.
    const later = await pupil(6);
    const late = await challenge(later, { ...claimB, reason: 'Again' });
    expect(late.status).toBe(409);
    expect(late.body.errors?.code).toBe('challengeWindowClosed');
    expect((await mine(later)).body.data.window.open).toBe(false);
  });

  it("takes the exam's own window when it sets one", async () => {
    await server.close();
    const own = bundle();
    server = await startTestServer({ kind, bundle: { ...own, exams: own.exams.map((e) => (e.id === ANALYSED ? { ...e, challengeHours: 2 } : e)) } });
    teacher = await server.sessionFor(TEACHER, 'staff');
    await markAndPublishAnalysed(call, teacher);
    const closesAt = (await mine(await pupil(6))).body.data.window.closesAt;
    expect(Date.parse(closesAt) - server.clock.now().getTime()).toBeLessThanOrEqual(2 * 3_600_000);
    expect(Date.parse(closesAt) - server.clock.now().getTime()).toBeGreaterThan(1.9 * 3_600_000);
  });

  it("opens the window of results imported as published at the exam's end, for the exam's hours or the academy's", async () => {
    const imported = (hours?: number) => {
      const own = bundle();
      return {
        ...own,
        exams: own.exams.map((e) => (e.id === ANALYSED ? { ...e, ...(hours === undefined ? {} : { challengeHours: hours }), assignments: e.assignments.map((a) => ({ ...a, resultPublished: true })) } : e)),
      };
    };
    await server.close();
    server = await startTestServer({ kind, bundle: imported() });
    const endedAt = Date.parse((await server.app.db.selectFrom('exam_assignments').select('ends_at').where('id', '=', ANALYSED_ASSIGNMENT).executeTakeFirstOrThrow()).ends_at);
    const session = await pupil(6);
    const window = (await mine(session)).body.data.window;
    expect(window.open).toBe(true);
    expect(Date.parse(window.closesAt)).toBe(endedAt + 48 * 3_600_000);
    expect((await challenge(session, claimB)).status).toBe(200);

    // The exam's own 2 hours closed an hour ago (it ended 3 hours before the import).
    await server.close();
    server = await startTestServer({ kind, bundle: imported(2) });
    const late = await challenge(await pupil(6), claimB);
    expect(late.status).toBe(409);
    expect(late.body.errors?.code).toBe('challengeWindowClosed');
  });

  it('keeps one challenge per question: an edit replaces it; the reason and proposal are checked', async () => {
    await markAndPublishAnalysed(call, teacher);
    const session = await pupil(6);
    const first = await challenge(session, claimB);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ questionId: Q.mcq, options: [1], flawed: false, status: 'open', reply: null });
    const edited = await challenge(session, { options: [], flawed: true, reason: '  Two options are right.  ' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ _id: first.body.data._id, options: [], flawed: true, reason: 'Two options are right.' });
    const list = (await mine(session)).body.data.challenges;
    expect(list).toHaveLength(1);
    expect((await challenge(session, { ...claimB, reason: '   ' })).body.errors?.code).toBe('badReason');
    expect((await challenge(session, { ...claimB, reason: 'x'.repeat(2001) })).body.errors?.code).toBe('badReason');
    expect((await challenge(session, { ...claimB, options: [0, 1] })).body.errors?.code).toBe('badProposal');
    expect((await challenge(session, { ...claimB, options: [7] })).body.errors?.code).toBe('badProposal');
    expect((await challenge(session, { ...claimB, options: [1], flawed: true })).body.errors?.code).toBe('badProposal');
    expect((await challenge(session, claimB, Q.short)).body.errors?.code).toBe('notChallengeable');
  });

  it('refuses forged ids, another batch, an unsubmitted exam and a teacher of another course', async () => {
    await markAndPublishAnalysed(call, teacher);
    const session = await pupil(6);
    expect((await challenge(session, claimB, FINISHED_Q.mcq1)).status).toBe(404);
    expect((await challenge(session, claimB, 'f200000000000000000000ff')).status).toBe(404);
    expect((await challenge(session, claimB, Q.mcq, GROUP, 'f100000000000000000000ff')).status).toBe(404);
    expect((await challenge(session, claimB, 'not-an-id')).status).toBe(400);
    const outsider = await server.sessionFor(OUTSIDER);
    expect((await challenge(outsider, claimB)).status).toBe(404);
    expect((await challenge(outsider, claimB, Q.mcq, OTHER_GROUP)).status).toBe(404);
    expect((await mine(outsider)).status).toBe(404);
    // A student of the batch who did not sit the exam has no attempt to challenge.
    expect((await challenge(await server.sessionFor(STUDENT), claimB)).body.errors?.code).toBe('resultNotReady');
    const elsewhere = await server.sessionFor(OTHER_TEACHER, 'staff');
    expect((await desk(elsewhere)).status).toBe(403);
    expect((await decide({ kind: 'keep', options: [], reply: 'No.' }, elsewhere)).status).toBe(403);
    expect((await desk(session)).status).toBe(403);
    expect((await decide({ kind: 'change', options: [9], reply: 'B.' })).body.errors?.code).toBe('badDecision');
    expect((await decide({ kind: 'keep', options: [], reply: ' ' })).body.errors?.code).toBe('badReply');
  });

  it('groups challenges by question with the item statistics; keeping the key replies to all', async () => {
    await markAndPublishAnalysed(call, teacher);
    await challenge(await pupil(6), claimB);
    await challenge(await pupil(7), claimB);
    await challenge(await pupil(8), { options: [], flawed: true, reason: 'Ambiguous wording.' });
    const before = await marksOf();
    const list = await desk();
    expect(list.status).toBe(200);
    const [question] = list.body.data.questions;
    expect(question).toMatchObject({ questionId: Q.mcq, number: 1, challengers: 3, open: 3, keyOptions: [0], dropped: false, decision: null });
    expect(question.proposals).toEqual([{ options: [1], flawed: false, count: 2 }, { options: [], flawed: true, count: 1 }]);
    expect(question.stats).toMatchObject({ questionId: Q.mcq, facility: 0.5, discrimination: 1 });
    // What a change or a drop would regrade, said before it is sent.
    expect(list.body.data.examResults).toBe(12);
    // The desk's links say how many: the week, the results and the item analysis carry the batch's count.
    const week = (await call('GET', apiPath(staffPaths.schedule), teacher)).body.data.assignments;
    expect(week.find((a: { _id: string }) => a._id === ANALYSED_ASSIGNMENT).challenges).toBe(3);
    expect((await call('GET', apiPath(staffResultsPaths.meritList, { assignmentId: ANALYSED_ASSIGNMENT }), teacher)).body.data.challenges).toBe(3);
    expect((await call('GET', apiPath(staffPaths.itemAnalysis, { assignmentId: ANALYSED_ASSIGNMENT }), teacher)).body.data.challenges).toBe(3);
    const kept = await decide({ kind: 'keep', options: [], reply: 'The key A stands: see Guyton, chapter 9.' });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ unchanged: false, regrade: null, decision: { kind: 'keep' } });
    expect(await marksOf()).toEqual(before);
    const seen = (await mine(await pupil(6))).body.data;
    expect(seen.challenges[0]).toMatchObject({ status: 'rejected', reply: 'The key A stands: see Guyton, chapter 9.' });
    expect(seen.decided).toEqual([Q.mcq]);
    expect((await challenge(await pupil(9), claimB)).body.errors?.code).toBe('questionDecided');
  });

  it('regrades every attempt on a key change, hand-computed, with history and notifications; twice changes nothing', async () => {
    await markAndPublishAnalysed(call, teacher);
    await challenge(await pupil(6), claimB);
    // Before (MCQ 2 marks, key A): 0: 6, 1: 5, 3-5: 4, 2: 3, 6-7: 1, 8-11: 0; ranks 1, 2, 3, 6, 7, 9.
    // Key B: 0: 4, 1: 3, 2: 1, 3-5: 2, 6-7: 3, 8-11: 2; ranks 0: 1, 1/6/7: 2, 3-5/8-11: 5, 2: 12.
    const reply = await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ unchanged: false, regrade: { questionNumber: 1, kind: 'change', results: 12, changed: 12, notified: 12 } });
    const after = await marksOf();
    const expected: Record<number, [number, number]> = { 0: [4, 1], 1: [3, 2], 2: [1, 12], 3: [2, 5], 4: [2, 5], 5: [2, 5], 6: [3, 2], 7: [3, 2], 8: [2, 5], 9: [2, 5], 10: [2, 5], 11: [2, 5] };
    for (const [i, figures] of Object.entries(expected)) expect(after[PUPIL(Number(i))]).toEqual(figures);
    expect((await results()).every((r) => r.total_marks === 8)).toBe(true);

    const session = await pupil(6);
    const notes = (await call('GET', apiPath(notificationsPaths.list), session)).body.data;
    expect(notes[0].notificationId.message).toBe("Question 1's key was corrected: your marks 1 → 3, rank 7 → 2");
    const zero = (await call('GET', apiPath(notificationsPaths.list), await pupil(0))).body.data;
    expect(zero[0].notificationId.message).toBe("Question 1's key was corrected: your marks 6 → 4, rank stays 1");
    const result = (await call('GET', apiPath(resultsPaths.result, { examId: ANALYSED, groupId: GROUP }), session)).body.data;
    expect(result).toMatchObject({ marksObtained: 3, rank: 2, regraded: { history: [{ questionNumber: 1, kind: 'change', oldMarks: 1, newMarks: 3, oldRank: 7, newRank: 2 }] } });
    expect(result.answers[0].questionId.answer).toEqual([1]);
    const board = (await call('GET', apiPath(resultsPaths.scoreboard), session)).body.data.results.examResult;
    expect(board.find((r: { examId: { _id: string } }) => r.examId._id === ANALYSED).regraded.history).toHaveLength(1);
    expect((await mine(session)).body.data.challenges[0]).toMatchObject({ status: 'accepted', reply: 'Corrected: B is right.' });

    const snapshot = await results();
    const notifications = Number((await server.app.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const again = await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.' });
    expect(again.body.data).toMatchObject({ unchanged: true, regrade: null });
    expect(await results()).toEqual(snapshot);
    expect(Number((await server.app.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(notifications);
    expect((await desk()).body.data.regrades).toHaveLength(1);
  });

  it('accepts several options, and drops a question from everyone\'s marks and full marks', async () => {
    await markAndPublishAnalysed(call, teacher);
    await challenge(await pupil(6), claimB);
    expect((await decide({ kind: 'change', options: [1, 0], reply: 'Both A and B are right.' })).status).toBe(200);
    let after = await marksOf();
    // Everyone who answered the MCQ earns its 2 marks: 6-7: 3, 8-11: 2; the others as before.
    expect([after[PUPIL(0)], after[PUPIL(6)], after[PUPIL(8)]].map((f) => f![0])).toEqual([6, 3, 2]);
    // Item analysis marks both accepted options as keys.
    const stats = (await desk()).body.data.questions[0].stats;
    expect(stats.choices.slice(0, 3).map((c: { key: boolean }) => c.key)).toEqual([true, true, false]);
    expect((await decide({ kind: 'drop', options: [], reply: 'The question is dropped.' })).body.data.regrade).toMatchObject({ kind: 'drop' });
    expect((await desk()).body.data.questions[0].stats).toMatchObject({ dropped: true, facility: null, discrimination: null, flags: [] });
    after = await marksOf();
    expect([after[PUPIL(0)], after[PUPIL(1)], after[PUPIL(6)], after[PUPIL(8)]].map((f) => f![0])).toEqual([4, 3, 1, 0]);
    expect((await results()).every((r) => r.total_marks === 6)).toBe(true);
    const exam = await server.app.db.selectFrom('exams').select('total_marks').where('id', '=', ANALYSED).executeTakeFirstOrThrow();
    expect(Number(exam.total_marks)).toBe(6);
    // The regrades took each result's one line: scoring every paper whole now changes nothing.
    expect((await regradeExamResults(server.app.db, kind, await examById(server.app.db, ANALYSED))).changed).toEqual([]);
  });

  /** A trigger that fails every insert into `table` (PostgreSQL: through a function), and its removal. */
  const injectFault = async (table: string) => {
    const db = server.app.db;
    if (kind === 'sqlite') {
      await sql`create trigger injected_fault before insert on ${sql.table(table)} begin select raise(abort, 'injected fault'); end`.execute(db);
    } else {
      await sql`create function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`.execute(db);
      await sql`create trigger injected_fault before insert on ${sql.table(table)} for each row execute function injected_fault()`.execute(db);
    }
    return async () => {
      if (kind === 'sqlite') await sql`drop trigger injected_fault`.execute(db);
      else await sql`drop trigger injected_fault on ${sql.table(table)}`.execute(db);
      if (kind === 'postgres') await sql`drop function injected_fault()`.execute(db);
    };
  };

  it('leaves nothing changed when the regrade fails in the middle', async () => {
    await markAndPublishAnalysed(call, teacher);
    await challenge(await pupil(6), claimB);
    const db = server.app.db;
    // The regrade is planned and staged; the decision's transaction, which commits it, fails.
    const heal = await injectFault('regrades');
    const before = await results();
    const failed = await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.' });
    expect(failed.status).toBe(500);
    expect(await results()).toEqual(before);
    const question = await db.selectFrom('questions').select(['answer', 'dropped']).where('id', '=', Q.mcq).executeTakeFirstOrThrow();
    expect(JSON.parse(question.answer)).toEqual([0]);
    expect(await db.selectFrom('key_decisions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('regrades').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('regrade_jobs').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('regrade_staged').selectAll().execute()).toEqual([]);
    expect((await mine(await pupil(6))).body.data.challenges[0].status).toBe('open');
    expect((await call('GET', apiPath(notificationsPaths.list), await pupil(6))).body.data.some((n: { notificationId: { message: string } }) => n.notificationId.message.includes('corrected'))).toBe(false);

    await heal();
    expect((await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.' })).body.data.regrade).toMatchObject({ changed: 12 });
  });

  it('finishes a committed regrade whose writes stopped, as a restart does, and holds the exam until then', async () => {
    await markAndPublishAnalysed(call, teacher);
    await challenge(await pupil(6), claimB);
    const db = server.app.db;
    // The decision commits; writing its staged results stops at the first history line (as a crash would).
    const heal = await injectFault('regrade_changes');
    const failed = await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.' });
    expect(failed.status).toBe(500);
    expect(JSON.parse((await db.selectFrom('questions').select('answer').where('id', '=', Q.mcq).executeTakeFirstOrThrow()).answer)).toEqual([1]);
    expect(await db.selectFrom('regrade_jobs').select('state').execute()).toEqual([{ state: 'applying' }]);
    expect((await db.selectFrom('regrade_staged').select('result_id').execute()).length).toBe(12);
    // Meanwhile another decision on the exam waits its turn.
    expect((await decide({ kind: 'drop', options: [], reply: 'Dropped.' })).status).toBe(503);

    await heal();
    expect(await finishRegradeJobs(db, kind)).toBe(1);
    expect(await db.selectFrom('regrade_jobs').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('regrade_staged').selectAll().execute()).toEqual([]);
    const after = await marksOf();
    const expected: Record<number, [number, number]> = { 0: [4, 1], 1: [3, 2], 2: [1, 12], 3: [2, 5], 6: [3, 2], 11: [2, 5] };
    for (const [i, figures] of Object.entries(expected)) expect(after[PUPIL(Number(i))]).toEqual(figures);
    expect((await regradeExamResults(db, kind, await examById(db, ANALYSED))).changed).toEqual([]);
    expect((await db.selectFrom('regrade_changes').selectAll().execute()).length).toBe(12);
    const notes = (await call('GET', apiPath(notificationsPaths.list), await pupil(6))).body.data;
    expect(notes[0].notificationId.message).toBe("Question 1's key was corrected: your marks 1 → 3, rank 7 → 2");
    expect((await decide({ kind: 'drop', options: [], reply: 'Dropped.' })).status).toBe(200);
  });
});
