// Practise my mistakes (issue 29): a practice set made of the student's wrong and skipped questions,
// of one result (a practice exam, or a live exam once its result is published) or of one subject
// across such results. The set is timed in proportion to its exams' durations, taken like a practice
// exam (the paper is a CurrentExam, answers are saved one by one, a submit scores it) and has a
// result of its own. A question answered right twice in a row in mistakes practice leaves the set.
// Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, Id, IdParams, Nullable, type RouteContract } from './common';
import { AnswerBody, CurrentExam, SavedAnswerReply, SubmitReply } from './exams';
import { StudentResult } from './results';
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

export const StartedMistakes = Type.Object({ setId: Type.String(), count: Type.Integer({ minimum: 1 }), duration: Type.Integer({ minimum: 1 }) });
export type StartedMistakes = Static<typeof StartedMistakes>;

/** A submitted set's result, shown as practice results are; `cleared` questions left the set with this submission. */
export const MistakesResult = Type.Object({
  setId: Type.String(),
  result: StudentResult,
  cleared: Type.Integer({ minimum: 0 }),
  /** Mistakes still to practise from the same source after this submission. */
  remaining: Type.Integer({ minimum: 0 }),
  source: MistakesSource,
});
export type MistakesResult = Static<typeof MistakesResult>;

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
    schema: { body: MistakesSource, response: { 200: Data(StartedMistakes), ...failures(400, 401, 403, { 404: ['examNotFound', 'examRemoved', 'subjectNotFound'], 409: ['resultNotReady', 'notPublishedYet', 'noMistakes'] }) } },
  },
  paper: {
    method: 'GET',
    url: mistakesPaths.paper,
    config: { access: 'student' },
    schema: { params: SetParams, response: { 200: Data(CurrentExam), ...failures(400, 401, 403, { 404: ['mistakesNotFound'] }) } },
  },
  addAnswer: {
    method: 'PATCH',
    url: mistakesPaths.addAnswer,
    config: { access: 'student' },
    schema: {
      params: SetParams,
      querystring: Type.Object({ offline: Type.Optional(Type.Boolean()) }),
      body: AnswerBody,
      response: { 200: Data(SavedAnswerReply), ...failures(401, 403, { 400: ['unknownQuestion', 'invalidAnswer'], 404: ['mistakesNotFound'], 409: ['examSubmitted', 'examTimeOver'] }) },
    },
  },
  submit: {
    method: 'PATCH',
    url: mistakesPaths.submit,
    config: { access: 'student' },
    schema: { params: SetParams, response: { 200: Data(SubmitReply), ...failures(400, 401, 403, { 404: ['mistakesNotFound'], 409: ['examSubmitted', 'examTimeOver'] }) } },
  },
  result: {
    method: 'GET',
    url: mistakesPaths.result,
    config: { access: 'student' },
    schema: { params: SetParams, response: { 200: Data(MistakesResult), ...failures(400, 401, 403, { 404: ['mistakesNotFound'], 409: ['resultNotReady'] }) } },
  },
} satisfies Record<string, RouteContract>;
