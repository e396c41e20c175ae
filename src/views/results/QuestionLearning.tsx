// Under each question of the student's result: "Study: <chapter or subject>" (the chapter's videos and
// notes, or the subject's chapters; only when the student's batches reach the course, which the server
// decides) and "Ask about this question" (the course's forum with its ask form filled in and the question
// quoted). The teacher desk's copy of the result shows neither.
import type { ResultAnswer, StudentResult, StudyPlace } from '../../contracts/results';
import type { AskFields } from '../../machines/askQuestion.machine';
import { isHiddenChapter } from '../../domain/forum';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { quotedExamQuestion, useAskAbout } from '../forum/askAbout';

/** The address and words of a study place: the chapter's tab that has something, else the subject's chapters; null where nothing is to study. */
function studyLink(place: StudyPlace): { to: string; label: string } | null {
  if (place.studyTab === null) return null;
  if (place.studyTab !== 'chapters' && place.chapterId) return { to: `/${place.studyTab}/${place.chapterId}/chapter`, label: place.chapterName ?? 'Chapter' };
  return { to: `/chapters/${place.subjectId}`, label: place.subjectName ?? 'Subject' };
}

/**
 * The ask form's fields for a result question: the exam's course, the question's subject and chapter
 * where the student may ask about them (a chapter the form hides, by the spec's rule, is left for the
 * student to pick), and the question quoted with its number and the exam's name.
 */
function askFieldsFor(result: Pick<StudentResult, 'courseId' | 'title'>, answer: ResultAnswer, number: number): AskFields {
  const place = answer.questionId.study;
  const chapterId = place?.chapterId && !isHiddenChapter(place.chapterName ?? '') ? place.chapterId : '';
  return { courseId: result.courseId, subjectId: place?.subjectId ?? '', chapterId, details: quotedExamQuestion(result.title, number, answer.questionId.title) };
}

export function QuestionLearning({ result, answer, number }: { result: StudentResult; answer: ResultAnswer; number: number }) {
  const askAbout = useAskAbout();
  const place = answer.questionId.study;
  const link = place ? studyLink(place) : null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 print:hidden">
      {link && (
        <ButtonLink variant="quiet" to={link.to} aria-label={`Study: ${link.label} (question ${number})`}>
          Study: {link.label}
        </ButtonLink>
      )}
      <Button variant="quiet" aria-label={`Ask about this question (question ${number})`} onClick={() => askAbout(askFieldsFor(result, answer, number))}>
        Ask about this question
      </Button>
    </div>
  );
}
