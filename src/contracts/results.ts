// Results: a student's own result of an exam (with every question, its key, explanation and the
// teacher's marks), the scoreboard of published results (whole, or paged by lastId) and an exam's
// merit list. Paths are relative to the API base (/api). The retake of a practice exam is an exam
// action (examsContract.retake).
import { Type, type Static } from '@sinclair/typebox';
import { BoundedInteger, Data, failures, Id, IdParams, Nullable, type RouteContract } from './common';
import { AnswerValue, Attachment, GpaFactor, PublicQuestion } from './exams';
import { resultsPaths } from './paths';
import { RegradeInfo } from './challenges';

/**
 * Where the student studies a result question: the question's own chapter (set by the import) when the
 * student's batches reach it; for a question without one, its subject's one chapter when the batches
 * reach exactly one; else the subject's chapters (see docs/decisions.md, "From a result to learning"
 * and "A question's own chapter"). Null when the question has no subject of the exam's course, or the
 * student's batches do not reach that course.
 */
export const StudyPlace = Type.Object({
  courseId: Type.String(),
  subjectId: Type.String(),
  subjectName: Nullable(Type.String()),
  chapterId: Nullable(Type.String()),
  chapterName: Nullable(Type.String()),
  /**
   * Where "Study: …" leads: the chapter's Videos or Notes tab (whichever has something; videos first), the
   * subject's chapters (the question's chapter is unknown or empty, another of the subject has something), or
   * nowhere (null: nothing to study, no link).
   */
  studyTab: Nullable(Type.Union([Type.Literal('videos'), Type.Literal('notes'), Type.Literal('chapters')])),
});
export type StudyPlace = Static<typeof StudyPlace>;

/** A question after the student's submission: the public question with its key, explanation and notes. */
export const ReviewedQuestion = Type.Composite([
  PublicQuestion,
  Type.Object({
    answer: AnswerValue,
    explanation: Nullable(Type.String()),
    explanationExt: Type.Array(Type.String()),
    notes: Nullable(Type.String()),
    /** MCQ after a key decision: every option that scores (null: the key alone). */
    acceptedOptions: Type.Optional(Nullable(Type.Array(Type.Integer({ minimum: 0 })))),
    /** Dropped by a key decision: it counts for no one. */
    dropped: Type.Optional(Type.Boolean()),
    /** Where to study the question ("Study: …" on the result): its chapter, or its subject's chapters. */
    study: Nullable(StudyPlace),
  }),
]);
export type ReviewedQuestion = Static<typeof ReviewedQuestion>;

/** One question of the result: what the student answered and what it scored (the spec's answers[] entry). */
export const ResultAnswer = Type.Object({
  questionId: ReviewedQuestion,
  /** The student's answer; empty when the question was never answered. */
  answer: AnswerValue,
  extra: Type.Array(Attachment),
  answered: Type.Boolean(),
  marks: Type.Number(),
  negativeMarks: Type.Number(),
  /** The question's full marks. */
  total: Type.Number(),
  correct: Type.Number(),
  incorrect: Type.Number(),
  skipped: Type.Number(),
  /** A written answer still waiting for a teacher's marks. */
  pendingReview: Type.Boolean(),
  teacherMarks: Nullable(Type.Number()),
  teacherComment: Nullable(Type.String()),
});
export type ResultAnswer = Static<typeof ResultAnswer>;

/** The questions counted by what became of them (src/domain/results.ts, tallyQuestions). */
export const QuestionTally = Type.Object({
  /** Correct, incorrect and skipped are whole but for an MCA answered in part, which adds its options' shares. */
  correct: Type.Number(),
  partlyCorrect: Type.Integer(),
  /** Marks earned by the partly correct questions. */
  partialMarks: Type.Number(),
  incorrect: Type.Number(),
  skipped: Type.Number(),
  /** Written answers still waiting for a teacher's marks. */
  awaitingMarks: Type.Integer(),
});

/** Figures of one subject of a segmented exam. */
export const SubjectStat = Type.Object({
  subjectId: Type.String(),
  subjectName: Nullable(Type.String()),
  questions: Type.Number(),
  marksObtained: Type.Number(),
  negativeMarks: Type.Number(),
  totalMarks: Type.Number(),
  correct: Type.Number(),
  incorrect: Type.Number(),
  skipped: Type.Number(),
  /** The subject's questions counted. */
  questionTally: QuestionTally,
});
export type SubjectStat = Static<typeof SubjectStat>;

/** The student's own result, everything the Result screen shows. `code` is null: the result is there. */
export const StudentResult = Type.Object({
  code: Type.Null(),
  _id: Type.String(),
  studentId: Type.String(),
  examId: Type.String(),
  groupId: Type.String(),
  groupName: Nullable(Type.String()),
  title: Type.String(),
  /** The exam's subject, or every subject of a segmented exam's paper, joined by ', '. */
  subjectName: Nullable(Type.String()),
  courseId: Type.String(),
  courseName: Nullable(Type.String()),
  isPracticeExam: Type.Boolean(),
  isSegmentedExam: Type.Boolean(),
  passed: Type.Boolean(),
  /** Percent. */
  passMark: Type.Number(),
  cutMarks: Nullable(Type.Number()),
  /** Net exam marks (after negative marks). */
  marksObtained: Type.Number(),
  totalMarks: Type.Number(),
  negativeMarks: Type.Number(),
  gpaFactor: Nullable(GpaFactor),
  /** With a GPA factor: the GPA marks, the exam marks, and both together out of the total with GPA. */
  gpaMarks: Nullable(Type.Number()),
  examMarks: Type.Number(),
  marksWithGpa: Nullable(Type.Number()),
  totalWithGpa: Nullable(Type.Number()),
  /** Shares summed over the questions (an MCA counts its options' fractions, as the spec says). */
  correct: Type.Number(),
  incorrect: Type.Number(),
  skipped: Type.Number(),
  /** Correct, partly correct, incorrect and skipped as counts of questions: what the Result screen shows. */
  questionTally: QuestionTally,
  /** Merit position; null when the exam has no ranking yet ('Not given'). */
  rank: Nullable(Type.Number()),
  /** Written answers still wait for a teacher (practice results show before marking). */
  pendingReview: Type.Boolean(),
  /** The student's own start and submit on the server's clock. */
  startsAt: Type.String(),
  submittedAt: Type.String(),
  completionSeconds: Type.Number(),
  /** The exam window of the batch and its duration in minutes. */
  examStartsAt: Type.String(),
  examEndsAt: Type.String(),
  duration: Type.Number(),
  /** Per-subject figures of a segmented exam; empty for other exams. */
  subjectStats: Type.Array(SubjectStat),
  answers: Type.Array(ResultAnswer),
  /** When a key decision regraded the exam, and this student's regrade history; null when never regraded. */
  regraded: Type.Optional(Nullable(RegradeInfo)),
});
export type StudentResult = Static<typeof StudentResult>;

/** A live exam's result before the teacher publishes it. */
export const ResultNotPublished = Type.Object({
  code: Type.Literal('notPublishedYet'),
  title: Type.String(),
  message: Type.String(),
  examId: Type.String(),
  groupId: Type.String(),
});
export type ResultNotPublished = Static<typeof ResultNotPublished>;

export const ResultReply = Type.Union([ResultNotPublished, StudentResult]);
export type ResultReply = Static<typeof ResultReply>;

/** One published result on the scoreboard (the spec's scoreboard result). */
export const ScoreboardRow = Type.Object({
  /** The result's id: the scoreboard's paging key (lastId). */
  _id: Type.String(),
  examId: Type.Object({
    _id: Type.String(),
    title: Type.String(),
    totalMarks: Type.Number(),
    passMark: Type.Number(),
    courseId: Type.String(),
    courseName: Nullable(Type.String()),
  }),
  groupId: Type.String(),
  groupName: Nullable(Type.String()),
  isPracticeExam: Type.Boolean(),
  startsAt: Type.String(),
  submittedAt: Type.String(),
  marksObtained: Type.Number(),
  negativeMarks: Type.Number(),
  totalMarks: Type.Number(),
  passed: Type.Boolean(),
  rank: Nullable(Type.Number()),
  gpaFactor: Nullable(GpaFactor),
  gpaMarks: Type.Number(),
  overallMarks: Type.Number(),
  /** When a key decision regraded the exam, and this student's regrade history; null when never regraded. */
  regraded: Type.Optional(Nullable(RegradeInfo)),
});
export type ScoreboardRow = Static<typeof ScoreboardRow>;

/** The six summary cards and the total, over every published result (of the chosen course). */
export const ScoreboardSummary = Type.Object({
  exams: Type.Number(),
  examPassed: Type.Number(),
  examFailed: Type.Number(),
  highestMarks: Nullable(Type.Number()),
  lowestMarks: Nullable(Type.Number()),
  averageMarks: Nullable(Type.Number()),
  obtainedMarks: Type.Number(),
  totalMarks: Type.Number(),
});
export type ScoreboardSummary = Static<typeof ScoreboardSummary>;

/** How many of the student's newest published results the strength per subject is taken over. */
export const STRENGTH_EXAMS = 10;

/** One subject's share of marks over the student's newest published results. */
export const SubjectStrength = Type.Object({
  subjectId: Type.String(),
  subjectName: Nullable(Type.String()),
  /** Net marks (after negative marks) of the subject's questions. */
  marksObtained: Type.Number(),
  /** Full marks of the subject's questions (written answers still waiting for marks are left out). */
  totalMarks: Type.Number(),
  /** marksObtained / totalMarks as a percent, one decimal (below zero when negative marks outweigh). */
  percent: Type.Number(),
});
export type SubjectStrength = Static<typeof SubjectStrength>;

/** Strength per subject over the student's newest published results (of the chosen course), strongest first. */
export const SubjectStrengths = Type.Object({
  /** How many results were counted (at most STRENGTH_EXAMS). */
  exams: Type.Integer(),
  subjects: Type.Array(SubjectStrength),
});
export type SubjectStrengths = Static<typeof SubjectStrengths>;

/** Who the scoreboard is of: name, roll, branch and groups (the Progress Report's heading). */
export const ScoreboardStudent = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  sid: Type.String(),
  branch: Nullable(Type.Object({ name: Type.String(), division: Nullable(Type.String()) })),
  groups: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), courseId: Type.String() })),
});
export type ScoreboardStudent = Static<typeof ScoreboardStudent>;

/** The courses of the student's groups: the Select Course filter. */
export const ScoreboardCourse = Type.Object({ _id: Type.String(), name: Nullable(Type.String()) });

const ScoreboardHead = {
  student: ScoreboardStudent,
  courses: Type.Array(ScoreboardCourse),
  summary: ScoreboardSummary,
  strengths: SubjectStrengths,
};

export const Scoreboard = Type.Object({ ...ScoreboardHead, results: Type.Object({ examResult: Type.Array(ScoreboardRow) }) });
export type Scoreboard = Static<typeof Scoreboard>;

export const ScoreboardPage = Type.Object({
  ...ScoreboardHead,
  examResult: Type.Array(ScoreboardRow),
  /** The lastId of the next page; null after the last page. */
  lastId: Nullable(Type.String()),
  hasMore: Type.Boolean(),
});
export type ScoreboardPage = Static<typeof ScoreboardPage>;

/** One row of a merit list. Peers appear by name only; `isMe` marks the student's own row. */
export const MeritRow = Type.Object({
  /** Place in the list (1, 2, 3, ...): the paging key `after`. */
  position: Type.Number(),
  /** Ties share a rank (1, 2, 2, 4); see docs/decisions.md. */
  rank: Type.Number(),
  studentId: Type.Object({ name: Type.String() }),
  isMe: Type.Boolean(),
  subjectName: Nullable(Type.String()),
  facultyName: Nullable(Type.String()),
  candidateCategory: Nullable(Type.String()),
  marksObtained: Type.Number(),
  negativeMarks: Type.Number(),
  totalWrongAnswer: Type.Number(),
  gpaMarks: Type.Number(),
  /** What the list ranks by: marks obtained plus GPA marks. */
  overall: Type.Number(),
  facultyPosition: Nullable(Type.Number()),
  subjectPosition: Nullable(Type.Number()),
  categoryPosition: Nullable(Type.Number()),
  startsAt: Type.String(),
  submittedAt: Type.String(),
});
export type MeritRow = Static<typeof MeritRow>;

export const MeritList = Type.Object({
  exam: Type.Object({ _id: Type.String(), title: Type.String(), totalMarks: Type.Number(), isPracticeExam: Type.Boolean(), gpaFactor: Nullable(GpaFactor) }),
  /** Every ranked result of the exam. */
  total: Type.Number(),
  /** The `after` of the next page; null after the last page. */
  next: Nullable(Type.Number()),
  /** The student's own row, wherever it falls. */
  me: Nullable(MeritRow),
  data: Type.Array(MeritRow),
  /** When a key decision last regraded the exam (the list was recomputed then); null when never. */
  regradedAt: Type.Optional(Nullable(Type.String())),
});
export type MeritList = Static<typeof MeritList>;

export const MERIT_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;
export const SCOREBOARD_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

const CourseFilter = Type.Optional(Type.Union([Id, Type.Literal('')]));

export const resultsContract = {
  result: {
    method: 'GET',
    url: resultsPaths.result,
    config: { access: 'student' },
    schema: { params: IdParams('examId', 'groupId'), response: { 200: Data(ResultReply), ...failures(400, 401, 403, { 404: ['examNotFound', 'examRemoved'], 409: ['resultNotReady'] }) } },
  },
  scoreboard: {
    method: 'GET',
    url: resultsPaths.scoreboard,
    config: { access: 'student' },
    schema: { querystring: Type.Object({ courseId: CourseFilter }), response: { 200: Data(Scoreboard), ...failures(400, 401, 403) } },
  },
  scoreboardPage: {
    method: 'GET',
    url: resultsPaths.scoreboardPage,
    config: { access: 'student' },
    schema: {
      querystring: Type.Object({
        lastId: Type.Optional(Type.Union([Id, Type.Literal('')])),
        limit: Type.Optional(BoundedInteger(1, SCOREBOARD_PAGE.maxLimit)),
        courseId: CourseFilter,
      }),
      response: { 200: Data(ScoreboardPage), ...failures(401, 403, { 400: ['unknownLastId'] }) },
    },
  },
  meritList: {
    method: 'GET',
    url: resultsPaths.meritList,
    config: { access: 'student' },
    schema: {
      querystring: Type.Object({
        examId: Id,
        typeOfExam: Type.Union([Type.Literal('PRACTICE'), Type.Literal('LIVE')]),
        after: Type.Optional(BoundedInteger(0, 10_000_000)),
        limit: Type.Optional(BoundedInteger(1, MERIT_PAGE.maxLimit)),
      }),
      response: { 200: Data(MeritList), ...failures(401, 403, { 400: ['examTypeMismatch'], 404: ['examNotFound'], 409: ['notPublishedYet'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
