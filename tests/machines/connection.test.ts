import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { connectionMachine, type ConnectionEvent } from '../../src/machines/connection.machine';
import { CoverageRecorder, runPath, transitionPaths, type PathModel } from '../support/machine-paths';

const model: PathModel<typeof connectionMachine> = {
  machine: connectionMachine,
  events: [{ type: 'connection.lost' }, { type: 'connection.restored' }],
};

describe('connection machine paths', () => {
  const paths = transitionPaths(model);
  const coverage = new CoverageRecorder(connectionMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    coverage.add(runPath(model, path));
  });
  it('takes every state and every transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});

describe('connection behaviour', () => {
  it('follows what the watcher reports', () => {
    let report: (event: ConnectionEvent) => void = () => {};
    const actor = createActor(
      connectionMachine.provide({
        actors: {
          watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) => {
            report = sendBack;
            return () => {};
          }),
        },
      }),
    ).start();
    expect(actor.getSnapshot().value).toBe('online');
    report({ type: 'connection.lost' });
    expect(actor.getSnapshot().value).toBe('offline');
    report({ type: 'connection.restored' });
    expect(actor.getSnapshot().value).toBe('online');
  });
});
