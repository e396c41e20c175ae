// The path model of the desk's activity log (filters, More, the sheet downloads).
import { activityLogMachine, NO_FILTERS } from '../../src/machines/activityLog.machine';
import type { ActivityEntry, ActivityPage } from '../../src/contracts/activity';
import type { PathModel } from '../support/machine-paths';
import { networkError, refusal } from './staffAccounts.model';

export const dayInvalid = refusal(400, 'dayInvalid', 'Please give the day as a date, such as 2026-12-03.');

export const entry = (n: number, options: Partial<ActivityEntry> = {}): ActivityEntry => ({
  _id: `e${n}`, at: '2026-12-03T04:00:00.000Z', staffId: 'a1', staffName: 'Admin Rahman', kind: 'staffAdded', summary: `Added teacher ${n}`, courseId: null, courseName: null, ...options,
});

export const activityPage = (entries: ActivityEntry[], options: Partial<ActivityPage> = {}): ActivityPage => ({
  entries, total: entries.length, page: 1, limit: 50, people: [{ _id: 'a1', name: 'Admin Rahman' }], courses: [{ _id: 'c1', name: 'MBBS' }], ...options,
});

export const models: PathModel<typeof activityLogMachine>[] = [
  {
    machine: activityLogMachine,
    events: [
      { type: 'activity.retry' },
      { type: 'activity.filter', filters: { ...NO_FILTERS, staffId: 't1', from: '2026-12-01', to: '2026-12-31' } },
      { type: 'activity.filter', filters: { ...NO_FILTERS, from: '2026-12-31', to: '2026-12-01' } },
      { type: 'activity.more' },
      { type: 'sheet.download', format: 'xlsx' },
    ],
    outcomes: {
      loadPage: { done: [activityPage([entry(1)], { total: 120 }), activityPage([])], error: [dayInvalid, networkError] },
      downloadSheet: { done: [new Blob(['When,Who'])], error: [networkError] },
    },
    serializeState: (s) => JSON.stringify({ value: s.value, entries: s.context.entries.length > 0, more: s.context.entries.length < (s.context.latest?.total ?? 0), filtered: s.context.filters.staffId !== '', problem: s.context.problem !== null }),
  },
];
