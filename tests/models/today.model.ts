// The Today strip's path models: with nothing kept on the phone, and with a kept answer (offline opening).
import { todayMachine } from '../../src/machines/today.machine';
import type { Today } from '../../src/contracts/today';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });

export const answer = (serverNow = '2026-11-26T04:00:00.000Z'): Today => ({
  serverNow,
  running: [],
  open: [{ examId: 'e1', groupId: 'g1', title: 'Weekly Live Test', courseId: 'c1', isPracticeExam: false, startsAt: '2026-11-26T03:50:00.000Z', endsAt: '2026-11-26T06:00:00.000Z', deadlineAt: null, publishedAt: null }],
  upcoming: [],
  published: [],
});

const events = [{ type: 'today.retry' as const }, { type: 'connection.online' as const }];
const outcomes = { loadToday: { done: [answer()], error: [networkError] } };
// The clock and the kept answer's time do not make other states.
const serializeState = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);
const provide = { actions: { keepToday: () => {} } };

export const models: PathModel<typeof todayMachine>[] = [
  { name: 'nothing kept', machine: todayMachine, input: { kept: null, watched: [], deviceNow: () => 0 }, events, outcomes, serializeState, provide },
  { name: 'an answer kept', machine: todayMachine, input: { kept: { today: answer(), receivedAt: 0 }, watched: [], deviceNow: () => 0 }, events, outcomes, serializeState, provide },
];
