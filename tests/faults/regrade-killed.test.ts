// Fault: the server process is killed (kill -9) during a regrade of a key change over 5,000 results,
// then started again on the same database. Killed while the regrade is planned and staged (before the
// decision commits), nothing of it is seen after the restart. Killed while its staged results are being
// written, the restart writes the rest: every result as scoring every paper whole gives it, the merit
// list as ranked afresh, a history line and a notification for every student whose marks or rank moved.
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { createSession } from '../../server/account/sessions.js';
import { examById } from '../../server/exams/queries.js';
import { regradeExamResults } from '../../server/exams/regrading.js';
import { fixMeritList } from '../../server/results/queries.js';
import { API_PREFIX, challengePaths, pathTo } from '../../src/contracts/paths.js';
import { ADMIN, ASSIGNMENT, EXAM, questionId, seedRegradeExam } from '../../bench/regrade-seed.js';
import { createDatabase, databaseKinds, postgresUrl } from '../support/databases.js';
import { request, startServerProcess, type ServerProcess } from '../support/fault-rig.js';

const ATTEMPTS = 5000;

if (!postgresUrl) console.warn('Fault suite on PostgreSQL NOT RUN (kill -9 during a regrade): TEST_DATABASE_URL is not set.');

describe.each(databaseKinds())('kill -9 of the server during a regrade (%s)', (kind) => {
  let server: ServerProcess | null = null;
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await server?.stop();
    for (const close of closers.reverse()) await close();
  });

  it('shows nothing of a regrade killed before its commit, and finishes one killed while it is written', { timeout: 240_000 }, async () => {
    const database = await createDatabase(kind);
    closers.push(() => database.drop());
    const { db, dialect } = await connect(database.url);
    closers.push(() => db.destroy());
    await migrate(db, dialect);
    await seedRegradeExam(db, dialect, ATTEMPTS, 0);
    const admin = await createSession(db, { id: ADMIN, kind: 'staff' }, new Date(), 1);
    const results = () => db.selectFrom('results').select(['id', 'marks_obtained', 'merit_rank', 'merit_position', 'detail']).where('exam_id', '=', EXAM).orderBy('id').execute();
    const jobState = async () => (await db.selectFrom('regrade_jobs').select('state').executeTakeFirst())?.state ?? null;
    const staged = async () => Number((await db.selectFrom('regrade_staged').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const count = async (table: 'regrade_changes' | 'student_notifications') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    /** Sends the decision (its answer never comes: the process is killed) and kills the process once `reached`. */
    const killWhen = async (what: string, reached: () => Promise<boolean>) => {
      const path = `${API_PREFIX}${pathTo(challengePaths.decide, { assignmentId: ASSIGNMENT, questionId: questionId(1, 0) })}`;
      void request(server!.port, 'POST', path, admin, { kind: 'change', options: [1], reply: 'The key of question 1 is B.' }).catch(() => null);
      const deadline = Date.now() + 120_000;
      while (!(await reached())) {
        if (Date.now() > deadline) throw new Error(`the regrade did not reach ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await server!.kill9();
    };

    server = await startServerProcess(database.url);
    const before = await results();
    await killWhen('its planning', async () => (await jobState()) === 'planning');
    server = await startServerProcess(database.url);
    expect(await jobState()).toBeNull();
    expect(await staged()).toBe(0);
    expect(await db.selectFrom('key_decisions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('regrades').selectAll().execute()).toEqual([]);
    expect(await results()).toEqual(before);

    // Killed once its first slices are written.
    await killWhen('its writing', async () => (await jobState()) === 'applying' && (await count('regrade_changes')) > 0);
    const left = await staged();
    const written = await count('regrade_changes');
    // Killed in the middle: some results written, some still staged.
    expect(written).toBeGreaterThan(0);
    expect(left).toBeGreaterThan(0);
    server = await startServerProcess(database.url);
    expect(await jobState()).toBeNull();
    expect(await staged()).toBe(0);
    const regrade = await db.selectFrom('regrades').selectAll().executeTakeFirstOrThrow();
    expect(Number(regrade.results)).toBe(ATTEMPTS);
    expect(await count('regrade_changes')).toBe(Number(regrade.changed));
    expect(await count('student_notifications')).toBe(Number(regrade.changed));
    expect((await regradeExamResults(db, dialect, await examById(db, EXAM))).changed).toEqual([]);
    expect(await fixMeritList(db, EXAM)).toEqual([]);
    console.log(
      `[fault ${kind}] kill -9 during a regrade of ${ATTEMPTS} results: killed while planning, nothing seen after the restart; ` +
        `killed while writing with ${written} history lines written and ${left} results still staged, the restart wrote the rest (${regrade.changed} moved)`,
    );
  });
});
