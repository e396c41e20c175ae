// The exam start's choices through the API on every database kind: the spec's categories and faculties
// with the academy's subjects (the bundle's `faculties`), the submit accepting only offered choices and
// storing them, and the merit list's faculty, subject and category positions computed from them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { CLASSMATE, GROUP, LIVE, PRACTICE, PRACTICE_Q, STUDENT, examBundle } from './exams-fixture.js';
import { importFaculties } from '../../server/exams/faculties.js';
import { CANDIDATE_CATEGORIES, FACULTY_NAMES } from '../../src/domain/examStartFilters.js';
import { examsPaths, resultsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const FACULTIES = [
  { name: 'Medicine', subjects: ['Cardiology', 'Nephrology'] },
  { name: 'Surgery', subjects: ['Urology'] },
];

describe.each(databaseKinds())('exam start choices (%s)', (kind) => {
  let server: TestServer;
  let me: string;
  let classmate: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: { ...examBundle(), faculties: FACULTIES } });
    me = await server.sessionFor(STUDENT);
    classmate = await server.sessionFor(CLASSMATE);
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => []);
  const choices = (session = me) => call('GET', apiPath(examsPaths.startChoices), session);
  const submit = (exam: string, body: unknown, session = me) => call('PATCH', apiPath(examsPaths.submit, { examId: exam, groupId: GROUP }), session, body);
  const attemptOf = (exam: string, student = STUDENT) =>
    server.app.db.selectFrom('attempts').select(['candidate_category', 'faculty', 'subject_name']).where('exam_id', '=', exam).where('student_id', '=', student).executeTakeFirstOrThrow();

  it("serves the spec's categories and faculties, each with the academy's subjects and 'No Subject'", async () => {
    const reply = await choices();
    expect(reply.status).toBe(200);
    expect(reply.body.data.categories).toEqual(['Govt.', 'Non-Govt.', 'AMC', 'Others']);
    expect(reply.body.data.faculties.map((f: { name: string }) => f.name)).toEqual([...FACULTY_NAMES]);
    const subjectsOf = (name: string) => reply.body.data.faculties.find((f: { name: string }) => f.name === name).subjects;
    expect(subjectsOf('Medicine')).toEqual(['Cardiology', 'Nephrology', 'No Subject']);
    expect(subjectsOf('Paediatrics')).toEqual(['No Subject']);
    expect(subjectsOf('No faculty')).toEqual(['No Subject']);
    expect((await server.call({ method: 'GET', url: apiPath(examsPaths.startChoices) })).statusCode).toBe(401);

    // A later import replaces a faculty's list and leaves the others.
    await importFaculties(server.app.db, [{ name: 'Medicine', subjects: ['Neurology'] }, { name: 'Medicine', subjects: ['Cardiology'] }]);
    const again = await choices();
    const after = (name: string) => again.body.data.faculties.find((f: { name: string }) => f.name === name).subjects;
    expect(after('Medicine')).toEqual(['Neurology', 'Cardiology', 'No Subject']);
    expect(after('Surgery')).toEqual(['Urology', 'No Subject']);
  });

  it('refuses a choice the academy does not offer with 400, and stores an offered one with the attempt', async () => {
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), me)).status).toBe(200);
    for (const [body, message] of [
      [{ candidateCategory: 'Private', facultyName: 'Medicine', subjectName: 'Cardiology' }, `The candidate category must be one of ${CANDIDATE_CATEGORIES.join(', ')}.`],
      [{ candidateCategory: 'Govt.', facultyName: 'Dentistry', subjectName: 'No Subject' }, /^The faculty must be one of Medicine, Surgery/],
      [{ candidateCategory: 'Govt.', facultyName: 'Surgery', subjectName: 'Cardiology' }, 'The subject must be one of the subjects of Surgery.'],
    ] as const) {
      const refused = await submit(LIVE, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toMatchObject({ title: expect.stringMatching(message), code: 'invalidStartFilters' });
    }
    expect((await attemptOf(LIVE)).candidate_category).toBeNull();
    const done = await submit(LIVE, { candidateCategory: 'AMC', facultyName: 'Medicine', subjectName: 'Cardiology' });
    expect(done.status).toBe(200);
    expect(await attemptOf(LIVE)).toEqual({ candidate_category: 'AMC', faculty: 'Medicine', subject_name: 'Cardiology' });
  });

  it('ranks within faculty, subject and category from the submitted choices; none chosen means no such position', async () => {
    for (const session of [me, classmate]) expect((await call('PATCH', apiPath(examsPaths.start, { examId: PRACTICE, groupId: GROUP }), session)).status).toBe(200);
    // STUDENT answers the MCQ right (1 mark); the classmate answers nothing.
    expect((await call('PATCH', `${apiPath(examsPaths.addAnswer, { examId: PRACTICE, groupId: GROUP })}?isLive=false`, me, { questionId: PRACTICE_Q.mcq, answer: [1], timestamp: Date.now() })).status).toBe(200);
    expect((await submit(PRACTICE, { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'Cardiology' })).status).toBe(200);
    expect((await submit(PRACTICE, { candidateCategory: 'Govt.', facultyName: 'No faculty', subjectName: 'No Subject' }, classmate)).status).toBe(200);
    expect(await attemptOf(PRACTICE, CLASSMATE)).toEqual({ candidate_category: 'Govt.', faculty: null, subject_name: null });

    const list = await call('GET', `${apiPath(resultsPaths.meritList)}?examId=${PRACTICE}&typeOfExam=PRACTICE`, me);
    expect(list.status).toBe(200);
    const rows = list.body.data.data.map((r: any) => [r.rank, r.facultyName, r.facultyPosition, r.subjectName, r.subjectPosition, r.candidateCategory, r.categoryPosition]);
    expect(rows).toEqual([
      [1, 'Medicine', 1, 'Cardiology', 1, 'Govt.', 1],
      [2, null, null, null, null, 'Govt.', 2],
    ]);
  });

  it('stores nothing for an app that sends empty choices', async () => {
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), me)).status).toBe(200);
    expect((await submit(LIVE, { candidateCategory: '', facultyName: '', subjectName: '' })).status).toBe(200);
    expect(await attemptOf(LIVE)).toEqual({ candidate_category: null, faculty: null, subject_name: null });
  });
});
