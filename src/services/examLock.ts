// Whether an exam is running on this device, in any tab. A running exam holds a shared Web Lock, so
// another tab (and the update prompt) can tell without messages or timers, and a tab that closes or
// crashes lets go by itself. Without Web Locks (older browsers) only this tab's own exams are known.

/** The parts of the browser's LockManager used here. */
export interface ExamLocks {
  request(name: string, options: { mode: 'shared' | 'exclusive' }, callback: () => Promise<void> | void): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
}

const EXAM_LOCK = 'academy-exam-running';

const browserLocks = (): ExamLocks | null => (typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as ExamLocks) : null);

/** Exams running on this device, as `holdExamRunning` and the questions below see them. */
export function createExamLock(locks: () => ExamLocks | null) {
  let ownExams = 0;
  const ownEnded = new Set<() => void>();
  const ownStarted = new Set<() => void>();

  return {
    /** Marks an exam as running until the returned function is called (the attempt's `running` state). */
    holdExamRunning(): () => void {
      ownExams++;
      ownStarted.forEach((listener) => listener());
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      void locks()?.request(EXAM_LOCK, { mode: 'shared' }, () => held).catch(() => undefined);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        ownExams--;
        release();
        if (ownExams === 0) ownEnded.forEach((listener) => listener());
      };
    },

    /** Whether an exam runs in this tab or any other (one about to start counts). */
    async examRunning(): Promise<boolean> {
      if (ownExams > 0) return true;
      const manager = locks();
      if (!manager) return false;
      const { held = [], pending = [] } = await manager.query();
      return [...held, ...pending].some((lock) => lock.name === EXAM_LOCK);
    },

    /** Resolves once no exam runs in any tab (at once when none does). */
    async untilNoExamRunning(): Promise<void> {
      if (ownExams > 0) await new Promise<void>((resolve) => ownEnded.add(function ended() {
        ownEnded.delete(ended);
        resolve();
      }));
      // An exclusive request is granted only when no tab holds the shared one; it is let go at once.
      await locks()?.request(EXAM_LOCK, { mode: 'exclusive' }, () => undefined);
    },

    /** Resolves when an exam starts in this tab. */
    whenExamStarts(): Promise<void> {
      return new Promise((resolve) => ownStarted.add(function started() {
        ownStarted.delete(started);
        resolve();
      }));
    },
  };
}

export const examLock = createExamLock(browserLocks);
