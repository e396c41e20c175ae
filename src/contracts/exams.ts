// Exams: the exam list and name prompt, exam details (the paper), start, answer saves, submit,
// retake, segmented subject selection, and the figures of the exam's questions. Paths are relative
// to the API base (/api).
//
// The answers of these routes are the allow-list that keeps answer keys, explanations and notes on
// the server before the student's submission: a question leaves the server as PublicQuestion only.
import { Type, type Static } from '@sinclair/typebox';
import { Binary, BoundedInteger, BoundedNumber, Data, failures, Id, IdParams, Nullable, type RouteContract } from './common';
import { examsPaths } from './paths';

export const QuestionType = Type.Union([
  Type.Literal('MCQ'),
  Type.Literal('MCA'),
  Type.Literal('checkbox'),
  Type.Literal('shortAns'),
  Type.Literal('paragraph'),
]);
export type QuestionType = Static<typeof QuestionType>;

/**
 * One element of an answer: an option index, an MCA 'true'/'false', text, or nothing yet (the
 * shapes per question type are described in src/domain/scoring.ts). The union keeps each element's
 * own JSON type on the way out: 1 stays 1 and '1' stays '1'.
 */
export const AnswerItem = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export type AnswerItem = Static<typeof AnswerItem>;
export const AnswerValue = Type.Array(AnswerItem);
export type AnswerValue = Static<typeof AnswerValue>;

/** A file attached to an answer: a key the same student uploaded. */
export const Attachment = Type.Object({ name: Type.String(), key: Type.String(), type: Type.String() });
export type Attachment = Static<typeof Attachment>;

export const SubjectCount = Type.Object({ subjectId: Type.String(), count: Type.Number() });
export type SubjectCount = Static<typeof SubjectCount>;

export const SegmentedSelection = Type.Object({
  mandatorySubjects: Type.Array(SubjectCount),
  compulsoryOptionalSubjects: Type.Array(SubjectCount),
  optionalSubjects: Type.Array(SubjectCount),
});
export type SegmentedSelection = Static<typeof SegmentedSelection>;

export const SegmentedExamDetails = Type.Composite([
  SegmentedSelection,
  Type.Object({ totalSubjects: Type.Number(), totalQuestions: Type.Number(), minimumCompulsoryOptionalSubjects: Type.Number() }),
]);
export type SegmentedExamDetails = Static<typeof SegmentedExamDetails>;

/** An exam as the list shows it (the spec's `examId` object of an assignment). */
export const AssignedExam = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  subjectId: Nullable(Type.String()),
  subjectName: Nullable(Type.String()),
  courseId: Type.String(),
  isPracticeExam: Type.Boolean(),
  isSegmentedExam: Type.Boolean(),
  /** HTML. */
  instruction: Nullable(Type.String()),
  questionCount: Type.Number(),
  /** The paper's marks (a segmented paper's marks depend on the subjects chosen: its full paper's). */
  totalMarks: Type.Number(),
  segmentedExamDetails: Nullable(SegmentedExamDetails),
});
export type AssignedExam = Static<typeof AssignedExam>;

/** An exam given to one of the student's batches, with the student's attempt times. */
export const ExamAssignment = Type.Object({
  examId: AssignedExam,
  groupId: Type.String(),
  groupName: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** Minutes. */
  duration: Type.Number(),
  cutMarks: Nullable(Type.Number()),
  multipleTimesSubmission: Type.Boolean(),
  studentStartsAt: Nullable(Type.String()),
  submittedAt: Nullable(Type.String()),
  /** Whether the student may see results of it: a practice exam's at once, a live exam's once a teacher published them. */
  resultPublished: Type.Boolean(),
});
export type ExamAssignment = Static<typeof ExamAssignment>;

/** A question as the student receives it before submitting: no answer key, explanation or notes. */
export const PublicQuestion = Type.Object({
  _id: Type.String(),
  type: QuestionType,
  title: Type.String(),
  point: Type.Number(),
  options: Type.Array(Type.String()),
  /** Option index (as text) -> 'image' where the option text is an image address. */
  optionType: Type.Record(Type.String(), Type.Literal('image')),
  image: Type.Array(Type.String()),
  file: Type.Array(Type.String()),
  subjectId: Nullable(Type.String()),
  subjectName: Nullable(Type.String()),
});
export type PublicQuestion = Static<typeof PublicQuestion>;

/** An answer the server holds for the student's attempt (the newest by client timestamp). */
export const SavedAnswer = Type.Object({
  questionId: Type.String(),
  answer: AnswerValue,
  extra: Type.Array(Attachment),
  answerIndex: Nullable(Type.Number()),
  timestamp: Type.Number(),
});
export type SavedAnswer = Static<typeof SavedAnswer>;

/** Weights of the HSC and SSC GPAs in an exam's total (see gpaTotals in src/domain/scoring.ts). */
export const GpaFactor = Type.Object({ hsc: Type.Number(), ssc: Type.Number() });
export type GpaFactor = Static<typeof GpaFactor>;

/** The spec's "current exam": the paper and the student's attempt on the server's clock. */
export const CurrentExam = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  instruction: Nullable(Type.String()),
  subjectId: Nullable(Type.String()),
  subjectName: Nullable(Type.String()),
  /** Empty until the student's own attempt has started. */
  questions: Type.Array(PublicQuestion),
  totalMarks: Type.Number(),
  /** Percent. */
  passMark: Type.Number(),
  negativeMark: Type.Number(),
  gpaFactor: Nullable(GpaFactor),
  isPracticeExam: Type.Boolean(),
  isSegmentedExam: Type.Boolean(),
  segmentedExamDetails: Nullable(SegmentedExamDetails),
  selectedSubjects: Nullable(SegmentedSelection),
  studentStartsAt: Nullable(Type.String()),
  deadlineAt: Nullable(Type.String()),
  serverNow: Type.String(),
  courseName: Nullable(Type.String()),
  courseId: Type.String(),
  groupId: Type.String(),
  groupName: Nullable(Type.String()),
  startsAt: Type.String(),
  endsAt: Type.String(),
  duration: Type.Number(),
  cutMarks: Nullable(Type.Number()),
  multipleTimesSubmission: Type.Boolean(),
  submittedAt: Nullable(Type.String()),
  savedAnswers: Type.Array(SavedAnswer),
});
export type CurrentExam = Static<typeof CurrentExam>;

export const StartedAttempt = Type.Object({
  studentStartsAt: Type.String(),
  deadlineAt: Type.String(),
  serverNow: Type.String(),
  submittedAt: Nullable(Type.String()),
});
export type StartedAttempt = Static<typeof StartedAttempt>;

export const SavedAnswerReply = Type.Object({ questionId: Type.String(), applied: Type.Boolean(), savedAt: Type.String() });
export type SavedAnswerReply = Static<typeof SavedAnswerReply>;

export const SubmitReply = Type.Object({ status: Type.Literal('200'), resultId: Type.String(), isPracticeExam: Type.Boolean() });
export type SubmitReply = Static<typeof SubmitReply>;

const ExamGroupParams = IdParams('examId', 'groupId');
const ExamStudentParams = IdParams('examId', 'studentId');
/** Query flags arrive as text; 'true'/'false' are coerced by the schema compiler. */
const Flag = Type.Boolean();
const IdOrEmpty = Type.Union([Id, Type.Literal('')]);

export const ExamListQuery = Type.Object({
  isPracticeExam: Type.Optional(Flag),
  subjectId: Type.Optional(IdOrEmpty),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(Type.Union([Type.Literal('previous'), Type.Literal('upcoming'), Type.Literal('')])),
});

export const NamePromptQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  courseId: Id,
  isPracticeExam: Type.Optional(Flag),
  subjectId: Type.Optional(IdOrEmpty),
});

/**
 * An answer element as a request carries it. Left untyped for the schema compiler so it does not
 * coerce it; the server checks it against its question (answerShapeProblem in src/domain/scoring.ts).
 */
const AnswerItemSent = Type.Unsafe<AnswerItem>({});

export const AnswerBody = Type.Object({
  questionId: Id,
  answer: Type.Array(AnswerItemSent, { maxItems: 64 }),
  timestamp: BoundedNumber(0, 8_640_000_000_000),
  extra: Type.Optional(
    Type.Array(Type.Object({ name: Type.String({ maxLength: 500 }), key: Type.String({ maxLength: 500 }), type: Type.String({ maxLength: 200 }) }), { maxItems: 20 }),
  ),
  answerIndex: Type.Optional(Type.Union([BoundedInteger(0, 63), Type.Null()])),
});
export type AnswerBody = Static<typeof AnswerBody>;

const OptionalText = Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()]));
/** The start filters chosen before the exam, stored with the attempt. */
export const SubmitBody = Type.Union([Type.Object({ candidateCategory: OptionalText, facultyName: OptionalText, subjectName: OptionalText }), Type.Null()]);
export type SubmitBody = Static<typeof SubmitBody>;

/** A chosen subject: {subjectId, count} as the spec sends it, or a bare subject id. */
const ChosenSubject = Type.Union([Type.Object({ subjectId: Id, count: Type.Optional(BoundedInteger(0, 10_000)) }), Id]);
const ChosenList = Type.Array(ChosenSubject, { maxItems: 100 });
export type ChosenList = Static<typeof ChosenList>;
export const SegmentedSelectionBody = Type.Object({
  examId: Id,
  studentId: Id,
  mandatorySubjects: ChosenList,
  compulsoryOptionalSubjects: ChosenList,
  optionalSubjects: ChosenList,
  isPracticeExam: Type.Optional(Type.Boolean()),
});
export type SegmentedSelectionBody = Static<typeof SegmentedSelectionBody>;

/** The exam start's choices: the spec's candidate categories, and its faculties with the academy's subjects. */
export const StartChoices = Type.Object({
  categories: Type.Array(Type.String()),
  faculties: Type.Array(Type.Object({ name: Type.String(), subjects: Type.Array(Type.String()) })),
});
export type StartChoices = Static<typeof StartChoices>;

export const examsContract = {
  list: {
    method: 'GET',
    url: examsPaths.list,
    config: { access: 'student' },
    schema: { params: IdParams('courseId'), querystring: ExamListQuery, response: { 200: Data(Type.Array(ExamAssignment)), ...failures(400, 401, 403) } },
  },
  namePrompt: {
    method: 'GET',
    url: examsPaths.namePrompt,
    config: { access: 'student' },
    // The suggested completion of the typed title, or '' when nothing matches.
    schema: { querystring: NamePromptQuery, response: { 200: Data(Type.String()), ...failures(400, 401, 403) } },
  },
  details: {
    method: 'GET',
    url: examsPaths.details,
    config: { access: 'student' },
    schema: {
      params: IdParams('examId'),
      querystring: Type.Object({ courseId: Type.Optional(IdOrEmpty) }),
      response: { 200: Data(CurrentExam), ...failures(400, 401, 403, { 404: ['examNotFound', 'examRemoved'] }) },
    },
  },
  paper: {
    method: 'GET',
    url: examsPaths.paper,
    config: { access: 'student' },
    schema: { params: ExamGroupParams, response: { 200: Data(CurrentExam), ...failures(400, 401, 403, { 404: ['examNotFound', 'examRemoved'] }) } },
  },
  start: {
    method: 'PATCH',
    url: examsPaths.start,
    config: { access: 'student' },
    schema: { params: ExamGroupParams, response: { 200: Data(StartedAttempt), ...failures(400, 401, { 403: ['examRemoved', 'examNotStarted'], 404: ['examNotFound'], 409: ['examEnded', 'segmentedSelectionRequired', 'liveExamTaken', 'attemptNotStarted'] }) } },
  },
  addAnswer: {
    method: 'PATCH',
    url: examsPaths.addAnswer,
    config: { access: 'student' },
    schema: {
      params: ExamGroupParams,
      querystring: Type.Object({ isLive: Type.Optional(Flag), offline: Type.Optional(Flag) }),
      body: AnswerBody,
      response: { 200: Data(SavedAnswerReply), ...failures(401, { 400: ['unknownQuestion', 'invalidAnswer', 'unknownAttachment'], 403: ['examRemoved'], 404: ['examNotFound'], 409: ['attemptNotStarted', 'examSubmitted', 'examTimeOver', 'answerLocked'] }) },
    },
  },
  submit: {
    method: 'PATCH',
    url: examsPaths.submit,
    config: { access: 'student' },
    schema: { params: ExamGroupParams, body: SubmitBody, response: { 200: Data(SubmitReply), ...failures(401, { 400: ['invalidStartFilters'], 403: ['examRemoved'], 404: ['examNotFound'], 409: ['attemptNotStarted'] }) } },
  },
  retake: {
    method: 'PATCH',
    url: examsPaths.retake,
    config: { access: 'student' },
    schema: {
      params: ExamStudentParams,
      querystring: Type.Object({ groupId: Type.Optional(IdOrEmpty) }),
      response: { 200: Data(Type.Object({ status: Type.Literal('200') })), ...failures(400, 401, { 403: ['notYourExam', 'examRemoved', 'retakeNotAllowed'], 404: ['examNotFound'] }) },
    },
  },
  saveSegmentedSelection: {
    method: 'POST',
    url: examsPaths.saveSegmentedSelection,
    config: { access: 'student' },
    schema: { body: SegmentedSelectionBody, response: { 200: Data(SegmentedSelection), ...failures(401, { 400: ['notSegmented', 'invalidSelection'], 403: ['notYourExam', 'examRemoved'], 404: ['examNotFound'], 409: ['selectionLocked'] }) } },
  },
  segmentedSelection: {
    method: 'GET',
    url: examsPaths.segmentedSelection,
    config: { access: 'student' },
    // Empty lists until the student has chosen.
    schema: { params: ExamStudentParams, response: { 200: Data(SegmentedSelection), ...failures(400, 401, { 403: ['notYourExam'], 404: ['examNotFound', 'examRemoved'] }) } },
  },
  startChoices: {
    method: 'GET',
    url: examsPaths.startChoices,
    config: { access: 'student' },
    schema: { response: { 200: Data(StartChoices), ...failures(401, 403) } },
  },
  figure: {
    method: 'GET',
    url: examsPaths.figure,
    // An <img> sends no session: the paper gives each figure's address signed for the student and the
    // exam, and the server checks that the student is still in one of the exam's batches.
    config: { access: 'public' },
    schema: {
      params: Type.Object({ name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*\\.(png|jpg|svg|pdf)$' }) }),
      querystring: Type.Object({ exam: Id, student: Id, signature: Type.String({ maxLength: 64 }) }),
      response: { 200: Binary('image/png, image/jpeg, image/svg+xml or application/pdf'), ...failures(400, { 403: ['figureLinkInvalid'], 404: ['examNotFound', 'fileNotFound'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
