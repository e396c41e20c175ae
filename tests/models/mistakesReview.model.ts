// The mistakesReview path model and the fixtures its tests share.
import { mistakesReviewMachine, type MistakesReviewContext } from '../../src/machines/mistakesReview.machine';
import type { CheckReply, MistakesReview } from '../../src/contracts/mistakes';
import type { PublicQuestion } from '../../src/contracts/exams';
import type { ReviewedQuestion } from '../../src/contracts/results';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const finishedMeanwhile = Object.assign(new Error('This practice is finished.'), { network: false, status: 409, title: 'This practice is finished.', code: 'mistakesFinished' });
export const serverError = Object.assign(new Error('Boom'), { network: false, status: 500, title: 'Boom' });
export const input = { setId: 'm1', online: true };

const question = (id: string): PublicQuestion => ({
  _id: id, type: 'MCQ', title: `Question ${id}`, point: 1, options: ['A', 'B', 'C'], optionType: {}, image: [], file: [], subjectId: null, subjectName: null,
});
const reviewed = (id: string): ReviewedQuestion => ({ ...question(id), answer: [1], explanation: 'Because B.', explanationExt: [], notes: null, study: null });

export const review = (over: Partial<MistakesReview> = {}): MistakesReview => ({
  setId: 'm1',
  title: 'My mistakes: Practice',
  source: { source: 'exam', examId: 'e1', groupId: 'g1' },
  timed: false,
  duration: 4,
  startedAt: '2026-11-29T08:00:00.000Z',
  deadlineAt: null,
  serverNow: '2026-11-29T08:00:00.000Z',
  finishedAt: null,
  questions: [{ question: question('q1'), check: null }, { question: question('q2'), check: null }],
  progress: { mastered: 0, checked: 0, total: 2 },
  cleared: 0,
  remaining: 2,
  ...over,
});
export const timedReview = review({ timed: true, deadlineAt: '2026-11-29T08:04:00.000Z' });
export const finishedReview = review({ finishedAt: '2026-11-29T08:03:00.000Z' });

export const rightReply: CheckReply = {
  check: { questionId: 'q1', given: [1], right: true, question: reviewed('q1'), leftMistakes: false },
  progress: { mastered: 1, checked: 1, total: 2 },
};

const model: PathModel<typeof mistakesReviewMachine> = {
  machine: mistakesReviewMachine,
  input,
  events: [
    { type: 'answer.choose', questionId: 'q1', answer: [1] },
    { type: 'answer.choose', questionId: 'elsewhere', answer: [1] },
    { type: 'answer.check', questionId: 'q1' },
    { type: 'answer.check', questionId: 'q2' },
    { type: 'review.finish' },
    { type: 'retry' },
    { type: 'connection.online' },
    { type: 'connection.offline' },
  ],
  outcomes: {
    loadReview: { done: [review(), timedReview, finishedReview], error: [networkError, serverError] },
    checkAnswer: { done: [rightReply], error: [networkError, finishedMeanwhile, serverError] },
    finishReview: { done: [finishedReview], error: [networkError, serverError] },
  },
  // What guards and the screen read: the state, online, the drafts, which questions are checked, timed or not.
  serializeState: (snapshot) => {
    const context = snapshot.context as MistakesReviewContext;
    return JSON.stringify([
      snapshot.value,
      context.online,
      Object.keys(context.drafts).sort(),
      context.review?.questions.filter((q) => q.check).map((q) => q.question._id) ?? null,
      context.review?.finishedAt ?? null,
      context.timeLeft !== null,
      context.checking,
    ]);
  },
};

export const models = [model];
