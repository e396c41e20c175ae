// The running attempts kept on this device, so a reload or a cold open with no connection still
// opens the exam: the paper as the student may see it (the server never sends an answer key), the
// server's deadline and the clock offset measured when it arrived. The answers themselves are the
// answer store's (answerStore.ts). Kept under keptAttempts[studentId][examId]; forgotten when the
// attempt is submitted, found submitted or removed, and at sign-out (clearOnSignOut).
import type { CurrentExam } from '../contracts/exams';
import { readStoredObject, removeStudentExam, STORAGE_KEYS } from './storage';

/** A running attempt as kept: its batch, its paper and the server timing of the countdown. */
export interface KeptAttempt {
  groupId: string;
  exam: CurrentExam;
  /** The attempt's end on the server's clock, the server's clock then, and the device time it arrived (ms). */
  timing: { deadlineAt: string; serverNow: string; receivedAt: number };
}

type AllKept = Record<string, Record<string, KeptAttempt>>;

/** An attempt whose end is this long past is not kept any more (it is finished on the server by then). */
const KEEP_AFTER_DEADLINE_MS = 24 * 60 * 60_000;

export interface KeptAttempts {
  read(studentId: string, examId: string, groupId: string): KeptAttempt | null;
  keep(studentId: string, examId: string, attempt: KeptAttempt): void;
  forget(studentId: string, examId: string): void;
}

export function createKeptAttempts(storage: () => Storage | null, now: () => number = Date.now): KeptAttempts {
  const readAll = (): AllKept => readStoredObject<AllKept>(storage(), STORAGE_KEYS.keptAttempts);
  const writeAll = (all: AllKept): boolean => {
    const s = storage();
    if (!s) return false;
    if (Object.keys(all).length === 0) {
      s.removeItem(STORAGE_KEYS.keptAttempts);
      return true;
    }
    try {
      s.setItem(STORAGE_KEYS.keptAttempts, JSON.stringify(all));
      return true;
    } catch {
      // Storage is full: the answers matter more than an offline copy of the paper.
      return false;
    }
  };
  return {
    read(studentId, examId, groupId) {
      const kept = readAll()[studentId]?.[examId];
      return kept && kept.groupId === groupId ? kept : null;
    },
    keep(studentId, examId, attempt) {
      const all = readAll();
      const mine = Object.fromEntries(
        Object.entries(all[studentId] ?? {}).filter(([, kept]) => Date.parse(kept.timing.deadlineAt) + KEEP_AFTER_DEADLINE_MS > now()),
      );
      mine[examId] = attempt;
      all[studentId] = mine;
      // No room with the others: keep this attempt alone.
      if (!writeAll(all)) writeAll({ [studentId]: { [examId]: attempt } });
    },
    forget(studentId, examId) {
      const all = readAll();
      if (removeStudentExam(all, studentId, examId)) writeAll(all);
    },
  };
}

export const keptAttempts = createKeptAttempts(() => (typeof localStorage === 'undefined' ? null : localStorage));
