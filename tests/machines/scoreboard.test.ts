import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { scoreboardMachine, type MeritRequest, type PageRequest } from '../../src/machines/scoreboard.machine';
import type { MeritList, MeritRow, Scoreboard, ScoreboardPage, ScoreboardRow } from '../../src/contracts/results';
import { CoverageRecorder, runPath, transitionPaths, type PathModel } from '../support/machine-paths';
import { settle } from '../support/doubles';

const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });

const row = (id: string): ScoreboardRow => ({ _id: id }) as ScoreboardRow;
const head = { student: { _id: 's1', name: 'Student', sid: '1001', branch: null, groups: [] }, courses: [{ _id: 'c1', name: 'MBBS' }], summary: {} as ScoreboardPage['summary'] };
const page = (ids: string[], lastId: string | null): ScoreboardPage => ({ ...head, examResult: ids.map(row), lastId, hasMore: lastId !== null });
const whole = (ids: string[]): Scoreboard => ({ ...head, results: { examResult: ids.map(row) } });
const meritRow = (position: number): MeritRow => ({ position, rank: position, isMe: false }) as MeritRow;
const merit = (positions: number[], next: number | null): MeritList => ({ exam: {} as MeritList['exam'], total: 3, next, me: null, data: positions.map(meritRow) });
const exam = { examId: 'e1', isPracticeExam: false, title: 'Live' };

describe('scoreboard paths', () => {
  const model: PathModel<typeof scoreboardMachine> = {
    machine: scoreboardMachine,
    // Context grows with rows: two states are the same when their state value and paging position are.
    serializeState: (s) => JSON.stringify([s.value, s.context.hasMore, s.context.merit?.next ?? null, s.context.courseId]),
    events: [
      { type: 'course.select', courseId: 'c1' },
      { type: 'rows.more' },
      { type: 'retry' },
      { type: 'print' },
      { type: 'merit.open', exam },
      { type: 'merit.more' },
      { type: 'merit.retry' },
      { type: 'merit.close' },
    ],
    outcomes: {
      loadPage: { done: [page(['a', 'b'], 'b'), page(['c'], null)], error: [networkError] },
      loadAll: { done: [whole(['a', 'b', 'c'])], error: [networkError] },
      loadMerit: { done: [merit([1, 2], 2), merit([3], null)], error: [networkError] },
    },
  };
  const paths = transitionPaths(model);
  const coverage = new CoverageRecorder(scoreboardMachine);
  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    coverage.add(runPath(model, path));
  });
  it('takes every state and transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});

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

  it('reads every row before printing the Progress Report', async () => {
    const { actor, log } = start({ '|': page(['a'], 'a') });
    await settle();
    actor.send({ type: 'print' });
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
