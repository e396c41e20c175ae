// The exam screen's dialogs: submit confirmation, time over, internet advisory, quit, removed exam
// and the answer error.
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { submissionMessages, type examSubmissionMachine } from '../../machines/examSubmission.machine';
import type { AnswerFailure, answerOutboxMachine } from '../../machines/answerOutbox.machine';
import { deliveryLine, unansweredCells, unansweredWords } from '../../domain/examNavigator';
import { showQuestionWhenDialogCloses } from './ExamNavigator';
import { MESSAGES, questionNumberLabel } from '../../domain/messages';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';

type SubmissionActor = ActorRefFrom<typeof examSubmissionMachine>;
type OutboxActor = ActorRefFrom<typeof answerOutboxMachine>;

const ignore = () => {};

export function ConfirmSubmitModal({ submission, outbox, questionIds }: { submission: SubmissionActor; outbox: OutboxActor; questionIds: readonly string[] }) {
  const open = useSelector(submission, (s) => s.matches('confirming') || ((s.matches('flushing') || s.matches('submitting')) && s.context.returnTo === 'confirming'));
  const busy = useSelector(submission, (s) => s.hasTag('submitting'));
  const online = useSelector(submission, (s) => s.context.online);
  const canConfirm = useSelector(submission, (s) => s.can({ type: 'submission.confirm' }));
  // Where the answers are: all on the server, or how many the phone still holds (sent before the submit).
  const whereAnswersAre = useSelector(outbox, (s) => deliveryLine(s.context.entries));
  return (
    <Modal
      open={open}
      onClose={() => submission.send({ type: 'submission.cancel' })}
      title="Submit exam"
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => submission.send({ type: 'submission.cancel' })}>
            Cancel
          </Button>
          <Button disabled={!canConfirm} busy={busy} onClick={() => submission.send({ type: 'submission.confirm' })}>
            {busy ? 'Submitting…' : 'Submit'}
          </Button>
        </>
      }
    >
      <p>{submissionMessages.confirm}</p>
      <UnansweredLine outbox={outbox} questionIds={questionIds} onJump={(questionId) => {
        submission.send({ type: 'submission.cancel' });
        showQuestionWhenDialogCloses(questionId);
      }} />
      {whereAnswersAre && (
        <p className="mt-2 text-slate-700" data-testid="answers-where">
          {whereAnswersAre}
        </p>
      )}
      {!online && (
        <p className="mt-2 font-semibold text-red-700" role="alert">
          {submissionMessages.offlineInConfirm}
        </p>
      )}
    </Modal>
  );
}

/** Which questions have no answer, as a quiz summary names them: each number goes back to its question. */
function UnansweredLine({ outbox, questionIds, onJump }: { outbox: OutboxActor; questionIds: readonly string[]; onJump: (questionId: string) => void }) {
  const entries = useSelector(outbox, (s) => s.context.entries);
  const unanswered = unansweredCells(questionIds, entries);
  if (unanswered.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1 text-slate-800" data-testid="unanswered">
      <span className="mr-1 font-semibold">{unansweredWords(unanswered.length, questionIds.length)}</span>
      {unanswered.map((cell) => (
        <Button key={cell.questionId} variant="secondary" aria-label={`Go to question ${cell.number}`} onClick={() => onJump(cell.questionId)}>
          {cell.number}
        </Button>
      ))}
    </div>
  );
}

export function TimeOverModal({ submission }: { submission: SubmissionActor }) {
  const open = useSelector(submission, (s) => s.matches('timeOver') || ((s.matches('flushing') || s.matches('submitting')) && s.context.returnTo === 'timeOver'));
  const busy = useSelector(submission, (s) => s.hasTag('submitting'));
  return (
    <Modal
      open={open}
      onClose={ignore}
      title={submissionMessages.timeOver}
      actions={
        <Button busy={busy} onClick={() => submission.send({ type: 'submission.confirm' })}>
          {busy ? 'Submitting…' : 'Ok'}
        </Button>
      }
    >
      <p>Your answers will be submitted now.</p>
    </Modal>
  );
}

/**
 * Gives a dialog's button the focus once the dialog has placed its own: on a touch screen the dialog
 * focuses its panel (so that no keyboard pops up), and the advisory's OK must have it, so Enter closes it.
 */
const focusOnOpen = (button: HTMLButtonElement | null) => {
  if (!button) return;
  const frame = requestAnimationFrame(() => button.focus());
  return () => cancelAnimationFrame(frame);
};

/** Advice shown when an attempt first opens: a stable internet connection keeps answers flowing. OK has the focus, so Enter closes it. */
export function AdvisoryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="সতর্কতা"
      actions={
        <Button ref={focusOnOpen} onClick={onClose}>
          OK
        </Button>
      }
    >
      <p lang="bn">পরীক্ষা শুরু করার আগে অনুগ্রহ করে নিশ্চিত করুন যে আপনার ইন্টারনেট সংযোগ স্থিতিশীল আছে।</p>
    </Modal>
  );
}

export function QuitModal({ open, onCancel, onQuit }: { open: boolean; onCancel: () => void; onQuit: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Quit exam"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onQuit}>
            Quit
          </Button>
        </>
      }
    >
      <p>{MESSAGES.quitConfirm}</p>
    </Modal>
  );
}

export function RemovedModal({ open, onBack }: { open: boolean; onBack: () => void }) {
  return (
    <Modal
      open={open}
      onClose={ignore}
      title="Exam removed"
      actions={
        <Button onClick={onBack}>Back</Button>
      }
    >
      <p>{MESSAGES.examRemovedFromBatch}</p>
    </Modal>
  );
}

export function AnswerErrorDialog({ failure, onClose }: { failure: AnswerFailure | null; onClose: () => void }) {
  return (
    <Modal
      open={!!failure}
      onClose={onClose}
      title={MESSAGES.submitAnswerError}
      actions={<Button onClick={onClose}>OK</Button>}
    >
      {failure && (
        <>
          <p className="font-semibold">{questionNumberLabel(failure.questionNumber)}</p>
          <p>{failure.message}</p>
        </>
      )}
    </Modal>
  );
}
