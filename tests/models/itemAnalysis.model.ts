// The item analysis path model and the fixtures its tests share.
import { itemAnalysisMachine } from '../../src/machines/itemAnalysis.machine';
import type { ItemAnalysis } from '../../src/contracts/staff';
import type { PathModel } from '../support/machine-paths';
import { assignment } from './staffDesk.model';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const notPublished = Object.assign(new Error('The results of this exam are not published yet.'), {
  status: 409, code: 'resultsNotPublished', title: 'The results of this exam are not published yet.',
});

export const analysis = (attempts: number): ItemAnalysis => ({
  assignment: { ...assignment, resultPublished: true, publishedAt: '2026-01-02T08:00:00.000Z' },
  attempts,
  minimumAttempts: 10,
  challenges: 0,
  groupSize: attempts >= 10 ? Math.round(attempts * 0.27) : 0,
  questions: attempts >= 10
    ? [{
        questionId: 'q1', number: 1, title: 'Which valve closes first?', type: 'MCQ', point: 1, attempts, dropped: false, facility: 0.5, upperFacility: 0.6667, lowerFacility: 0.6667,
        discrimination: 0, pointBiserial: -0.05, flags: ['nearZeroDiscrimination', 'keyPossiblyWrong'],
        choices: [
          { option: 0, response: 'chosen', key: true, upper: 1, lower: 2, all: 5 },
          { option: 1, response: 'chosen', key: false, upper: 2, lower: 1, all: 5 },
          { option: null, response: 'blank', key: false, upper: 0, lower: 0, all: 0 },
        ],
      }]
    : [],
});

export const models: PathModel<typeof itemAnalysisMachine>[] = [
  {
    machine: itemAnalysisMachine,
    input: { assignmentId: 'a1' },
    events: [{ type: 'analysis.retry' }, { type: 'sheet.download', format: 'csv' }, { type: 'sheet.download', format: 'xlsx' }],
    outcomes: {
      loadAnalysis: { done: [analysis(12), analysis(4)], error: [networkError, notPublished] },
      downloadSheet: { done: [new Blob(['No.,Question'])], error: [networkError] },
    },
    // Saving the file is the browser's; the paths only need it not to fail.
    provide: { actions: { saveSheet: () => {} } },
  },
];
