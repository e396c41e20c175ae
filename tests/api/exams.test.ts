// Exam taking through the API on every database kind: access, start, ordered and idempotent saves,
// locked answers, late answers, submit and scoring, retake, and the answer key never leaking.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import {
  COURSE, ENDED, GROUP, LIVE, LIVE_Q, OTHER_BATCH_EXAM, OTHER_GROUP, OUTSIDER, PRACTICE, PRACTICE_Q, SECRETS, STUDENT, CLASSMATE, UPCOMING, examBundle,
} from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('exam taking (%s)', (kind) => {
  let server: TestServer;
  let me: string;
  let classmate: string;
  let outsider: string;
  /** Every response body a student received; scanned for answer keys. */
  let bodies: string[];

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: examBundle() });
    me = await server.sessionFor(STUDENT);
    classmate = await server.sessionFor(CLASSMATE);
    outsider = await server.sessionFor(OUTSIDER);
    bodies = [];
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => bodies);
  const start = (exam: string, session = me, group = GROUP) => call('PATCH', apiPath(examsPaths.start, { examId: exam, groupId: group }), session);
  const answer = (exam: string, payload: unknown, session = me, group = GROUP, query = '?isLive=true') =>
    call('PATCH', `${apiPath(examsPaths.addAnswer, { examId: exam, groupId: group })}${query}`, session, payload);
  const submit = (exam: string, session = me, group = GROUP) =>
    call('PATCH', apiPath(examsPaths.submit, { examId: exam, groupId: group }), session, { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'No Subject' });
  const details = (exam: string, session = me, group = GROUP) => call('GET', apiPath(examsPaths.paper, { examId: exam, groupId: group }), session);
  const storedAnswer = async (questionId: string) =>
    server.app.db.selectFrom('answers').innerJoin('attempts', 'attempts.id', 'answers.attempt_id').select(['answers.answer', 'answers.client_timestamp'])
      .where('answers.question_id', '=', questionId).where('attempts.student_id', '=', STUDENT).executeTakeFirst();
  const expectNoSecrets = () => {
    for (const body of bodies) for (const secret of SECRETS) expect(body).not.toContain(secret);
  };

  it('lists the batch exams of a course with practice, subject, type and search filters', async () => {
    const all = await call('GET', apiPath(examsPaths.list, { courseId: COURSE }), me);
    expect(all.status).toBe(200);
    const ids = all.body.data.map((a: any) => a.examId._id);
    expect(ids).toEqual(expect.arrayContaining([LIVE, UPCOMING, ENDED, PRACTICE]));
    expect(ids).not.toContain(OTHER_BATCH_EXAM);
    const live = all.body.data.find((a: any) => a.examId._id === LIVE);
    expect(live).toMatchObject({
      groupId: GROUP,
      groupName: 'Morning Batch',
      duration: 30,
      multipleTimesSubmission: false,
      studentStartsAt: null,
      submittedAt: null,
      resultPublished: false,
      examId: { title: 'Live Cardiology Test', subjectName: 'Physiology', courseId: COURSE, isPracticeExam: false, isSegmentedExam: false, questionCount: 6 },
    });
    // Results of a practice exam show at once; a live exam's once a teacher publishes them.
    expect(all.body.data.find((a: any) => a.examId._id === PRACTICE).resultPublished).toBe(true);
    await server.app.db.updateTable('exam_assignments').set({ result_published: 1 }).where('exam_id', '=', LIVE).execute();
    const published = await call('GET', apiPath(examsPaths.list, { courseId: COURSE }), me);
    expect(published.body.data.find((a: any) => a.examId._id === LIVE).resultPublished).toBe(true);

    const practice = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?isPracticeExam=true`, me);
    expect(practice.body.data.map((a: any) => a.examId._id)).toEqual(expect.arrayContaining([PRACTICE]));
    expect(practice.body.data.every((a: any) => a.examId.isPracticeExam)).toBe(true);

    const previous = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?isPracticeExam=false&type=previous`, me);
    expect(previous.body.data.map((a: any) => a.examId._id)).toEqual([ENDED]);
    const upcoming = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?isPracticeExam=false&type=upcoming`, me);
    expect(upcoming.body.data.map((a: any) => a.examId._id)).toEqual(expect.arrayContaining([LIVE, UPCOMING]));
    expect(upcoming.body.data.map((a: any) => a.examId._id)).not.toContain(ENDED);

    const bySubject = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?subjectId=${'b10000000000000000000001'}`, me);
    expect(bySubject.body.data.map((a: any) => a.examId._id).sort()).toEqual([UPCOMING, 'f10000000000000000000005', 'f10000000000000000000007'].sort());

    const search = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?search=CARDIO`, me);
    expect(search.body.data.map((a: any) => a.examId._id)).toEqual([LIVE]);

    const stranger = await call('GET', apiPath(examsPaths.list, { courseId: COURSE }), outsider);
    expect(stranger.body.data.map((a: any) => a.examId._id)).toEqual([OTHER_BATCH_EXAM]);
    expectNoSecrets();
  });

  it('suggests an exam name only for more than one character', async () => {
    const prompt = (search: string, extra = '') => call('GET', `${apiPath(examsPaths.namePrompt)}?search=${encodeURIComponent(search)}&courseId=${COURSE}${extra}`, me);
    expect((await prompt('live')).body.data).toBe('Live Cardiology Test');
    expect((await prompt('pharma', '&isPracticeExam=true')).body.data).toBe('Practice Pharmacology Drill');
    expect((await prompt('pharma', '&isPracticeExam=false')).body.data).toBe('');
    expect((await prompt('l')).body.data).toBe('');
    expect((await prompt('zzz')).body.data).toBe('');
    expect((await call('GET', `${apiPath(examsPaths.namePrompt)}?courseId=${COURSE}`, me)).body.data).toBe('');
  });

  it('serves exam details without answers, explanations or notes, and no questions before the start', async () => {
    // The exam is open, but reading the paper must start the student's clock.
    const unstarted = await details(LIVE);
    expect(unstarted.status).toBe(200);
    expect(unstarted.body.data).toMatchObject({ _id: LIVE, totalMarks: 14, passMark: 40, isPracticeExam: false, courseName: 'Test Course', courseId: COURSE, groupId: GROUP, studentStartsAt: null });
    expect(unstarted.body.data.questions).toEqual([]);
    expect((await start(LIVE)).status).toBe(200);
    const open = await details(LIVE);
    expect(open.body.data.studentStartsAt).not.toBeNull();
    expect(open.body.data.questions).toHaveLength(6);
    for (const question of open.body.data.questions) {
      for (const key of ['answer', 'explanation', 'explanationExt', 'notes']) expect(question).not.toHaveProperty(key);
    }
    const imageQuestion = open.body.data.questions.find((q: any) => q._id === LIVE_Q.imageMcq);
    expect(imageQuestion).toMatchObject({ optionType: { '0': 'image', '1': 'image' } });
    // Figures are served by addresses signed for this student and this exam.
    const signed = (name: string) => new RegExp(`^/api/media/exam/${name.replace('.', '\\.')}\\?exam=${LIVE}&student=${STUDENT}&signature=[0-9a-f]{64}$`);
    expect(imageQuestion.image).toEqual([expect.stringMatching(signed('ecg-strip.png'))]);
    expect(imageQuestion.file).toEqual([expect.stringMatching(signed('case-sheet.pdf'))]);
    expect(imageQuestion.options[1]).toMatch(signed('kidney.png'));
    expect((await call('GET', `${apiPath(examsPaths.details, { examId: LIVE })}?courseId=${COURSE}`, me)).body.data._id).toBe(LIVE);

    const early = await details(UPCOMING);
    expect(early.status).toBe(200);
    expect(early.body.data.questions).toEqual([]);

    const image = await server.call({ method: 'GET', url: imageQuestion.options[1] });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBeUndefined();
    const pdf = await server.call({ method: 'GET', url: imageQuestion.file[0] });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="case-sheet.pdf"');
    expect(pdf.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Without the signature, with another figure's or another student's, nothing is served.
    const query = new URL(imageQuestion.options[1], 'http://x').searchParams;
    const forged = (name: string, student = STUDENT, signature = query.get('signature')!) => `${apiPath(examsPaths.figure, { name })}?exam=${LIVE}&student=${student}&signature=${signature}`;
    expect((await server.call({ method: 'GET', url: apiPath(examsPaths.figure, { name: 'kidney.png' }) })).statusCode).toBe(400);
    expect((await server.call({ method: 'GET', url: forged('heart.png') })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: forged('kidney.png', OUTSIDER) })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: forged('kidney.png', STUDENT, 'a'.repeat(64)) })).json().errors.code).toBe('figureLinkInvalid');
    expect((await server.call({ method: 'GET', url: '/api/media/exam/..%2Fsecret.png' })).statusCode).toBe(400);

    // A student taken out of the exam's batch loses the figures too.
    await server.app.db.deleteFrom('group_members').where('student_id', '=', STUDENT).where('group_id', '=', GROUP).execute();
    expect((await server.call({ method: 'GET', url: imageQuestion.options[1] })).statusCode).toBe(404);
    expectNoSecrets();
  });

  it('starts once by the server clock: a second start returns the same attempt', async () => {
    const first = await start(LIVE);
    expect(first.status).toBe(200);
    const { studentStartsAt, deadlineAt } = first.body.data;
    expect(Date.parse(deadlineAt) - Date.parse(studentStartsAt)).toBe(30 * 60_000);
    server.clock.advance(5 * 60_000);
    const again = await start(LIVE);
    expect(again.body.data.studentStartsAt).toBe(studentStartsAt);
    expect(again.body.data.deadlineAt).toBe(deadlineAt);
    expect(Date.parse(again.body.data.serverNow) - Date.parse(studentStartsAt)).toBeGreaterThanOrEqual(5 * 60_000);
    const count = await server.app.db.selectFrom('attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('student_id', '=', STUDENT).executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
    expect((await details(LIVE)).body.data).toMatchObject({ studentStartsAt, deadlineAt });
  });

  it('refuses to start before the start time and after the end of a live exam', async () => {
    const early = await start(UPCOMING);
    expect(early.status).toBe(403);
    expect(early.body.errors).toMatchObject({ title: 'This exam has not started yet.', code: 'examNotStarted' });
    const late = await start(ENDED);
    expect(late.status).toBe(409);
    expect(late.body.errors?.code).toBe('examEnded');
    server.clock.advance(61 * 60_000);
    expect((await start(UPCOMING)).status).toBe(200);
  });

  it('keeps the newest save by client timestamp; equal or older saves are not applied', async () => {
    await start(PRACTICE);
    const save = (value: number, timestamp: number) => answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [value], timestamp }, me, GROUP, '?isLive=false');
    const newer = await save(1, 2_000);
    expect(newer.status).toBe(200);
    expect(newer.body.data).toMatchObject({ questionId: PRACTICE_Q.mcq, applied: true });
    const older = await save(0, 1_000);
    expect(older.body.data.applied).toBe(false);
    const equal = await save(2, 2_000);
    expect(equal.body.data.applied).toBe(false);
    expect(await storedAnswer(PRACTICE_Q.mcq)).toMatchObject({ answer: '[1]' });
    expect(Number((await storedAnswer(PRACTICE_Q.mcq))?.client_timestamp)).toBe(2_000);
    const repeat = await save(1, 2_000);
    expect(repeat.body.data.applied).toBe(false);
    const latest = await save(2, 3_000);
    expect(latest.body.data.applied).toBe(true);
    expect(await storedAnswer(PRACTICE_Q.mcq)).toMatchObject({ answer: '[2]' });
    const saved = (await details(PRACTICE)).body.data.savedAnswers;
    expect(saved).toEqual([{ questionId: PRACTICE_Q.mcq, answer: [2], extra: [], answerIndex: null, timestamp: 3_000 }]);
  });

  it('applies concurrent saves of one question in timestamp order', async () => {
    await start(PRACTICE);
    const saves = Array.from({ length: 12 }, (_, i) => answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [i % 3], timestamp: 10_000 + i }, me, GROUP, '?isLive=false'));
    const replies = await Promise.all(saves.reverse());
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(await storedAnswer(PRACTICE_Q.mcq)).toMatchObject({ answer: JSON.stringify([11 % 3]) });
    expect(Number((await storedAnswer(PRACTICE_Q.mcq))?.client_timestamp)).toBe(10_011);
  });

  it('locks an answered question when multiple submissions are off; the identical answer may be saved again', async () => {
    await start(LIVE);
    expect((await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [1], timestamp: 1 })).status).toBe(200);
    const change = await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: 2 });
    expect(change.status).toBe(409);
    expect(change.body.errors).toMatchObject({ title: 'You cannot change the answer', code: 'answerLocked' });
    const same = await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [1], timestamp: 3 });
    expect(same.status).toBe(200);
    expect(await storedAnswer(LIVE_Q.mcq)).toMatchObject({ answer: '[1]' });

    // MCA: an option without a value may be filled in; an option with a value cannot change.
    expect((await answer(LIVE, { questionId: LIVE_Q.mca, answer: ['true', null, null, null, null], timestamp: 4, answerIndex: 0 })).status).toBe(200);
    expect((await answer(LIVE, { questionId: LIVE_Q.mca, answer: ['true', 'false', null, null, null], timestamp: 5, answerIndex: 1 })).status).toBe(200);
    const flip = await answer(LIVE, { questionId: LIVE_Q.mca, answer: ['false', 'false', null, null, null], timestamp: 6, answerIndex: 0 });
    expect(flip.status).toBe(409);
    expect(flip.body.errors?.code).toBe('answerLocked');
  });

  it('accepts answers within the grace period after the deadline and refuses them after it', async () => {
    const started = await start(LIVE);
    const deadline = Date.parse(started.body.data.deadlineAt);
    expect((await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: 1 })).status).toBe(200);
    const now = Date.parse(started.body.data.serverNow);
    server.clock.advance(deadline - now + 30_000); // 30 s into the 60 s grace
    expect((await answer(LIVE, { questionId: LIVE_Q.checkbox, answer: [0, 3], timestamp: 2 })).status).toBe(200);
    server.clock.advance(31_000); // 61 s after the deadline
    const late = await answer(LIVE, { questionId: LIVE_Q.mca, answer: ['true'], timestamp: 3 });
    expect(late.status).toBe(409);
    expect(late.body.errors).toMatchObject({ code: 'examTimeOver', title: 'Exam time is over!' });
    expect(await storedAnswer(LIVE_Q.mca)).toBeUndefined();
  });

  it('accepts the final submit within the grace period after the deadline', async () => {
    const started = await start(PRACTICE);
    expect((await answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [1], timestamp: 1 })).status).toBe(200);
    server.clock.advance(2 * 60_000 + 45_000);
    const done = await submit(PRACTICE);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: '200', isPracticeExam: true });
    const attempt = await server.app.db.selectFrom('attempts').selectAll().where('student_id', '=', STUDENT).where('exam_id', '=', PRACTICE).executeTakeFirstOrThrow();
    expect(Date.parse(attempt.submitted_at!)).toBeGreaterThan(Date.parse(started.body.data.deadlineAt));
  });

  it('finishes an attempt left without a submit once its time and grace ran out, with the answers saved in time', async () => {
    const started = await start(PRACTICE);
    await answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [1], timestamp: 1 }, me, GROUP, '?isLive=false');
    server.clock.advance(2 * 60_000 + 30_000);
    const listed = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?isPracticeExam=true`, me);
    expect(listed.body.data.find((a: any) => a.examId._id === PRACTICE).submittedAt).toBeNull();
    server.clock.advance(31_000);
    const after = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?isPracticeExam=true`, me);
    expect(after.body.data.find((a: any) => a.examId._id === PRACTICE).submittedAt).toBe(started.body.data.deadlineAt);
    const result = await server.app.db.selectFrom('results').selectAll().where('student_id', '=', STUDENT).where('exam_id', '=', PRACTICE).executeTakeFirstOrThrow();
    expect(result).toMatchObject({ marks_obtained: 1, total_marks: 2, correct: 1 });
    const late = await submit(PRACTICE);
    expect(late.status).toBe(200);
    expect(late.body.data.resultId).toBe(result.id);
  });

  it('scores every question type on submit, once; a second submit returns the same result', async () => {
    await start(LIVE);
    const saves = [
      { questionId: LIVE_Q.mcq, answer: [2] }, // right: +2
      { questionId: LIVE_Q.checkbox, answer: [0] }, // wrong: -0.5
      { questionId: LIVE_Q.mca, answer: ['true', 'false', 'true', 'false', null] }, // 3 right, 1 wrong, 1 blank: +0.6, -0.1
      { questionId: LIVE_Q.shortAns, answer: ['Mitral stenosis'] }, // pending review
      { questionId: LIVE_Q.imageMcq, answer: [0] }, // wrong: -0.5
    ];
    for (const [i, save] of saves.entries()) expect((await answer(LIVE, { ...save, timestamp: 100 + i })).status).toBe(200);
    expectNoSecrets();

    const first = await submit(LIVE);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: '200', isPracticeExam: false });
    const second = await submit(LIVE);
    expect(second.body.data.resultId).toBe(first.body.data.resultId);
    const results = await server.app.db.selectFrom('results').selectAll().where('student_id', '=', STUDENT).execute();
    expect(results).toHaveLength(1);
    // marks 2 + 0.6 = 2.6; negative 0.5 + 0.1 + 0.5 = 1.1; net 1.5 of 14 -> failed at 40 %.
    expect(results[0]).toMatchObject({ id: first.body.data.resultId, marks_obtained: 1.5, negative_marks: 1.1, total_marks: 14, correct: 1.6, incorrect: 2.2, skipped: 1.2, passed: 0, pending_review: 1 });
    const detail = JSON.parse(results[0]!.detail);
    expect(detail.find((d: any) => d.questionId === LIVE_Q.mca)).toMatchObject({ marks: 0.6, negativeMarks: 0.1, correct: 0.6, incorrect: 0.2, skipped: 0.2 });
    expect(detail.find((d: any) => d.questionId === LIVE_Q.shortAns)).toMatchObject({ marks: 0, pendingReview: true, answered: true });
    expect(detail.find((d: any) => d.questionId === LIVE_Q.paragraph)).toMatchObject({ answered: false, skipped: 1 });

    const after = await answer(LIVE, { questionId: LIVE_Q.paragraph, answer: ['late text'], timestamp: 999 });
    expect(after.status).toBe(409);
    expect(after.body.errors?.code).toBe('examSubmitted');
    const list = await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?type=previous`, me);
    expect(list.body.data.find((a: any) => a.examId._id === LIVE).submittedAt).not.toBeNull();
  });

  it("keeps students to their own batch and their own attempts", async () => {
    expect((await start(LIVE, outsider)).status).toBe(404);
    expect((await details(LIVE, outsider)).status).toBe(404);
    // Naming the other batch does not help: the student is not in it.
    expect((await start(OTHER_BATCH_EXAM, me, OTHER_GROUP)).status).toBe(404);
    expect((await answer(OTHER_BATCH_EXAM, { questionId: 'f20006000000000000000001', answer: [0], timestamp: 1 }, me, OTHER_GROUP)).status).toBe(404);

    await start(LIVE);
    expect((await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: 1 })).status).toBe(200);
    // A classmate's saves and submit touch only the classmate's own attempt.
    const notStarted = await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [0], timestamp: 5 }, classmate);
    expect(notStarted.status).toBe(409);
    expect(notStarted.body.errors?.code).toBe('attemptNotStarted');
    expect((await submit(LIVE, classmate)).status).toBe(409);
    expect(await storedAnswer(LIVE_Q.mcq)).toMatchObject({ answer: '[2]' });
    expect((await details(LIVE, classmate)).body.data.savedAnswers).toEqual([]);
    const retakeOther = await call('PATCH', `${apiPath(examsPaths.retake, { examId: PRACTICE, studentId: STUDENT })}?groupId=${GROUP}`, classmate);
    expect(retakeOther.status).toBe(403);
    expect(retakeOther.body.errors?.code).toBe('notYourExam');
    expect((await call('GET', apiPath(examsPaths.segmentedSelection, { examId: 'f10000000000000000000005', studentId: STUDENT }), classmate)).status).toBe(403);
    expect((await call('GET', apiPath(examsPaths.list, { courseId: COURSE }), '0'.repeat(32))).status).toBe(401);
  });

  it('answers 403 examRemoved on start, answer, submit and retake, and 404 on details, once the exam leaves the batch', async () => {
    await start(PRACTICE);
    await server.app.db.updateTable('exam_assignments').set({ removed_at: server.clock.now().toISOString() }).where('exam_id', 'in', [PRACTICE, LIVE]).execute();
    for (const reply of [
      await start(LIVE),
      await answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [1], timestamp: 1 }),
      await submit(PRACTICE),
      await call('PATCH', `${apiPath(examsPaths.retake, { examId: PRACTICE, studentId: STUDENT })}?groupId=${GROUP}`, me),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.errors).toMatchObject({ title: 'This exam has been removed from your group', code: 'examRemoved' });
    }
    const view = await details(PRACTICE);
    expect(view.status).toBe(404);
    expect(view.body.errors).toMatchObject({ title: 'This exam has been removed from your group', code: 'examRemoved' });
    expect((await call('GET', apiPath(examsPaths.details, { examId: LIVE }), me)).status).toBe(404);
    const list = await call('GET', apiPath(examsPaths.list, { courseId: COURSE }), me);
    expect(list.body.data.map((a: any) => a.examId._id)).not.toContain(PRACTICE);
  });

  const retake = (exam: string) => call('PATCH', `${apiPath(examsPaths.retake, { examId: exam, studentId: STUDENT })}?groupId=${GROUP}`, me);
  const attemptsOf = (exam: string) =>
    server.app.db.selectFrom('attempts').select(['id', 'submitted_at', 'superseded_at']).where('student_id', '=', STUDENT).where('exam_id', '=', exam).orderBy('round').execute();
  const resultExists = async (resultId: string) => (await server.app.db.selectFrom('results').select('id').where('id', '=', resultId).executeTakeFirst()) !== undefined;

  it('retakes a practice exam afresh (the old submission kept aside, unseen, until the retake is submitted); live exams cannot be retaken', async () => {
    await start(PRACTICE);
    await answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [1], timestamp: 1 });
    const first = await submit(PRACTICE);
    const retaken = await retake(PRACTICE);
    expect(retaken.status).toBe(200);
    expect(retaken.body.data).toEqual({ status: '200' });
    const again = await start(PRACTICE);
    expect(again.status).toBe(200);
    const view = await details(PRACTICE);
    expect(view.body.data).toMatchObject({ savedAnswers: [], submittedAt: null });
    const attempts = await attemptsOf(PRACTICE);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.superseded_at).not.toBeNull();
    expect(attempts[1]).toMatchObject({ submitted_at: null, superseded_at: null });
    await answer(PRACTICE, { questionId: PRACTICE_Q.mca, answer: ['true', 'false'], timestamp: 2 });
    const second = await submit(PRACTICE);
    expect(second.body.data.resultId).not.toBe(first.body.data.resultId);
    // Submitted, the retake replaces the earlier submission, as its confirmation says.
    expect(await resultExists(first.body.data.resultId)).toBe(false);
    expect(await attemptsOf(PRACTICE)).toHaveLength(1);

    await start(LIVE);
    const live = await call('PATCH', `${apiPath(examsPaths.retake, { examId: LIVE, studentId: STUDENT })}?groupId=${GROUP}`, me);
    expect(live.status).toBe(403);
    expect(live.body.errors?.code).toBe('retakeNotAllowed');
  });

  it('keeps the better of a retake left to time out and the submission before it, never a 0-mark Fail over a pass', async () => {
    await start(PRACTICE);
    await answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [1], timestamp: 1 });
    const first = await submit(PRACTICE);
    const before = await server.app.db.selectFrom('results').select(['marks_obtained']).where('id', '=', first.body.data.resultId).executeTakeFirstOrThrow();
    expect(Number(before.marks_obtained)).toBeGreaterThan(0);

    // A retake started and left: no answer, no submit, the time and grace run out.
    await retake(PRACTICE);
    await start(PRACTICE);
    server.clock.advance(31 * 60_000 + 5 * 60_000);
    const list = await call('GET', apiPath(examsPaths.list, { courseId: COURSE }), me);
    expect(list.status).toBe(200);
    // The earlier submission is the student's again, with its result; the empty retake is gone.
    const attempts = await attemptsOf(PRACTICE);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.superseded_at).toBeNull();
    expect(await resultExists(first.body.data.resultId)).toBe(true);
    const card = list.body.data.find((a: any) => a.examId._id === PRACTICE);
    expect(card.submittedAt).not.toBeNull();

    // A retake left to time out that scored more than the earlier one is kept instead.
    await retake(PRACTICE);
    await start(PRACTICE);
    await answer(PRACTICE, { questionId: PRACTICE_Q.mcq, answer: [1], timestamp: 3 });
    await answer(PRACTICE, { questionId: PRACTICE_Q.mca, answer: ['true', 'false'], timestamp: 4 });
    server.clock.advance(31 * 60_000 + 5 * 60_000);
    await call('GET', apiPath(examsPaths.list, { courseId: COURSE }), me);
    const after = await attemptsOf(PRACTICE);
    expect(after).toHaveLength(1);
    expect(await resultExists(first.body.data.resultId)).toBe(false);
    const kept = await server.app.db.selectFrom('results').select(['marks_obtained']).where('attempt_id', '=', after[0]!.id).executeTakeFirstOrThrow();
    expect(Number(kept.marks_obtained)).toBeGreaterThanOrEqual(Number(before.marks_obtained));
  });

  it("attaches only the student's own uploaded files; a file alone answers a written question", async () => {
    await start(LIVE);
    const now = server.clock.now().toISOString();
    await server.app.db.insertInto('stored_files').values([
      { key: 'uploads/mine.pdf', mime_type: 'application/pdf', size: 10, owner_id: STUDENT, created_at: now },
      { key: 'uploads/theirs.pdf', mime_type: 'application/pdf', size: 10, owner_id: CLASSMATE, created_at: now },
    ]).execute();
    const file = (key: string) => [{ name: 'answer.pdf', key, type: 'application/pdf' }];
    const foreign = await answer(LIVE, { questionId: LIVE_Q.paragraph, answer: [], extra: file('uploads/theirs.pdf'), timestamp: 1 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.code).toBe('unknownAttachment');
    expect((await answer(LIVE, { questionId: LIVE_Q.paragraph, answer: [], extra: file('uploads/missing.pdf'), timestamp: 2 })).status).toBe(400);
    expect((await answer(LIVE, { questionId: LIVE_Q.paragraph, answer: [], extra: file('uploads/mine.pdf'), timestamp: 3 })).status).toBe(200);
    expect((await details(LIVE)).body.data.savedAnswers[0]).toMatchObject({ questionId: LIVE_Q.paragraph, extra: file('uploads/mine.pdf') });
    await submit(LIVE);
    const result = await server.app.db.selectFrom('results').select('detail').where('student_id', '=', STUDENT).executeTakeFirstOrThrow();
    expect(JSON.parse(result.detail).find((d: any) => d.questionId === LIVE_Q.paragraph)).toMatchObject({ answered: true, pendingReview: true, marks: 0 });
  });

  it('answers 400 to bad bodies and parameters, never 500', async () => {
    await start(LIVE);
    const replies = [
      await call('PATCH', apiPath(examsPaths.start, { examId: 'not-an-id', groupId: GROUP }), me),
      await call('GET', apiPath(examsPaths.paper, { examId: LIVE, groupId: 'xyz' }), me),
      await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?type=sideways`, me),
      await call('GET', `${apiPath(examsPaths.list, { courseId: COURSE })}?isPracticeExam=perhaps`, me),
      await call('GET', `${apiPath(examsPaths.namePrompt)}?search=ab`, me),
      await answer(LIVE, { answer: [1], timestamp: 1 }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: 'C', timestamp: 1 }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: 'soon' }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: -5 }),
      // A JSON body is checked as sent: null, text and true are not coerced into a timestamp.
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: null }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: '5' }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: true }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2], timestamp: [7] }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [2] }),
      await answer(LIVE, { questionId: LIVE_Q.mca, answer: ['true', null, null, null, null], timestamp: 1, answerIndex: '0' }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [9], timestamp: 1 }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [{ index: 1 }], timestamp: 1 }),
      await answer(LIVE, { questionId: LIVE_Q.mca, answer: ['maybe'], timestamp: 1 }),
      await answer(LIVE, { questionId: LIVE_Q.mca, answer: ['true', 'true', 'true', 'true', 'true', 'true'], timestamp: 1 }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [1], timestamp: 1, answerIndex: 2 }),
      await answer(LIVE, { questionId: LIVE_Q.paragraph, answer: [42], timestamp: 1 }),
      await answer(LIVE, { questionId: 'f20002000000000000000001', answer: [0], timestamp: 1 }),
      await answer(LIVE, { questionId: LIVE_Q.mcq, answer: [1], timestamp: 1, extra: 'file' }),
      await call('PATCH', apiPath(examsPaths.submit, { examId: LIVE, groupId: GROUP }), me, { candidateCategory: { name: 'Govt.' } }),
      await call('POST', apiPath(examsPaths.saveSegmentedSelection), me, { examId: LIVE }),
      await call('PATCH', `${apiPath(examsPaths.retake, { examId: PRACTICE, studentId: STUDENT })}?groupId=nope`, me),
    ];
    for (const reply of replies) {
      expect(reply.status, reply.raw).toBe(400);
      expect(reply.body.errors?.title).toBeTruthy();
    }
    // None of them stored anything.
    expect(await storedAnswer(LIVE_Q.mcq)).toBeUndefined();
    const raw = await server.call({ method: 'PATCH', url: apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP }), session: me, headers: { 'content-type': 'application/json' }, payload: '{"questionId":' });
    expect(raw.statusCode).toBe(400);
    expect((await call('GET', apiPath(examsPaths.paper, { examId: 'f1000000000000000000ffff', groupId: GROUP }), me)).status).toBe(404);
  });
});
