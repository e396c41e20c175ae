// The resultView path model and the fixtures its tests share.
import { resultViewMachine } from '../../src/machines/resultView.machine';
import type { ResultAnswer, ResultReply, StudentResult } from '../../src/contracts/results';
import type { StudentChallenges } from '../../src/contracts/challenges';
import { challenge } from './answerChallenge.model';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const forbidden = Object.assign(new Error('Forbidden'), { network: false, status: 403, title: 'Forbidden' });
export const serverError = Object.assign(new Error('Boom'), { network: false, status: 500, title: 'Boom' });
export const input = { examId: 'e1', groupId: 'g1', studentId: 's1' };

export const result = (over: Partial<StudentResult> = {}): StudentResult =>
  ({ code: null, _id: 'r1', examId: 'e1', groupId: 'g1', title: 'Practice', isPracticeExam: true, isSegmentedExam: false, subjectName: 'Anatomy', answers: [], subjectStats: [], ...over }) as StudentResult;
export const notPublished: ResultReply = { code: 'notPublishedYet', title: 'Not published', message: 'Later', examId: 'e1', groupId: 'g1' };

/** A live result's MCQ (challengeable) and short answer (not). */
export const liveAnswers = [
  { questionId: { _id: 'q1', type: 'MCQ', options: ['A', 'B', 'C'] } },
  { questionId: { _id: 'q2', type: 'shortAns', options: [] } },
] as unknown as ResultAnswer[];
export const openWindow = (over: Partial<StudentChallenges> = {}): StudentChallenges => ({
  examId: 'e1', groupId: 'g1', window: { closesAt: '2026-11-29T01:00:00.000Z', open: true }, decided: [], challenges: [], ...over,
});

const model: PathModel<typeof resultViewMachine> = {
  machine: resultViewMachine,
  input,
  events: [
    { type: 'result.retry' }, { type: 'retake.ask' }, { type: 'retake.cancel' }, { type: 'retake.confirm' }, { type: 'result.print' },
    { type: 'challenge.open', questionId: 'q1' }, { type: 'challenge.open', questionId: 'q2' }, { type: 'challenges.retry' }, { type: 'result.changed' },
  ],
  outcomes: {
    loadResult: { done: [result(), result({ isPracticeExam: false, answers: liveAnswers }), notPublished], error: [networkError, serverError] },
    retakeExam: { done: [{ status: '200' }, { status: '500' }], error: [networkError, forbidden, serverError] },
    loadChallenges: { done: [openWindow(), openWindow({ window: { closesAt: '2026-11-29T01:00:00.000Z', open: false } })], error: [networkError] },
    answerChallenge: { done: [{ questionId: 'q1', challenge: challenge(), closedBy: null }, { questionId: 'q1', challenge: null, closedBy: 'window' }] },
  },
};

export const models = [model];
