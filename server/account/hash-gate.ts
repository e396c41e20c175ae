// Password hashing is the one costly thing an anonymous caller can make the server do: each scrypt
// takes 128 MB and ~0.4 s of a thread in libuv's shared pool, the same pool that reads files. The
// gate lets a few hashes run at once and queues a bounded number more; beyond that the caller is
// told the server is busy at once, so a flood of sign-ins can neither exhaust memory nor starve
// file reads. Nobody waits for ever either: a waiter not started within the gate's wait is turned
// away as busy, so a caller always gets an answer it can act on.
//
// Waiting is by lane, not only by arrival: a known device (one that signed in to this account
// before) goes ahead of everyone and, when the queue is full, pushes out the newest waiter of a
// lower lane instead of being turned away; a slowed attempt (a client address or the academy over
// its failed sign-in limit, or a known device past its account's share of the known lane) goes
// after everyone. The two outer lanes run one at a time per key (the account of a known device, the
// client address of a slowed attempt, or its account past the share) and never take the last hash
// thread, which stays free for the ordinary lane: so neither a flood nor one account's own devices
// signing in over and over can keep everyone else's sign-in, registration or reset out.

export class HashGateFull extends Error {
  constructor(
    /** `full`: the queue had no room for this caller; `waited`: it was not started within the gate's wait. */
    readonly reason: 'full' | 'waited' = 'full',
  ) {
    super(reason === 'full' ? 'Too many password checks are waiting' : 'A password check waited longer than the gate allows');
  }
}

/** Who is asking, best first. */
export type HashLane = 'known' | 'normal' | 'slowed';
const RANK: Record<HashLane, number> = { known: 0, normal: 1, slowed: 2 };

export interface HashTurn {
  lane?: HashLane;
  /** Whose attempt it is (a known device's account, a slowed attempt's client address or account): those lanes run one at a time per key. */
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
  private readonly laneRunning: Record<HashLane, number> = { known: 0, normal: 0, slowed: 0 };
  /** The lane and key of each outer-lane hash running (one at a time per key). */
  private readonly keysRunning = new Set<string>();
  /** Ordered by lane, then by arrival. */
  private readonly waiting: Waiter[] = [];
  /** The most hashes that ever ran at once, and how many ran in all (read by tests). */
  peakRunning = 0;
  runs = 0;
  /** The longest the queue ever was, and the most hashes of each lane that ran at once (read by tests). */
  peakQueued = 0;
  readonly peakLaneRunning: Record<HashLane, number> = { known: 0, normal: 0, slowed: 0 };
  /** Runs per lane, waiters turned away at the end of their wait, and the longest wait of any waiter (read by tests). */
  readonly laneRuns: Record<HashLane, number> = { known: 0, normal: 0, slowed: 0 };
  expired = 0;
  longestWaitMs = 0;

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
    /** How long a waiter may wait for its turn before it is turned away. */
    readonly waitMs: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** Hashes running now (the metrics read it). */
  get runningNow(): number {
    return this.running;
  }

  /** Waiters of each lane now (the metrics read it). */
  waitingByLane(): Record<HashLane, number> {
    const counts: Record<HashLane, number> = { known: 0, normal: 0, slowed: 0 };
    for (const waiter of this.waiting) counts[waiter.lane] += 1;
    return counts;
  }

  /** The outer lanes leave one thread to the ordinary lane (when there is more than one). */
  private get outerLimit(): number {
    return Math.max(1, this.concurrency - 1);
  }

  private canStart(lane: HashLane, key: string): boolean {
    if (this.running >= this.concurrency) return false;
    return lane === 'normal' || (this.laneRunning[lane] < this.outerLimit && !this.keysRunning.has(`${lane}\n${key}`));
  }

  private take(lane: HashLane, key: string): void {
    this.running += 1;
    this.laneRunning[lane] += 1;
    if (lane !== 'normal') this.keysRunning.add(`${lane}\n${key}`);
    this.peakRunning = Math.max(this.peakRunning, this.running);
    this.peakLaneRunning[lane] = Math.max(this.peakLaneRunning[lane], this.laneRunning[lane]);
    this.runs += 1;
    this.laneRuns[lane] += 1;
  }

  private give(lane: HashLane, key: string): void {
    this.running -= 1;
    this.laneRunning[lane] -= 1;
    if (lane !== 'normal') this.keysRunning.delete(`${lane}\n${key}`);
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

  /** Waits for the lane's turn, or is refused: at once when the queue is full of waiters as good or better, or at the end of the wait. */
  private wait(lane: HashLane, key: string): Promise<void> {
    const queuedAt = performance.now();
    return new Promise<void>((start, refuse) => {
      const leave = () => {
        clearTimeout(deadline);
        this.longestWaitMs = Math.max(this.longestWaitMs, performance.now() - queuedAt);
      };
      const waiter: Waiter = {
        lane,
        key,
        start: () => {
          leave();
          start();
        },
        refuse: (error) => {
          leave();
          refuse(error);
        },
      };
      const deadline = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        this.expired += 1;
        waiter.refuse(new HashGateFull('waited'));
      }, this.waitMs);
      // A waiter's deadline alone never keeps the process alive.
      deadline.unref?.();
      try {
        this.enqueue(waiter);
      } catch (error) {
        waiter.refuse(error as Error);
      }
    });
  }

  /** Runs the task when its lane may; throws HashGateFull when turned away (queue full, or wait over). */
  async run<T>(task: () => Promise<T>, turn: HashTurn = {}): Promise<T> {
    const lane = turn.lane ?? 'normal';
    const key = turn.key ?? '';
    if (this.canStart(lane, key)) this.take(lane, key);
    else await this.wait(lane, key);
    try {
      return await task();
    } finally {
      this.give(lane, key);
    }
  }
}
