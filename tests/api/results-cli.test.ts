// `npm run academy -- publish <examId>`: the operator's publish does what the teacher desk does, batch
// by batch, with the same refusals and the same notifications.
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { CLASSMATE, GROUP, OTHER_GROUP, OUTSIDER, STUDENT } from './exams-fixture.js';
import { FINISHED, FINISHED_ASSIGNMENT, FOURTH, TEACHER, THIRD, resultsBundle } from './results-fixture.js';
import { staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

describe('npm run academy -- publish', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ bundle: resultsBundle() });
  });
  afterAll(() => server.close());

  const publish = async (examId: string) => {
    try {
      const { stdout, stderr } = await run(tsx, ['server/cli.ts', 'publish', examId], { env: { ...process.env, DATABASE_URL: server.database.url } });
      return { code: 0, out: stdout, err: stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout, err: failed.stderr };
    }
  };
  const notifiedStudents = async () =>
    (await server.app.db.selectFrom('student_notifications').select('student_id').execute()).map((row) => row.student_id).sort();

  it('publishes the batches that are ready, explains the one that is not, and notifies each batch', async () => {
    const first = await publish(FINISHED);
    expect(first.code).toBe(1);
    expect(first.out).toContain('Published "Finished Cardiology Grand Test" for Evening Batch: 1 results, 1 students notified.');
    expect(first.err).toContain('Not published for Morning Batch: Some written answers still wait for marks. 3 submissions still have unmarked written answers.');
    expect(await notifiedStudents()).toEqual([OUTSIDER]);

    const teacher = await server.sessionFor(TEACHER, 'staff');
    const queue = JSON.parse((await server.call({ method: 'GET', url: apiPath(staffPaths.gradingQueue, { assignmentId: FINISHED_ASSIGNMENT }), session: teacher })).body);
    for (const answer of queue.data.answers) {
      const marked = await server.call({ method: 'PATCH', url: apiPath(staffPaths.markAnswer, { attemptId: answer.attemptId, questionId: answer.questionId }), session: teacher, payload: { marks: 1 } });
      expect(marked.statusCode).toBe(200);
    }
    const second = await publish(FINISHED);
    expect(second.code).toBe(0);
    expect(second.out).toContain('for Morning Batch: 4 results, 4 students notified.');
    expect(await notifiedStudents()).toEqual([OUTSIDER, STUDENT, CLASSMATE, THIRD, FOURTH].sort());
    const published = await server.app.db.selectFrom('exam_assignments').select(['group_id', 'result_published']).where('exam_id', '=', FINISHED).orderBy('group_id').execute();
    expect(published).toEqual([{ group_id: GROUP, result_published: 1 }, { group_id: OTHER_GROUP, result_published: 1 }]);

    const again = await publish(FINISHED);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('already published for every batch');
    const unknown = await publish('0'.repeat(24));
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No exam has the id 000000000000000000000000.');
    // Four runs of the command, each starting its own TypeScript process: seconds each on a busy machine.
  }, 120_000);
});
