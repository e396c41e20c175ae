// Practise my mistakes through the API on every database kind: a set is drawn from a result's wrong and
// skipped questions; it is a review, untimed unless asked (then timed in proportion), each answer checked
// at once (right or wrong, with the key and explanation; the first answer stands) and progress counted as
// mastered of all; it belongs to its student (another's or a forged id is not found), draws nothing from
// a live exam before its result is published (and sends no key of it), and a question right twice in a
// row leaves.
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
  const review = (setId: string, session = me) => call('GET', apiPath(mistakesPaths.review, { setId }), session);
  const check = (setId: string, questionId: string, value: unknown[], session = me) => call('POST', apiPath(mistakesPaths.check, { setId }), session, { questionId, answer: value });
  const finish = (setId: string, session = me) => call('PATCH', apiPath(mistakesPaths.finish, { setId }), session);

  /** The practice exam taken with its MCQ wrong and its MCA skipped: two mistakes. */
  async function practiceWithTwoMistakes() {
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: PRACTICE, groupId: GROUP }), me)).status).toBe(200);
    expect((await call('PATCH', apiPath(examsPaths.addAnswer, { examId: PRACTICE, groupId: GROUP }), me, { questionId: PRACTICE_Q.mcq, answer: [0], timestamp: 1 })).status).toBe(200);
    expect((await call('PATCH', apiPath(examsPaths.submit, { examId: PRACTICE, groupId: GROUP }), me, {})).status).toBe(200);
  }

  /** One mistakes review of the practice exam, each answer checked as given, then finished. */
  async function practise(answers: { mcq: unknown[]; mca: unknown[] }) {
    const started = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect(started.status).toBe(200);
    const { setId } = started.body.data;
    expect((await check(setId, PRACTICE_Q.mcq, answers.mcq)).status).toBe(200);
    expect((await check(setId, PRACTICE_Q.mca, answers.mca)).status).toBe(200);
    const reply = await finish(setId);
    expect(reply.status).toBe(200);
    return reply.body.data;
  }

  it('draws the wrong and skipped questions of a practice result and reviews them untimed, each answer checked at once', async () => {
    await practiceWithTwoMistakes();
    // The exam lasts 2 minutes for 2 questions: 2 mistakes get 2 × 2 / 2 = 2 minutes if the student asks for the time.
    expect((await ofExam(PRACTICE)).body.data).toEqual({ count: 2, duration: 2 });
    const started = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect(started.body.data).toMatchObject({ count: 2, duration: 2, timed: false });
    const { setId } = started.body.data;
    // Starting again while it runs gives the same set.
    expect((await start({ source: 'exam', examId: PRACTICE, groupId: GROUP })).body.data.setId).toBe(setId);

    const opened = await review(setId);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ setId, timed: false, deadlineAt: null, finishedAt: null, progress: { mastered: 0, checked: 0, total: 2 } });
    expect(opened.body.data.questions.map((q: { question: { _id: string } }) => q.question._id)).toEqual([PRACTICE_Q.mcq, PRACTICE_Q.mca]);
    // No pass mark, marks or merit in a review; before a check no key, explanation or notes.
    expect(opened.raw).not.toMatch(/SECRET|passMark|negativeMark|rank/);
    expect(opened.body.data.questions[0].question).not.toHaveProperty('answer');
    // Untimed: an hour later it still takes answers.
    server.clock.advance(60 * 60_000);

    // An empty or malformed answer, or a question not in the set, is refused in plain words.
    expect((await check(setId, PRACTICE_Q.mcq, [])).body.errors).toMatchObject({ code: 'notAnswered', title: 'Choose an answer before checking it.' });
    expect((await check(setId, PRACTICE_Q.mcq, [7])).status).toBe(400);
    expect((await check(setId, 'f20000000000000000000099', [1])).status).toBe(400);

    const right = await check(setId, PRACTICE_Q.mcq, [1]);
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({
      check: { questionId: PRACTICE_Q.mcq, given: [1], right: true, leftMistakes: false, question: { answer: [1], explanation: 'SECRET-EXPLANATION-9', notes: 'SECRET-NOTES-9' } },
      progress: { mastered: 1, checked: 1, total: 2 },
    });
    // The first answer stands: a second one gets the same verdict.
    expect((await check(setId, PRACTICE_Q.mcq, [2])).body.data.check).toMatchObject({ given: [1], right: true });
    const wrong = await check(setId, PRACTICE_Q.mca, ['false', 'false']);
    expect(wrong.body.data).toMatchObject({ check: { right: false, question: { explanation: 'SECRET-EXPLANATION-10' } }, progress: { mastered: 1, checked: 2, total: 2 } });
    // The review read again shows both verdicts.
    expect((await review(setId)).body.data.questions.map((q: { check: { right: boolean } | null }) => q.check?.right)).toEqual([true, false]);

    const before = server.clock.now().getTime();
    const finished = await finish(setId);
    expect(Date.parse(finished.body.data.finishedAt)).toBeGreaterThanOrEqual(before);
    expect(finished.body.data).toMatchObject({ progress: { mastered: 1, total: 2 }, cleared: 0, remaining: 2, source: { source: 'exam', examId: PRACTICE, groupId: GROUP } });
    // Finished: no more checks; finishing again changes nothing.
    expect((await check(setId, PRACTICE_Q.mca, ['true', 'false'])).body.errors).toMatchObject({ code: 'mistakesFinished' });
    expect((await finish(setId)).body.data.finishedAt).toBe(finished.body.data.finishedAt);
  });

  it('times a review only when asked, and finishes it at its end with the answers checked in time', async () => {
    await practiceWithTwoMistakes();
    const started = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP, timed: true });
    expect(started.body.data).toMatchObject({ count: 2, duration: 2, timed: true });
    const { setId } = started.body.data;
    const opened = (await review(setId)).body.data;
    expect(opened.timed).toBe(true);
    expect(Date.parse(opened.deadlineAt) - Date.parse(opened.startedAt)).toBe(2 * 60_000);
    expect((await check(setId, PRACTICE_Q.mcq, [1])).status).toBe(200);
    server.clock.advance(60 * 60_000);
    expect((await check(setId, PRACTICE_Q.mca, ['true', 'false'])).status).toBe(409);
    const ended = (await review(setId)).body.data;
    expect(ended).toMatchObject({ finishedAt: opened.deadlineAt, progress: { mastered: 1, checked: 1, total: 2 } });
  });

  it('takes a question out once it is answered right twice in a row; a wrong answer starts the run again', async () => {
    await practiceWithTwoMistakes();
    // MCQ right, MCA wrong; then both right: the MCQ leaves (two in a row), the MCA has one.
    expect(await practise({ mcq: [1], mca: ['false', 'false'] })).toMatchObject({ cleared: 0, remaining: 2 });
    const second = await practise({ mcq: [1], mca: ['true', 'false'] });
    expect(second).toMatchObject({ cleared: 1, remaining: 1 });
    expect(second.questions[0].check).toMatchObject({ right: true, leftMistakes: true });
    // One question left: 2 minutes × 1 / 2 questions = 1 minute.
    expect((await ofExam(PRACTICE)).body.data).toEqual({ count: 1, duration: 1 });
    const third = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect((await review(third.body.data.setId)).body.data.questions.map((q: { question: { _id: string } }) => q.question._id)).toEqual([PRACTICE_Q.mca]);
    expect((await check(third.body.data.setId, PRACTICE_Q.mca, ['true', 'false'])).body.data.check.leftMistakes).toBe(true);
    expect((await finish(third.body.data.setId)).body.data).toMatchObject({ cleared: 1, remaining: 0 });

    expect((await ofExam(PRACTICE)).body.data).toEqual({ count: 0, duration: 0 });
    const none = await start({ source: 'exam', examId: PRACTICE, groupId: GROUP });
    expect(none.status).toBe(409);
    expect(none.body.errors).toMatchObject({ code: 'noMistakes', title: 'No mistakes to practise in this exam' });
  });

  it('belongs to its student: another student, a forged id and an outsider find nothing', async () => {
    await practiceWithTwoMistakes();
    const { setId } = (await start({ source: 'exam', examId: PRACTICE, groupId: GROUP })).body.data;
    for (const reply of [
      await review(setId, classmate),
      await check(setId, PRACTICE_Q.mcq, [1], classmate),
      await finish(setId, classmate),
      await review(FORGED),
      await check(FORGED, PRACTICE_Q.mcq, [1]),
      await finish(FORGED),
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
    // Nothing the classmate's calls changed: the set is still the student's, running, unchecked.
    expect((await review(setId)).body.data).toMatchObject({ finishedAt: null, progress: { checked: 0 } });
  });

  it('respects batch membership: a student who left the batch, or an exam removed from it, finds the set gone', async () => {
    await practiceWithTwoMistakes();
    const { setId } = (await start({ source: 'exam', examId: PRACTICE, groupId: GROUP })).body.data;
    await server.app.db.updateTable('exam_assignments').set({ removed_at: server.clock.now().toISOString() }).where('exam_id', '=', PRACTICE).where('group_id', '=', GROUP).execute();
    expect((await review(setId)).status).toBe(404);
    expect((await check(setId, PRACTICE_Q.mcq, [1])).status).toBe(404);
    expect((await call('GET', apiPath(mistakesPaths.bySubject), me)).body.data).toEqual([]);
    await server.app.db.updateTable('exam_assignments').set({ removed_at: null }).where('exam_id', '=', PRACTICE).where('group_id', '=', GROUP).execute();
    expect((await review(setId)).status).toBe(200);
    await server.app.db.deleteFrom('group_members').where('group_id', '=', GROUP).where('student_id', '=', STUDENT).execute();
    expect((await review(setId)).status).toBe(404);
    expect((await finish(setId)).status).toBe(404);
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
    const opened = await review(started.body.data.setId, third);
    expect(opened.body.data.questions.map((q: { question: { _id: string } }) => q.question._id)).toEqual([FINISHED_Q.mcq2]);
    expect(opened.raw).not.toMatch(/SECRET/);
  });

  it('gathers mistakes per subject across results and practises them', async () => {
    await practiceWithTwoMistakes();
    const subjects = await call('GET', apiPath(mistakesPaths.bySubject), me);
    expect(subjects.status).toBe(200);
    expect(subjects.body.data).toContainEqual(expect.objectContaining({ subjectId: PHARMACOLOGY, subjectName: 'Pharmacology', count: 2, duration: 2 }));
    const started = await start({ source: 'subject', subjectId: PHARMACOLOGY });
    expect(started.status).toBe(200);
    const opened = await review(started.body.data.setId);
    expect(opened.body.data.title).toBe('My mistakes in Pharmacology');
    expect(opened.body.data.questions).toHaveLength(2);
    expect((await finish(started.body.data.setId)).body.data).toMatchObject({ source: { source: 'subject', subjectId: PHARMACOLOGY }, remaining: 2 });
  });
});
