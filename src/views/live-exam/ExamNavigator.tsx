// The exam navigator (src/machines/examNavigator.machine.ts): the grid of the paper's questions opened
// from the exam bar, each number coloured by its answer's true state with a word for it (colour is never
// the only sign), a flag mark on questions flagged for review, and a legend. A tap on a number shows that
// question. Its implementations: the flags and drafts live in the answer store on this device.
import { useMemo } from 'react';
import { assign, type ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { examNavigatorMachine } from '../../machines/examNavigator.machine';
import type { answerOutboxMachine } from '../../machines/answerOutbox.machine';
import { answerStore } from '../../services/answerStore';
import { cellLabel, navigatorCells, TRUTH_LEGEND, type AnswerTruth } from '../../domain/examNavigator';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';

export type NavigatorActor = ActorRefFrom<typeof examNavigatorMachine>;
type OutboxActor = ActorRefFrom<typeof answerOutboxMachine>;

/** The attempt's navigator, its flags and drafts read from and kept on this device. */
export function useExamNavigator(studentId: string, examId: string): NavigatorActor {
  return useActorRef(
    examNavigatorMachine.provide({
      actions: {
        readDrafts: assign(() => ({ drafts: answerStore.draftQuestionIds(studentId, examId) })),
        keepFlags: (_, { flags }) => answerStore.writeFlags(studentId, examId, flags),
        showQuestion: (_, { questionId }) => showQuestionWhenDialogCloses(questionId),
      },
    }),
    { input: { flags: answerStore.readFlags(studentId, examId) } },
  );
}

/**
 * The dialog gives the focus back to the button that opened it as it closes; the question takes it once
 * the dialog has gone (a few frames at most), and is scrolled to under the page's header.
 */
export function showQuestionWhenDialogCloses(questionId: string, framesLeft = 60): void {
  if (document.querySelector('[role="dialog"]') && framesLeft > 0) {
    requestAnimationFrame(() => showQuestionWhenDialogCloses(questionId, framesLeft - 1));
    return;
  }
  const card = document.querySelector<HTMLElement>(`article[data-question-id="${CSS.escape(questionId)}"]`);
  if (!card) return;
  card.scrollIntoView({ block: 'start' });
  card.focus({ preventScroll: true });
}

const CELL_LOOKS: Record<AnswerTruth, string> = {
  sent: 'border-emerald-700 bg-emerald-700 text-white',
  phone: 'border-amber-600 bg-amber-100 text-amber-950',
  draft: 'border-sky-700 bg-sky-50 text-sky-950 border-dashed',
  none: 'border-slate-300 bg-white text-slate-800',
};

/** The mark shown in a cell beside its number: colour is never the only sign. */
const CELL_MARKS: Record<AnswerTruth, string> = { sent: '✓', phone: '↑', draft: '✎', none: '' };

export function NavigatorDialog({ navigator, outbox, questionIds }: { navigator: NavigatorActor; outbox: OutboxActor; questionIds: readonly string[] }) {
  const open = useSelector(navigator, (s) => s.matches('open'));
  const flags = useSelector(navigator, (s) => s.context.flags);
  const drafts = useSelector(navigator, (s) => s.context.drafts);
  const entries = useSelector(outbox, (s) => s.context.entries);
  const cells = useMemo(() => navigatorCells(questionIds, entries, new Set(drafts), new Set(flags)), [questionIds, entries, drafts, flags]);
  const flagged = cells.filter((cell) => cell.flagged).length;
  return (
    <Modal
      open={open}
      onClose={() => navigator.send({ type: 'navigator.close' })}
      title="Questions"
      closeLabel="Close the question grid"
      actions={
        <Button variant="secondary" onClick={() => navigator.send({ type: 'navigator.close' })}>
          Close
        </Button>
      }
    >
      <ol className="grid grid-cols-5 gap-2 sm:grid-cols-8" aria-label="Questions of the paper">
        {cells.map((cell) => (
          <li key={cell.questionId}>
            <button
              type="button"
              onClick={() => navigator.send({ type: 'navigator.jump', questionId: cell.questionId })}
              aria-label={cellLabel(cell)}
              data-truth={cell.truth}
              data-flagged={cell.flagged || undefined}
              className={`relative flex h-11 w-full items-center justify-center gap-0.5 rounded-lg border-2 text-sm font-semibold focus:outline-2 focus:outline-offset-2 focus:outline-brand-600 ${CELL_LOOKS[cell.truth]}`}
            >
              {cell.number}
              {CELL_MARKS[cell.truth] && (
                <span aria-hidden="true" className="text-xs">
                  {CELL_MARKS[cell.truth]}
                </span>
              )}
              {cell.flagged && (
                <span aria-hidden="true" className="absolute -right-1 -top-1 rounded-full bg-red-700 px-1 text-[0.65rem] leading-4 text-white">
                  ⚑
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
      <ul className="mt-4 space-y-1 text-sm text-slate-700" aria-label="What the colours mean">
        {TRUTH_LEGEND.map(([truth, words]) => (
          <li key={truth} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-flex h-5 w-7 items-center justify-center rounded border-2 text-xs ${CELL_LOOKS[truth]}`}>
              {CELL_MARKS[truth]}
            </span>
            {words} ({cells.filter((cell) => cell.truth === truth).length})
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-flex h-5 w-7 items-center justify-center rounded bg-red-700 text-xs text-white">
            ⚑
          </span>
          Flagged for review ({flagged})
        </li>
      </ul>
    </Modal>
  );
}

/** "Flag for review" on a question card: a toggle, pressed while the question is flagged. */
export function FlagButton({ navigator, questionId }: { navigator: NavigatorActor; questionId: string }) {
  const flagged = useSelector(navigator, (s) => s.context.flags.includes(questionId));
  return (
    <button
      type="button"
      aria-pressed={flagged}
      onClick={() => navigator.send({ type: 'question.flag', questionId })}
      className={`inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium ${flagged ? 'bg-red-50 text-red-800' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      <span aria-hidden="true">⚑</span> Flag for review
    </button>
  );
}
