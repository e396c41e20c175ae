// Item analysis through the API on every database kind: staff only, 404 for an unknown assignment, a
// refusal before a live exam's results are published, "not enough attempts" below 10, the figures of
// all five question types once published, and the sheet as CSV and XLSX.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { STUDENT } from './exams-fixture.js';
import { TEACHER } from './results-fixture.js';
import { ANALYSED_ASSIGNMENT, DRILL_ASSIGNMENT, itemAnalysisBundle, markAndPublishAnalysed } from './item-analysis-fixture.js';
import { staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('item analysis (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;
  let student: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: itemAnalysisBundle() });
    teacher = await server.sessionFor(TEACHER, 'staff');
    student = await server.sessionFor(STUDENT);
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => []);
  const analysis = (assignment = ANALYSED_ASSIGNMENT, session = teacher) => call('GET', apiPath(staffPaths.itemAnalysis, { assignmentId: assignment }), session);
  const sheet = (format: string, assignment = ANALYSED_ASSIGNMENT, session = teacher) =>
    server.call({ method: 'GET', url: `${apiPath(staffPaths.itemAnalysisSheet, { assignmentId: assignment })}?format=${format}`, session });

  const markAndPublish = () => markAndPublishAnalysed(call, teacher);

  it('is for staff only: a student gets 403 and no session 401, on the figures and the sheet', async () => {
    expect((await analysis(ANALYSED_ASSIGNMENT, student)).status).toBe(403);
    expect((await sheet('csv', ANALYSED_ASSIGNMENT, student)).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: apiPath(staffPaths.itemAnalysis, { assignmentId: ANALYSED_ASSIGNMENT }) })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown assignment, 400 for a malformed id or format, and refuses a live exam before publication', async () => {
    expect((await analysis('fa00000000000000000000ff')).body.errors?.code).toBe('assignmentNotFound');
    expect((await sheet('csv', 'fa00000000000000000000ff')).statusCode).toBe(404);
    expect((await analysis('not-an-id')).status).toBe(400);
    expect((await sheet('pdf')).statusCode).toBe(400);
    const early = await analysis();
    expect(early.status).toBe(409);
    expect(early.body.errors).toMatchObject({ code: 'resultsNotPublished', title: 'The results of this exam are not published yet.' });
    expect(early.raw).not.toContain('Mitral');
    expect((await sheet('xlsx')).statusCode).toBe(409);
  });

  it('says there are not enough attempts below 10 (a practice exam needs no publication)', async () => {
    const reply = await analysis(DRILL_ASSIGNMENT);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ attempts: 1, minimumAttempts: 10, groupSize: 0, questions: [], assignment: { _id: DRILL_ASSIGNMENT, exam: { isPracticeExam: true } } });
  });

  it('gives the figures of every question type once the results are published', async () => {
    await markAndPublish();
    const reply = await analysis();
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data).toMatchObject({ attempts: 12, minimumAttempts: 10, groupSize: 3, assignment: { _id: ANALYSED_ASSIGNMENT, resultPublished: true } });
    const [mcq, box, mca, short, essay] = data.questions;
    // MCQ: 6 of 12 right; upper all right, lower all wrong.
    expect(mcq).toMatchObject({ number: 1, title: 'Which valve?', type: 'MCQ', attempts: 12, facility: 0.5, upperFacility: 1, lowerFacility: 0, discrimination: 1, flags: [] });
    expect(mcq.pointBiserial).toBeGreaterThan(0.5);
    expect(mcq.choices.slice(0, 2)).toEqual([
      { option: 0, response: 'chosen', key: true, upper: 3, lower: 0, all: 6 },
      { option: 1, response: 'chosen', key: false, upper: 0, lower: 3, all: 6 },
    ]);
    // Checkbox: the upper group chose C (2) over the keyed B (1).
    expect(box).toMatchObject({ facility: 0.25, flags: ['keyPossiblyWrong'] });
    expect(box.choices).toEqual([
      { option: 0, response: 'chosen', key: true, upper: 3, lower: 0, all: 6 },
      { option: 1, response: 'chosen', key: true, upper: 1, lower: 0, all: 3 },
      { option: 2, response: 'chosen', key: false, upper: 2, lower: 0, all: 3 },
      { option: null, response: 'blank', key: false, upper: 0, lower: 3, all: 6 },
    ]);
    // MCA, per option and value: 8 of 12 fully right.
    expect(mca).toMatchObject({ facility: 0.6667, discrimination: 1 });
    expect(mca.choices).toEqual([
      { option: 0, response: 'true', key: true, upper: 3, lower: 0, all: 8 },
      { option: 0, response: 'false', key: false, upper: 0, lower: 3, all: 4 },
      { option: 1, response: 'true', key: false, upper: 0, lower: 3, all: 4 },
      { option: 1, response: 'false', key: true, upper: 3, lower: 0, all: 8 },
    ]);
    // Written answers: the teacher's marks over the marks. Short answer: (2 + 2) / 2 / 12.
    expect(short).toMatchObject({ facility: 0.1667, upperFacility: 0.6667, lowerFacility: 0, discrimination: 0.6667 });
    expect(short.choices).toEqual([{ option: null, response: 'blank', key: false, upper: 1, lower: 3, all: 10 }]);
    // Paragraph: one answer with 1 of 2 marks, in the upper group.
    expect(essay).toMatchObject({ facility: 0.0417, upperFacility: 0.1667, lowerFacility: 0 });
  });

  it('downloads the analysis as a CSV and as an XLSX sheet', async () => {
    await markAndPublish();
    const csv = await sheet('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="item-analysis-Analysed-Grand-Test-Morning-Batch.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('No.,Question,Type,Marks,Attempts,Facility,Upper 27 % facility,Lower 27 % facility,Discrimination,Point-biserial (item-rest),Flags');
    expect(lines[1]).toMatch(/^1,Which valve\?,MCQ,2,12,0\.5,1,0,1,0\.\d+,$/);
    expect(lines[2]).toContain('The strongest students mostly chose another answer than the key: check the key.');
    expect(lines).toContain('No.,Response,Key,Upper 27 %,Lower 27 %,All');
    expect(lines).toContain('3,A true,yes,3,0,8');

    const xlsx = await sheet('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const questions = book.getWorksheet('Questions')!;
    expect(questions.rowCount).toBe(6);
    expect(questions.getRow(2).values).toEqual([undefined, 1, 'Which valve?', 'MCQ', 2, 12, 0.5, 1, 0, 1, expect.any(Number), '']);
    const responses = book.getWorksheet('Responses')!;
    expect(responses.getRow(1).values).toEqual([undefined, 'No.', 'Response', 'Key', 'Upper 27 %', 'Lower 27 %', 'All']);
    expect(responses.rowCount).toBe(1 + 4 + 4 + 4 + 1 + 1);
  });
});
