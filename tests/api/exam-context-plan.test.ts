// The exam context (every opening, save and submit reads it) as PostgreSQL plans it. A connection
// plans a named prepared statement a few times, then keeps one generic plan for good; a new academy's
// first live exam makes that plan while `attempts` is nearly empty and then fills the table within
// seconds. The plan must find the student's attempt through an index whatever the planner believes of
// the table: a plan that reads the whole table made every opening of a 10,000-student storm read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { connect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { importAcademy } from '../../server/import/index.js';
import { loadExamContext, startNewAttempt } from '../../server/exams/queries.js';
import { statementNames } from '../../server/db/engine/prepared.js';
import type { Database } from '../../server/db/schema.js';
import { postgresDatabase, postgresUrl, type TestDatabase } from '../support/databases.js';
import { examBundle, GROUP, LIVE, STUDENT } from './exams-fixture.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

if (!postgresUrl) {
  console.warn('The exam context plan on PostgreSQL did not run: TEST_DATABASE_URL is not set.');
} else {
  describe('the exam context on PostgreSQL, planned while the attempts table is nearly empty', () => {
    let database: TestDatabase;
    let db: Kysely<Database>;
    let client: pg.Client;

    beforeAll(async () => {
      database = await postgresDatabase();
      ({ db } = await connect(database.url));
      await migrate(db, 'postgres');
      await importAcademy(db, examBundle(), { now: new Date(), scryptCost: 1024 });
      // One attempt in the table, as after the first student of a new academy's first exam.
      const now = new Date();
      await startNewAttempt(db, {
        id: 'a0c000000000000000000001', exam_id: LIVE, group_id: GROUP, student_id: STUDENT, started_at: now.toISOString(),
        deadline_at: new Date(now.getTime() + 3_600_000).toISOString(), submitted_at: null, set_code: null, candidate_category: null,
        faculty: null, subject_name: null, superseded_at: null, live: 1,
      });
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
    });
    afterAll(async () => {
      await client?.end();
      await db?.destroy();
      await database?.drop();
    });

    it.each([false, true])('looks the attempt up in an index, never reads the whole table (with the saved answers: %s)', async (withAnswers) => {
      const context = await loadExamContext(db, STUDENT, LIVE, GROUP, withAnswers);
      expect(context?.attempt?.id).toBe('a0c000000000000000000001');
      const text = [...statementNames.keys()].find((sql) => sql.startsWith('select "ea"."id" as "a_id"') && sql.includes('"attempts" as "t"') && sql.includes('from answers') === withAnswers);
      expect(text).toBeDefined();
      // The plan every later execution on a connection would keep.
      await client.query('set plan_cache_mode = force_generic_plan');
      const name = `context_${withAnswers ? 'paper' : 'plain'}`;
      await client.query(`prepare ${name} as ${text}`);
      // A generic plan does not depend on the values.
      const values = Array.from({ length: countParameters(text!) }, () => 'null');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) execute ${name}(${values.join(', ')})`);
      const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
      const attemptReads = nodes.filter((node) => node['Relation Name'] === 'attempts');
      expect(attemptReads.length).toBeGreaterThan(0);
      expect(attemptReads.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    });
  });
}

function countParameters(text: string): number {
  return Math.max(...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
}
