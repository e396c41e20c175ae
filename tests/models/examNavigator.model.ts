// The exam navigator path model: the grid opens and closes, a number shows its question, and a flag
// toggles in either state.
import { assign } from 'xstate';
import { examNavigatorMachine } from '../../src/machines/examNavigator.machine';
import type { PathModel } from '../support/machine-paths';

export const models: PathModel<typeof examNavigatorMachine>[] = [
  {
    machine: examNavigatorMachine,
    input: { flags: [] },
    events: [
      { type: 'navigator.open' },
      { type: 'navigator.close' },
      { type: 'navigator.jump', questionId: 'q2' },
      { type: 'question.flag', questionId: 'q1' },
    ],
    // The flags' contents do not make another state: the grid is open or closed.
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
    provide: { actions: { readDrafts: assign({ drafts: ['q3'] }), keepFlags: () => {}, showQuestion: () => {} } },
  },
];
