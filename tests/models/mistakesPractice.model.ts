// The mistakesPractice path model and the fixtures its tests share.
import { mistakesPracticeMachine, type MistakesOffer } from '../../src/machines/mistakesPractice.machine';
import type { MistakesSource } from '../../src/contracts/mistakes';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const noMistakes = Object.assign(new Error('No mistakes to practise in this exam'), { network: false, status: 409, title: 'No mistakes to practise in this exam', code: 'noMistakes' });
export const serverError = Object.assign(new Error('Boom'), { network: false, status: 500, title: 'Boom' });

export const examSource: MistakesSource = { source: 'exam', examId: 'e1', groupId: 'g1' };
export const anatomy: MistakesSource = { source: 'subject', subjectId: 's1' };
export const input = { scope: { kind: 'exam' as const, examId: 'e1', groupId: 'g1' }, online: true };

export const offer = (over: Partial<MistakesOffer> = {}): MistakesOffer => ({ source: examSource, label: null, count: 3, duration: 6, ...over });

const model: PathModel<typeof mistakesPracticeMachine> = {
  machine: mistakesPracticeMachine,
  input,
  events: [
    { type: 'mistakes.start', source: examSource },
    { type: 'mistakes.start', source: anatomy },
    { type: 'mistakes.time', timed: true },
    { type: 'retry' },
    { type: 'connection.online' },
    { type: 'connection.offline' },
  ],
  outcomes: {
    loadOffers: { done: [[offer()], [offer({ count: 0, duration: 0 })]], error: [networkError, serverError] },
    startMistakes: { done: [{ setId: 'm1', count: 3, duration: 6, timed: false }], error: [networkError, noMistakes, serverError] },
  },
};

export const models = [model];
