// The teacher desk's API (staff sessions only; a student gets 403): the exam assignments with what
// waits for marking, the written answers of one assignment, marking one answer, and publishing an
// assignment's results. Paths are relative to the API base (/api).
// Roles: an admin acts on every course; a teacher only on the courses assigned to them. The lists
// (assignments, forum questions) hold only those courses; acting on another course's assignment,
// answer or question is refused with 403 'You do not teach this course.' (code notYourCourse).
import { Type, type Static } from '@sinclair/typebox';
import { Binary, BoundedInteger, BoundedNumber, Data, failures, Id, IdParams, Nullable, type RouteContract } from './common';
import { AnswerValue, Attachment } from './exams';
import { ForumComment, ForumMedia, ForumQuestion } from './forum';
import { staffPaths } from './paths';

/** An exam given to a batch, as the teacher desk lists it. */
export const StaffAssignment = Type.Object({
  _id: Type.String(),
  exam: Type.Object({
    _id: Type.String(),
    title: Type.String(),
    isPracticeExam: Type.Boolean(),
    courseId: Type.String(),
    courseName: Nullable(Type.String()),
  }),
  groupId: Type.String(),
  groupName: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** When the results may be published: the end and the grace period for late submissions. */
  publishableAt: Type.String(),
  /** Submitted attempts. */
  submitted: Type.Number(),
  /** Written answers of submitted attempts still waiting for marks. */
  awaitingMarking: Type.Number(),
  resultPublished: Type.Boolean(),
  publishedAt: Nullable(Type.String()),
});
export type StaffAssignment = Static<typeof StaffAssignment>;

/** A written answer (short answer or paragraph) of a submitted attempt, with its question. */
export const WrittenAnswer = Type.Object({
  attemptId: Type.String(),
  questionId: Type.String(),
  student: Type.Object({ _id: Type.String(), name: Type.String(), sid: Type.String() }),
  question: Type.Object({
    _id: Type.String(),
    type: Type.Union([Type.Literal('shortAns'), Type.Literal('paragraph')]),
    title: Type.String(),
    point: Type.Number(),
    image: Type.Array(Type.String()),
    file: Type.Array(Type.String()),
    /** The model answer of the question, if the exam gives one. */
    modelAnswer: AnswerValue,
    explanation: Nullable(Type.String()),
  }),
  answer: AnswerValue,
  extra: Type.Array(Attachment),
  submittedAt: Type.String(),
  marks: Nullable(Type.Number()),
  comment: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  reviewedBy: Nullable(Type.String()),
});
export type WrittenAnswer = Static<typeof WrittenAnswer>;

export const GradingQueue = Type.Object({ assignment: StaffAssignment, answers: Type.Array(WrittenAnswer) });
export type GradingQueue = Static<typeof GradingQueue>;

export const MarkBody = Type.Object({
  /**
   * From 0 to the question's marks, checked by the server with the question at hand (its message
   * names the range); the schema only refuses the absurd.
   */
  marks: BoundedNumber(-1_000_000, 1_000_000),
  /** Shown to the student on the result; null or '' for none. */
  comment: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
});
export type MarkBody = Static<typeof MarkBody>;

export const MarkReply = Type.Object({
  attemptId: Type.String(),
  questionId: Type.String(),
  marks: Type.Number(),
  comment: Nullable(Type.String()),
  reviewedAt: Type.String(),
  /** The student's result after the mark. */
  result: Type.Object({ marksObtained: Type.Number(), totalMarks: Type.Number(), passed: Type.Boolean(), pendingReview: Type.Boolean() }),
});
export type MarkReply = Static<typeof MarkReply>;

export const PublishReply = Type.Object({
  assignmentId: Type.String(),
  examId: Type.String(),
  groupId: Type.String(),
  publishedAt: Type.String(),
  /** Results now visible to their students. */
  results: Type.Number(),
  /** Students of the batch who were notified. */
  notified: Type.Number(),
});
export type PublishReply = Static<typeof PublishReply>;

/** A teacher's reply: it appears as 'Teacher' (userType Admin); attachments are the teacher's own uploads. */
export const StaffReplyBody = Type.Object(
  { reply: Type.String({ maxLength: 10_000 }), media: Type.Optional(Type.Array(ForumMedia, { maxItems: 10 })) },
  { additionalProperties: false },
);
export type StaffReplyBody = Static<typeof StaffReplyBody>;

/** Why a question may need a look, from its item statistics (src/domain/itemAnalysis.ts says when each is raised). */
export const ItemFlag = Type.Union([
  Type.Literal('negativeDiscrimination'),
  Type.Literal('nearZeroDiscrimination'),
  Type.Literal('keyPossiblyWrong'),
  Type.Literal('allCorrect'),
  Type.Literal('noneCorrect'),
]);
export type ItemFlag = Static<typeof ItemFlag>;

/**
 * How often one response was given, in the upper and lower 27 % groups and by everyone: an option
 * chosen (MCQ, checkbox), an option answered true or false (MCA, one line per option and value), or
 * no answer. `key`: the response the key asks for.
 */
export const ItemChoice = Type.Object({
  option: Nullable(Type.Integer({ minimum: 0 })),
  response: Type.Union([Type.Literal('chosen'), Type.Literal('true'), Type.Literal('false'), Type.Literal('blank')]),
  key: Type.Boolean(),
  upper: Type.Integer({ minimum: 0 }),
  lower: Type.Integer({ minimum: 0 }),
  all: Type.Integer({ minimum: 0 }),
});
export type ItemChoice = Static<typeof ItemChoice>;

/** One question's item statistics; null where too few attempts were served the question to say. */
export const ItemStats = Type.Object({
  questionId: Type.String(),
  /** 1-based number of the question in the exam. */
  number: Type.Integer({ minimum: 1 }),
  /** The question's text without markup. */
  title: Type.String(),
  type: Type.String(),
  point: Type.Number(),
  /** Submitted attempts that were served the question. */
  attempts: Type.Integer({ minimum: 0 }),
  /** Dropped by a key decision: it counts for no one, so its figures are null and it has no flags. */
  dropped: Type.Boolean(),
  /** Mean share of the question's marks earned (for one-mark-or-nothing types: the share correct). */
  facility: Nullable(Type.Number()),
  upperFacility: Nullable(Type.Number()),
  lowerFacility: Nullable(Type.Number()),
  /** Upper-group facility minus lower-group facility. */
  discrimination: Nullable(Type.Number()),
  /** Corrected point-biserial: correlation of the question's score with the total without the question. */
  pointBiserial: Nullable(Type.Number()),
  choices: Type.Array(ItemChoice),
  flags: Type.Array(ItemFlag),
});
export type ItemStats = Static<typeof ItemStats>;

export const ItemAnalysis = Type.Object({
  assignment: StaffAssignment,
  /** Submitted attempts analysed. */
  attempts: Type.Integer({ minimum: 0 }),
  /** Fewest submitted attempts the analysis needs; below it `questions` is empty. */
  minimumAttempts: Type.Integer({ minimum: 1 }),
  /** Attempts in each of the upper and lower groups (27 % of the attempts, rounded). */
  groupSize: Type.Integer({ minimum: 0 }),
  questions: Type.Array(ItemStats),
  /** The batch's answer-key challenges of the exam (any status): the desk links to them as 'Challenges (N)'. */
  challenges: Type.Integer({ minimum: 0 }),
});
export type ItemAnalysis = Static<typeof ItemAnalysis>;

export const ItemAnalysisSheetQuery = Type.Object({ format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]) }, { additionalProperties: false });
export type ItemAnalysisSheetQuery = Static<typeof ItemAnalysisSheetQuery>;

/** Where the desk's forum queue stands: 'open' (no teacher reply yet), 'answered' (a teacher replied), 'completed', or all. */
export const StaffForumStatus = Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('completed'), Type.Literal('all')]);
export type StaffForumStatus = Static<typeof StaffForumStatus>;

/** A question of the desk's queue: the student's question, whether a teacher has replied, and where it was asked. */
export const StaffForumQuestion = Type.Composite([
  ForumQuestion,
  Type.Object({
    answeredByTeacher: Type.Boolean(),
    courseName: Nullable(Type.String()),
    subjectName: Nullable(Type.String()),
    chapterName: Nullable(Type.String()),
  }),
]);
export type StaffForumQuestion = Static<typeof StaffForumQuestion>;

/** Questions of each status under the queue's other filters (course, subject, chapter, search). */
export const StaffForumCounts = Type.Object({ open: Type.Number(), answered: Type.Number(), completed: Type.Number(), all: Type.Number() });
export type StaffForumCounts = Static<typeof StaffForumCounts>;

/** One page of the desk's queue: unanswered first, then newest activity. */
export const StaffForumQueue = Type.Object({
  questions: Type.Array(StaffForumQuestion),
  totalRecords: Type.Number(),
  counts: StaffForumCounts,
  /** A text search stops counting at FORUM_SEARCH_COUNT_CAP per status: the counts are then "at least". */
  totalCapped: Type.Boolean(),
});
export type StaffForumQueue = Static<typeof StaffForumQueue>;

export const StaffForumQuery = Type.Object(
  {
    status: Type.Optional(StaffForumStatus),
    courseId: Type.Optional(Id),
    subjectId: Type.Optional(Id),
    chapterId: Type.Optional(Id),
    search: Type.Optional(Type.String({ maxLength: 500 })),
    page: Type.Optional(BoundedInteger(1, 100_000)),
    limit: Type.Optional(BoundedInteger(1, 100)),
  },
  { additionalProperties: false },
);
export type StaffForumQuery = Static<typeof StaffForumQuery>;

/** A question with its replies, oldest first, as the desk shows it; viewerId: the signed-in staff member (whose replies they may edit). */
export const StaffForumThread = Type.Object({ question: StaffForumQuestion, comments: Type.Array(ForumComment), viewerId: Type.String() });
export type StaffForumThread = Static<typeof StaffForumThread>;

/** The reply marked as the question's answer, or null to mark none. */
export const MarkAnswerBody = Type.Object({ commentId: Nullable(Id) }, { additionalProperties: false });
export type MarkAnswerBody = Static<typeof MarkAnswerBody>;

/** The courses with their subjects and chapters, for the queue's filters, each with its question count. */
export const StaffForumPlace = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  questions: Type.Number(),
  subjects: Type.Array(Type.Object({
    _id: Type.String(),
    name: Type.String(),
    questions: Type.Number(),
    chapters: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), questions: Type.Number() })),
  })),
});
export type StaffForumPlace = Static<typeof StaffForumPlace>;

export const staffContract = {
  assignments: {
    method: 'GET',
    url: staffPaths.assignments,
    config: { access: 'staff', staff: 'ownCourses' },
    // Newest first.
    schema: { response: { 200: Data(Type.Array(StaffAssignment)), ...failures(401, 403) } },
  },
  gradingQueue: {
    method: 'GET',
    url: staffPaths.gradingQueue,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    schema: {
      params: IdParams('assignmentId'),
      querystring: Type.Object({ status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('marked'), Type.Literal('all')])) }),
      response: { 200: Data(GradingQueue), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound'] }) },
    },
  },
  markAnswer: {
    method: 'PATCH',
    url: staffPaths.markAnswer,
    config: { access: 'staff', staff: { course: 'attempt', from: 'params.attemptId' } },
    // 409 resultsPublished once the assignment's results are published (marks are then final), also
    // for a mark sent while another teacher publishes: marking and publishing take turns.
    schema: { params: IdParams('attemptId', 'questionId'), body: MarkBody, response: { 200: Data(MarkReply), ...failures(401, { 400: ['notWrittenAnswer', 'marksOutOfRange'], 403: ['notYourCourse'], 404: ['answerNotFound'], 409: ['resultsPublished'] }) } },
  },
  publish: {
    method: 'POST',
    url: staffPaths.publish,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    schema: { params: IdParams('assignmentId'), response: { 200: Data(PublishReply), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound'], 409: ['practiceExam', 'alreadyPublished', 'examNotOver', 'markingPending'] }) } },
  },
  forumQuestions: {
    method: 'GET',
    url: staffPaths.forumQuestions,
    config: { access: 'staff', staff: 'ownCourses' },
    // Questions without a teacher's reply first, then newest activity; every status unless one is asked for.
    schema: { querystring: StaffForumQuery, response: { 200: Data(StaffForumQueue), ...failures(400, 401, 403) } },
  },
  forumPlaces: {
    method: 'GET',
    url: staffPaths.forumPlaces,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { response: { 200: Data(Type.Array(StaffForumPlace)), ...failures(401, 403) } },
  },
  forumThread: {
    method: 'GET',
    url: staffPaths.forumThread,
    config: { access: 'staff', staff: { course: 'forumQuestion', from: 'params.questionId' } },
    schema: { params: IdParams('questionId'), response: { 200: Data(StaffForumThread), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['questionNotFound'] }) } },
  },
  forumEditReply: {
    method: 'PATCH',
    url: staffPaths.forumEditReply,
    config: { access: 'staff', staff: { course: 'forumQuestion', from: 'params.questionId' } },
    // Only the teacher's own reply, while it is the question's last and the question is open:
    // 403 notYourReply, 409 notLastReply or questionCompleted.
    schema: { params: IdParams('questionId', 'commentId'), body: StaffReplyBody, response: { 200: Data(ForumComment), ...failures(401, { 400: ['emptyDetails', 'mediaTypeNotAllowed', 'uploadNotYours'], 403: ['notYourReply'], 404: ['replyNotFound'], 409: ['questionCompleted', 'notLastReply'] }) } },
  },
  forumDeleteReply: {
    method: 'DELETE',
    url: staffPaths.forumEditReply,
    config: { access: 'staff', staff: { course: 'forumQuestion', from: 'params.questionId' } },
    // Only the teacher's own reply (any of them) while the question is open; the thread as it now stands.
    schema: { params: IdParams('questionId', 'commentId'), response: { 200: Data(StaffForumThread), ...failures(400, 401, { 403: ['notYourReply', 'notYourCourse'], 404: ['replyNotFound', 'questionNotFound'], 409: ['questionCompleted'] }) } },
  },
  forumMarkAnswer: {
    method: 'PATCH',
    url: staffPaths.forumAnswer,
    config: { access: 'staff', staff: { course: 'forumQuestion', from: 'params.questionId' } },
    // Any reply of the question (a student's too), or null for none; the thread as it now stands.
    schema: { params: IdParams('questionId'), body: MarkAnswerBody, response: { 200: Data(StaffForumThread), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['replyNotFound', 'questionNotFound'] }) } },
  },
  forumReopen: {
    method: 'PATCH',
    url: staffPaths.forumReopen,
    config: { access: 'staff', staff: { course: 'forumQuestion', from: 'params.questionId' } },
    // A COMPLETED question takes replies again; reopening an open question changes nothing.
    schema: { params: IdParams('questionId'), response: { 200: Data(ForumQuestion), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['questionNotFound'] }) } },
  },
  forumReply: {
    method: 'POST',
    url: staffPaths.forumReply,
    config: { access: 'staff', staff: { course: 'forumQuestion', from: 'params.questionId' } },
    // The asker and every student who replied are notified; 409 when the question is COMPLETED.
    schema: { params: IdParams('questionId'), body: StaffReplyBody, response: { 200: Data(ForumComment), ...failures(401, { 400: ['emptyDetails', 'mediaTypeNotAllowed', 'uploadNotYours'], 403: ['notYourCourse'], 404: ['questionNotFound'], 409: ['questionCompleted'] }) } },
  },
  forumComplete: {
    method: 'PATCH',
    url: staffPaths.forumComplete,
    config: { access: 'staff', staff: { course: 'forumQuestion', from: 'params.questionId' } },
    // The question then takes no edits and no replies; the asker is notified.
    schema: { params: IdParams('questionId'), response: { 200: Data(ForumQuestion), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['questionNotFound'] }) } },
  },
  itemAnalysis: {
    method: 'GET',
    url: staffPaths.itemAnalysis,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    // 409 resultsNotPublished for a live exam before its results are published (the analysis shows the keys).
    schema: { params: IdParams('assignmentId'), response: { 200: Data(ItemAnalysis), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound'], 409: ['resultsNotPublished'] }) } },
  },
  itemAnalysisSheet: {
    method: 'GET',
    url: staffPaths.itemAnalysisSheet,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    // The same analysis as a sheet to download (one row per response of each question); the same refusals.
    schema: {
      params: IdParams('assignmentId'),
      querystring: ItemAnalysisSheetQuery,
      response: { 200: Binary('text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound'], 409: ['resultsNotPublished'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
