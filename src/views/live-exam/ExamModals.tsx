// The exam screen's dialogs: submit confirmation, time over, internet advisory, quit, removed exam
// and the answer error.
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { submissionMessages, type examSubmissionMachine } from '../../machines/examSubmission.machine';
import type { AnswerFailure } from '../../machines/answerOutbox.machine';

type SubmissionActor = ActorRefFrom<typeof examSubmissionMachine>;

function Modal({ open, onClose, title, children, actions }: { open: boolean; onClose: () => void; title: string; children?: ReactNode; actions: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-3">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {children && <div className="mt-2 text-sm text-slate-700">{children}</div>}
          <div className="mt-5 flex justify-end gap-2">{actions}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const primary = 'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300';
const secondary = 'rounded-md px-4 py-2 text-sm ring-1 ring-slate-300 hover:bg-slate-100';
const ignore = () => {};

export function ConfirmSubmitModal({ submission }: { submission: SubmissionActor }) {
  const open = useSelector(submission, (s) => s.matches('confirming') || ((s.matches('flushing') || s.matches('submitting')) && s.context.returnTo === 'confirming'));
  const busy = useSelector(submission, (s) => s.hasTag('submitting'));
  const online = useSelector(submission, (s) => s.context.online);
  const canConfirm = useSelector(submission, (s) => s.can({ type: 'submission.confirm' }));
  return (
    <Modal
      open={open}
      onClose={() => submission.send({ type: 'submission.cancel' })}
      title="Submit exam"
      actions={
        <>
          <button type="button" className={secondary} disabled={busy} onClick={() => submission.send({ type: 'submission.cancel' })}>
            Cancel
          </button>
          <button type="button" className={primary} disabled={!canConfirm} onClick={() => submission.send({ type: 'submission.confirm' })}>
            {busy ? 'Submitting…' : 'Submit'}
          </button>
        </>
      }
    >
      <p>{submissionMessages.confirm}</p>
      {!online && (
        <p className="mt-2 font-semibold text-red-600" role="alert">
          {submissionMessages.offlineInConfirm}
        </p>
      )}
    </Modal>
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
        <button type="button" className={primary} disabled={busy} onClick={() => submission.send({ type: 'submission.confirm' })}>
          {busy ? 'Submitting…' : 'Ok'}
        </button>
      }
    >
      <p>Your answers will be submitted now.</p>
    </Modal>
  );
}

/** Advice shown when the exam opens: a stable internet connection keeps answers flowing. */
export function AdvisoryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="সতর্কতা"
      actions={
        <button type="button" className={primary} onClick={onClose}>
          OK
        </button>
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
          <button type="button" className={secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={primary} onClick={onQuit}>
            Quit
          </button>
        </>
      }
    >
      <p>Are you sure you want to quit? Once quit your submitted answer state will be erased.</p>
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
        <button type="button" className={primary} onClick={onBack}>
          Back
        </button>
      }
    >
      <p>This exam has been removed from your batch. Please go back to the 'Exam' page to view other exams.</p>
    </Modal>
  );
}

export function AnswerErrorDialog({ failure, onClose }: { failure: AnswerFailure | null; onClose: () => void }) {
  return (
    <Modal
      open={!!failure}
      onClose={onClose}
      title="Submit Answer Error"
      actions={
        <button type="button" className={primary} onClick={onClose}>
          OK
        </button>
      }
    >
      {failure && (
        <>
          <p className="font-semibold">Question No {failure.questionNumber}</p>
          <p>{failure.message}</p>
        </>
      )}
    </Modal>
  );
}
