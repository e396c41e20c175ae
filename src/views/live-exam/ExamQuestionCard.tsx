// One question of the live exam: number, title, marks, images and PDFs, and the input its type needs.
// It renders and sends intents: whether an answer may change, and the toast when it may not, are the
// answer outbox's (src/machines/answerOutbox.machine.ts).
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { answerLockedIn, type answerOutboxMachine } from '../../machines/answerOutbox.machine';
import { mcaValue, optionIndex } from '../../domain/scoring';
import type { PublicQuestion } from '../../contracts/exams';
import { answerStore, type LocalSavedAnswer, type PendingFile } from '../../services/answerStore';
import { fileToPending } from '../../services/uploads';
import { MESSAGES } from '../../domain/messages';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { buttonClass } from '../ui/looks';
import { toast } from '../ui/toast';
import { fileNameOf, mediaUrl } from '../ui/media';
import { optionLetter } from '../../domain/scoring';
import { useQuestionAnswer } from './questionAnswer';
import { FlagButton, type NavigatorActor } from './ExamNavigator';

type OutboxActor = ActorRefFrom<typeof answerOutboxMachine>;

const ACCEPTED_FILES = ['image/jpeg', 'image/png', 'application/pdf', 'audio/mpeg', 'audio/wav'];

interface ExamQuestionCardProps {
  question: PublicQuestion;
  number: number;
  disabled: boolean;
  outbox: OutboxActor;
  /** The exam navigator: the card offers Flag for review. */
  navigator: NavigatorActor;
}

interface CardProps extends ExamQuestionCardProps {
  entry: LocalSavedAnswer | undefined;
  /** Why the server refused the last answer sent for this question. */
  refusal?: string;
  /** The outbox's lock rule: the given answer can no longer change (written answers once submitted). */
  locked: boolean;
}

/**
 * Reads its own question's answer from the outbox, and renders again only when that answer (or its own
 * props) changes: the outbox keeps every other question's entry as it was, so choosing an option
 * re-renders one card of a 200-question paper, not all of them.
 */
export const ExamQuestionCard = memo(function ExamQuestionCard(cardProps: ExamQuestionCardProps) {
  const { question, number, outbox } = cardProps;
  const { entry, refusal } = useQuestionAnswer(outbox, question._id);
  const locked = answerLockedIn(outbox.getSnapshot().context, question.type, entry);
  const props: CardProps = { ...cardProps, entry, refusal, locked };
  // Off-screen cards skip layout and paint with the block of five cards they are in (ExamSession).
  return (
    <article tabIndex={-1} className="scroll-mt-28 rounded-xl border border-slate-200 bg-white p-3 shadow-sm focus:outline-2 focus:outline-brand-600 sm:p-4" aria-label={`Question ${number}`} data-question-id={question._id} data-question-type={question.type}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-medium text-slate-900">
          <span className="mr-1 font-semibold">{number}.</span>
          {question.title}
        </h3>
        <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Marks: {question.point}</span>
      </div>
      {question.image.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {question.image.map((src, imageIndex) => (
            <img key={src} src={mediaUrl(src)} alt={`Figure ${imageIndex + 1} of question ${number}`} className="max-h-60 max-w-full rounded border border-slate-200" />
          ))}
        </div>
      )}
      {question.file.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {question.file.map((file) => (
            <li key={file}>
              <a href={mediaUrl(file)} target="_blank" rel="noreferrer" className="inline-flex min-h-10 items-center text-brand-700 underline">
                {fileNameOf(file)}
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        {question.type === 'MCQ' && <SingleChoice {...props} />}
        {question.type === 'MCA' && <TrueFalseChoices {...props} />}
        {question.type === 'checkbox' && <MultipleChoice {...props} />}
        {(question.type === 'shortAns' || question.type === 'paragraph') && <WrittenAnswer {...props} />}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-x-2">
        <AnswerState entry={props.entry} refusal={props.refusal} />
        <FlagButton navigator={cardProps.navigator} questionId={question._id} />
      </div>
    </article>
  );
});

/** Where this question's answer is: not given yet, sent, saved only on this phone (sent later), being sent, or refused and why. */
function AnswerState({ entry, refusal }: { entry: LocalSavedAnswer | undefined; refusal?: string }) {
  const line = 'mt-2 flex items-center gap-1.5 text-sm';
  if (refusal)
    return (
      <p className={`${line} font-semibold text-red-800`} data-testid="answer-state" data-state="failed">
        Not saved: {refusal.replace(/\.$/, "")}.{entry?.delivered ? ' Your earlier answer stands.' : ''}
      </p>
    );
  // An unanswered question keeps the line too: the first answer then changes the line's words, not the
  // card's height, so the paper below does not move (nor need laying out and painting again) at that tap.
  if (!entry || entry.count === 0) return <p className={`${line} text-slate-600`}>Not answered</p>;
  if (entry.delivered)
    return (
      <p className={`${line} text-emerald-800`} data-testid="answer-state" data-state="sent">
        <span aria-hidden="true">✓</span> Sent
      </p>
    );
  if (entry.offline)
    return (
      <p className={`${line} font-semibold text-amber-800`} data-testid="answer-state" data-state="saved">
        Saved on this phone; it will be sent when the connection returns.
      </p>
    );
  return (
    <p className={`${line} text-slate-700`} data-testid="answer-state" data-state="sending">
      Sending…
    </p>
  );
}

function OptionLabel({ question, index }: { question: PublicQuestion; index: number }) {
  const text = question.options[index];
  return (
    <>
      <span className="mr-2 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold">{optionLetter(index)}</span>
      {question.optionType[String(index)] === 'image' ? <img src={mediaUrl(text)} alt={`Option ${optionLetter(index)}`} className="max-h-40 rounded" /> : <span>{text}</span>}
    </>
  );
}

const choose = (props: CardProps, answer: (string | number | null)[], extra?: { answerIndex?: number; files?: PendingFile[] }) =>
  props.outbox.send({
    type: 'answer.choose',
    questionId: props.question._id,
    questionNumber: props.number,
    questionType: props.question.type,
    optionCount: props.question.options.length,
    answer,
    timestamp: Date.now(),
    ...extra,
  });

/**
 * Arrow keys move focus within a group of radio options, and the browser checks each option it passes;
 * an answer must be chosen only on purpose (a tap, Space or Enter), so changes made by arrow keys are
 * ignored (the controlled radio springs back) and Enter chooses the focused option.
 */
function useDeliberateChoice() {
  const byArrow = useRef(false);
  return {
    group: {
      onKeyDown: (event: KeyboardEvent) => {
        byArrow.current = event.key.startsWith('Arrow');
      },
      onPointerDown: () => {
        byArrow.current = false;
      },
    },
    option: (pick: () => void) => ({
      onChange: () => {
        if (!byArrow.current) pick();
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        pick();
      },
    }),
  };
}

function SingleChoice(props: CardProps) {
  const { question, entry, disabled } = props;
  const chosen = optionIndex(entry?.answer[0] ?? null, question.options.length);
  const deliberate = useDeliberateChoice();
  // A locked answer is refused (and the student told) by the outbox.
  const pick = (index: number) => {
    if (chosen !== index) choose(props, [index]);
  };
  return (
    <fieldset className="space-y-1.5" disabled={disabled} {...deliberate.group}>
      <legend className="sr-only">Options of question {props.number}</legend>
      {question.options.slice(0, 11).map((_, index) => (
        <label key={index} className={`flex min-h-11 cursor-pointer items-center rounded-md border px-2 py-2 ${chosen === index ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}>
          <input type="radio" className="mr-2" name={`q-${question._id}`} checked={chosen === index} {...deliberate.option(() => pick(index))} />
          <OptionLabel question={question} index={index} />
        </label>
      ))}
    </fieldset>
  );
}

function TrueFalseChoices(props: CardProps) {
  const { question, entry, disabled } = props;
  const values = question.options.map((_, i) => mcaValue(entry?.answer[i] ?? null));
  // An option that already has a value is locked: the outbox refuses the change and tells the student.
  const set = (index: number, value: 'true' | 'false') => {
    if (values[index] === value) return;
    const next = values.map((v, i) => (i === index ? value : v));
    choose(props, next, { answerIndex: index });
  };
  const deliberate = useDeliberateChoice();
  return (
    <fieldset className="space-y-1.5" disabled={disabled} {...deliberate.group}>
      <legend className="sr-only">Options of question {props.number}</legend>
      {question.options.slice(0, 11).map((_, index) => (
        <div key={index} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-2 py-1.5">
          <div className="flex items-center">
            <OptionLabel question={question} index={index} />
          </div>
          <div className="flex gap-1" role="radiogroup" aria-label={question.optionType[String(index)] === 'image' ? `Option ${optionLetter(index)}` : `Option ${optionLetter(index)}: ${question.options[index]}`}>
            {(['true', 'false'] as const).map((value) => (
              <label key={value} className="flex min-h-10 cursor-pointer items-center gap-1 rounded px-2 text-sm">
                <input type="radio" name={`q-${question._id}-${index}`} checked={values[index] === value} {...deliberate.option(() => set(index, value))} />
                {value === 'true' ? 'True' : 'False'}
              </label>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

function MultipleChoice(props: CardProps) {
  const { question, entry, disabled, locked } = props;
  const saved = (entry?.answer ?? []).map((item) => optionIndex(item, question.options.length)).filter((i): i is number => i !== null);
  const [picked, setPicked] = useState<number[]>(saved);
  const toggle = (index: number) => setPicked((current) => (current.includes(index) ? current.filter((i) => i !== index) : [...current, index].sort((a, b) => a - b)));
  return (
    <fieldset className="space-y-1.5" disabled={disabled || locked}>
      <legend className="sr-only">Options of question {props.number}</legend>
      {question.options.slice(0, 11).map((_, index) => (
        <label key={index} className={`flex min-h-11 cursor-pointer items-center rounded-md border px-2 py-2 ${picked.includes(index) ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}>
          <input type="checkbox" className="mr-2" checked={picked.includes(index)} onChange={() => toggle(index)} />
          <OptionLabel question={question} index={index} />
        </label>
      ))}
      <Button disabled={picked.length === 0} onClick={() => choose(props, picked)} className="mt-1">
        Submit Answer
      </Button>
    </fieldset>
  );
}

/**
 * A shortAns or paragraph box. What is typed is kept on the phone as a draft at each change (never sent
 * before Submit Answer), and comes back after a reload, offline too; the line under the box says so.
 */
function WrittenAnswer(props: CardProps) {
  const { question, entry, disabled, locked: submitted, outbox } = props;
  const { studentId, examId } = outbox.getSnapshot().context;
  const given = typeof entry?.answer[0] === 'string' ? (entry.answer[0] as string) : '';
  const [text, setText] = useState(() => (submitted ? null : answerStore.readDraft(studentId, examId, question._id)) ?? given);
  const [files, setFiles] = useState<File[]>([]);
  const draftKept = !submitted && text !== '' && text !== given;
  const type = (typed: string) => {
    setText(typed);
    if (typed === given) answerStore.clearDraft(studentId, examId, question._id);
    else answerStore.writeDraft(studentId, examId, question._id, typed);
  };
  const rows = Math.min(5, Math.max(3, text.split('\n').length));
  // The app's own dialog asks before a written answer is given (it cannot be changed afterwards).
  const [confirming, setConfirming] = useState(false);
  const ask = () => {
    if (!text.trim() && files.length === 0) {
      toast.warning(MESSAGES.provideAnswer);
      return;
    }
    setConfirming(true);
  };
  const submit = async () => {
    setConfirming(false);
    const pending = await Promise.all(files.map((file) => fileToPending(file)));
    choose(props, [text], { files: pending });
    answerStore.clearDraft(studentId, examId, question._id);
    setFiles([]);
  };
  return (
    <fieldset className="space-y-2" disabled={disabled || submitted}>
      <label className="sr-only" htmlFor={`answer-${question._id}`}>
        Answer to question {props.number}
      </label>
      <textarea
        id={`answer-${question._id}`}
        rows={rows}
        value={text}
        onChange={(e) => type(e.target.value)}
        className="w-full rounded-md border border-slate-300 p-2 text-sm"
        placeholder={question.type === 'paragraph' ? 'Write your answer' : 'Short answer'}
        aria-describedby={draftKept ? `draft-${question._id}` : undefined}
      />
      {draftKept && (
        <p id={`draft-${question._id}`} className="text-sm text-slate-700" data-testid="draft-state">
          Draft kept on this phone
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label className={`cursor-pointer focus-within:ring-2 focus-within:ring-brand-600 ${buttonClass({ variant: 'secondary' })}`}>
          Attach files
          <input
            type="file"
            multiple
            accept={ACCEPTED_FILES.join(',')}
            className="sr-only"
            onChange={(e) => setFiles([...(e.target.files ?? [])].filter((file) => ACCEPTED_FILES.includes(file.type)))}
          />
        </label>
        {files.map((file) => (
          <span key={file.name} className="rounded bg-slate-100 px-2 py-0.5 text-xs">
            {file.name}
          </span>
        ))}
        {entry?.extra.map((file) => (
          <a key={file.key} href={mediaUrl(file.key)} target="_blank" rel="noreferrer" className="inline-flex min-h-10 items-center rounded bg-slate-100 px-2 text-xs text-brand-700 underline">
            {file.name}
          </a>
        ))}
        <Button onClick={ask} className="ml-auto">
          {!submitted ? 'Submit Answer' : entry?.delivered ? 'Answer Submitted' : 'Saved on this phone'}
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Submit answer ${props.number}`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void submit()}>Submit</Button>
          </>
        }
      >
        <p>{MESSAGES.confirmSubmit}</p>
      </Modal>
    </fieldset>
  );
}
