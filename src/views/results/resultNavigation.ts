// The ways into a result (an exam card's View Result, a scoreboard row) and how results screens
// speak of a failed request.
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { failureOf } from '../../domain/failures';
import { MESSAGES } from '../../domain/messages';
import { showFailure, toast } from '../ui/toast';

/** The result's address, or null for a row that lacks its exam or group. */
export const resultPath = (examId: string | null | undefined, groupId: string | null | undefined): string | null => (examId && groupId ? `/result/${examId}/${groupId}` : null);

/** 'You cannot view the details of this exam!' with 'Info is missing!'. */
export const tellResultInfoMissing = (): void => toast.error(MESSAGES.resultWithoutGroup, MESSAGES.resultWithoutGroupInfo);

/** Opens a result, or says the row cannot be opened (spec section 8). */
export function useOpenResult(): (examId: string | null | undefined, groupId: string | null | undefined) => void {
  const navigate = useNavigate();
  return (examId, groupId) => {
    const path = resultPath(examId, groupId);
    if (path) navigate(path, { state: { hasResult: true } });
    else tellResultInfoMissing();
  };
}

/** A failed results request: 'Internet connection lost.' when no answer came, else the server's words. */
export function showResultsFailure(error: unknown): void {
  if (failureOf(error).network) toast.error(MESSAGES.connectionLost);
  else showFailure(error);
}

/** Back where the student came from, or to My Exams when the result was the first page opened. */
export function goBackFrom(navigate: NavigateFunction): void {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (index > 0) navigate(-1);
  else navigate('/exams', { replace: true });
}
