// Every number a request may carry (path, query, header or body) is bounded in its contract by the
// shared helpers, and an absurd one is refused with 400 and a title that says so, never a 500: the
// schema compiler turns a query value of '1e309' into Infinity and skipped the bounds for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { contractRegistry, unboundedNumbers } from '../support/route-fuzz.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { resultsPaths, staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const STUDENT = '570000000000000000000001';
const TEACHER = '5f0000000000000000000001';

describe('numbers in requests', () => {
  it('are declared with BoundedInteger or BoundedNumber in every contract of src/contracts', async () => {
    const registry = await contractRegistry();
    expect(registry.size).toBeGreaterThan(60);
    const unbounded = [...registry].flatMap(([contract, name]) => unboundedNumbers(contract.schema).map((at) => `${name} ${at}`));
    expect(unbounded).toEqual([]);
  });
});

describe.each(databaseKinds())('absurd numbers are refused with 400 (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 2 ** 10 } });
  }, 60_000);
  afterAll(() => server.close());

  const refused = { title: 'A number in the request is not valid.', code: 'invalidRequest' };

  it('on the scoreboard, the merit list and the teacher desk\'s forum pages', async () => {
    const student = await server.sessionFor(STUDENT);
    const staff = await server.sessionFor(TEACHER, 'staff');
    const cases: [string, string, string][] = [
      [`${apiPath(resultsPaths.scoreboardPage)}?limit=1e309`, student, 'querystring limit must be a whole number from 1 to 100'],
      [`${apiPath(resultsPaths.scoreboardPage)}?limit=-1e309`, student, 'querystring limit must be a whole number from 1 to 100'],
      [`${apiPath(resultsPaths.scoreboardPage)}?limit=Infinity`, student, 'querystring limit must be a whole number from 1 to 100'],
      [`${apiPath(resultsPaths.scoreboardPage)}?limit=1e300`, student, 'querystring limit must be a whole number from 1 to 100'],
      [`${apiPath(resultsPaths.scoreboardPage)}?limit=NaN`, student, 'querystring limit must be a whole number from 1 to 100'],
      [`${apiPath(resultsPaths.meritList)}?examId=e10000000000000000000001&typeOfExam=LIVE&after=1e309`, student, 'querystring after must be a whole number from 0 to 10000000'],
      [`${apiPath(staffPaths.forumQuestions)}?page=1e309`, staff, 'querystring page must be a whole number from 1 to 100000'],
      [`${apiPath(staffPaths.forumQuestions)}?limit=-1e309`, staff, 'querystring limit must be a whole number from 1 to 100'],
    ];
    for (const [url, session, message] of cases) {
      const response = await server.call({ method: 'GET', url, session });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors, url).toEqual({ ...refused, message });
    }
    // A sensible value still passes.
    expect((await server.call({ method: 'GET', url: `${apiPath(resultsPaths.scoreboardPage)}?limit=5`, session: student })).statusCode).toBe(200);
  });

  it('in bodies, where JSON can write 1e309 too', async () => {
    const staff = await server.sessionFor(TEACHER, 'staff');
    for (const marks of ['1e309', '-1e309', '1e300']) {
      const response = await server.call({
        method: 'PATCH', url: apiPath(staffPaths.markAnswer, { attemptId: 'a'.repeat(24), questionId: 'b'.repeat(24) }), session: staff,
        payload: `{"marks":${marks}}`, headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, marks).toBe(400);
      expect(response.json().errors, marks).toEqual({ ...refused, message: 'body marks must be a number from -1000000 to 1000000' });
    }
  });
});
