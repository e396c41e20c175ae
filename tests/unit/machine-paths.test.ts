// The coverage check itself must be able to fail: a model that never sends an event leaves its
// transitions uncovered, and a replay that diverges from the path is reported.
import { describe, expect, it } from 'vitest';
import { assign, raise, setup } from 'xstate';
import { CoverageRecorder, allStates, allTransitions, eventlessTaken, runPath, machinePaths, type PathModel } from '../support/machine-paths';

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

  it('counts eventless and raised transitions, told from the microsteps', () => {
    const gate = setup({
      types: {} as { context: { passes: number }; events: { type: 'gate.pass' } | { type: 'gate.note' } },
      guards: { firstPass: ({ context }) => context.passes === 1 },
    }).createMachine({
      id: 'gate',
      context: { passes: 0 },
      initial: 'shut',
      states: {
        // The raised note is handled after the eventless transitions out of checking: in welcome or in shut.
        shut: { on: { 'gate.pass': { target: 'checking', actions: [assign({ passes: ({ context }) => context.passes + 1 }), raise({ type: 'gate.note' })] }, 'gate.note': {} } },
        checking: { always: [{ guard: 'firstPass', target: 'welcome' }, { target: 'shut' }] },
        welcome: { on: { 'gate.pass': 'shut', 'gate.note': {} } },
      },
    });
    const model: PathModel<typeof gate> = { machine: gate, events: [{ type: 'gate.pass' }], serializeState: ((s: { value: unknown; context: { passes: number } }) => JSON.stringify([s.value, Math.min(s.context.passes, 2)])) as never };
    const coverage = new CoverageRecorder(gate);
    for (const path of machinePaths(model)) coverage.add(runPath(model, path));
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });

  it('refuses to guess between eventless alternatives it cannot tell apart', () => {
    const twin = setup({ guards: { a: () => true } }).createMachine({
      id: 'twin',
      initial: 'one',
      states: { one: { always: [{ guard: 'a', target: 'two' }, { target: 'two' }] }, two: {} },
    });
    expect(() => eventlessTaken(twin, new Set(['twin', 'twin.one']), new Set(['twin', 'twin.two']))).toThrow(/cannot tell/);
  });

  it("sends delayed events instead of advancing the clock with delays: 'send'", () => {
    const lamps = setup({ delays: { short: 100, long: 1000 } }).createMachine({
      id: 'lamps',
      type: 'parallel',
      states: {
        left: { initial: 'on', states: { on: { after: { short: 'off' } }, off: {} } },
        right: { initial: 'on', states: { on: { after: { long: 'off' } }, off: {} } },
      },
    });
    const model: PathModel<typeof lamps> = { machine: lamps, events: [] };
    const rightOff = machinePaths(model).find((path) => path.steps.length === 1 && path.state.matches({ right: 'off' }))!;
    // Advancing the clock by the long delay also fires the short one: the path says left stays on.
    expect(() => runPath(model, rightOff)).toThrow(/expected/);
    expect(runPath(model, rightOff, { delays: 'send' }).snapshot.value).toEqual({ left: 'on', right: 'off' });
  });
});
