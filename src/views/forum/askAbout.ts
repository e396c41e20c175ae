// "Ask about this" on a video and on a result question: the forum of the course opens with its ask form
// filled in (course, subject, chapter and, for an exam question, the question quoted). The form's fields
// travel in the navigation's state, which the forum list reads once (ForumListScreen).
import { useNavigate } from 'react-router-dom';
import type { AskFields } from '../../machines/askQuestion.machine';

interface AskAboutState {
  askAbout?: AskFields;
}

/** Opens the course's forum with the ask form filled in. */
export function useAskAbout(): (about: AskFields) => void {
  const navigate = useNavigate();
  return (about) => navigate(`/qa-forum-list/${about.courseId}`, { state: { askAbout: about } satisfies AskAboutState });
}

/** The form's fields an "Ask about this" sent with the navigation, if any. */
export const askAboutOf = (state: unknown): AskFields | null => (state as AskAboutState | null)?.askAbout ?? null;

/** A result question quoted at the head of the question's details. */
export const quotedExamQuestion = (examTitle: string, number: number, title: string): string => `About question ${number} of "${examTitle}":\n“${title}”\n\n`;
