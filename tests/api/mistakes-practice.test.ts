// Practise my mistakes through the API on every database kind: a set is drawn from a result's wrong and
// skipped questions, timed in proportion, taken and scored like a practice exam with a result of its own;
// it belongs to its student (another's or a forged id is not found), draws nothing from a live exam
// before its result is published (and sends no key of it), and a question right twice in a row leaves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { CLASSMATE, GROUP, OUTSIDER, PHARMACOLOGY, PRACTICE, PRACTICE_Q, STUDENT } from './exams-fixture.js';
import { FINISHED, FINISHED_ASSIGNMENT, FINISHED_Q, TEACHER, THIRD, resultsBundle } from './results-fixture.js';
import { examsPaths, mistakesPaths, staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const FORGED = 'abcdefabcdefabcdefabcdef';

describe.each(databaseKinds())('mistakes practice (%s)', (kind) => {
  let server: TestServer;
  let me: string;
  let classmate: string;
  let outsider: string;
  let third: string;
  let teacher: string;
  let bodies: string[];

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: resultsBundle() });
    me = await server.sessionFor(STUDENT);
    classmate = await server.sessionFor(CLASSMATE);
    outsider = await server.sessionFor(OUTSIDER);
    third = await server.sessionFor(THIRD);
    teacher = await server.sessionFor(TEACHER, 'staff');
    bodies = [];
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => bodies);
  const ofExam = (exam: string, session = me, group = GROUP) => call('GET', apiPath(mistakesPaths.ofExam, { examId: exam, groupId: group }), session);
  const start = (body: unknown, session = me) => call('POST', apiPath(mistakesPaths.start), session, body);
  const paper = (setId: string, session = me) => call('GET', apiPath(mistakesPaths.paper, { setId }), session);
  const answer = (setId: string, questionId: string, value: unknown[], timestamp: number, session = me) =>
    call('PATCH', apiPath(mistakesPaths.addAnswer, { setId }), session, { questionId, answer: value, timestamp });
  const submit = (setId: string, session = me) => call('PATCH', apiPath(mistakesPaths.submit, { setId }), session);
  const result = (setId: string, session = me) => call('GET', apiPath(mistakesPaths.result, { setId }), session);

  /** The practice exam taken with its MCQ wrong and its MCA skipped: two mistakes. */
  async function practiceWithTwoMistakes() {
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: PRACTICE, groupId: GROUP }), me)).status).toBe(200);
    expect((await call('PATCH', apiPath(examsPaths.addAnswer, { examId: PRACTICE, groupId: GROUP }), me, { questionId: PRACTICE_Q.mcq, answer: [0], timestamp: 1 })).status).toBe(200);
    expect((await call('PATCH', apiPath(examsPaths.submit, { examId: PRACTICE, groupId: GROUP }), me, {})).status).toBe(200);
  }

  /** One mistakes set of the practice exam, answered as given and submitted; its result. */
  async function practise(answers: { mcq: unknown[]; mca: unknown[] }) {
    const started = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect(started.status).toBe(200);
    const { setId } = started.body.data;
    expect((await answer(setId, PRACTICE_Q.mcq, answers.mcq, 10)).status).toBe(200);
    expect((await answer(setId, PRACTICE_Q.mca, answers.mca, 11)).status).toBe(200);
    expect((await submit(setId)).body.data).toEqual({ status: '200', resultId: setId, isPracticeExam: true });
    const reply = await result(setId);
    expect(reply.status).toBe(200);
    return reply.body.data;
  }

  it('draws the wrong and skipped questions of a practice result, timed in proportion, with a result of its own', async () => {
    await practiceWithTwoMistakes();
    // The exam lasts 2 minutes for 2 questions: 2 mistakes get 2 × 2 / 2 = 2 minutes.
    expect((await ofExam(PRACTICE)).body.data).toEqual({ count: 2, duration: 2 });
    const started = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect(started.body.data).toMatchObject({ count: 2, duration: 2 });
    const { setId } = started.body.data;
    // Starting again while it runs gives the same set.
    expect((await start({ source: 'exam', examId: PRACTICE, groupId: GROUP })).body.data.setId).toBe(setId);

    const opened = await paper(setId);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ _id: setId, isPracticeExam: true, duration: 2, submittedAt: null, totalMarks: 2 });
    expect(opened.body.data.questions.map((q: { _id: string }) => q._id)).toEqual([PRACTICE_Q.mcq, PRACTICE_Q.mca]);
    expect(Date.parse(opened.body.data.deadlineAt) - Date.parse(opened.body.data.studentStartsAt)).toBe(2 * 60_000);
    // Before the submit the paper carries no key, explanation or notes.
    expect(opened.raw).not.toMatch(/SECRET/);
    expect(opened.body.data.questions[0]).not.toHaveProperty('answer');

    expect((await answer(setId, PRACTICE_Q.mcq, [1], 10)).body.data).toMatchObject({ applied: true });
    // An older save never replaces a newer one.
    expect((await answer(setId, PRACTICE_Q.mcq, [2], 5)).body.data).toMatchObject({ applied: false });
    expect((await answer(setId, 'f20000000000000000000099', [1], 12)).status).toBe(400);
    expect((await answer(setId, PRACTICE_Q.mcq, [7], 13)).status).toBe(400);
    expect((await result(setId)).status).toBe(409);
    expect((await submit(setId)).status).toBe(200);
    expect((await answer(setId, PRACTICE_Q.mca, ['true', 'false'], 14)).status).toBe(409);

    const data = (await result(setId)).body.data;
    expect(data).toMatchObject({ setId, cleared: 0, remaining: 2, source: { source: 'exam', examId: PRACTICE, groupId: GROUP } });
    expect(data.result).toMatchObject({ isPracticeExam: true, marksObtained: 1, totalMarks: 2, duration: 2, questionTally: { correct: 1, skipped: 1 } });
    expect(data.result.answers[0]).toMatchObject({ answer: [1], marks: 1, questionId: { _id: PRACTICE_Q.mcq, answer: [1], explanation: 'SECRET-EXPLANATION-9', notes: 'SECRET-NOTES-9' } });
    expect(data.result.answers[1]).toMatchObject({ answered: false, questionId: { _id: PRACTICE_Q.mca, explanation: 'SECRET-EXPLANATION-10' } });
  });

  it('takes a question out once it is answered right twice in a row; a wrong answer starts the run again', async () => {
    await practiceWithTwoMistakes();
    // MCQ right, MCA wrong; then both right: the MCQ leaves (two in a row), the MCA has one.
    expect(await practise({ mcq: [1], mca: ['false', 'false'] })).toMatchObject({ cleared: 0, remaining: 2 });
    expect(await practise({ mcq: [1], mca: ['true', 'false'] })).toMatchObject({ cleared: 1, remaining: 1 });
    // One question left: 2 minutes × 1 / 2 questions = 1 minute.
    expect((await ofExam(PRACTICE)).body.data).toEqual({ count: 1, duration: 1 });
    const third = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect((await paper(third.body.data.setId)).body.data.questions.map((q: { _id: string }) => q._id)).toEqual([PRACTICE_Q.mca]);
    expect((await answer(third.body.data.setId, PRACTICE_Q.mca, ['true', 'false'], 20)).status).toBe(200);
    expect((await submit(third.body.data.setId)).status).toBe(200);
    expect((await result(third.body.data.setId)).body.data).toMatchObject({ cleared: 1, remaining: 0 });

    expect((await ofExam(PRACTICE)).body.data).toEqual({ count: 0, duration: 0 });
    const none = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect(none.status).toBe(409);
    expect(none.body.errors).toMatchObject({ code: 'noMistakes', title: 'No mistakes to practise in this exam' });
  });

  it('belongs to its student: another student, a forged id and an outsider find nothing', async () => {
    await practiceWithTwoMistakes();
    const { setId } = (await start({ source: 'exam', examId: PRACTICE, groupId: GROUP })).body.data;
    for (const reply of [
      await paper(setId, classmate),
      await answer(setId, PRACTICE_Q.mcq, [1], 10, classmate),
      await submit(setId, classmate),
      await result(setId, classmate),
      await paper(FORGED),
      await submit(FORGED),
      await result(FORGED),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.raw).not.toMatch(/SECRET/);
    }
    // The classmate has no result of the practice exam; the outsider is not in its batch.
    expect((await ofExam(PRACTICE, classmate)).status).toBe(409);
    expect((await ofExam(PRACTICE, outsider)).status).toBe(404);
    expect((await start({ source: 'exam', examId: PRACTICE, groupId: GROUP }, outsider)).status).toBe(404);
    expect((await start({ source: 'exam', examId: FORGED, groupId: GROUP })).status).toBe(404);
    expect((await start({ source: 'subject', subjectId: FORGED })).status).toBe(404);
    // Nothing the classmate's calls changed: the set is still the student's, unsubmitted.
    expect((await paper(setId)).body.data.submittedAt).toBeNull();
  });

  it('respects batch membership: a student who left the batch, or an exam removed from it, finds the set gone', async () => {
    await practiceWithTwoMistakes();
    const { setId } = (await start({ source: 'exam', examId: PRACTICE, groupId: GROUP })).body.data;
    await server.app.db.updateTable('exam_assignments').set({ removed_at: server.clock.now().toISOString() }).where('exam_id', '=', PRACTICE).where('group_id', '=', GROUP).execute();
    expect((await paper(setId)).status).toBe(404);
    expect((await answer(setId, PRACTICE_Q.mcq, [1], 10)).status).toBe(404);
    expect((await call('GET', apiPath(mistakesPaths.bySubject), me)).body.data).toEqual([]);
    await server.app.db.updateTable('exam_assignments').set({ removed_at: null }).where('exam_id', '=', PRACTICE).where('group_id', '=', GROUP).execute();
    expect((await paper(setId)).status).toBe(200);
    await server.app.db.deleteFrom('group_members').where('group_id', '=', GROUP).where('student_id', '=', STUDENT).execute();
    expect((await paper(setId)).status).toBe(404);
    expect((await result(setId)).status).toBe(404);
    expect((await ofExam(PRACTICE)).status).toBe(404);
  });

  it("draws nothing from a live exam before its result is published, and never sends its key", async () => {
    expect((await ofExam(FINISHED, third)).status).toBe(409);
    expect((await ofExam(FINISHED, third)).body.errors).toMatchObject({ code: 'notPublishedYet' });
    expect((await start({ source: 'exam', examId: FINISHED, groupId: GROUP }, third)).status).toBe(409);
    expect((await call('GET', apiPath(mistakesPaths.bySubject), third)).body.data).toEqual([]);
    expect(bodies.join('\n')).not.toMatch(/SECRET|Pick B/);

    // Marked and published: the one wrong MCQ of four questions of a 40-minute exam gets 40 × 1 / 4 = 10 minutes.
    const pending = await call('GET', `${apiPath(staffPaths.gradingQueue, { assignmentId: FINISHED_ASSIGNMENT })}?status=pending`, teacher);
    for (const a of pending.body.data.answers) expect((await call('PATCH', apiPath(staffPaths.markAnswer, { attemptId: a.attemptId, questionId: a.questionId }), teacher, { marks: 1 })).status).toBe(200);
    expect((await call('POST', apiPath(staffPaths.publish, { assignmentId: FINISHED_ASSIGNMENT }), teacher)).status).toBe(200);
    expect((await ofExam(FINISHED, third)).body.data).toEqual({ count: 1, duration: 10 });
    const started = await start({ source: 'exam', examId: FINISHED, groupId: GROUP }, third);
    expect(started.body.data).toMatchObject({ count: 1, duration: 10 });
    const opened = await paper(started.body.data.setId, third);
    expect(opened.body.data.questions.map((q: { _id: string }) => q._id)).toEqual([FINISHED_Q.mcq2]);
    expect(opened.raw).not.toMatch(/SECRET/);
  });

  it('gathers mistakes per subject across results and practises them', async () => {
    await practiceWithTwoMistakes();
    const subjects = await call('GET', apiPath(mistakesPaths.bySubject), me);
    expect(subjects.status).toBe(200);
    expect(subjects.body.data).toContainEqual(expect.objectContaining({ subjectId: PHARMACOLOGY, subjectName: 'Pharmacology', count: 2, duration: 2 }));
    const started = await start({ source: 'subject', subjectId: PHARMACOLOGY });
    expect(started.status).toBe(200);
    const opened = await paper(started.body.data.setId);
    expect(opened.body.data.title).toBe('My mistakes in Pharmacology');
    expect(opened.body.data.questions).toHaveLength(2);
    expect((await submit(started.body.data.setId)).status).toBe(200);
    expect((await result(started.body.data.setId)).body.data).toMatchObject({ source: { source: 'subject', subjectId: PHARMACOLOGY }, remaining: 2 });
  });

  it('finishes a set whose time and grace ran out with the answers that arrived in time', async () => {
    await practiceWithTwoMistakes();
    const { setId } = (await start({ source: 'exam', examId: PRACTICE, groupId: GROUP })).body.data;
    expect((await answer(setId, PRACTICE_Q.mcq, [1], 10)).status).toBe(200);
    server.clock.advance(60 * 60_000);
    expect((await answer(setId, PRACTICE_Q.mca, ['true', 'false'], 11)).status).toBe(409);
    const data = (await result(setId)).body.data;
    expect(data.result).toMatchObject({ marksObtained: 1, submittedAt: (await paper(setId)).body.data.deadlineAt });
  });
});
