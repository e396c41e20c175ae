// The Bangla advisory about a stable connection is read once per attempt: when the attempt opens on this
// device for the first time, before the first answer. Reopening the exam, a reload, or an offline cold open
// twenty minutes in do not show it again. The device remembers, per student and exam, the start of the
// attempt it was shown for; a retake (a new start) shows it again.
import { readStoredObject, STORAGE_KEYS } from './storage';

type Shown = Record<string, Record<string, string>>;

export interface ExamAdvisory {
  /** Whether the advisory is still to be shown for this attempt (identified by its start time). */
  due(studentId: string, examId: string, attemptStartedAt: string): boolean;
  /** The student closed it: not again for this attempt. */
  shown(studentId: string, examId: string, attemptStartedAt: string): void;
}

function createExamAdvisory(storage: () => Storage | null): ExamAdvisory {
  const read = () => readStoredObject<Shown>(storage(), STORAGE_KEYS.examAdvisoryShown);
  return {
    due: (studentId, examId, attemptStartedAt) => read()[studentId]?.[examId] !== attemptStartedAt,
    shown(studentId, examId, attemptStartedAt) {
      const all = read();
      try {
        storage()?.setItem(STORAGE_KEYS.examAdvisoryShown, JSON.stringify({ ...all, [studentId]: { ...all[studentId], [examId]: attemptStartedAt } }));
      } catch {
        // No room on the device: the advisory shows again at the next opening, which is no loss.
      }
    },
  };
}

export const examAdvisory = createExamAdvisory(() => (typeof localStorage === 'undefined' ? null : localStorage));
