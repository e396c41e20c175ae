// The regrade writes each result once, its new marks and its new places together (fixMeritList ranking the
// staged figures). Checked on every database kind against the figures and places computed afresh: a
// student whose place moves while their marks stay, one whose marks move while their place stays, ties,
// faculty positions, and an unpublished batch whose results move without places.
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { OTHER_GROUP, OUTSIDER } from './exams-fixture.js';
import { TEACHER } from './results-fixture.js';
import { ANALYSED, ANALYSED_ASSIGNMENT, Q, itemAnalysisBundle, markAndPublishAnalysed } from './item-analysis-fixture.js';
import { regradeExamResults } from '../../server/exams/regrading.js';
import { examById } from '../../server/exams/queries.js';
import { fixMeritList } from '../../server/results/queries.js';
import { challengePaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const PUPIL = (i: number) => `d2000000000000000000000${i.toString(16)}`;

/** The analysed exam with faculties on its submissions and a second batch (one student) that ended unpublished. */
function bundle(withOtherBatch: boolean) {
  const base = itemAnalysisBundle();
  return {
    ...base,
    exams: base.exams.map((e) =>
      e.id === ANALYSED && withOtherBatch ? { ...e, assignments: [...e.assignments, { groupId: OTHER_GROUP, startsAt: 'now-4h', endsAt: 'now-3h', duration: 40 }] } : e,
    ),
    submissions: [
      ...base.submissions.map((s) => (s.examId === ANALYSED ? { ...s, faculty: Number.parseInt(s.studentId.slice(-1), 16) % 2 ? 'Surgery' : 'Medicine' } : s)),
      ...(withOtherBatch
        ? [{ examId: ANALYSED, groupId: OTHER_GROUP, studentId: OUTSIDER, startedAt: 'now-3h50m', submittedAt: 'now-3h30m', answers: [{ questionId: Q.mcq, answer: [1] }, { questionId: Q.box, answer: [0, 1] }] }]
        : []),
    ],
  };
}

describe.each(databaseKinds())('a regrade writes marks and places together (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;
  const call = signedCalls(() => server, () => []);
  const decide = (questionId: string, body: unknown) => call('POST', apiPath(challengePaths.decide, { assignmentId: ANALYSED_ASSIGNMENT, questionId }), teacher, body);
  const start = async (withOtherBatch: boolean) => {
    server = await startTestServer({ kind, bundle: bundle(withOtherBatch) });
    teacher = await server.sessionFor(TEACHER, 'staff');
    await markAndPublishAnalysed(call, teacher);
  };
  afterEach(async () => {
    await server.close();
  });

  const standing = async () =>
    new Map(
      (await server.app.db.selectFrom('results').select(['id', 'student_id', 'marks_obtained', 'merit_rank', 'merit_position', 'faculty_position']).where('exam_id', '=', ANALYSED).execute()).map((r) => [
        r.student_id,
        { id: r.id, marks: Number(r.marks_obtained), rank: r.merit_rank === null ? null : Number(r.merit_rank), position: r.merit_position === null ? null : Number(r.merit_position), faculty: r.faculty_position === null ? null : Number(r.faculty_position) },
      ]),
    );
  /** Stored figures equal scoring every paper whole, stored places equal ranking afresh, and the question's regrade history says what moved. */
  const expectConsistent = async (questionId: string, before: Awaited<ReturnType<typeof standing>>, after: Awaited<ReturnType<typeof standing>>) => {
    const db = server.app.db;
    expect((await regradeExamResults(db, kind, await examById(db, ANALYSED))).changed).toEqual([]);
    expect(await fixMeritList(db, ANALYSED)).toEqual([]);
    const latest = await db.selectFrom('regrades').select('id').where('question_id', '=', questionId).executeTakeFirstOrThrow();
    const lines = await db.selectFrom('regrade_changes').select(['student_id', 'old_marks', 'new_marks', 'old_rank', 'new_rank']).where('regrade_id', '=', latest.id).execute();
    const history = new Map(lines.map((l) => [l.student_id, [Number(l.old_marks), Number(l.new_marks), l.old_rank === null ? null : Number(l.old_rank), l.new_rank === null ? null : Number(l.new_rank)]]));
    const expected = new Map([...after].filter(([id, now]) => now.marks !== before.get(id)!.marks || now.rank !== before.get(id)!.rank).map(([id, now]) => [id, [before.get(id)!.marks, now.marks, before.get(id)!.rank, now.rank]]));
    expect(history).toEqual(expected);
  };

  it('moves a place without marks, marks without a place, and ties; an unpublished batch gets marks and no place', async () => {
    await start(true);
    const before = await standing();
    // Checkbox key A+B → A: 3-5 (A+B) lose its mark, 0-2 (A+C) stay wrong, 6-11 skipped it.
    // Before: 0: 6, 1: 5, 3-5: 4, 2: 3, 6-7: 1, 8-11: 0 (ranks 1, 2, 3, 6, 7, 9). After: 2-5 tie at 3 (rank 3).
    const reply = await decide(Q.box, { kind: 'change', options: [0], reply: 'Only A is right.' });
    expect(reply.status).toBe(200);
    const after = await standing();
    // Pupil 2: marks stay, rank 6 → 3 and position 6 → 3; pupil 3: marks 4 → 3, rank stays 3, position 3 → 4.
    expect(after.get(PUPIL(2))).toMatchObject({ marks: 3, rank: 3, position: 3 });
    expect(before.get(PUPIL(2))).toMatchObject({ marks: 3, rank: 6, position: 6 });
    expect(after.get(PUPIL(3))).toMatchObject({ marks: 3, rank: 3, position: 4 });
    expect(before.get(PUPIL(3))).toMatchObject({ marks: 4, rank: 3, position: 3 });
    expect([4, 5].map((i) => after.get(PUPIL(i))!.rank)).toEqual([3, 3]);
    expect(after.get(PUPIL(0))).toEqual(before.get(PUPIL(0)));
    // The unpublished batch's student lost the mark too, and has no place.
    expect(after.get(OUTSIDER)).toMatchObject({ marks: before.get(OUTSIDER)!.marks - 1, rank: null, position: null, faculty: null });
    // History for 2 (rank), 3-5 (marks) and the unpublished student; notifications to the published only.
    expect(reply.body.data.regrade).toMatchObject({ results: 13, changed: 5, notified: 4 });
    await expectConsistent(Q.box, before, after);

    // The MCQ's key A → B next: every mark moves, 0 keeps rank 1.
    const again = await standing();
    expect((await decide(Q.mcq, { kind: 'change', options: [1], reply: 'B is right.' })).status).toBe(200);
    await expectConsistent(Q.mcq, again, await standing());
  });
});
