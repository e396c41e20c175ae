import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { staffWeekMachine, WEEK_CLOCK_MS } from '../../src/machines/staffWeek.machine';
import type { StaffSchedule } from '../../src/contracts/staffSchedule';
import { describePaths } from '../support/machine-paths';
import { models, offline, running, THIS_WEEK, week } from '../models/staffWeek.model';
import { expired } from '../models/staffDesk.model';
import { settle } from '../support/doubles';

describePaths('staffWeek paths', models);

describe('staffWeek', () => {
  /** Answers each read in turn; a read waits while `hold` is set, until release() is called. */
  function start(answers: Array<StaffSchedule | Error>) {
    const asked: string[] = [];
    const held: Array<() => void> = [];
    let hold = false;
    const machine = staffWeekMachine.provide({
      actors: {
        loadWeek: fromPromise<StaffSchedule, { weekOf: string }>(async ({ input }) => {
          asked.push(input.weekOf);
          if (hold) await new Promise<void>((resolve) => held.push(resolve));
          const answer = answers.shift();
          if (!answer) throw new Error('no more answers');
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { thisWeek: THIS_WEEK }, clock }).start();
    return { actor, asked, clock, holdReads: (on: boolean) => (hold = on), release: () => held.splice(0).forEach((r) => r()) };
  }

  it('goes back and forth between weeks by their Mondays and back to this week', async () => {
    const { actor, asked } = start([week(THIS_WEEK, [running(0, 0)]), week('2026-11-16', []), week('2026-11-23', []), week('2026-11-30', [])]);
    await settle();
    expect(actor.getSnapshot().matches({ listed: 'current' })).toBe(true);
    actor.send({ type: 'week.previous' });
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'week.current' });
    await settle();
    actor.send({ type: 'week.next' });
    await settle();
    expect(asked).toEqual(['2026-11-23', '2026-11-16', '2026-11-23', '2026-11-30']);
    expect(actor.getSnapshot().context.weekOf).toBe('2026-11-30');
  });

  it('reads the week again for activity of an exam on screen, once more for activity during the read, and ignores other exams', async () => {
    const { actor, asked, holdReads, release } = start([week(THIS_WEEK, [running(0, 0)]), week(THIS_WEEK, [running(1, 0)]), week(THIS_WEEK, [running(2, 1)])]);
    await settle();
    actor.send({ type: 'week.activity', examId: 'another', groupId: running(0, 0).groupId });
    await settle();
    expect(asked).toHaveLength(1);
    holdReads(true);
    actor.send({ type: 'week.activity', examId: running(0, 0).exam._id, groupId: running(0, 0).groupId });
    await settle();
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    // The rows stay on screen while the week is read again.
    expect(actor.getSnapshot().context.schedule?.assignments[0]).toMatchObject({ started: 0 });
    actor.send({ type: 'week.activity', examId: running(0, 0).exam._id, groupId: running(0, 0).groupId });
    holdReads(false);
    release();
    await settle();
    expect(asked).toHaveLength(3);
    expect(actor.getSnapshot().matches({ listed: 'current' })).toBe(true);
    expect(actor.getSnapshot().context.schedule?.assignments[0]).toMatchObject({ started: 2, submitted: 1 });
  });

  it('reads the week again every minute, keeps the rows when that fails, and ends at a 401', async () => {
    const { actor, asked, clock } = start([week(THIS_WEEK, [running(0, 0)]), offline, week(THIS_WEEK, [running(4, 4)]), expired]);
    await settle();
    clock.increment(WEEK_CLOCK_MS);
    await settle();
    expect(actor.getSnapshot().matches({ listed: 'current' })).toBe(true);
    expect(actor.getSnapshot().context.problem?.title).toBeTruthy();
    expect(actor.getSnapshot().context.schedule?.assignments).toHaveLength(1);
    clock.increment(WEEK_CLOCK_MS);
    await settle();
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(actor.getSnapshot().context.schedule?.assignments[0]).toMatchObject({ started: 4 });
    clock.increment(WEEK_CLOCK_MS);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(asked).toHaveLength(4);
  });

  it('says why the week failed and loads it again on Try again', async () => {
    const { actor } = start([offline, week(THIS_WEEK, [])]);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Please check your internet connection then try again.' });
    actor.send({ type: 'week.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});
