import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { activityLogMachine, NO_FILTERS, RANGE_BACKWARDS } from '../../src/machines/activityLog.machine';
import type { ActivityPage, ActivityQuery } from '../../src/contracts/activity';
import { describePaths } from '../support/machine-paths';
import { answering, settle } from '../support/doubles';
import { activityPage, entry, models } from '../models/activityLog.model';

describePaths('activityLog paths', models);

describe('activityLog', () => {
  function start(pages: Array<ActivityPage | Error>, sheets: Array<Blob | Error> = []) {
    const log: string[] = [];
    const saved: string[] = [];
    const machine = activityLogMachine.provide({
      actors: {
        loadPage: answering<ActivityPage, ActivityQuery>(pages, log, 'load', (i) => JSON.stringify(i)),
        downloadSheet: answering<Blob, Omit<ActivityQuery, 'page' | 'limit'> & { format: 'csv' | 'xlsx' }>(sheets, log, 'sheet', (i) => JSON.stringify(i)),
      },
      actions: { saveSheet: (_, { format }) => saved.push(format) },
    });
    return { actor: createActor(machine).start(), log, saved };
  }

  it('filters, adds the next page below on More, and downloads the filtered sheet', async () => {
    const { actor, log, saved } = start([activityPage([entry(1)]), activityPage([entry(2)], { total: 2 }), activityPage([entry(2), entry(3)], { total: 2, page: 2 })], [new Blob(['x'])]);
    await settle();
    expect(actor.getSnapshot().can({ type: 'activity.more' })).toBe(false);
    const filters = { ...NO_FILTERS, staffId: 't1', kind: 'staffAdded' as const, from: '2026-12-01', to: '2026-12-01' };
    actor.send({ type: 'activity.filter', filters });
    await settle();
    actor.send({ type: 'activity.more' });
    await settle();
    expect(actor.getSnapshot().context.entries.map((e) => e._id)).toEqual(['e2', 'e3']);
    expect(actor.getSnapshot().can({ type: 'activity.more' })).toBe(false);
    actor.send({ type: 'sheet.download', format: 'xlsx' });
    await settle();
    expect(saved).toEqual(['xlsx']);
    expect(log).toEqual([
      'load {"page":1,"limit":50}',
      'load {"staffId":"t1","kind":"staffAdded","from":"2026-12-01","to":"2026-12-01","page":1,"limit":50}',
      'load {"staffId":"t1","kind":"staffAdded","from":"2026-12-01","to":"2026-12-01","page":2,"limit":50}',
      'sheet {"staffId":"t1","kind":"staffAdded","from":"2026-12-01","to":"2026-12-01","format":"xlsx"}',
    ]);
  });

  it('says a backwards range without asking, and an empty log plainly', async () => {
    const { actor, log } = start([activityPage([])]);
    await settle();
    expect(actor.getSnapshot().matches({ ready: { list: 'empty' } })).toBe(true);
    actor.send({ type: 'activity.filter', filters: { ...NO_FILTERS, from: '2026-12-31', to: '2026-12-01' } });
    expect(actor.getSnapshot().context.problem).toEqual({ title: RANGE_BACKWARDS });
    expect(log).toEqual(['load {"page":1,"limit":50}']);
  });
});
