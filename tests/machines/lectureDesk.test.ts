import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { lectureDeskMachine, type LectureAction } from '../../src/machines/lectureDesk.machine';
import type { LectureDesk } from '../../src/contracts/lectures';
import { describePaths } from '../support/machine-paths';
import { settle } from '../support/doubles';
import { deskWith, lecture, models, refused } from '../models/lectureDesk.model';

describePaths('lecture desk paths', models);

describe('lecture desk', () => {
  function start(loads: LectureDesk[], acts: Array<ReturnType<typeof lecture> | null | Error> = []) {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const actor = createActor(
      lectureDeskMachine.provide({
        actors: {
          loadDesk: fromPromise(async () => {
            calls.push('load');
            return loads.shift()!;
          }),
          act: fromPromise(async ({ input }: { input: { action: LectureAction; id: string } }) => {
            calls.push(`${input.action} ${input.id}`);
            const answer = acts.shift();
            if (answer instanceof Error) throw answer;
            return answer ?? null;
          }),
        },
      }),
      { clock },
    ).start();
    return { actor, clock, calls };
  }

  it('asks again every few seconds only while a lecture is unfinished, and hears live changes', async () => {
    const { actor, clock, calls } = start([deskWith(lecture('transcoding')), deskWith(lecture('ready'))]);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    clock.increment(5000);
    await settle();
    expect(calls).toEqual(['load', 'load']);
    expect(actor.getSnapshot().context.desk!.lectures[0]!.state).toBe('ready');
    clock.increment(60_000);
    await settle();
    expect(calls).toEqual(['load', 'load']);
    actor.send({ type: 'lectures.heard', lecture: lecture('queued', 'lc0000000000000000000009') });
    expect(actor.getSnapshot().context.desk!.lectures.map((l) => l.state)).toEqual(['queued', 'ready']);
  });

  it('deletes only after a confirmation, and shows a refusal in words', async () => {
    const { actor, calls } = start([deskWith(lecture('failed'))], [null, refused(409, 'Only a lecture whose packaging failed or was cancelled can be retried.', 'lectureNotRetryable')]);
    await settle();
    actor.send({ type: 'lecture.delete', id: 'lc0000000000000000000001' });
    actor.send({ type: 'lecture.keep' });
    expect(calls).toEqual(['load']);
    actor.send({ type: 'lecture.delete', id: 'lc0000000000000000000001' });
    actor.send({ type: 'lecture.confirm' });
    await settle();
    expect(calls).toEqual(['load', 'delete lc0000000000000000000001']);
    expect(actor.getSnapshot().context.desk!.lectures).toEqual([]);
    actor.send({ type: 'lecture.retry', id: 'lc0000000000000000000001' });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Only a lecture whose packaging failed or was cancelled can be retried.' });
  });
});
