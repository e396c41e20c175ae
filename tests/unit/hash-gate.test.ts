// The hash gate's lanes, with tasks held open by hand: who starts, who waits, who is pushed out.
import { describe, expect, it } from 'vitest';
import { HashGate, HashGateFull, type HashLane } from '../../server/account/hash-gate.js';

/** A task that runs until released, recording when it started. */
function held(gate: HashGate, started: string[], name: string, lane: HashLane, key = name) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const outcome = gate.run(async () => {
    started.push(name);
    await done;
    return name;
  }, { lane, key });
  return { release, outcome };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('hash gate lanes', () => {
  it('starts known devices first, then good standing, then slowed attempts', async () => {
    const gate = new HashGate(1, 10);
    const started: string[] = [];
    const first = held(gate, started, 'first', 'normal');
    const slowed = held(gate, started, 'slowed', 'slowed');
    const normal = held(gate, started, 'normal', 'normal');
    const known = held(gate, started, 'known', 'known');
    await settle();
    expect(started).toEqual(['first']);
    for (const task of [first, known, normal, slowed]) {
      task.release();
      await task.outcome;
      await settle();
    }
    expect(started).toEqual(['first', 'known', 'normal', 'slowed']);
  });

  it('keeps the last thread from slowed attempts and runs them one at a time per address', async () => {
    const gate = new HashGate(3, 10);
    const started: string[] = [];
    const a1 = held(gate, started, 'a1', 'slowed', 'a');
    const a2 = held(gate, started, 'a2', 'slowed', 'a');
    const b1 = held(gate, started, 'b1', 'slowed', 'b');
    const c1 = held(gate, started, 'c1', 'slowed', 'c');
    const known = held(gate, started, 'known', 'known');
    await settle();
    // Two of three threads for slowed attempts, never two of one address; the third is the known device's.
    expect(started).toEqual(['a1', 'b1', 'known']);
    a1.release();
    await a1.outcome;
    await settle();
    expect(started).toEqual(['a1', 'b1', 'known', 'a2']);
    for (const task of [a2, b1, c1, known]) task.release();
    await Promise.all([a2.outcome, b1.outcome, c1.outcome, known.outcome]);
    expect(gate.peakSlowedRunning).toBe(2);
  });

  it('pushes out the newest waiter of the worst lane for a better newcomer when full, else turns the newcomer away', async () => {
    const gate = new HashGate(1, 2);
    const started: string[] = [];
    const running = held(gate, started, 'running', 'normal');
    const slowedOld = held(gate, started, 'slowed-old', 'slowed', 'x');
    const slowedNew = held(gate, started, 'slowed-new', 'slowed', 'y');
    const normal = held(gate, started, 'normal', 'normal');
    await expect(slowedNew.outcome).rejects.toBeInstanceOf(HashGateFull);
    const known = held(gate, started, 'known', 'known');
    await expect(slowedOld.outcome).rejects.toBeInstanceOf(HashGateFull);
    // Full of waiters as good as these: they are turned away themselves.
    await expect(gate.run(async () => 'late', { lane: 'normal' })).rejects.toBeInstanceOf(HashGateFull);
    expect(gate.queued).toBe(2);
    for (const task of [running, known, normal]) {
      task.release();
      await task.outcome;
      await settle();
    }
    expect(started).toEqual(['running', 'known', 'normal']);
    expect(gate.peakQueued).toBe(2);
  });
});
