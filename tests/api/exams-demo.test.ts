// The demo academy's exams: one of each kind for the demo student, with past results for a merit list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { examCardState } from '../../src/domain/examTiming.js';
import { BundleError, validateBundle } from '../../server/db/seed/import.js';
import { GROUP, LIVE, LIVE_Q, OTHER_GROUP, OUTSIDER, SEGMENTED, STUDENT, examBundle } from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const DEMO_STUDENT = '570000000000000000000001';
const NO_BATCH_STUDENT = '570000000000000000000002';
const BATCH = '900000000000000000000001';
const COURSE = 'c00000000000000000000001';
const EXAMS = {
  live: 'e10000000000000000000001',
  upcoming: 'e10000000000000000000002',
  finished: 'e10000000000000000000003',
  practiceShort: 'e10000000000000000000004',
  practice: 'e10000000000000000000005',
  segmented: 'e10000000000000000000006',
  practiceTaken: 'e10000000000000000000007',
  otherBatchPractice: 'e10000000000000000000008',
};

describe.each(databaseKinds())('demo academy exams (%s)', (kind) => {
  let server: TestServer;
  let session: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 1024 } });
    session = await server.sessionFor(DEMO_STUDENT);
  });
  afterAll(async () => {
    await server.close();
  });

  const get = async (url: string, as = session) => {
    const response = await server.call({ method: 'GET', url, session: as });
    return { status: response.statusCode, data: JSON.parse(response.body).data };
  };

  it('gives the demo student a live, upcoming, finished, practice and segmented exam', async () => {
    const { data } = await get(apiPath(examsPaths.list, { courseId: COURSE }));
    const byId = new Map<string, any>(data.map((a: any) => [a.examId._id, a]));
    const now = server.clock.now().getTime();
    const state = (id: string) => examCardState({ ...byId.get(id), isPracticeExam: byId.get(id).examId.isPracticeExam }, now);
    expect(state(EXAMS.live)).toBe('live');
    expect(state(EXAMS.upcoming)).toBe('upcoming');
    expect(state(EXAMS.finished)).toBe('finished');
    expect(byId.get(EXAMS.finished).submittedAt).not.toBeNull();
    expect(state(EXAMS.practiceShort)).toBe('live');
    expect(byId.get(EXAMS.practiceShort)).toMatchObject({ duration: 2, examId: { isPracticeExam: true } });
    expect(state(EXAMS.practice)).toBe('live');
    expect(state(EXAMS.practiceTaken)).toBe('finished');
    expect(byId.get(EXAMS.segmented)).toMatchObject({ examId: { isSegmentedExam: true, questionCount: 6 } });
    expect(state(EXAMS.segmented)).toBe('live');
    expect(byId.has(EXAMS.otherBatchPractice)).toBe(false);

    const other = await get(apiPath(examsPaths.list, { courseId: 'c00000000000000000000002' }));
    expect(other.data.map((a: any) => a.examId._id)).toEqual([EXAMS.otherBatchPractice]);
    expect((await get(apiPath(examsPaths.list, { courseId: COURSE }), await server.sessionFor(NO_BATCH_STUDENT))).data).toEqual([]);
  });

  it('has past results from the batch for a merit list, scored on import', async () => {
    const results = await server.app.db.selectFrom('results').selectAll().where('exam_id', '=', EXAMS.finished).where('group_id', '=', BATCH).execute();
    expect(results.length).toBeGreaterThanOrEqual(15);
    expect(results.some((r) => r.student_id === DEMO_STUDENT)).toBe(true);
    expect(new Set(results.map((r) => r.marks_obtained)).size).toBeGreaterThan(5);
    expect(results.every((r) => r.total_marks === 9)).toBe(true);
    const published = await server.app.db.selectFrom('exam_assignments').select('result_published').where('exam_id', '=', EXAMS.finished).executeTakeFirstOrThrow();
    expect(published.result_published).toBe(1);
  });

  it('serves the live exam with every question type, image options and attached files', async () => {
    // Questions come with the student's own attempt.
    expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: EXAMS.live, groupId: BATCH }), session })).statusCode).toBe(200);
    const { data } = await get(apiPath(examsPaths.paper, { examId: EXAMS.live, groupId: BATCH }));
    const questions = data.questions as any[];
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['MCQ', 'MCA', 'checkbox', 'shortAns', 'paragraph']));
    expect(data.negativeMark).toBeGreaterThan(0);
    const imageOptions = questions.find((q) => Object.keys(q.optionType).length > 0);
    const files = [...imageOptions.options, ...questions.flatMap((q) => [...q.image, ...q.file])] as string[];
    expect(files.some((f) => f.split('?')[0]!.endsWith('.pdf'))).toBe(true);
    // Each figure's address is signed for this student and exam (an <img> sends no session).
    for (const file of files) expect(file).toMatch(/^\/api\/media\/exam\/[a-z0-9-]+\.(png|pdf)\?exam=[0-9a-f]{24}&student=[0-9a-f]{24}&signature=[0-9a-f]{64}$/);
    for (const file of files) {
      const response = await server.call({ method: 'GET', url: file });
      expect(response.statusCode, file).toBe(200);
    }
  });
});

describe('imported submissions', () => {
  const submission = (overrides: Record<string, unknown>) => ({
    examId: LIVE, groupId: GROUP, studentId: STUDENT, startedAt: 'now-5m', submittedAt: 'now-1m', answers: [{ questionId: LIVE_Q.mcq, answer: [2] }], ...overrides,
  });
  const problemsOf = (submissions: unknown[]) => {
    try {
      validateBundle({ ...examBundle(), submissions });
      return [];
    } catch (error) {
      if (error instanceof BundleError) return error.problems;
      throw error;
    }
  };

  it('accepts a submission of a batch member and refuses unknown or foreign references', () => {
    expect(problemsOf([submission({})])).toEqual([]);
    expect(problemsOf([submission({ studentId: OUTSIDER })]).join()).toContain('is not in group');
    expect(problemsOf([submission({ groupId: OTHER_GROUP, studentId: OUTSIDER })]).join()).toContain('is not assigned to group');
    expect(problemsOf([submission({ examId: 'f1000000000000000000ffff' })]).join()).toContain('the exam is not in the bundle');
    expect(problemsOf([submission({ answers: [{ questionId: 'f2000000000000000000ffff', answer: [1] }] })]).join()).toContain('is not in the exam');
    expect(problemsOf([submission({ examId: SEGMENTED })]).join()).toContain('segmented');
    expect(problemsOf([submission({}), submission({})]).join()).toContain('two submissions');
  });
});
