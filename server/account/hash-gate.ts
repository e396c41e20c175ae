// Password hashing is the one costly thing an anonymous caller can make the server do: each scrypt
// takes 128 MB and ~0.4 s of a thread in libuv's shared pool, the same pool that reads files. The
// gate lets a few hashes run at once and queues a bounded number more; beyond that the caller is
// told the server is busy at once, so a flood of sign-ins can neither exhaust memory nor starve
// file reads.

export class HashGateFull extends Error {
  constructor() {
    super('Too many password checks are waiting');
  }
}

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most hashes that ever ran at once, and how many ran in all (read by tests). */
  peakRunning = 0;
  runs = 0;

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs the task when a place is free; throws HashGateFull when the queue is full too. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.queueLimit) throw new HashGateFull();
      // The place is handed over by the task that finishes, so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    this.runs += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
