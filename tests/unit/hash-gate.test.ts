// The hash gate's lanes, with tasks held open by hand: who starts, who waits, who is pushed out, and
// who is turned away at the end of its wait.
import { afterEach, describe, expect, it, vi } from 'vitest';
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
/** A wait no test reaches, for the cases about order. */
const LONG_WAIT = 60_000;

describe('hash gate lanes', () => {
  it('starts known devices first, then good standing, then slowed attempts', async () => {
    const gate = new HashGate(1, 10, LONG_WAIT);
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

  // Slowed attempts one at a time per client address, known devices one at a time per account
  // (one student's devices signing in over and over); the third thread stays with the lane they leave it to.
  it.each([
    { lane: 'slowed', keys: ['10.0.0.1', '10.0.0.2', '10.0.0.3'], other: 'known' },
    { lane: 'known', keys: ['student:a', 'student:b', 'student:c'], other: 'normal' },
  ] as const)('keeps the last thread from the $lane lane and runs it one at a time per key', async ({ lane, keys: [a, b, c], other }) => {
    const gate = new HashGate(3, 10, LONG_WAIT);
    const started: string[] = [];
    const a1 = held(gate, started, 'a1', lane, a);
    const a2 = held(gate, started, 'a2', lane, a);
    const b1 = held(gate, started, 'b1', lane, b);
    const c1 = held(gate, started, 'c1', lane, c);
    const last = held(gate, started, other, other);
    await settle();
    // Two of three threads for the lane, never two of one key; the third is the other lane's.
    expect(started).toEqual(['a1', 'b1', other]);
    a1.release();
    await a1.outcome;
    await settle();
    expect(started).toEqual(['a1', 'b1', other, 'a2']);
    for (const task of [a2, b1, c1, last]) task.release();
    await Promise.all([a2.outcome, b1.outcome, c1.outcome, last.outcome]);
    expect(gate.peakLaneRunning[lane]).toBe(2);
  });

  it('pushes out the newest waiter of the worst lane for a better newcomer when full, else turns the newcomer away', async () => {
    const gate = new HashGate(1, 2, LONG_WAIT);
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

  it('keeps the spare thread for an ordinary waiter however many known devices wait ahead of it', async () => {
    const gate = new HashGate(2, 10, LONG_WAIT);
    const started: string[] = [];
    const known = Array.from({ length: 5 }, (_, i) => held(gate, started, `k${i}`, 'known', `student:${i}`));
    const fresh = held(gate, started, 'fresh', 'normal');
    await settle();
    expect(started).toEqual(['k0', 'fresh']);
    // Each known check that ends gives its thread to the next known device, never the ordinary one's.
    for (const [i, task] of known.entries()) {
      task.release();
      await task.outcome;
      await settle();
      expect(started).toEqual(['k0', 'fresh', ...known.slice(1, i + 2).map((_, j) => `k${j + 1}`)]);
    }
    fresh.release();
    expect(await fresh.outcome).toBe('fresh');
    expect(gate.peakLaneRunning.known).toBe(1);
  });
});

describe('hash gate deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns a waiter away at the end of its wait, and a started one never', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const gate = new HashGate(1, 10, 1_000);
    const started: string[] = [];
    const running = held(gate, started, 'running', 'known', 'student:a');
    const outcomes: Record<string, string> = {};
    const follow = (name: string, task: ReturnType<typeof held>) =>
      task.outcome.then(
        () => (outcomes[name] = 'done'),
        (error: unknown) => (outcomes[name] = error instanceof HashGateFull ? error.reason : String(error)),
      );
    const early = held(gate, started, 'early', 'known', 'student:b');
    const late = held(gate, started, 'late', 'normal');
    const followed = [follow('early', early), follow('late', late)];
    await vi.advanceTimersByTimeAsync(600);
    // The first waiter starts before its wait is over; its deadline must not fire afterwards.
    running.release();
    await running.outcome;
    await settle();
    expect(started).toEqual(['running', 'early']);
    await vi.advanceTimersByTimeAsync(399);
    expect(outcomes).toEqual({});
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes).toEqual({ late: 'waited' });
    expect(gate.queued).toBe(0);
    expect(gate.expired).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    early.release();
    await Promise.all(followed);
    expect(outcomes).toEqual({ late: 'waited', early: 'done' });
    expect(started).toEqual(['running', 'early']);
  });
});
