// The resultView path model and the fixtures its tests share.
import { resultViewMachine } from '../../src/machines/resultView.machine';
import type { ResultReply, StudentResult } from '../../src/contracts/results';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const forbidden = Object.assign(new Error('Forbidden'), { network: false, status: 403, title: 'Forbidden' });
export const serverError = Object.assign(new Error('Boom'), { network: false, status: 500, title: 'Boom' });
export const input = { examId: 'e1', groupId: 'g1', studentId: 's1' };

export const result = (over: Partial<StudentResult> = {}): StudentResult =>
  ({ code: null, _id: 'r1', examId: 'e1', groupId: 'g1', title: 'Practice', isPracticeExam: true, isSegmentedExam: false, subjectName: 'Anatomy', answers: [], subjectStats: [], ...over }) as StudentResult;
export const notPublished: ResultReply = { code: 'notPublishedYet', title: 'Not published', message: 'Later', examId: 'e1', groupId: 'g1' };

const model: PathModel<typeof resultViewMachine> = {
  machine: resultViewMachine,
  input,
  events: [{ type: 'result.retry' }, { type: 'retake.ask' }, { type: 'retake.cancel' }, { type: 'retake.confirm' }, { type: 'result.print' }],
  outcomes: {
    loadResult: { done: [result(), result({ isPracticeExam: false }), notPublished], error: [networkError, serverError] },
    retakeExam: { done: [{ status: '200' }, { status: '500' }], error: [networkError, forbidden, serverError] },
  },
};

export const models = [model];
