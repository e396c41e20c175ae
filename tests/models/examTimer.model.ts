import { examTimerMachine } from '../../src/machines/examTimer.machine';
import type { PathModel } from '../support/machine-paths';

export const SERVER_START = Date.parse('2026-05-01T10:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();

const model: PathModel<typeof examTimerMachine> = {
  machine: examTimerMachine,
  input: { deadlineAt: iso(SERVER_START + 5_000), serverNow: iso(SERVER_START), receivedAt: 0, deviceNow: () => 0 },
  events: [
    { type: 'timer.check' },
    { type: 'timer.sync', deadlineAt: iso(SERVER_START + 60_000), serverNow: iso(SERVER_START), receivedAt: 0 },
    { type: 'timer.sync', deadlineAt: iso(SERVER_START - 1_000), serverNow: iso(SERVER_START), receivedAt: 0 },
  ],
};

export const models = [model];
