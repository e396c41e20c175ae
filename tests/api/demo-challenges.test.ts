// The demo academy as a fresh start seeds it, for trying the answer-key challenges: its Respiratory
// Physiology live test is published with the challenge window open (from its publication, the academy
// default of 48 hours), the demo student's result there has wrong and skipped questions (to challenge,
// and to practise as mistakes), three of the eleven other students who sat it have challenged its third
// question (one reason in Bengali) for the demo teacher's Challenges page, and the student's own
// challenge is taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy.js';
import { DEMO_CHALLENGE_EXAM, DEMO_CHALLENGES } from '../../server/db/seed/demo-academy.js';
import { challengePaths, examsPaths, mistakesPaths, pathTo, resultsPaths } from '../../src/contracts/paths.js';

const HOUR = 3_600_000;
const { examId, assignmentId, groupId, challengedQuestion } = DEMO_CHALLENGE_EXAM;

describe.each(databaseKinds())('the demo academy’s open answer-key challenges (%s)', (kind) => {
  let server: TestServer;
  let student: string;
  let teacher: string;
  let seededFrom: number;

  beforeAll(async () => {
    seededFrom = Date.now();
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 1024 } });
    student = await server.sessionFor(DEMO_STUDENT.id);
    teacher = await server.sessionFor(DEMO_TEACHER.id, 'staff');
  });
  afterAll(() => server.close());

  const call = signedCalls(() => server, () => []);

  it('publishes the exam for the demo batch with the window open 48 hours from its publication', async () => {
    expect(groupId).toBe(DEMO.group);
    const row = await server.app.db.selectFrom('exam_assignments').select(['published_at', 'challenge_closes_at', 'result_published']).where('id', '=', assignmentId).executeTakeFirstOrThrow();
    expect(Number(row.result_published)).toBe(1);
    const now = server.clock.now().getTime();
    // Published at the exam's end, three hours before the seed in whole minutes (the seed ran between
    // seededFrom and now, however long a loaded machine took over it).
    expect(Date.parse(row.published_at!)).toBeGreaterThanOrEqual(seededFrom - 3 * HOUR - 60_000);
    expect(Date.parse(row.published_at!)).toBeLessThanOrEqual(now - 3 * HOUR);
    expect(Date.parse(row.challenge_closes_at!) - Date.parse(row.published_at!)).toBe(48 * HOUR);

    const mine = await call('GET', `/api${pathTo(challengePaths.mine, { examId, groupId })}`, student);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ window: { closesAt: row.challenge_closes_at, open: true }, decided: [], challenges: [] });
  });

  it('gives the demo student a result with wrong and skipped questions, to challenge and to practise', async () => {
    const result = await call('GET', `/api${pathTo(resultsPaths.result, { examId, groupId })}`, student);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ title: DEMO_CHALLENGE_EXAM.title, correct: 3, incorrect: 2 });
    const mistakes = await call('GET', `/api${pathTo(mistakesPaths.ofExam, { examId, groupId })}`, student);
    expect(mistakes.status).toBe(200);
    expect(mistakes.body.data.count).toBe(3);
    const today = await call('GET', `/api${examsPaths.today}`, student);
    expect(today.body.data.published.map((e: { examId: string }) => e.examId)).toContain(examId);
  });

  it('shows the demo teacher three open challenges of question 3, one reason in Bengali', async () => {
    const desk = await call('GET', `/api${pathTo(challengePaths.desk, { assignmentId })}`, teacher);
    expect(desk.status).toBe(200);
    expect(desk.body.data.window.open).toBe(true);
    expect(desk.body.data.questions).toHaveLength(1);
    const [question] = desk.body.data.questions;
    expect(question).toMatchObject({ questionId: challengedQuestion, number: 3, keyOptions: [1], challengers: 3, open: 3, proposals: [{ options: [2], flawed: false, count: 3 }], decision: null });
    expect(question.challenges.map((c: { student: { _id: string } }) => c.student._id).sort()).toEqual(DEMO_CHALLENGES.map((c) => c.studentId).sort());
    expect(question.challenges.every((c: { status: string }) => c.status === 'open')).toBe(true);
    // Twelve students sat it: enough for the question's item statistics beside the challenges.
    expect(question.stats).not.toBeNull();
    expect(question.challenges.some((c: { reason: string }) => /[\u0980-\u09FF]/.test(c.reason))).toBe(true);
  });

  it('takes the demo student’s own challenge while the window is open', async () => {
    const url = `/api${pathTo(challengePaths.save, { examId, groupId, questionId: challengedQuestion })}`;
    const response = await server.call({ method: 'PUT', url, session: student, payload: { options: [2], flawed: false, reason: 'Most CO2 travels as bicarbonate.' } });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data).toMatchObject({ questionId: challengedQuestion, options: [2], status: 'open' });
    const desk = await call('GET', `/api${pathTo(challengePaths.desk, { assignmentId })}`, teacher);
    expect(desk.body.data.questions[0].challengers).toBe(4);
  });
});
