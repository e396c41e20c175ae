// Every machine explains itself in the spec's words: the picture and the page in docs/statecharts show
// these descriptions to product owners, so a state or an event without one fails here.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { loadMachines, machineFiles, specOf, undescribed } from '../../scripts/statecharts';

const machines = (await loadMachines()).flatMap(({ flow, machines }) => machines.map(([name, machine]) => [`${flow} ${name}`, machine] as const));

describe('statechart descriptions', () => {
  it('finds the machines', () => {
    expect(machines.length).toBe(machineFiles().length);
  });

  it.each(machines)('%s describes every state and every event a person or the server causes', (_name, machine) => {
    expect(undescribed(machine)).toEqual([]);
  });

  it.each(machines)('%s names the spec section it implements (meta.spec on the root)', (_name, machine) => {
    expect(specOf(machine)).toMatch(/^§\d+ \S/);
  });

  it('names what lacks a description, and leaves eventless and delayed transitions to the picture', () => {
    const machine = createMachine({
      id: 'sample',
      description: 'A sample flow',
      initial: 'a',
      states: {
        a: {
          description: 'The first screen',
          on: { go: 'b', stay: { description: 'Nothing changes', actions: [] } },
          after: { 1000: 'b' },
          invoke: { src: 'load', onError: { target: 'b' }, onDone: { target: 'b', description: 'Loaded' } },
        },
        b: { always: 'c' },
        c: { type: 'final', description: 'Done' },
      },
    });
    expect(undescribed(machine)).toEqual(['state b', 'a: go', 'a: error load']);
  });
});
