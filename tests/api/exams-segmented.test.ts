// Segmented exams through the API: the server validates the subject selection with the spec's
// messages, serves and scores only the chosen subjects, and locks a live exam's selection.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ANATOMY, BIOCHEMISTRY, CLASSMATE, GROUP, LIVE, PHARMACOLOGY, PHYSIOLOGY, SEGMENTED, SEGMENTED_PRACTICE, STUDENT, examBundle } from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const pick = (...ids: string[]) => ids.map((subjectId) => ({ subjectId, count: 0 }));

describe.each(databaseKinds())('segmented exams (%s)', (kind) => {
  let server: TestServer;
  let me: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: examBundle() });
    me = await server.sessionFor(STUDENT);
  });
  afterEach(async () => {
    await server.close();
  });

  async function call(method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown, session = me) {
    const response = await server.call({ method, url, session, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  }
  const choose = (exam: string, compulsory: string[], optional: string[], extra: Record<string, unknown> = {}) =>
    call('POST', apiPath(examsPaths.saveSegmentedSelection), {
      examId: exam,
      studentId: STUDENT,
      mandatorySubjects: [{ subjectId: ANATOMY, count: 2 }],
      compulsoryOptionalSubjects: pick(...compulsory),
      optionalSubjects: pick(...optional),
      isPracticeExam: exam === SEGMENTED_PRACTICE,
      ...extra,
    });

  it('refuses invalid selections with the exact spec messages', async () => {
    const none = await choose(SEGMENTED, [], [PHARMACOLOGY]);
    expect(none.status).toBe(400);
    expect(none.body.errors.title).toBe('You must select at least 1 compulsory optional subject(s).');
    const short = await choose(SEGMENTED, [PHYSIOLOGY], []);
    expect(short.body.errors.title).toBe('You must select subjects to meet the total of 3 subjects.');
    const wrongCount = await choose(SEGMENTED, [BIOCHEMISTRY], [PHARMACOLOGY]);
    expect(wrongCount.status).toBe(400);
    expect(wrongCount.body.errors.title).toBe('You must select subjects to make question count 5.');
    const misplaced = await choose(SEGMENTED, [PHYSIOLOGY, PHARMACOLOGY], []);
    expect(misplaced.status).toBe(400);
    const noMandatory = await choose(SEGMENTED, [PHYSIOLOGY, BIOCHEMISTRY], [], { mandatorySubjects: [] });
    expect(noMandatory.status).toBe(400);
    const notSegmented = await choose(LIVE, [PHYSIOLOGY, BIOCHEMISTRY], []);
    expect(notSegmented.status).toBe(400);
    const someoneElse = await choose(SEGMENTED, [PHYSIOLOGY, BIOCHEMISTRY], [], { studentId: CLASSMATE });
    expect(someoneElse.status).toBe(403);
    expect((await call('GET', apiPath(examsPaths.segmentedSelection, { examId: SEGMENTED, studentId: STUDENT }))).body.data).toEqual({
      mandatorySubjects: [],
      compulsoryOptionalSubjects: [],
      optionalSubjects: [],
    });
  });

  it('serves and scores only the chosen subjects; a live selection is locked once the exam starts', async () => {
    const refused = await call('PATCH', apiPath(examsPaths.start, { examId: SEGMENTED, groupId: GROUP }));
    expect(refused.status).toBe(409);
    expect(refused.body.errors.code).toBe('segmentedSelectionRequired');

    const chosen = await choose(SEGMENTED, [PHYSIOLOGY, BIOCHEMISTRY], []);
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({
      mandatorySubjects: [{ subjectId: ANATOMY, count: 2 }],
      compulsoryOptionalSubjects: [
        { subjectId: PHYSIOLOGY, count: 2 },
        { subjectId: BIOCHEMISTRY, count: 1 },
      ],
      optionalSubjects: [],
    });
    expect((await call('GET', apiPath(examsPaths.segmentedSelection, { examId: SEGMENTED, studentId: STUDENT }))).body.data).toEqual(chosen.body.data);

    expect((await call('PATCH', apiPath(examsPaths.start, { examId: SEGMENTED, groupId: GROUP }))).status).toBe(200);
    const view = await call('GET', apiPath(examsPaths.paper, { examId: SEGMENTED, groupId: GROUP }));
    const questions = view.body.data.questions as { _id: string; subjectId: string; subjectName: string }[];
    expect(questions.map((q) => q.subjectName)).toEqual(['Anatomy', 'Anatomy', 'Physiology', 'Physiology', 'Biochemistry']);
    expect(view.body.data.totalMarks).toBe(5);

    // Question 3 of anatomy (not served) and pharmacology questions are refused.
    const unserved = await call('PATCH', apiPath(examsPaths.addAnswer, { examId: SEGMENTED, groupId: GROUP }), { questionId: 'f20005000000000000000003', answer: [2], timestamp: 1 });
    expect(unserved.status).toBe(400);
    expect(unserved.body.errors.code).toBe('unknownQuestion');
    for (const [i, q] of questions.entries()) {
      // Keys are 0, 1, 2 by position within a subject: answers at even places are right, odd places wrong.
      const reply = await call('PATCH', apiPath(examsPaths.addAnswer, { examId: SEGMENTED, groupId: GROUP }), { questionId: q._id, answer: [i % 2 === 0 ? 0 : 3], timestamp: 10 + i });
      expect(reply.status).toBe(200);
    }

    const change = await choose(SEGMENTED, [PHYSIOLOGY], [PHARMACOLOGY]);
    expect(change.status).toBe(409);
    expect(change.body.errors.code).toBe('selectionLocked');
    expect((await choose(SEGMENTED, [BIOCHEMISTRY, PHYSIOLOGY], [])).status).toBe(200);

    expect((await call('PATCH', apiPath(examsPaths.submit, { examId: SEGMENTED, groupId: GROUP }), {})).status).toBe(200);
    const result = await server.app.db.selectFrom('results').selectAll().where('exam_id', '=', SEGMENTED).executeTakeFirstOrThrow();
    expect(result).toMatchObject({ total_marks: 5, marks_obtained: 3, correct: 3, incorrect: 2, skipped: 0, passed: 1 });
  });

  it('practice retake clears the selection so other subjects may be chosen', async () => {
    expect((await choose(SEGMENTED_PRACTICE, [PHYSIOLOGY, BIOCHEMISTRY], [])).status).toBe(200);
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: SEGMENTED_PRACTICE, groupId: GROUP }))).status).toBe(200);
    const whileStarted = await choose(SEGMENTED_PRACTICE, [PHYSIOLOGY], [PHARMACOLOGY]);
    expect(whileStarted.status).toBe(409);
    expect(whileStarted.body.errors.code).toBe('selectionLocked');
    expect((await call('PATCH', `${apiPath(examsPaths.retake, { examId: SEGMENTED_PRACTICE, studentId: STUDENT })}?groupId=${GROUP}`)).status).toBe(200);
    expect((await call('GET', apiPath(examsPaths.segmentedSelection, { examId: SEGMENTED_PRACTICE, studentId: STUDENT }))).body.data.compulsoryOptionalSubjects).toEqual([]);
    const other = await call('POST', apiPath(examsPaths.saveSegmentedSelection), {
      examId: SEGMENTED_PRACTICE,
      studentId: STUDENT,
      mandatorySubjects: [ANATOMY],
      compulsoryOptionalSubjects: [PHYSIOLOGY],
      optionalSubjects: [PHARMACOLOGY],
      isPracticeExam: true,
    });
    expect(other.status).toBe(200);
    expect(other.body.data.optionalSubjects).toEqual([{ subjectId: PHARMACOLOGY, count: 1 }]);
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: SEGMENTED_PRACTICE, groupId: GROUP }))).status).toBe(200);
    const view = await call('GET', apiPath(examsPaths.paper, { examId: SEGMENTED_PRACTICE, groupId: GROUP }));
    expect(view.body.data.questions.map((q: { subjectName: string }) => q.subjectName)).toEqual(['Anatomy', 'Anatomy', 'Physiology', 'Physiology', 'Pharmacology']);
  });

  it('refuses a selection for an exam removed from the batch', async () => {
    await server.app.db.updateTable('exam_assignments').set({ removed_at: server.clock.now().toISOString() }).where('exam_id', '=', SEGMENTED).execute();
    const reply = await choose(SEGMENTED, [PHYSIOLOGY, BIOCHEMISTRY], []);
    expect(reply.status).toBe(403);
    expect(reply.body.errors.code).toBe('examRemoved');
  });
});
