// The server's clock. Exam integrity depends on it; tests may shift it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock a test can move forward without waiting, and hold still where a test counts the time between two
 * requests (a back-off's delay), so that a slow machine's own time never passes for it.
 */
export class ShiftedClock implements Clock {
  private offsetMs = 0;
  private heldAt: number | null = null;
  now(): Date {
    return new Date(this.heldAt ?? Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    if (this.heldAt !== null) this.heldAt += ms;
    else this.offsetMs += ms;
  }
  /** Stops the clock where it is until release(); advance() still moves it. */
  hold(): void {
    this.heldAt ??= Date.now() + this.offsetMs;
  }
  /** Lets it run again from where it stands. */
  release(): void {
    if (this.heldAt === null) return;
    this.offsetMs = this.heldAt - Date.now();
    this.heldAt = null;
  }
}
