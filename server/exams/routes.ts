// Exam routes (contracts "Exams"): the exam list and name prompt, exam details, start, answer
// saves, submit, retake, segmented subject selection, and the exam's own demo media files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { readJson } from '../db/json.js';
import { notFound } from '../errors.js';
import { examCardState } from '../../src/domain/examTiming.js';
import type { SegmentedSelection, SubjectCount } from '../../src/domain/segmentedSelection.js';
import {
  assignmentsForCourse, courseName, currentAttempt, publicQuestion, questionsOfExam, savedAnswersOf, segmentedDetailsOf, segmentedSelectionOf, servedQuestions,
  subjectNames, type AssignmentListRow, type ExamContext,
} from './queries.js';
import { authorise, authoriseWithoutGroup, examErrors, finalizeExpiredAttempts, retakeExam, saveAnswer, saveSegmentedSelection, startAttempt, submitAttempt, type ExamDeps } from './attempts.js';

const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });
const ExamGroupParams = Type.Object({ examId: Id, groupId: Id });
/** Query flags arrive as text; 'true'/'false' are coerced by the schema compiler. */
const Flag = Type.Boolean();

const ListQuery = Type.Object({
  isPracticeExam: Type.Optional(Flag),
  subjectId: Type.Optional(Type.Union([Id, Type.Literal('')])),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(Type.Union([Type.Literal('previous'), Type.Literal('upcoming'), Type.Literal('')])),
});

const PromptQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  courseId: Id,
  isPracticeExam: Type.Optional(Flag),
  subjectId: Type.Optional(Type.Union([Id, Type.Literal('')])),
});

/**
 * One element of an answer: an option index, 'true'/'false' for MCA, text, or nothing. Left untyped
 * here so the schema compiler does not coerce it; answerShapeProblem checks it against the question.
 */
const AnswerItem = Type.Unsafe<string | number | boolean | null>({});

const AnswerBody = Type.Object({
  questionId: Id,
  answer: Type.Array(AnswerItem, { maxItems: 64 }),
  timestamp: Type.Number({ minimum: 0, maximum: 8_640_000_000_000 }),
  extra: Type.Optional(
    Type.Array(Type.Object({ name: Type.String({ maxLength: 500 }), key: Type.String({ maxLength: 500 }), type: Type.String({ maxLength: 200 }) }), { maxItems: 20 }),
  ),
  answerIndex: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 63 }), Type.Null()])),
});

const AnswerQuery = Type.Object({ isLive: Type.Optional(Flag), offline: Type.Optional(Flag) });

const OptionalText = Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()]));
const SubmitBody = Type.Union([
  Type.Object({ candidateCategory: OptionalText, facultyName: OptionalText, subjectName: OptionalText }),
  Type.Null(),
]);

/** A chosen subject: {subjectId, count} as the spec sends it, or a bare subject id. */
const ChosenSubject = Type.Union([Type.Object({ subjectId: Id, count: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })) }), Id]);
const ChosenList = Type.Array(ChosenSubject, { maxItems: 100 });
const SegmentedBody = Type.Object({
  examId: Id,
  studentId: Id,
  mandatorySubjects: ChosenList,
  compulsoryOptionalSubjects: ChosenList,
  optionalSubjects: ChosenList,
  isPracticeExam: Type.Optional(Type.Boolean()),
});

const MEDIA_DIR = fileURLToPath(new URL('../db/seed/media/exam/', import.meta.url));
const MEDIA_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml', '.pdf': 'application/pdf' };

function depsOf(app: FastifyInstance): ExamDeps {
  return { db: app.db, now: app.clock.now(), graceSeconds: app.config.examGraceSeconds };
}

function ownStudent(request: FastifyRequest, studentId: string): void {
  if (studentId !== request.student.id) throw examErrors.notYours();
}

function toSelection(body: Static<typeof SegmentedBody>): SegmentedSelection {
  const list = (items: Static<typeof ChosenList>): SubjectCount[] =>
    items.map((item) => (typeof item === 'string' ? { subjectId: item, count: 0 } : { subjectId: item.subjectId, count: item.count ?? 0 }));
  return {
    mandatorySubjects: list(body.mandatorySubjects),
    compulsoryOptionalSubjects: list(body.compulsoryOptionalSubjects),
    optionalSubjects: list(body.optionalSubjects),
  };
}

const emptySelection = (): SegmentedSelection => ({ mandatorySubjects: [], compulsoryOptionalSubjects: [], optionalSubjects: [] });

interface ListFilters {
  isPracticeExam?: boolean;
  subjectId?: string;
  search?: string;
}

/** The student's exams of a course after the subject, practice/live and title filters. */
async function filteredAssignments(app: FastifyInstance, studentId: string, courseId: string, filters: ListFilters): Promise<AssignmentListRow[]> {
  const rows = await assignmentsForCourse(app.db, studentId, courseId);
  const needle = filters.search?.trim().toLowerCase() ?? '';
  return rows.filter((row) => {
    if (filters.isPracticeExam !== undefined && (row.exam.is_practice === 1) !== filters.isPracticeExam) return false;
    // A segmented exam belongs to every subject it offers.
    if (filters.subjectId && !subjectIdsOf(row).includes(filters.subjectId)) return false;
    if (needle && !row.exam.title.toLowerCase().includes(needle)) return false;
    return true;
  });
}

function cardInput(row: AssignmentListRow) {
  return {
    startsAt: row.assignment.starts_at,
    endsAt: row.assignment.ends_at,
    duration: row.assignment.duration,
    isPracticeExam: row.exam.is_practice === 1,
    studentStartsAt: row.attempt?.started_at ?? null,
    submittedAt: row.attempt?.submitted_at ?? null,
  };
}

function subjectIdsOf(row: AssignmentListRow): string[] {
  const details = segmentedDetailsOf(row.exam);
  const fromDetails = details ? [...details.mandatorySubjects, ...details.compulsoryOptionalSubjects, ...details.optionalSubjects].map((s) => s.subjectId) : [];
  return row.exam.subject_id ? [row.exam.subject_id, ...fromDetails] : fromDetails;
}

export async function examRoutes(app: FastifyInstance): Promise<void> {
  app.get('/exam/by-course/:courseId', { schema: { params: Type.Object({ courseId: Id }), querystring: ListQuery } }, async (request) => {
    const { courseId } = request.params as { courseId: string };
    const query = request.query as Static<typeof ListQuery>;
    await finalizeExpiredAttempts(app.db, { studentId: request.student.id }, app.clock.now(), app.config.examGraceSeconds);
    const rows = await filteredAssignments(app, request.student.id, courseId, { isPracticeExam: query.isPracticeExam, subjectId: query.subjectId || undefined, search: query.search });
    const now = app.clock.now().getTime();
    const chosen = query.type
      ? rows.filter((row) => (examCardState(cardInput(row), now) === 'finished') === (query.type === 'previous'))
      : rows;
    chosen.sort((a, b) => (query.type === 'upcoming' ? a.assignment.starts_at.localeCompare(b.assignment.starts_at) : b.assignment.starts_at.localeCompare(a.assignment.starts_at)));
    const names = await subjectNames(app.db, chosen.flatMap(subjectIdsOf));
    const data = chosen.map((row) => {
      const details = segmentedDetailsOf(row.exam);
      const subjectName = [...new Set(subjectIdsOf(row))].map((id) => names.get(id) ?? '').filter(Boolean).join(', ');
      return {
        examId: {
          _id: row.exam.id,
          title: row.exam.title,
          subjectId: row.exam.subject_id,
          subjectName: subjectName || null,
          courseId: row.exam.course_id,
          isPracticeExam: row.exam.is_practice === 1,
          isSegmentedExam: row.exam.is_segmented === 1,
          instruction: row.exam.instruction,
          questionCount: details ? details.totalQuestions : row.questionCount,
          segmentedExamDetails: details,
        },
        groupId: row.assignment.group_id,
        groupName: row.groupName,
        startsAt: row.assignment.starts_at,
        endsAt: row.assignment.ends_at,
        duration: row.assignment.duration,
        cutMarks: row.assignment.cut_marks,
        multipleTimesSubmission: row.assignment.multiple_times_submission === 1,
        studentStartsAt: row.attempt?.started_at ?? null,
        submittedAt: row.attempt?.submitted_at ?? null,
      };
    });
    return { data };
  });

  app.get('/exam/getExamNamePrompt', { schema: { querystring: PromptQuery } }, async (request) => {
    const query = request.query as Static<typeof PromptQuery>;
    const search = query.search?.trim() ?? '';
    if (search.length <= 1) return { data: '' };
    const rows = await filteredAssignments(app, request.student.id, query.courseId, { isPracticeExam: query.isPracticeExam, subjectId: query.subjectId || undefined, search });
    rows.sort((a, b) => b.assignment.starts_at.localeCompare(a.assignment.starts_at));
    const lower = search.toLowerCase();
    const match = rows.find((row) => row.exam.title.toLowerCase().startsWith(lower)) ?? rows[0];
    return { data: match?.exam.title ?? '' };
  });

  async function examDetails(context: ExamContext, studentId: string) {
    const now = app.clock.now();
    if (context.attempt && context.attempt.submitted_at === null && (await finalizeExpiredAttempts(app.db, { examId: context.exam.id, studentId }, now, app.config.examGraceSeconds)) > 0) {
      context = { ...context, attempt: await currentAttempt(app.db, context.exam.id, context.assignment.group_id, studentId) };
    }
    const { exam, assignment, attempt } = context;
    const details = segmentedDetailsOf(exam);
    const selection = details ? await segmentedSelectionOf(app.db, exam.id, studentId) : null;
    const served = servedQuestions(exam, await questionsOfExam(app.db, exam.id), selection);
    const names = await subjectNames(app.db, [...served.map((q) => q.subject_id ?? ''), exam.subject_id ?? ''].filter(Boolean));
    // Questions stay on the server until the student's own attempt has started: reading the paper
    // must start the clock (start itself is refused before the exam opens).
    const open = attempt !== null;
    const totalMarks = details && !selection ? exam.total_marks : Math.round(served.reduce((sum, q) => sum + q.point, 0) * 10_000) / 10_000;
    const group = await app.db.selectFrom('groups').select('name').where('id', '=', assignment.group_id).executeTakeFirst();
    return {
      _id: exam.id,
      title: exam.title,
      instruction: exam.instruction,
      subjectId: exam.subject_id,
      subjectName: exam.subject_id ? (names.get(exam.subject_id) ?? null) : null,
      questions: open ? served.map((q) => publicQuestion(q, names)) : [],
      totalMarks,
      passMark: exam.pass_mark,
      negativeMark: exam.negative_mark,
      gpaFactor: readJson<{ hsc: number; ssc: number } | null>(exam.gpa_factor, null),
      isPracticeExam: exam.is_practice === 1,
      isSegmentedExam: exam.is_segmented === 1,
      segmentedExamDetails: details,
      selectedSubjects: selection,
      studentStartsAt: attempt?.started_at ?? null,
      deadlineAt: attempt?.deadline_at ?? null,
      serverNow: now.toISOString(),
      courseName: await courseName(app.db, exam.course_id),
      courseId: exam.course_id,
      groupId: assignment.group_id,
      groupName: group?.name ?? null,
      startsAt: assignment.starts_at,
      endsAt: assignment.ends_at,
      duration: assignment.duration,
      cutMarks: assignment.cut_marks,
      multipleTimesSubmission: assignment.multiple_times_submission === 1,
      submittedAt: attempt?.submitted_at ?? null,
      savedAnswers: attempt ? await savedAnswersOf(app.db, attempt.id) : [],
    };
  }

  app.get(
    '/exam/id/:examId',
    { schema: { params: Type.Object({ examId: Id }), querystring: Type.Object({ courseId: Type.Optional(Type.Union([Id, Type.Literal('')])) }) } },
    async (request) => {
      const { examId } = request.params as { examId: string };
      const { courseId } = request.query as { courseId?: string };
      const context = await authoriseWithoutGroup(app.db, request.student.id, examId, courseId || undefined, 404);
      return { data: await examDetails(context, request.student.id) };
    },
  );

  app.get('/exam/id/:examId/groupId/:groupId', { schema: { params: ExamGroupParams } }, async (request) => {
    const { examId, groupId } = request.params as Static<typeof ExamGroupParams>;
    const context = await authorise(app.db, request.student.id, examId, groupId, 404);
    return { data: await examDetails(context, request.student.id) };
  });

  app.patch('/exam/start/:examId/group-id/:groupId', { schema: { params: ExamGroupParams } }, async (request) => {
    const { examId, groupId } = request.params as Static<typeof ExamGroupParams>;
    return { data: await startAttempt(depsOf(app), request.student.id, examId, groupId) };
  });

  app.patch('/exam/add-answer/:examId/group/:groupId', { schema: { params: ExamGroupParams, querystring: AnswerQuery, body: AnswerBody } }, async (request) => {
    const { examId, groupId } = request.params as Static<typeof ExamGroupParams>;
    const query = request.query as Static<typeof AnswerQuery>;
    const body = request.body as Static<typeof AnswerBody>;
    const data = await saveAnswer(depsOf(app), request.student.id, examId, groupId, {
      questionId: body.questionId,
      answer: body.answer,
      timestamp: Math.floor(body.timestamp),
      extra: body.extra,
      answerIndex: body.answerIndex,
      offline: query.offline === true,
    });
    return { data };
  });

  app.patch('/exam/submit/:examId/group/:groupId', { schema: { params: ExamGroupParams, body: SubmitBody } }, async (request) => {
    const { examId, groupId } = request.params as Static<typeof ExamGroupParams>;
    const body = (request.body ?? {}) as Exclude<Static<typeof SubmitBody>, null>;
    return { data: await submitAttempt(depsOf(app), request.student.id, examId, groupId, body) };
  });

  app.patch(
    '/exam/retake/:examId/student-id/:studentId',
    { schema: { params: Type.Object({ examId: Id, studentId: Id }), querystring: Type.Object({ groupId: Type.Optional(Type.Union([Id, Type.Literal('')])) }) } },
    async (request) => {
      const { examId, studentId } = request.params as { examId: string; studentId: string };
      const { groupId } = request.query as { groupId?: string };
      ownStudent(request, studentId);
      return { data: await retakeExam(depsOf(app), studentId, examId, groupId || undefined) };
    },
  );

  app.post('/exam/add-segmented-exam-subject', { schema: { body: SegmentedBody } }, async (request) => {
    const body = request.body as Static<typeof SegmentedBody>;
    ownStudent(request, body.studentId);
    return { data: await saveSegmentedSelection(depsOf(app), body.studentId, body.examId, toSelection(body)) };
  });

  app.get('/exam/get-segmented-exam-subject/:examId/:studentId', { schema: { params: Type.Object({ examId: Id, studentId: Id }) } }, async (request) => {
    const { examId, studentId } = request.params as { examId: string; studentId: string };
    ownStudent(request, studentId);
    await authoriseWithoutGroup(app.db, studentId, examId, undefined, 404);
    return { data: (await segmentedSelectionOf(app.db, examId, studentId)) ?? emptySelection() };
  });

  // Images and PDFs attached to the demo exams' questions.
  app.get(
    '/media/exam/:name',
    { config: { access: 'public' }, schema: { params: Type.Object({ name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*\\.(png|jpg|svg|pdf)$' }) }) } },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const file = path.join(MEDIA_DIR, name);
      if (!fs.existsSync(file)) throw notFound('File not found', 'fileNotFound');
      return reply
        .header('content-type', MEDIA_TYPES[path.extname(name)] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=86400')
        .send(fs.createReadStream(file));
    },
  );
}
