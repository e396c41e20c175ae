// Exam routes (contracts: src/contracts/exams.ts): the exam list and name prompt, exam details,
// start, answer saves, submit, retake, segmented subject selection, and the figures of the demo exams.
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { examsContract, type ChosenList, type SegmentedSelection, type SegmentedSelectionBody, type SubjectCount } from '../../src/contracts/exams.js';
import { todayContract } from '../../src/contracts/today.js';
import { todayOf } from './today.js';
import { withSignedFigures } from '../media/figures.js';
import { fileSafetyHeaders } from '../storage/file-headers.js';
import { segmentedSelectionOf } from './queries.js';
import { examFigure } from './figure-files.js';
import { tellDesksOfAttempts } from './examActivity.js';
import { answerInputOf, authorise, authoriseWithoutGroup, examErrors, retakeExam, saveAnswer, saveSegmentedSelection, startAttempt, submitAttempt } from './attempts.js';
import { depsOf } from '../deps.js';
import { examDetails, examList, namePrompt } from './projections.js';
import { academyFaculties } from './faculties.js';
import { CANDIDATE_CATEGORIES } from '../../src/domain/examStartFilters.js';

function ownStudent(request: FastifyRequest, studentId: string): void {
  if (studentId !== request.student.id) throw examErrors.notYours();
}

function toSelection(body: SegmentedSelectionBody): SegmentedSelection {
  const list = (items: ChosenList): SubjectCount[] =>
    items.map((item) => (typeof item === 'string' ? { subjectId: item, count: 0 } : { subjectId: item.subjectId, count: item.count ?? 0 }));
  return {
    mandatorySubjects: list(body.mandatorySubjects),
    compulsoryOptionalSubjects: list(body.compulsoryOptionalSubjects),
    optionalSubjects: list(body.optionalSubjects),
  };
}

const emptySelection = (): SegmentedSelection => ({ mandatorySubjects: [], compulsoryOptionalSubjects: [], optionalSubjects: [] });

export async function examRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...examsContract.list, handler: async (request) => {
    return { data: await examList(depsOf(app), request.student.id, request.params.courseId, request.query) };
  } });

  app.route({ ...todayContract.today, handler: async (request) => ({ data: await todayOf(app.db, request.student.id, app.clock.now()) }) });

  app.route({ ...examsContract.namePrompt, handler: async (request) => {
    return { data: await namePrompt(depsOf(app), request.student.id, request.query.courseId, request.query) };
  } });

  app.route({ ...examsContract.details, handler: async (request) => {
    const context = await authoriseWithoutGroup(app.db, request.student.id, request.params.examId, request.query.courseId || undefined, 404);
    return { data: withSignedFigures(await examDetails(depsOf(app), context, request.student.id), app.config.signingSecret, context.exam.id, request.student.id) };
  } });

  app.route({ ...examsContract.paper, handler: async (request) => {
    // The paper shows the attempt's saved answers: read with the context, in its one statement.
    const context = await authorise(app.db, request.student.id, request.params.examId, request.params.groupId, 404, true);
    return { data: withSignedFigures(await examDetails(depsOf(app), context, request.student.id), app.config.signingSecret, context.exam.id, request.student.id) };
  } });

  app.route({ ...examsContract.start, handler: async (request) => {
    const started = await startAttempt(depsOf(app), request.student.id, request.params.examId, request.params.groupId);
    tellDesksOfAttempts(app, request.params.examId, request.params.groupId);
    return { data: started };
  } });

  app.route({ ...examsContract.addAnswer, handler: async (request) => {
    const { examId, groupId } = request.params;
    const input = answerInputOf(request.body, request.query.offline === true);
    return { data: await saveAnswer(depsOf(app), request.student.id, examId, groupId, input) };
  } });

  app.route({ ...examsContract.submit, handler: async (request) => {
    const submitted = await submitAttempt(depsOf(app), request.student.id, request.params.examId, request.params.groupId, request.body ?? {});
    tellDesksOfAttempts(app, request.params.examId, request.params.groupId);
    return { data: submitted };
  } });

  app.route({ ...examsContract.retake, handler: async (request) => {
    const { examId, studentId } = request.params;
    ownStudent(request, studentId);
    return { data: await retakeExam(depsOf(app), studentId, examId, request.query.groupId || undefined) };
  } });

  app.route({ ...examsContract.saveSegmentedSelection, handler: async (request) => {
    ownStudent(request, request.body.studentId);
    return { data: await saveSegmentedSelection(depsOf(app), request.body.studentId, request.body.examId, toSelection(request.body)) };
  } });

  app.route({ ...examsContract.startChoices, handler: async () => {
    return { data: { categories: [...CANDIDATE_CATEGORIES], faculties: await academyFaculties(app.db) } };
  } });

  app.route({ ...examsContract.segmentedSelection, handler: async (request) => {
    const { examId, studentId } = request.params;
    ownStudent(request, studentId);
    await authoriseWithoutGroup(app.db, studentId, examId, undefined, 404);
    return { data: (await segmentedSelectionOf(app.db, examId, studentId)) ?? emptySelection() };
  } });

  // Images and PDFs of the exams' questions: by the signed address in the paper, to a student who is
  // still in a batch the exam is assigned to.
  app.route({ ...examsContract.figure, handler: async (request, reply) => {
    const figure = await examFigure(app.db, app.config.signingSecret, request.params.name, request.query);
    return reply
      .header('content-type', figure.type)
      .headers(fileSafetyHeaders(figure.type, figure.name))
      .header('cache-control', 'private, max-age=86400')
      .send(fs.createReadStream(figure.file));
  } });
}
