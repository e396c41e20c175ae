// The coverage check itself must be able to fail: a model that never sends an event leaves its
// transitions uncovered, and a replay that diverges from the path is reported.
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { CoverageRecorder, allStates, allTransitions, runPath, machinePaths, type PathModel } from '../support/machine-paths';

const door = setup({
  types: {} as { context: { opened: number }; events: { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock' } },
  guards: { openedBefore: ({ context }) => context.opened > 0 },
  delays: { autoClose: 5000 },
}).createMachine({
  id: 'door',
  context: { opened: 0 },
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': { target: 'open', actions: assign({ opened: ({ context }) => context.opened + 1 }) }, 'door.lock': { guard: 'openedBefore', target: 'locked' } } },
    open: { after: { autoClose: 'closed' }, on: { 'door.close': 'closed' } },
    locked: { type: 'final' },
  },
});

/** Whether the door was ever opened is all that matters of its context (the count itself grows forever). */
const serializeState = ((s: { value: unknown; context: { opened: number } }) => JSON.stringify([s.value, s.context.opened > 0])) as never;

describe('machine path coverage', () => {
  it('lists every state and transition of the definition', () => {
    expect(allStates(door)).toEqual(['door', 'door.closed', 'door.open', 'door.locked']);
    expect(allTransitions(door)).toHaveLength(4);
  });

  it('covers everything when the model sends every event, delays included', () => {
    const model: PathModel<typeof door> = { machine: door, events: [{ type: 'door.open' }, { type: 'door.close' }, { type: 'door.lock' }], serializeState };
    const coverage = new CoverageRecorder(door);
    for (const path of machinePaths(model)) coverage.add(runPath(model, path));
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });

  it('reports what a model never reaches', () => {
    const model: PathModel<typeof door> = { machine: door, events: [{ type: 'door.open' }], serializeState };
    const coverage = new CoverageRecorder(door);
    for (const path of machinePaths(model)) coverage.add(runPath(model, path));
    expect(coverage.missingStates()).toEqual(['door.locked']);
    expect(coverage.missingTransitions()).toEqual(['door.closed: door.lock#0 [openedBefore] -> door.locked', 'door.open: door.close#0 -> door.closed']);
  });

  it('fails a replay that ends somewhere else than its path', () => {
    const model: PathModel<typeof door> = { machine: door, events: [{ type: 'door.open' }], serializeState };
    const path = machinePaths(model).find((p) => p.steps.length > 0);
    const wrong = { ...path!, steps: path!.steps.map((step) => ({ ...step, state: { ...step.state, value: 'locked' } as typeof step.state })) };
    expect(() => runPath(model, wrong)).toThrow(/expected "locked"/);
  });
});
