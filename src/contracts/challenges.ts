// Answer-key challenges and regrades (spec: issue "Fair marks"). A student challenges a question's key
// on their submitted attempt of a published live exam while its challenge window is open; teachers see
// the challenges grouped by question and decide per question; a decision that changes the key regrades
// every submitted attempt of the exam. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { BoundedInteger, Data, failures, IdParams, Nullable, type RouteContract } from './common';
import { ForumMedia } from './forum';
import { challengePaths } from './paths';
import { ItemStats, StaffAssignment } from './staff';

/** The challenge window of a published live exam: open until closesAt (null: no window, e.g. a practice exam). */
export const ChallengeWindow = Type.Object({ closesAt: Nullable(Type.String()), open: Type.Boolean() });
export type ChallengeWindow = Static<typeof ChallengeWindow>;

export const ChallengeStatus = Type.Union([Type.Literal('open'), Type.Literal('accepted'), Type.Literal('rejected')]);
export type ChallengeStatus = Static<typeof ChallengeStatus>;

/** A student's own challenge of one question. */
export const StudentChallenge = Type.Object({
  _id: Type.String(),
  questionId: Type.String(),
  /** The options (0-based) the student believes right; empty when the question is called flawed. */
  options: Type.Array(Type.Integer({ minimum: 0 })),
  flawed: Type.Boolean(),
  reason: Type.String(),
  media: Type.Array(ForumMedia),
  status: ChallengeStatus,
  /** The teacher's reply to every challenger of the question, once decided. */
  reply: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  decidedAt: Nullable(Type.String()),
});
export type StudentChallenge = Static<typeof StudentChallenge>;

export const StudentChallenges = Type.Object({
  examId: Type.String(),
  groupId: Type.String(),
  window: ChallengeWindow,
  /** Questions already decided: they take no new challenge. */
  decided: Type.Array(Type.String()),
  challenges: Type.Array(StudentChallenge),
});
export type StudentChallenges = Static<typeof StudentChallenges>;

/** A challenge as sent: the options believed right or "the question is flawed", a reason (1 to 2,000 characters) and optional attachments. */
export const ChallengeBody = Type.Object(
  {
    options: Type.Array(BoundedInteger(0, 99), { maxItems: 20 }),
    flawed: Type.Boolean(),
    reason: Type.String({ maxLength: 4000 }),
    media: Type.Optional(Type.Array(ForumMedia, { maxItems: 3 })),
  },
  { additionalProperties: false },
);
export type ChallengeBody = Static<typeof ChallengeBody>;

export const DecisionKind = Type.Union([Type.Literal('keep'), Type.Literal('change'), Type.Literal('drop')]);
export type DecisionKind = Static<typeof DecisionKind>;

/**
 * A teacher's decision on a question: keep the key, change it to the given options, or drop the
 * question; with `explanation`, the explanation students read under the question is corrected too
 * (blank removes it).
 */
export const DecisionBody = Type.Object(
  {
    kind: DecisionKind,
    options: Type.Array(BoundedInteger(0, 99), { maxItems: 20 }),
    reply: Type.String({ maxLength: 2000 }),
    explanation: Type.Optional(Type.String({ maxLength: 20_000 })),
  },
  { additionalProperties: false },
);
export type DecisionBody = Static<typeof DecisionBody>;

export const KeyDecision = Type.Object({
  _id: Type.String(),
  kind: DecisionKind,
  options: Type.Array(Type.Integer({ minimum: 0 })),
  reply: Type.String(),
  decidedAt: Type.String(),
  decidedBy: Nullable(Type.String()),
});
export type KeyDecision = Static<typeof KeyDecision>;

/** One regrade of an exam: which question, when, how many results it read and how many moved. */
export const RegradeSummary = Type.Object({
  _id: Type.String(),
  questionId: Type.String(),
  questionNumber: Type.Integer({ minimum: 1 }),
  kind: Type.Union([Type.Literal('change'), Type.Literal('drop')]),
  regradedAt: Type.String(),
  results: Type.Integer({ minimum: 0 }),
  changed: Type.Integer({ minimum: 0 }),
});
export type RegradeSummary = Static<typeof RegradeSummary>;

/** One student's line in a regrade: marks and rank before and after (rank null while their batch is unpublished). */
export const RegradeEntry = Type.Object({
  regradedAt: Type.String(),
  questionNumber: Type.Integer({ minimum: 1 }),
  kind: Type.Union([Type.Literal('change'), Type.Literal('drop')]),
  oldMarks: Type.Number(),
  newMarks: Type.Number(),
  oldRank: Nullable(Type.Integer()),
  newRank: Nullable(Type.Integer()),
});
export type RegradeEntry = Static<typeof RegradeEntry>;

/** What a result says of regrades: when the exam was last regraded and this student's history (newest first). */
export const RegradeInfo = Type.Object({ regradedAt: Type.String(), history: Type.Array(RegradeEntry) });
export type RegradeInfo = Static<typeof RegradeInfo>;

export const DeskChallenge = Type.Object({
  _id: Type.String(),
  student: Type.Object({ _id: Type.String(), name: Type.String(), sid: Type.String() }),
  groupName: Type.String(),
  options: Type.Array(Type.Integer({ minimum: 0 })),
  flawed: Type.Boolean(),
  reason: Type.String(),
  media: Type.Array(ForumMedia),
  status: ChallengeStatus,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DeskChallenge = Static<typeof DeskChallenge>;

/** One challenged (or decided) question with its challenges, what they propose and its item statistics. */
export const DeskQuestion = Type.Object({
  questionId: Type.String(),
  number: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  type: Type.String(),
  point: Type.Number(),
  options: Type.Array(Type.String()),
  /** The options the key accepts now. */
  keyOptions: Type.Array(Type.Integer({ minimum: 0 })),
  /** The explanation students read under the question in their result. */
  explanation: Nullable(Type.String()),
  dropped: Type.Boolean(),
  challengers: Type.Integer({ minimum: 0 }),
  open: Type.Integer({ minimum: 0 }),
  proposals: Type.Array(Type.Object({ options: Type.Array(Type.Integer({ minimum: 0 })), flawed: Type.Boolean(), count: Type.Integer({ minimum: 1 }) })),
  challenges: Type.Array(DeskChallenge),
  /** The question's item statistics in this batch; null below the minimum number of attempts. */
  stats: Nullable(ItemStats),
  decision: Nullable(KeyDecision),
});
export type DeskQuestion = Static<typeof DeskQuestion>;

export const ChallengeDesk = Type.Object({
  assignment: StaffAssignment,
  window: ChallengeWindow,
  questions: Type.Array(DeskQuestion),
  regrades: Type.Array(RegradeSummary),
  /** The exam's submitted results in every batch: what a change of a key or a drop regrades. */
  examResults: Type.Integer({ minimum: 0 }),
});
export type ChallengeDesk = Static<typeof ChallengeDesk>;

export const DecisionReply = Type.Object({
  questionId: Type.String(),
  decision: KeyDecision,
  /** True when the same decision was already in force: nothing changed. */
  unchanged: Type.Boolean(),
  /** The regrade a key change ran, with how many students were notified. */
  regrade: Nullable(Type.Composite([RegradeSummary, Type.Object({ notified: Type.Integer({ minimum: 0 }) })])),
});
export type DecisionReply = Static<typeof DecisionReply>;

export const challengesContract = {
  mine: {
    method: 'GET',
    url: challengePaths.mine,
    config: { access: 'student' },
    // 404 for an exam or batch not the student's; 409 before the result is published.
    schema: { params: IdParams('examId', 'groupId'), response: { 200: Data(StudentChallenges), ...failures(400, 401, 403, { 404: ['examNotFound', 'examRemoved'], 409: ['practiceExam', 'notPublishedYet', 'resultNotReady'] }) } },
  },
  save: {
    method: 'PUT',
    url: challengePaths.save,
    config: { access: 'student' },
    // Creates the student's challenge of the question or replaces it; 409 once the window is closed or the question decided.
    schema: { params: IdParams('examId', 'groupId', 'questionId'), body: ChallengeBody, response: { 200: Data(StudentChallenge), ...failures(401, 403, { 400: ['notChallengeable', 'badProposal', 'badReason', 'mediaTypeNotAllowed', 'uploadNotYours'], 404: ['examNotFound', 'examRemoved', 'questionNotFound'], 409: ['practiceExam', 'notPublishedYet', 'resultNotReady', 'challengeWindowClosed', 'questionDecided'] }) } },
  },
  desk: {
    method: 'GET',
    url: challengePaths.desk,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    schema: { params: IdParams('assignmentId'), response: { 200: Data(ChallengeDesk), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound'], 409: ['practiceExam', 'notPublishedYet'] }) } },
  },
  decide: {
    method: 'POST',
    url: challengePaths.decide,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    // A key change or a drop regrades every submitted attempt of the exam in one transaction; 409 while a batch still sits the exam.
    schema: { params: IdParams('assignmentId', 'questionId'), body: DecisionBody, response: { 200: Data(DecisionReply), ...failures(401, { 400: ['notChallengeable', 'badReply', 'badDecision'], 403: ['notYourCourse'], 404: ['assignmentNotFound', 'questionNotFound'], 409: ['practiceExam', 'notPublishedYet', 'examStillRunning'] }) } },
  },
} satisfies Record<string, RouteContract>;
