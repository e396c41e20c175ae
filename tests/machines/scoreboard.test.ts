import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { scoreboardMachine, type MeritRequest, type PageRequest } from '../../src/machines/scoreboard.machine';
import type { MeritList, ScoreboardPage } from '../../src/contracts/results';
import { describePaths } from '../support/machine-paths';
import { models, networkError, page, whole, merit, exam } from '../models/scoreboard.model';
import { settle } from '../support/doubles';

describePaths('scoreboard paths', models);

describe('scoreboard', () => {
  function start(pages: Record<string, ScoreboardPage>, merits: Record<string, MeritList> = {}) {
    const log: string[] = [];
    const machine = scoreboardMachine.provide({
      actors: {
        loadPage: fromPromise<ScoreboardPage, PageRequest>(async ({ input }) => {
          log.push(`page ${input.courseId || '*'} after ${input.lastId ?? '-'}`);
          const answer = pages[`${input.courseId}|${input.lastId ?? ''}`];
          if (!answer) throw networkError;
          return answer;
        }),
        loadAll: fromPromise(async ({ input }) => {
          log.push(`all ${input.courseId || '*'}`);
          return whole(['a', 'b', 'c']);
        }),
        loadMerit: fromPromise<MeritList, MeritRequest>(async ({ input }) => {
          log.push(`merit ${input.examId} ${input.isPracticeExam ? 'PRACTICE' : 'LIVE'} after ${input.after ?? '-'}`);
          return merits[String(input.after ?? '')]!;
        }),
      },
      actions: { notifyFailure: () => log.push('failure'), print: () => log.push('print') },
    });
    const actor = createActor(machine).start();
    return { actor, log };
  }

  it('pages by lastId until the last page, then asks no more', async () => {
    const { actor, log } = start({ '|': page(['a', 'b'], 'b'), '|b': page(['c'], null) });
    await settle();
    actor.send({ type: 'rows.more' });
    await settle();
    actor.send({ type: 'rows.more' });
    await settle();
    expect(actor.getSnapshot().context.rows.map((r) => r._id)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['page * after -', 'page * after b']);
  });

  it('starts over from the first page of the chosen course', async () => {
    const { actor, log } = start({ '|': page(['a', 'b'], 'b'), 'c1|': page(['x'], null) });
    await settle();
    actor.send({ type: 'course.select', courseId: 'c1' });
    await settle();
    expect(actor.getSnapshot().context.rows.map((r) => r._id)).toEqual(['x']);
    expect(log).toEqual(['page * after -', 'page c1 after -']);
  });

  it('takes a course picked while another loads (a slow link) or after a failed load, and shows the latest pick', async () => {
    const { actor, log } = start({ '|': page(['a'], null), 'c2|': page(['y'], null) });
    await settle();
    actor.send({ type: 'course.select', courseId: 'c1' });
    actor.send({ type: 'course.select', courseId: 'c2' });
    await settle();
    expect(actor.getSnapshot().context.courseId).toBe('c2');
    expect(actor.getSnapshot().context.rows.map((r) => r._id)).toEqual(['y']);
    // c3 cannot be loaded; picking c2 again from the failure loads it.
    actor.send({ type: 'course.select', courseId: 'c3' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'course.select', courseId: 'c2' });
    await settle();
    expect(actor.getSnapshot().context.rows.map((r) => r._id)).toEqual(['y']);
    expect(log).toEqual(['page * after -', 'page c1 after -', 'page c2 after -', 'page c3 after -', 'failure', 'page c2 after -']);
  });

  it('reads every row before printing the Progress Report', async () => {
    const { actor, log } = start({ '|': page(['a'], 'a') });
    await settle();
    actor.send({ type: 'report.print' });
    await settle();
    expect(log).toEqual(['page * after -', 'all *', 'print']);
    expect(actor.getSnapshot().context.rows).toHaveLength(3);
    expect(actor.getSnapshot().context.hasMore).toBe(false);
  });

  it('opens the merit list, pages it and closes it', async () => {
    const { actor, log } = start({ '|': page(['a'], null) }, { '': merit([1, 2], 2), '2': merit([3], null) });
    await settle();
    actor.send({ type: 'merit.open', exam });
    await settle();
    expect(actor.getSnapshot().matches({ ready: { merit: 'open' } })).toBe(true);
    actor.send({ type: 'merit.more' });
    await settle();
    expect(actor.getSnapshot().context.merit?.rows.map((r) => r.position)).toEqual([1, 2, 3]);
    actor.send({ type: 'merit.more' });
    actor.send({ type: 'merit.close' });
    expect(actor.getSnapshot().matches({ ready: { merit: 'closed' } })).toBe(true);
    expect(log).toEqual(['page * after -', 'merit e1 LIVE after -', 'merit e1 LIVE after 2']);
  });
});
