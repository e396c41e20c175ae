// Practise my mistakes (issue 29, a review since issue 39): a set made of the student's wrong and skipped
// questions, of one result (a practice exam, or a live exam once its result is published) or of one
// subject across such results. It is a review, not an exam: untimed unless the student asks for the time
// (the exams' durations in proportion), each answer is checked at once and told right or wrong with its
// key and explanation, and progress reads "2 of 3 mastered"; no pass mark, negative marks or merit.
// A question answered right twice in a row in mistakes practice leaves the student's mistakes.
// Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, Id, IdParams, Nullable, type RouteContract } from './common';
import { AnswerBody, AnswerValue, PublicQuestion } from './exams';
import { ReviewedQuestion } from './results';
import { mistakesPaths } from './paths';

/** What a result offers to practise: its wrong and skipped questions still in the set, and their time. */
export const MistakesCount = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  /** Minutes: the exams' durations in proportion to the questions (at least 1; 0 when there is nothing). */
  duration: Type.Integer({ minimum: 0 }),
});
export type MistakesCount = Static<typeof MistakesCount>;

/** One subject's mistakes across the student's results whose answers they may see. */
export const SubjectMistakes = Type.Composite([
  Type.Object({ subjectId: Type.String(), subjectName: Nullable(Type.String()), courseId: Type.String() }),
  MistakesCount,
]);
export type SubjectMistakes = Static<typeof SubjectMistakes>;

/** Where a set's questions come from: one result (exam and batch), or one subject. */
export const MistakesSource = Type.Union([
  Type.Object({ source: Type.Literal('exam'), examId: Id, groupId: Id }, { additionalProperties: false }),
  Type.Object({ source: Type.Literal('subject'), subjectId: Id }, { additionalProperties: false }),
]);
export type MistakesSource = Static<typeof MistakesSource>;

/** Starting a set: its source, and whether the student asked to be timed (untimed when left out). */
const timedField = { timed: Type.Optional(Type.Boolean()) };
export const StartMistakesBody = Type.Union([
  Type.Object({ source: Type.Literal('exam'), examId: Id, groupId: Id, ...timedField }, { additionalProperties: false }),
  Type.Object({ source: Type.Literal('subject'), subjectId: Id, ...timedField }, { additionalProperties: false }),
]);
export type StartMistakesBody = Static<typeof StartMistakesBody>;

export const StartedMistakes = Type.Object({ setId: Type.String(), count: Type.Integer({ minimum: 1 }), duration: Type.Integer({ minimum: 1 }), timed: Type.Boolean() });
export type StartedMistakes = Static<typeof StartedMistakes>;

/** What checking one answer told: right or wrong, with the key, explanation and notes. */
export const CheckedAnswer = Type.Object({
  questionId: Type.String(),
  /** The answer checked (the first one given to this question in the set stands). */
  given: AnswerValue,
  right: Type.Boolean(),
  /** The question with its key, explanation and notes. */
  question: ReviewedQuestion,
  /** Right twice in a row with this answer: it left the student's mistakes. */
  leftMistakes: Type.Boolean(),
});
export type CheckedAnswer = Static<typeof CheckedAnswer>;

/** Progress of a set: questions answered right in it (mastered) and checked, of all its questions. */
export const MistakesProgress = Type.Object({ mastered: Type.Integer({ minimum: 0 }), checked: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) });
export type MistakesProgress = Static<typeof MistakesProgress>;

/** A set as the review shows it: each question, checked or not, and the time when the student asked for it. */
export const MistakesReview = Type.Object({
  setId: Type.String(),
  title: Type.String(),
  source: MistakesSource,
  timed: Type.Boolean(),
  /** Minutes the set gets when timed. */
  duration: Type.Integer({ minimum: 0 }),
  startedAt: Type.String(),
  /** The end of a timed set on the server's clock; null when untimed. */
  deadlineAt: Nullable(Type.String()),
  serverNow: Type.String(),
  /** When the review was finished (or its time ran out); null while it runs. */
  finishedAt: Nullable(Type.String()),
  questions: Type.Array(Type.Object({ question: PublicQuestion, check: Nullable(CheckedAnswer) })),
  progress: MistakesProgress,
  /** Questions that left the student's mistakes during this set (right twice in a row). */
  cleared: Type.Integer({ minimum: 0 }),
  /** Mistakes still to practise from the same source. */
  remaining: Type.Integer({ minimum: 0 }),
});
export type MistakesReview = Static<typeof MistakesReview>;

/** One answer to check. */
export const CheckBody = Type.Object({ questionId: Id, answer: AnswerBody.properties.answer }, { additionalProperties: false });
export type CheckBody = Static<typeof CheckBody>;

export const CheckReply = Type.Object({ check: CheckedAnswer, progress: MistakesProgress });
export type CheckReply = Static<typeof CheckReply>;

const SetParams = IdParams('setId');

export const mistakesContract = {
  ofExam: {
    method: 'GET',
    url: mistakesPaths.ofExam,
    config: { access: 'student' },
    schema: { params: IdParams('examId', 'groupId'), response: { 200: Data(MistakesCount), ...failures(400, 401, 403, { 404: ['examNotFound', 'examRemoved'], 409: ['resultNotReady', 'notPublishedYet'] }) } },
  },
  bySubject: {
    method: 'GET',
    url: mistakesPaths.bySubject,
    config: { access: 'student' },
    schema: {
      querystring: Type.Object({ courseId: Type.Optional(Type.Union([Id, Type.Literal('')])) }),
      response: { 200: Data(Type.Array(SubjectMistakes)), ...failures(400, 401, 403) },
    },
  },
  start: {
    method: 'POST',
    url: mistakesPaths.start,
    config: { access: 'student' },
    schema: { body: StartMistakesBody, response: { 200: Data(StartedMistakes), ...failures(400, 401, 403, { 404: ['examNotFound', 'examRemoved', 'subjectNotFound'], 409: ['resultNotReady', 'notPublishedYet', 'noMistakes'] }) } },
  },
  review: {
    method: 'GET',
    url: mistakesPaths.review,
    config: { access: 'student' },
    schema: { params: SetParams, response: { 200: Data(MistakesReview), ...failures(400, 401, 403, { 404: ['mistakesNotFound'] }) } },
  },
  check: {
    method: 'POST',
    url: mistakesPaths.check,
    config: { access: 'student' },
    schema: {
      params: SetParams,
      body: CheckBody,
      response: { 200: Data(CheckReply), ...failures(401, 403, { 400: ['unknownQuestion', 'invalidAnswer', 'notAnswered'], 404: ['mistakesNotFound'], 409: ['mistakesFinished', 'examTimeOver'] }) },
    },
  },
  finish: {
    method: 'PATCH',
    url: mistakesPaths.finish,
    config: { access: 'student' },
    schema: { params: SetParams, response: { 200: Data(MistakesReview), ...failures(400, 401, 403, { 404: ['mistakesNotFound'] }) } },
  },
} satisfies Record<string, RouteContract>;
