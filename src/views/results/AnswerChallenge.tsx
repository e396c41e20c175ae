// Answer-key challenges on the result screen (issue 28): the window's closing time once, each question's
// challenge (open, accepted, rejected with the teacher's reply) with Challenge this answer / Edit
// challenge while the window is open, and the form in a dialog, which is the `challenge` child of the
// result's machine. The regrade note (when, and this student's old → new marks and rank) is here too,
// shared by the result and the scoreboard.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RegradeInfo, StudentChallenge, StudentChallenges } from '../../contracts/challenges';
import type { ResultAnswer } from '../../contracts/results';
import { answerChallengeMachine, answerChallengeMessages, CHALLENGE_PHOTOS_MAX } from '../../machines/answerChallenge.machine';
import { CHALLENGE_REASON_MAX, regradeMessage } from '../../domain/challenges';
import { formatAcademyTime } from '../../domain/academyTime';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { InlineAlert } from '../ui/InlineAlert';
import { mediaUrl } from '../ui/media';
import { optionLetter } from '../../domain/scoring';

type ChallengeActor = ActorRefFrom<typeof answerChallengeMachine>;

const STATUS: Record<StudentChallenge['status'], { label: string; tone: string }> = {
  open: { label: 'Open: waiting for a teacher', tone: 'bg-amber-100 text-amber-900' },
  accepted: { label: 'Accepted', tone: 'bg-green-100 text-green-800' },
  rejected: { label: 'Rejected', tone: 'bg-red-100 text-red-800' },
};

const optionWords = (options: readonly number[]) => options.map(optionLetter).join(', ');

/** What a challenge proposes, in words: "You proposed: B" or "You said the question is flawed". */
export const proposalWords = (challenge: Pick<StudentChallenge, 'options' | 'flawed'>) =>
  challenge.flawed ? 'You said the question is flawed.' : `You proposed: ${optionWords(challenge.options)}.`;

/** The window's closing time, once above the questions. */
export function ChallengeWindowLine({ challenges, failed, onRetry }: { challenges: StudentChallenges | null; failed: boolean; onRetry: () => void }) {
  if (failed) {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700 print:hidden" role="status">
        Challenges could not be loaded.
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </p>
    );
  }
  const closesAt = challenges?.window.closesAt;
  if (!challenges || !closesAt) return null;
  return (
    <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="challenge-window">
      {challenges.window.open ? (
        <>
          Think a key is wrong? <strong>Challenges close {formatAcademyTime(closesAt)}</strong>.
        </>
      ) : (
        <>Challenges closed {formatAcademyTime(closesAt)}.</>
      )}
    </p>
  );
}

/** One question's challenge: its state and the teacher's reply, and the button that opens the form while it may. */
export function QuestionChallenge({ answer, number, challenge, canChallenge, onOpen }: { answer: ResultAnswer; number: number; challenge: StudentChallenge | null; canChallenge: boolean; onOpen: () => void }) {
  if (!challenge && !canChallenge) return null;
  return (
    <div className="mt-3 space-y-2 text-sm print:hidden" data-testid={`challenge-${answer.questionId._id}`}>
      {challenge && (
        <div className="rounded-lg border border-slate-200 p-3">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Your challenge:</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[challenge.status].tone}`}>{STATUS[challenge.status].label}</span>
          </p>
          <p className="mt-1">{proposalWords(challenge)}</p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{challenge.reason}</p>
          {challenge.reply && (
            <p className="mt-2 rounded bg-slate-50 p-2">
              <span className="font-semibold">Teacher's reply:</span> {challenge.reply}
            </p>
          )}
        </div>
      )}
      {canChallenge && (
        <Button variant="secondary" aria-label={`${challenge ? 'Edit challenge' : 'Challenge this answer'}: question ${number}`} onClick={onOpen}>
          {challenge ? 'Edit challenge' : 'Challenge this answer'}
        </Button>
      )}
    </div>
  );
}

/** The form of one question's challenge, in a dialog, while the result's machine has its `challenge` child. */
export function ChallengeDialog({ actor, answer }: { actor: ChallengeActor | undefined; answer: ResultAnswer | null }) {
  return <Modal open={Boolean(actor && answer)} onClose={() => actor?.send({ type: 'challenge.close' })} title={actor ? <DialogTitleText actor={actor} /> : 'Challenge'} closeLabel="Close challenge">{actor && answer && <ChallengeForm actor={actor} answer={answer} />}</Modal>;
}

function DialogTitleText({ actor }: { actor: ChallengeActor }) {
  const number = useSelector(actor, (s) => s.context.number);
  return <>Challenge question {number}</>;
}

function ChallengeForm({ actor, answer }: { actor: ChallengeActor; answer: ResultAnswer }) {
  const composing = useSelector(actor, (s) => s.matches('composing'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const sent = useSelector(actor, (s) => s.matches('sent'));
  const closed = useSelector(actor, (s) => s.matches('closed'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const saved = useSelector(actor, (s) => s.context.saved);
  const canEdit = useSelector(actor, (s) => s.can({ type: 'challenge.edit' }));
  const close = () => actor.send({ type: 'challenge.close' });

  if (sent && saved) {
    return (
      <div className="space-y-3 text-sm" role="status">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">Your challenge is sent:</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[saved.status].tone}`}>{STATUS[saved.status].label}</span>
        </p>
        <p>{proposalWords(saved)}</p>
        <p className="whitespace-pre-line text-slate-700">{saved.reason}</p>
        <p className="text-slate-700">A teacher reads every challenge of this question and decides; you will be told the decision.</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          {canEdit && <Button onClick={() => actor.send({ type: 'challenge.edit' })}>Edit</Button>}
        </div>
      </div>
    );
  }
  if (closed) {
    return (
      <div className="space-y-3 text-sm">
        <InlineAlert words={{ title: failure ?? answerChallengeMessages.windowClosed }} />
        <div className="flex justify-end">
          <Button onClick={close}>Close</Button>
        </div>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="space-y-3 text-sm">
        <InlineAlert words={{ title: failure ?? '' }} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'challenge.edit' })}>
            Back to the form
          </Button>
          <Button onClick={() => actor.send({ type: 'challenge.retry' })}>Try again</Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="space-y-4 text-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'challenge.send' });
      }}
    >
      <ProposalField actor={actor} answer={answer} disabled={!composing} />
      <ReasonField actor={actor} disabled={!composing} />
      <PhotosField actor={actor} disabled={!composing} />
      {failure && <InlineAlert words={{ title: failure }} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={close}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Send challenge
        </Button>
      </div>
    </form>
  );
}

const LEGENDS = { MCQ: 'The right answer is', checkbox: 'The right options are', MCA: 'The true statements are' } as Record<string, string>;

function ProposalField({ actor, answer, disabled }: { actor: ChallengeActor; answer: ResultAnswer; disabled: boolean }) {
  const options = useSelector(actor, (s) => s.context.options);
  const flawed = useSelector(actor, (s) => s.context.flawed);
  const error = useSelector(actor, (s) => s.context.errors.proposal);
  const question = answer.questionId;
  const single = question.type === 'MCQ';
  const kind = single ? 'radio' : 'checkbox';
  const name = `challenge-${question._id}`;
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="font-semibold text-slate-800">{LEGENDS[question.type] ?? 'The right answer is'}</legend>
      <ul className="mt-2 space-y-1.5">
        {question.options.map((text, index) => (
          <li key={index}>
            <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-2">
              <input type={kind} name={name} className="h-5 w-5 shrink-0" disabled={disabled} checked={options.includes(index)} onChange={() => actor.send({ type: 'challenge.choose', option: index })} />
              <span className="font-semibold">{optionLetter(index)}.</span>
              {question.optionType[String(index)] === 'image' ? <img src={mediaUrl(text)} alt={`Option ${optionLetter(index)}`} className="max-h-20 rounded" /> : <span className="min-w-0 break-words">{text}</span>}
            </label>
          </li>
        ))}
        <li>
          <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-2">
            <input type={kind} name={name} className="h-5 w-5 shrink-0" disabled={disabled} checked={flawed} onChange={() => actor.send({ type: 'challenge.flawed' })} />
            <span>The question is flawed (no option is right as written)</span>
          </label>
        </li>
      </ul>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ReasonField({ actor, disabled }: { actor: ChallengeActor; disabled: boolean }) {
  const reason = useSelector(actor, (s) => s.context.reason);
  const error = useSelector(actor, (s) => s.context.errors.reason);
  const questionId = useSelector(actor, (s) => s.context.questionId);
  const id = `challenge-reason-${questionId}`;
  const length = [...reason.trim()].length;
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-800">
        Your reason
      </label>
      <p id={`${id}-hint`} className="text-slate-700">
        Bengali or English; say where the right answer is written (a book and its page).
      </p>
      <textarea
        id={id}
        className="mt-1 min-h-28 w-full rounded-lg border border-slate-300 p-2"
        value={reason}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(e) => actor.send({ type: 'challenge.reason', text: e.target.value })}
      />
      <p id={`${id}-count`} className={`text-right text-xs ${length > CHALLENGE_REASON_MAX ? 'text-red-800' : 'text-slate-700'}`}>
        {length} / {CHALLENGE_REASON_MAX}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function PhotosField({ actor, disabled }: { actor: ChallengeActor; disabled: boolean }) {
  const media = useSelector(actor, (s) => s.context.media);
  const photos = useSelector(actor, (s) => s.context.photos);
  const error = useSelector(actor, (s) => s.context.errors.photo);
  const names = [...media.map((m, i) => ({ name: `Photo ${i + 1}`, href: mediaUrl(m.mediaUrl) })), ...photos.map((p) => ({ name: p.name || 'Photo', href: null }))];
  return (
    <div>
      <p className="font-semibold text-slate-800">Photo of a page (optional)</p>
      {names.length > 0 && (
        <ul className="mt-1 space-y-1" aria-label="Photos">
          {names.map((item, index) => (
            <li key={`${item.name}-${index}`} className="flex items-center gap-2">
              {item.href ? (
                <a href={item.href} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                  {item.name}
                </a>
              ) : (
                <span className="min-w-0 break-words">{item.name}</span>
              )}
              <Button variant="quiet" disabled={disabled} aria-label={`Remove ${item.name}`} onClick={() => actor.send({ type: 'challenge.detach', index })}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {names.length < CHALLENGE_PHOTOS_MAX && (
        <label className={`mt-1 inline-flex min-h-10 items-center font-medium ${disabled ? 'cursor-not-allowed text-slate-600' : 'cursor-pointer text-brand-800 underline'}`}>
          Add a photo
          <input
            type="file"
            accept="image/jpeg,image/png"
            className="sr-only"
            disabled={disabled}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) actor.send({ type: 'challenge.attach', file });
              e.target.value = '';
            }}
          />
        </label>
      )}
      {error && <p className="text-red-800">{error}</p>}
    </div>
  );
}

/** That the exam was regraded and when, with this student's lines: "Question 7's key was corrected: your marks 41.5 → 42.75, rank 130 → 97". */
export function RegradeNote({ regraded, className = '' }: { regraded: RegradeInfo; className?: string }) {
  return (
    <div className={`rounded-lg bg-sky-50 p-3 text-sm text-sky-950 ${className}`} role="note" data-testid="regrade-note">
      <p className="font-semibold">Regraded {formatAcademyTime(regraded.regradedAt)}</p>
      <p className="mt-0.5">A teacher's answer-key decision after publication recomputed the marks and the merit list.</p>
      {regraded.history.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5" aria-label="Your regrade history">
          {regraded.history.map((entry) => (
            <li key={`${entry.regradedAt}-${entry.questionNumber}`}>
              {regradeMessage({ number: entry.questionNumber, kind: entry.kind, oldMarks: entry.oldMarks, newMarks: entry.newMarks, oldRank: entry.oldRank, newRank: entry.newRank })}{' '}
              <span className="text-sky-900">({formatAcademyTime(entry.regradedAt)})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-0.5">Your marks and rank did not change.</p>
      )}
    </div>
  );
}
