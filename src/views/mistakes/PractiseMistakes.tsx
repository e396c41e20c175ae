// "Practise my mistakes": the button on a result ("Practise my 3 mistakes", or the empty state) and the
// buttons per subject on the scoreboard, with "Time me" (off: a practice is an untimed review). Both
// render the mistakesPractice statechart (src/machines/mistakesPractice.machine.ts); starting opens the
// review at /mistakes/{setId}.
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { mistakesPracticeMachine, mistakesPracticeMessages, type MistakesOffer, type OfferScope } from '../../machines/mistakesPractice.machine';
import { mistakesApi } from '../../services/mistakes';
import { MISTAKES_WORDS } from '../../domain/mistakes';
import { useConnectionActor, useConnectionChanges } from '../app/RootActors';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast';
import { showResultsFailure } from '../results/resultNavigation';

type PracticeActor = ActorRefFrom<typeof mistakesPracticeMachine>;

/** The offers of one scope: a result's mistakes, or each subject's (of one course, '' for all). */
async function loadOffers(scope: OfferScope): Promise<MistakesOffer[]> {
  if (scope.kind === 'exam') {
    const { count, duration } = await mistakesApi.ofExam(scope.examId, scope.groupId);
    return [{ source: { source: 'exam', examId: scope.examId, groupId: scope.groupId }, label: null, count, duration }];
  }
  const subjects = (await mistakesApi.bySubject(scope.courseId)).filter((s) => !scope.subjectId || s.subjectId === scope.subjectId);
  return subjects.map((s) => ({ source: { source: 'subject', subjectId: s.subjectId }, label: s.subjectName ?? 'Subject', count: s.count, duration: s.duration }));
}

function useMistakesPractice(scope: OfferScope): PracticeActor {
  const navigate = useNavigate();
  const connection = useConnectionActor();
  const actor = useActorRef(
    mistakesPracticeMachine.provide({
      actors: {
        loadOffers: fromPromise(({ input }) => loadOffers(input)),
        startMistakes: fromPromise(({ input }) => mistakesApi.start(input)),
      },
      actions: {
        notify: (_, { title }) => toast.error(title),
        notifyFailure: (_, { error }) => showResultsFailure(error),
        openPractice: (_, { setId }) => navigate(`/mistakes/${setId}`),
      },
    }),
    { input: { scope, online: connection.getSnapshot().matches('online') } },
  );
  // The connection reaches the statechart as events (offline, the offer counts again when it returns).
  useConnectionChanges((online) => actor.send({ type: online ? 'connection.online' : 'connection.offline' }));
  return actor;
}

const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/** On a result: "Practise my N mistakes" with their time, or "No mistakes to practise in this exam". */
export function ResultMistakes({ examId, groupId }: { examId: string; groupId: string }) {
  const actor = useMistakesPractice({ kind: 'exam', examId, groupId });
  return (
    <section aria-label="Practise my mistakes" className="mb-3 print:hidden" data-testid="result-mistakes">
      <Offers actor={actor} empty={MISTAKES_WORDS.noneInExam} />
    </section>
  );
}

/** On the scoreboard: one "Practise my mistakes in <Subject>" per subject with mistakes (or of one subject). */
export function ScoreboardMistakes({ courseId, subjectId }: { courseId: string; subjectId?: string }) {
  const actor = useMistakesPractice({ kind: 'subjects', courseId, subjectId });
  return (
    <section aria-labelledby="mistakes-title" className="mt-4 rounded-xl border border-slate-200 bg-white p-3 print:hidden" data-testid="scoreboard-mistakes">
      <h2 id="mistakes-title" className="text-base font-semibold text-slate-900">
        Practise my mistakes
      </h2>
      <div className="mt-2">
        <Offers actor={actor} empty={subjectId ? MISTAKES_WORDS.noneInSubject : MISTAKES_WORDS.noneAtAll} />
      </div>
    </section>
  );
}

function Offers({ actor, empty }: { actor: PracticeActor; empty: string }) {
  const state = useSelector(actor, (s) => (['counting', 'offline', 'failed', 'empty', 'offering', 'starting', 'started'] as const).find((name) => s.matches(name))!);
  const offers = useSelector(actor, (s) => s.context.offers);
  const starting = useSelector(actor, (s) => s.context.starting);
  const timed = useSelector(actor, (s) => s.context.timed);
  const canTime = useSelector(actor, (s) => s.can({ type: 'mistakes.time', timed: !s.context.timed }));
  if (state === 'counting') return <p className="text-sm text-slate-600" role="status">Counting your mistakes…</p>;
  if (state === 'empty') return <p className="text-sm text-slate-700" role="status">{empty}</p>;
  if (state === 'offline' || state === 'failed') {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" role="status">
        {state === 'offline' ? mistakesPracticeMessages.offline : mistakesPracticeMessages.failed}
        <Button variant="quiet" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      </p>
    );
  }
  return (
    <div>
    <ul className="flex flex-wrap gap-2">
      {offers.map((offer) => {
        const key = offer.source.source === 'exam' ? offer.source.examId : offer.source.subjectId;
        const busy = state !== 'offering' && starting !== null && JSON.stringify(starting) === JSON.stringify(offer.source);
        return (
          <li key={key}>
            <Button
              variant={offer.label === null ? 'primary' : 'secondary'}
              busy={busy}
              disabled={state !== 'offering'}
              onClick={() => actor.send({ type: 'mistakes.start', source: offer.source })}
            >
              {offer.label === null ? MISTAKES_WORDS.practise(offer.count) : MISTAKES_WORDS.practiseIn(offer.label)}
              {/* Minutes only when the student asked for the time. */}
              {(offer.label !== null || timed) && (
                <span className="font-normal"> · {[offer.label === null ? null : String(offer.count), timed ? minutes(offer.duration) : null].filter(Boolean).join(' · ')}</span>
              )}
            </Button>
          </li>
        );
      })}
    </ul>
    <label className="mt-2 inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="h-5 w-5"
        checked={timed}
        disabled={!canTime}
        onChange={(event) => actor.send({ type: 'mistakes.time', timed: event.target.checked })}
      />
      Time me (untimed otherwise: each answer is checked as you go)
    </label>
    </div>
  );
}
