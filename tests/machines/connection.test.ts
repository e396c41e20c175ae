import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { connectionMachine, type ConnectionEvent } from '../../src/machines/connection.machine';
import { describePaths } from '../support/machine-paths';
import { models } from '../models/connection.model';

describePaths('connection machine paths', models);

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
