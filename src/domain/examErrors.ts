// How the app reads the exam server's refusals. The spec treats 403/404 on exam actions as "the exam
// was removed from your group"; a 403 for an exam that has not started yet is not a removal.
import type { FailureCode } from '../contracts/refusals';

export interface ExamFailure {
  status?: number;
  code?: FailureCode;
}

/** Refusals that only mean "not yet" or "not allowed now", never that the exam left the batch. */
const NOT_A_REMOVAL: ReadonlySet<FailureCode> = new Set<FailureCode>(['examNotStarted', 'retakeNotAllowed']);

export function meansExamRemoved(failure: ExamFailure): boolean {
  if (failure.code === 'examRemoved') return true;
  if (failure.code && NOT_A_REMOVAL.has(failure.code)) return false;
  return failure.status === 403 || failure.status === 404;
}
