// The explanation corrected with a key decision (issue 39), on every database kind: the desk shows the
// question's explanation; a decision sent with a new one gives every student's result the corrected
// words; a refused decision changes no explanation; a blank one removes it; an overlong one is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { GROUP } from './exams-fixture.js';
import { TEACHER } from './results-fixture.js';
import { ANALYSED, ANALYSED_ASSIGNMENT, Q, itemAnalysisBundle, markAndPublishAnalysed } from './item-analysis-fixture.js';
import { challengePaths, resultsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const PUPIL = (i: number) => `d2000000000000000000000${i.toString(16)}`;
const CORRECTED = 'B is right: the aortic valve closes at the second heart sound.\nGuyton, chapter 9.';

describe.each(databaseKinds())('the explanation corrected with a key decision (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: itemAnalysisBundle() });
    teacher = await server.sessionFor(TEACHER, 'staff');
  });
  afterAll(() => server?.close());

  const call = signedCalls(() => server, () => []);
  const desk = () => call('GET', apiPath(challengePaths.desk, { assignmentId: ANALYSED_ASSIGNMENT }), teacher);
  const decide = (body: unknown) => call('POST', apiPath(challengePaths.decide, { assignmentId: ANALYSED_ASSIGNMENT, questionId: Q.mcq }), teacher, body);
  const explanationIn = async (i: number) => {
    const result = (await call('GET', apiPath(resultsPaths.result, { examId: ANALYSED, groupId: GROUP }), await server.sessionFor(PUPIL(i)))).body.data;
    return result.answers.find((a: { questionId: { _id: string } }) => a.questionId._id === Q.mcq).questionId.explanation;
  };

  it('gives every result the corrected explanation, only with a decision that stands', async () => {
    await markAndPublishAnalysed(call, teacher);
    const claim = { options: [1], flawed: false, reason: 'The textbook says B.' };
    const put = await server.call({ method: 'PUT', url: apiPath(challengePaths.save, { examId: ANALYSED, groupId: GROUP, questionId: Q.mcq }), session: await server.sessionFor(PUPIL(6)), payload: claim });
    expect(put.statusCode, put.body).toBe(200);
    const before = (await desk()).body.data.questions[0].explanation;
    expect(before).toBe(await explanationIn(6));

    // Refused decisions leave the explanation as it was.
    expect((await decide({ kind: 'change', options: [1], reply: ' ', explanation: CORRECTED })).body.errors?.code).toBe('badReply');
    expect((await decide({ kind: 'change', options: [1], reply: 'B.', explanation: 'x'.repeat(20_001) })).status).toBe(400);
    expect(await explanationIn(6)).toBe(before);

    const changed = await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.', explanation: `  ${CORRECTED}  ` });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await explanationIn(6)).toBe(CORRECTED);
    expect(await explanationIn(0)).toBe(CORRECTED);
    expect((await desk()).body.data.questions[0].explanation).toBe(CORRECTED);

    // The same decision again, without an explanation, keeps it; a blank one removes it.
    expect((await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.' })).body.data.unchanged).toBe(true);
    expect(await explanationIn(6)).toBe(CORRECTED);
    expect((await decide({ kind: 'change', options: [1], reply: 'Corrected: B is right.', explanation: '   ' })).status).toBe(200);
    expect(await explanationIn(6)).toBeNull();
  });
});
