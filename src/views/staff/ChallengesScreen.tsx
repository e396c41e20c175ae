// The answer-key challenges of one published exam assignment (/staff/exams/:assignmentId/challenges),
// opened from the exam's results, its item analysis and the week: every challenged question with how
// many students challenged it, what they propose, their reasons and attachments, and beside it the
// question's item statistics and flags; per question a decision (keep the key with a reply to every
// challenger, change it to one or several accepted options, or drop it after a confirmation) and the
// regrade it brought. The flow is the challengeDecision statechart; this view renders it.
import { useEffect, useId, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { challengeDecisionMachine, decidingQuestion, decisionSummary, type DecisionRequest } from '../../machines/challengeDecision.machine';
import type { ChallengeDesk, DecisionKind, DecisionReply, DeskChallenge, DeskQuestion, RegradeSummary } from '../../contracts/challenges';
import type { ItemStats } from '../../contracts/staff';
import { formatAcademyTime } from '../../domain/academyTime';
import { DECISION_EXPLANATION_MAX, DECISION_REPLY_MAX } from '../../domain/challenges';
import { staffChallengesApi } from '../../services/staffChallenges';
import { MediaStrip } from '../forum/PostCard';
import { optionLetter } from '../../domain/scoring';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { ItemChoices, ItemFlags } from './ItemFigures';
import { DeskLayout, useDeskPageTitle, DeskLoadFailure } from './DeskLayout';

export function ChallengesScreen() {
  const { assignmentId = '' } = useParams();
  return (
    <DeskLayout section="marking" title="Challenges" width="wide">
      <ChallengesView key={assignmentId} assignmentId={assignmentId} />
    </DeskLayout>
  );
}

type ChallengesActor = ReturnType<typeof useChallengesActor>;

function useChallengesActor(assignmentId: string) {
  return useActorRef(
    challengeDecisionMachine.provide({
      actors: {
        loadDesk: fromPromise<ChallengeDesk, { assignmentId: string }>(({ input }) => staffChallengesApi.desk(input.assignmentId)),
        decide: fromPromise<DecisionReply, DecisionRequest>(({ input }) => staffChallengesApi.decide(input.assignmentId, input.questionId, input.body)),
      },
    }),
    { input: { assignmentId } },
  );
}

const letters = (options: readonly number[]) => (options.length ? options.map(optionLetter).join(', ') : 'none');
const figure = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;

/** What a challenge or a proposal says: the options believed right, or that the question is flawed. */
const proposalWords = (p: { options: number[]; flawed: boolean }) => (p.flawed ? 'The question is flawed' : `Key should be ${letters(p.options)}`);

const DECISION_WORDS: Record<DecisionKind, string> = { keep: 'Key kept', change: 'Key changed', drop: 'Question dropped' };

function ChallengesView({ assignmentId }: { assignmentId: string }) {
  const actor = useChallengesActor(assignmentId);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const listed = useSelector(actor, (s) => s.matches('listed'));
  const desk = useSelector(actor, (s) => s.context.desk);
  const problem = useSelector(actor, (s) => s.context.problem);
  const title = desk?.assignment.exam.title ?? null;
  useDeskPageTitle(title ? `Challenges · ${title}` : null);

  return (
    <>
      <ButtonLink to="/staff" variant="quiet" className="-ml-2">
        ← Teacher desk
      </ButtonLink>
      <h1 className="mt-1 break-words text-xl font-semibold text-slate-900">Challenges{title ? `: ${title}` : ''}</h1>
      {desk && (
        <>
          <p className="text-sm text-slate-600">
            {desk.assignment.groupName} · <WindowWords window={desk.window} />
          </p>
          <div className="flex flex-wrap gap-1">
            <ButtonLink variant="quiet" className="-ml-2" to={`/staff/exams/${encodeURIComponent(assignmentId)}/results`}>
              See results
            </ButtonLink>
            <ButtonLink variant="quiet" to={`/staff/exams/${encodeURIComponent(assignmentId)}/analysis`}>
              Item analysis
            </ButtonLink>
          </div>
        </>
      )}
      {loading && <Spinner label="Loading the challenges…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The challenges could not be loaded." onRetry={() => actor.send({ type: 'challenges.retry' })} back={{ to: '/staff', label: 'Teacher desk' }} />
      )}
      {empty && (
        <Notice title="No challenges for this exam" action={<Button variant="secondary" onClick={() => actor.send({ type: 'challenges.retry' })}>Reload</Button>}>
          {desk?.window.open ? 'Students of this batch may still challenge a key until the window closes.' : 'No student of this batch challenged a key.'}
        </Notice>
      )}
      {listed && desk && (
        <>
          {desk.regrades.length > 0 && <Regrades regrades={desk.regrades} />}
          <ol className="mt-4 space-y-4" aria-label="Challenged questions">
            {desk.questions.map((question) => (
              <li key={question.questionId}>
                <QuestionCard actor={actor} question={question} />
              </li>
            ))}
          </ol>
          <DropDialog actor={actor} />
        </>
      )}
    </>
  );
}

function WindowWords({ window }: { window: ChallengeDesk['window'] }) {
  if (window.closesAt === null) return <>no challenge window</>;
  return <>{window.open ? `challenge window open until ${formatAcademyTime(window.closesAt)}` : `challenge window closed ${formatAcademyTime(window.closesAt)}`}</>;
}

function Regrades({ regrades }: { regrades: RegradeSummary[] }) {
  return (
    <section aria-labelledby="regrades-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-3">
      <h2 id="regrades-heading" className="font-semibold text-slate-900">
        Regrades of this exam
      </h2>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
        {regrades.map((r) => (
          <li key={r._id}>
            {formatAcademyTime(r.regradedAt)}: question {r.questionNumber} {r.kind === 'drop' ? 'dropped' : 'key changed'} · {r.results} results regraded · {students(r.changed)} changed
          </li>
        ))}
      </ul>
    </section>
  );
}

function QuestionCard({ actor, question }: { actor: ChallengesActor; question: DeskQuestion }) {
  const headingId = useId();
  const deciding = useSelector(actor, (s) => s.context.questionId === question.questionId && (s.matches({ listed: 'deciding' }) || s.matches({ listed: 'confirmingDrop' }) || s.matches({ listed: 'submitting' })));
  const decided = useSelector(actor, (s) => (s.context.questionId === question.questionId && s.matches({ listed: 'decided' }) ? s.context.outcome : null));
  const busy = useSelector(actor, (s) => !s.matches({ listed: 'browsing' }) && !s.matches({ listed: 'decided' }));
  const flagged = question.stats?.flags.includes('keyPossiblyWrong') ?? false;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Question {question.number}
        </h2>
        <p className="text-sm text-slate-600">
          {question.type} · {question.point} mark{question.point === 1 ? '' : 's'} · {students(question.challengers)} challenged{question.open > 0 ? `, ${question.open} awaiting a decision` : ''}
        </p>
      </header>
      {flagged && <p className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Key possibly wrong</p>}
      <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{question.title || '(no text)'}</p>
      <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-3">
          <Options question={question} />
          <Proposals question={question} />
          <Challenges challenges={question.challenges} />
        </div>
        <Stats stats={question.stats} />
      </div>
      {question.decision && (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">
            {DECISION_WORDS[question.decision.kind]}
            {question.decision.kind === 'change' ? ` to ${letters(question.decision.options)}` : ''} · {formatAcademyTime(question.decision.decidedAt)}
            {question.decision.decidedBy ? ` · ${question.decision.decidedBy}` : ''}
          </p>
          <p className="mt-0.5 whitespace-pre-wrap break-words text-slate-700">{question.decision.reply}</p>
        </div>
      )}
      {decided && <Summary outcome={decided} onClose={() => actor.send({ type: 'summary.close' })} />}
      {deciding ? (
        <DecisionForm actor={actor} question={question} />
      ) : (
        <div className="mt-3">
          <Button variant={question.decision ? 'secondary' : 'primary'} disabled={busy} onClick={() => actor.send({ type: 'question.decide', questionId: question.questionId })} aria-label={`${question.decision ? 'Decide again' : 'Decide'}: question ${question.number}`}>
            {question.decision ? 'Decide again' : 'Decide'}
          </Button>
        </div>
      )}
    </article>
  );
}

function Options({ question }: { question: DeskQuestion }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">Options {question.dropped ? '(the question is dropped: it counts for no one)' : '(✓ the key now)'}</h3>
      <ul className="mt-1 space-y-0.5 text-sm">
        {question.options.map((text, option) => {
          const key = question.keyOptions.includes(option);
          return (
            <li key={option} className={key ? 'font-semibold text-green-800' : 'text-slate-800'}>
              <span className="break-words">
                {optionLetter(option)}. {text || '(no text)'}
                {key ? ' ✓ key' : ''}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Proposals({ question }: { question: DeskQuestion }) {
  if (question.proposals.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">What the students propose</h3>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-800">
        {question.proposals.map((p) => (
          <li key={p.flawed ? 'flawed' : p.options.join(',')}>
            {proposalWords(p)}: {students(p.count)}
          </li>
        ))}
      </ul>
    </div>
  );
}

const STATUS_WORDS: Record<DeskChallenge['status'], string> = { open: 'Awaiting a decision', accepted: 'Accepted', rejected: 'Rejected' };

function Challenges({ challenges }: { challenges: DeskChallenge[] }) {
  if (challenges.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">Challenges and reasons</h3>
      <ul className="mt-1 space-y-2">
        {challenges.map((c) => (
          <li key={c._id} className="rounded-lg border border-slate-200 p-2 text-sm">
            <p className="flex flex-wrap justify-between gap-x-2">
              <span className="font-semibold text-slate-900">
                {c.student.name} ({c.student.sid})
              </span>
              <span className="text-slate-600">{STATUS_WORDS[c.status]}</span>
            </p>
            <p className="text-slate-700">{proposalWords(c)}</p>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{c.reason}</p>
            {c.media.length > 0 && <MediaStrip media={c.media} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Stats({ stats }: { stats: ItemStats | null }) {
  return (
    <aside aria-label="Item statistics" className="min-w-0 rounded-lg bg-slate-50 p-3 text-sm">
      <h3 className="font-semibold text-slate-700">Item statistics</h3>
      {stats === null ? (
        <p className="mt-1 text-slate-600">Too few submitted attempts in this batch to say anything about the question.</p>
      ) : (
        <>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 tabular-nums">
            <dt className="text-slate-600">Attempts</dt>
            <dd>{stats.attempts}</dd>
            <dt className="text-slate-600">Facility</dt>
            <dd>{figure(stats.facility)}</dd>
            <dt className="text-slate-600">Discrimination</dt>
            <dd>{figure(stats.discrimination)}</dd>
            <dt className="text-slate-600">Point-biserial</dt>
            <dd>{figure(stats.pointBiserial)}</dd>
          </dl>
          <p className="mt-2 text-slate-600">Chosen by the upper / lower 27 % (✓ the stored key):</p>
          <ItemChoices choices={stats.choices} />
          {stats.flags.length > 0 && <ItemFlags flags={stats.flags} className="mt-2 space-y-1" />}
        </>
      )}
    </aside>
  );
}

const KIND_CHOICES: Array<{ kind: DecisionKind; label: string; hint: string }> = [
  { kind: 'keep', label: 'Keep the key', hint: 'The challenges are rejected; every challenger reads your reply.' },
  { kind: 'change', label: 'Change the key', hint: 'Tick every option the new key accepts (the key in force is not ticked for you); every submitted attempt is regraded.' },
  { kind: 'drop', label: 'Drop the question', hint: 'No one gains or loses its marks; every submitted attempt is regraded.' },
];

function DecisionForm({ actor, question }: { actor: ChallengesActor; question: DeskQuestion }) {
  const kind = useSelector(actor, (s) => s.context.kind);
  const options = useSelector(actor, (s) => s.context.options);
  const reply = useSelector(actor, (s) => s.context.reply);
  const explanation = useSelector(actor, (s) => s.context.explanation);
  const problem = useSelector(actor, (s) => s.context.decisionProblem);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const examResults = useSelector(actor, (s) => s.context.desk?.examResults ?? 0);
  const summary = decisionSummary(question, kind, options, examResults);
  const legend = useRef<HTMLLegendElement>(null);
  const ids = useId();
  useEffect(() => legend.current?.focus(), []);
  return (
    <form
      className="mt-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'decision.submit' });
      }}
    >
      <fieldset disabled={submitting} className="m-0 min-w-0 border-0 p-0">
        <legend ref={legend} tabIndex={-1} className="font-semibold text-slate-900">
          Decide on question {question.number}
        </legend>
        <div className="mt-2 space-y-1">
          {KIND_CHOICES.map((choice) => (
            <label key={choice.kind} className="flex min-h-11 items-start gap-2 text-sm">
              <input type="radio" name={`${ids}-kind`} className="mt-1 h-5 w-5" checked={kind === choice.kind} onChange={() => actor.send({ type: 'decision.kind', kind: choice.kind })} />
              <span>
                <span className="font-medium text-slate-900">{choice.label}</span>
                <span className="block text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {kind === 'change' && (
          <fieldset className="mt-2 min-w-0 rounded-lg border border-slate-200 bg-white p-2">
            <legend className="px-1 text-sm font-medium text-slate-800">The options the key accepts</legend>
            {question.options.map((text, option) => (
              <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" className="h-5 w-5" checked={options.includes(option)} onChange={() => actor.send({ type: 'decision.option', option })} />
                <span className="break-words">
                  {optionLetter(option)}. {text || '(no text)'}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <label className="mt-2 flex flex-col text-sm font-medium text-slate-800">
          Reply to every challenger (required)
          <textarea
            value={reply}
            maxLength={DECISION_REPLY_MAX}
            rows={3}
            onChange={(e) => actor.send({ type: 'decision.reply', text: e.target.value })}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900"
          />
        </label>
        <label className="mt-2 flex flex-col text-sm font-medium text-slate-800">
          Explanation students read under the question
          <span id={`${ids}-explanation-hint`} className="font-normal text-slate-600">
            Correct it when the key changes: every result shows it as you leave it here.
          </span>
          <textarea
            value={explanation}
            maxLength={DECISION_EXPLANATION_MAX}
            rows={4}
            aria-describedby={`${ids}-explanation-hint`}
            onChange={(e) => actor.send({ type: 'decision.explanation', text: e.target.value })}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900"
          />
        </label>
        <div className="mt-2">
          <InlineAlert words={problem} />
        </div>
        <p aria-live="polite" className="mt-2 min-h-5 text-sm font-medium text-slate-900">
          {summary ?? (kind === 'change' ? 'Tick the option or options the key accepts.' : '')}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="submit" busy={submitting}>
            {submitting ? (kind === 'keep' ? 'Sending…' : 'Regrading…') : 'Send decision'}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'decision.cancel' })}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function DropDialog({ actor }: { actor: ChallengesActor }) {
  const open = useSelector(actor, (s) => s.matches({ listed: 'confirmingDrop' }));
  const question = useSelector(actor, (s) => decidingQuestion(s.context));
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'decision.back' })}
      title={`Drop question ${question?.number ?? ''}?`}
      actions={
        <>
          <Button variant="secondary" onClick={() => actor.send({ type: 'decision.back' })}>
            Back
          </Button>
          <Button variant="danger" onClick={() => actor.send({ type: 'decision.confirm' })}>
            Drop the question
          </Button>
        </>
      }
    >
      <p>
        No one gains or loses its marks: everyone&apos;s marks lose what they earned or were docked on it, and the full marks lose its point, so every student is judged on the same
        remaining questions. Every submitted attempt is regraded, the merit list recomputed and every student whose marks or rank moved is told.
      </p>
    </Modal>
  );
}

function Summary({ outcome, onClose }: { outcome: DecisionReply; onClose: () => void }) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { regrade, decision } = outcome;
  const title = outcome.unchanged
    ? 'This decision was already in force: nothing changed.'
    : regrade
      ? `${DECISION_WORDS[decision.kind]}: the exam was regraded.`
      : decision.kind === 'keep'
        ? 'The key stays: every challenger is answered.'
        : 'The key is as decided already: no marks changed.';
  return (
    <div role="status" className="mt-3 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      <p ref={heading} tabIndex={-1} className="font-semibold">
        {title}
      </p>
      {regrade && (
        <ul className="mt-1 space-y-0.5">
          <li>{regrade.results} attempts regraded</li>
          <li>{students(regrade.changed)} whose marks or rank changed</li>
          <li>{students(regrade.notified)} notified</li>
        </ul>
      )}
      <Button variant="secondary" className="mt-2" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
