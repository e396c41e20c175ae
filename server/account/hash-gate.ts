// Password hashing is the one costly thing an anonymous caller can make the server do: each scrypt
// takes 128 MB and ~0.4 s of a thread in libuv's shared pool, the same pool that reads files. The
// gate lets a few hashes run at once and queues a bounded number more; beyond that the caller is
// told the server is busy at once, so a flood of sign-ins can neither exhaust memory nor starve
// file reads.
//
// Waiting is by lane, not only by arrival: a known device (one that signed in to this account
// before) goes ahead of everyone and, when the queue is full, pushes out the newest waiter of a
// lower lane instead of being turned away; a slowed attempt (a client address or the academy over
// its failed sign-in limit) goes after everyone, runs one at a time per client address, and never
// takes the last hash thread, which stays free for the lanes above. So a flood can use at most the
// gate's spare capacity and is never what keeps a known device's sign-in out.

export class HashGateFull extends Error {
  constructor() {
    super('Too many password checks are waiting');
  }
}

/** Who is asking, best first. */
export type HashLane = 'known' | 'normal' | 'slowed';
const RANK: Record<HashLane, number> = { known: 0, normal: 1, slowed: 2 };

export interface HashTurn {
  lane?: HashLane;
  /** The client address (its limits' key): slowed attempts run one at a time per key. */
  key?: string;
}

interface Waiter {
  lane: HashLane;
  key: string;
  start: () => void;
  refuse: (error: Error) => void;
}

export class HashGate {
  private running = 0;
  private slowedRunning = 0;
  private readonly slowedKeys = new Map<string, number>();
  /** Ordered by lane, then by arrival. */
  private readonly waiting: Waiter[] = [];
  /** The most hashes that ever ran at once, and how many ran in all (read by tests). */
  peakRunning = 0;
  runs = 0;
  /** The longest the queue ever was, and the most slowed hashes that ran at once (read by tests). */
  peakQueued = 0;
  peakSlowedRunning = 0;
  /** Runs per lane (read by tests). */
  readonly laneRuns: Record<HashLane, number> = { known: 0, normal: 0, slowed: 0 };

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** Slowed attempts leave one thread to the lanes above (when there is more than one). */
  private get slowedLimit(): number {
    return Math.max(1, this.concurrency - 1);
  }

  private canStart(lane: HashLane, key: string): boolean {
    if (this.running >= this.concurrency) return false;
    return lane !== 'slowed' || (this.slowedRunning < this.slowedLimit && !this.slowedKeys.has(key));
  }

  private take(lane: HashLane, key: string): void {
    this.running += 1;
    if (lane === 'slowed') {
      this.slowedRunning += 1;
      this.peakSlowedRunning = Math.max(this.peakSlowedRunning, this.slowedRunning);
      this.slowedKeys.set(key, (this.slowedKeys.get(key) ?? 0) + 1);
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    this.runs += 1;
    this.laneRuns[lane] += 1;
  }

  private give(lane: HashLane, key: string): void {
    this.running -= 1;
    if (lane === 'slowed') {
      this.slowedRunning -= 1;
      const left = (this.slowedKeys.get(key) ?? 1) - 1;
      if (left > 0) this.slowedKeys.set(key, left);
      else this.slowedKeys.delete(key);
    }
    // Starts every waiter that may start now, best lane first.
    for (let i = 0; i < this.waiting.length && this.running < this.concurrency; ) {
      const waiter = this.waiting[i]!;
      if (!this.canStart(waiter.lane, waiter.key)) {
        i += 1;
        continue;
      }
      this.waiting.splice(i, 1);
      this.take(waiter.lane, waiter.key);
      waiter.start();
    }
  }

  /** Places a waiter behind every waiter of its lane or better; a full queue gives up its newest worse waiter. */
  private enqueue(waiter: Waiter): void {
    const rank = RANK[waiter.lane];
    if (this.waiting.length >= this.queueLimit) {
      let worst = -1;
      for (let i = this.waiting.length - 1; i >= 0; i -= 1) {
        if (RANK[this.waiting[i]!.lane] > rank && (worst < 0 || RANK[this.waiting[i]!.lane] > RANK[this.waiting[worst]!.lane])) worst = i;
      }
      if (worst < 0) throw new HashGateFull();
      const [pushedOut] = this.waiting.splice(worst, 1);
      pushedOut!.refuse(new HashGateFull());
    }
    let at = this.waiting.length;
    while (at > 0 && RANK[this.waiting[at - 1]!.lane] > rank) at -= 1;
    this.waiting.splice(at, 0, waiter);
    this.peakQueued = Math.max(this.peakQueued, this.waiting.length);
  }

  /** Runs the task when its lane may; throws HashGateFull when the queue is full of waiters as good or better. */
  async run<T>(task: () => Promise<T>, turn: HashTurn = {}): Promise<T> {
    const lane = turn.lane ?? 'normal';
    const key = turn.key ?? '';
    if (this.canStart(lane, key)) {
      this.take(lane, key);
    } else {
      await new Promise<void>((start, refuse) => this.enqueue({ lane, key, start, refuse }));
    }
    try {
      return await task();
    } finally {
      this.give(lane, key);
    }
  }
}
