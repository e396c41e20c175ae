import { examSubmissionMachine } from '../../src/machines/examSubmission.machine';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const serverError = Object.assign(new Error('Boom'), { network: false, status: 500, title: 'Boom' });
export const input = { examId: 'e1', groupId: 'g1', isPracticeExam: true, online: true, answered: 0 };

const model: PathModel<typeof examSubmissionMachine> = {
  machine: examSubmissionMachine,
  input,
  events: [
    { type: 'exam.submit' },
    { type: 'answers.counted', answered: 2 },
    { type: 'answers.counted', answered: 0 },
    { type: 'answers.delivered' },
    { type: 'answers.undelivered' },
    { type: 'exam.timeOver' },
    { type: 'submission.confirm' },
    { type: 'submission.cancel' },
    { type: 'connection.offline' },
    { type: 'connection.online' },
  ],
  outcomes: {
    submitExam: { done: [{ status: '200', resultId: 'r1', isPracticeExam: true }, { status: '500' }], error: [networkError, serverError] },
  },
};

export const models = [model];
