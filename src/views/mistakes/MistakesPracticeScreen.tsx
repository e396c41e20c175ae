// /mistakes/{setId}: practising one's mistakes as a review (the mistakesReview statechart,
// src/machines/mistakesReview.machine.ts). Each question has Check: its verdict (right or wrong), the key
// and the explanation show at once and focus moves to the verdict; "2 of 3 mastered" sits above the
// questions. No pass mark, negative marks or merit position: what it ends with is what was mastered,
// what left the mistakes, and the offer to practise what is left.
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { mistakesReviewMachine, mistakesReviewMessages } from '../../machines/mistakesReview.machine';
import type { AnswerValue, PublicQuestion } from '../../contracts/exams';
import type { CheckedAnswer, MistakesReview } from '../../contracts/mistakes';
import { mistakesApi } from '../../services/mistakes';
import { MISTAKES_WORDS } from '../../domain/mistakes';
import { mcaValue, optionIndex, OPTION_LETTERS } from '../../domain/scoring';
import { useConnectionActor, useConnectionChanges } from '../app/RootActors';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast';
import { mediaUrl } from '../ui/media';
import { ExplanationNotes, OptionsReview } from '../results/ResultScreen';
import { goBackFrom, showResultsFailure } from '../results/resultNavigation';
import { ResultMistakes, ScoreboardMistakes } from './PractiseMistakes';

type ReviewActor = ActorRefFrom<typeof mistakesReviewMachine>;

/** Where the verdict of a question is: focus moves there once it is checked. */
const verdictId = (questionId: string) => `verdict-${questionId}`;

export function MistakesPracticeScreen() {
  const { setId = '' } = useParams();
  return <Review key={setId} setId={setId} />;
}

function Review({ setId }: { setId: string }) {
  const navigate = useNavigate();
  const connection = useConnectionActor();
  const actor = useActorRef(
    mistakesReviewMachine.provide({
      actors: {
        loadReview: fromPromise(({ input }) => mistakesApi.review(input.setId)),
        checkAnswer: fromPromise(({ input }) => mistakesApi.check(input.setId, input.questionId, input.answer)),
        finishReview: fromPromise(({ input }) => mistakesApi.finish(input.setId)),
      },
      actions: {
        notify: (_, { title }) => toast.error(title),
        notifyFailure: (_, { error }) => showResultsFailure(error),
        // After the verdict is drawn: focus it, so a keyboard or screen reader user hears it and goes on from there.
        announceCheck: (_, { questionId }) => requestAnimationFrame(() => document.getElementById(verdictId(questionId))?.focus()),
      },
    }),
    { input: { setId, online: connection.getSnapshot().matches('online') } },
  );
  useConnectionChanges((online) => actor.send({ type: online ? 'connection.online' : 'connection.offline' }));

  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null));
  const review = useSelector(actor, (s) => s.context.review);
  const finished = useSelector(actor, (s) => s.matches('finished'));
  const back = () => goBackFrom(navigate);

  if (loading) return <Spinner label="Opening your practice…" showLabel />;
  if (failure !== null || !review) {
    return (
      <Notice
        tone="error"
        title={failure ?? mistakesReviewMessages.failed}
        action={
          <>
            <Button variant="secondary" onClick={back}>
              Back
            </Button>
            <Button onClick={() => actor.send({ type: 'retry' })}>Try again</Button>
          </>
        }
      />
    );
  }
  return (
    <article aria-labelledby="mistakes-title" className="mx-auto max-w-3xl">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={back}>
          Back
        </Button>
      </div>
      <h1 id="mistakes-title" tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {review.title}
      </h1>
      {finished ? <Summary review={review} /> : <Running actor={actor} review={review} />}
    </article>
  );
}

function Progress({ review }: { review: MistakesReview }) {
  const { mastered, total } = review.progress;
  return (
    <div className="mt-2" data-testid="mistakes-progress">
      <p role="status" className="text-sm font-semibold text-slate-900">
        {MISTAKES_WORDS.mastered(mastered, total)}
      </p>
      <div className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full bg-green-600" style={{ width: `${total > 0 ? (100 * mastered) / total : 0}%` }} />
      </div>
    </div>
  );
}

/** A timed review's end on the device's clock, placed from the server's (the device's own clock may be wrong). */
function useEndsIn(review: MistakesReview): string | null {
  const opened = useRef(Date.now());
  if (review.deadlineAt === null) return null;
  const end = new Date(opened.current + Date.parse(review.deadlineAt) - Date.parse(review.serverNow));
  return end.toLocaleTimeString('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true }).toLowerCase();
}

function Running({ actor, review }: { actor: ReviewActor; review: MistakesReview }) {
  const finishing = useSelector(actor, (s) => s.matches('finishing'));
  const online = useSelector(actor, (s) => s.context.online);
  const canFinish = useSelector(actor, (s) => s.can({ type: 'review.finish' }));
  const endsAt = useEndsIn(review);
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">
        {review.timed ? `Timed: ${review.duration} ${review.duration === 1 ? 'minute' : 'minutes'}, ends at ${endsAt}.` : 'Untimed: take the time you need.'} Check each answer
        to see at once whether it is right, with the explanation.
      </p>
      <Progress review={review} />
      {!online && (
        <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900" role="status">
          {mistakesReviewMessages.offline}
        </p>
      )}
      <ol className="mt-4 space-y-3">
        {review.questions.map(({ question, check }, index) => (
          <li key={question._id}>{check ? <CheckedCard number={index + 1} check={check} /> : <OpenCard actor={actor} number={index + 1} question={question} />}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button busy={finishing} disabled={!canFinish} onClick={() => actor.send({ type: 'review.finish' })}>
          Finish practice
        </Button>
        <span className="text-sm text-slate-600">Questions you leave unchecked stay among your mistakes.</span>
      </div>
    </>
  );
}

function OptionText({ question, index }: { question: PublicQuestion; index: number }) {
  const text = question.options[index]!;
  return (
    <>
      <span className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold">{OPTION_LETTERS[index]}</span>
      {question.optionType[String(index)] === 'image' ? <img src={mediaUrl(text)} alt={`Option ${OPTION_LETTERS[index]}`} className="max-h-40 rounded" /> : <span>{text}</span>}
    </>
  );
}

/** A question not yet checked: its options and Check. */
function OpenCard({ actor, number, question }: { actor: ReviewActor; number: number; question: PublicQuestion }) {
  const id = question._id;
  const draft = useSelector(actor, (s) => s.context.drafts[id]) ?? [];
  const checking = useSelector(actor, (s) => s.context.checking === id);
  const canCheck = useSelector(actor, (s) => s.can({ type: 'answer.check', questionId: id }));
  const choose = (answer: AnswerValue) => actor.send({ type: 'answer.choose', questionId: id, answer });
  const count = question.options.length;
  const name = `q-${id}`;
  return (
    <section aria-label={`Question ${number}`} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-question-id={id}>
      <h2 className="font-medium text-slate-900">
        <span className="mr-1 font-semibold">{number}.</span>
        {question.title}
      </h2>
      {question.image.map((src, i) => (
        <img key={src} src={mediaUrl(src)} alt={`Figure ${i + 1} of question ${number}`} className="mt-2 max-h-60 max-w-full rounded border border-slate-200" />
      ))}
      <fieldset className="mt-3 space-y-1.5">
        <legend className="sr-only">Your answer to question {number}</legend>
        {question.options.map((_, index) =>
          question.type === 'MCA' ? (
            <div key={index} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2">
              <OptionText question={question} index={index} />
              <span className="ml-auto flex gap-3">
                {(['true', 'false'] as const).map((value) => (
                  <label key={value} className="inline-flex min-h-10 items-center gap-1 text-sm">
                    <input
                      type="radio"
                      name={`${name}-${index}`}
                      checked={mcaValue(draft[index]) === value}
                      onChange={() => choose(Array.from({ length: count }, (_, i) => (i === index ? value : (mcaValue(draft[i]) ?? null))))}
                    />
                    {value === 'true' ? 'True' : 'False'}
                  </label>
                ))}
              </span>
            </div>
          ) : (
            <label key={index} className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 p-2">
              <input
                type={question.type === 'checkbox' ? 'checkbox' : 'radio'}
                name={name}
                checked={draft.some((item) => optionIndex(item, count) === index)}
                onChange={(event) => {
                  if (question.type !== 'checkbox') return choose([index]);
                  const others = draft.filter((item) => optionIndex(item, count) !== index);
                  choose(event.target.checked ? [...others, index] : others);
                }}
              />
              <OptionText question={question} index={index} />
            </label>
          ),
        )}
      </fieldset>
      <Button className="mt-3" variant="secondary" busy={checking} disabled={!canCheck} onClick={() => actor.send({ type: 'answer.check', questionId: id })}>
        Check
      </Button>
    </section>
  );
}

/** A checked question: right or wrong, the options with the key, the explanation. */
function CheckedCard({ number, check }: { number: number; check: CheckedAnswer }) {
  const question = check.question;
  return (
    <section aria-label={`Question ${number}`} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-question-id={question._id}>
      <h2 className="font-medium text-slate-900">
        <span className="mr-1 font-semibold">{number}.</span>
        {question.title}
      </h2>
      <p
        id={verdictId(question._id)}
        tabIndex={-1}
        className={`mt-2 inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${check.right ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
        data-testid="verdict"
      >
        {check.right ? 'Right' : 'Wrong'}
        {check.leftMistakes ? ': right twice in a row, it leaves your mistakes' : ''}
      </p>
      <OptionsReview
        answer={{
          questionId: question,
          answer: check.given,
          extra: [],
          answered: true,
          marks: 0,
          negativeMarks: 0,
          total: 0,
          correct: 0,
          incorrect: 0,
          skipped: 0,
          pendingReview: false,
          teacherMarks: null,
          teacherComment: null,
        }}
      />
      <ExplanationNotes question={question} />
    </section>
  );
}

/** The end of a review: what was mastered, what left the mistakes, and practising what is left. */
function Summary({ review }: { review: MistakesReview }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { mastered, total, checked } = review.progress;
  return (
    <section aria-labelledby="summary-title" className="mt-3 space-y-3" data-testid="mistakes-summary">
      <h2 id="summary-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Practice finished
      </h2>
      <Progress review={review} />
      <p className="text-sm text-slate-800" data-testid="mistakes-cleared">
        {`You checked ${checked} of ${total} and got ${mastered} right. `}
        {review.cleared > 0
          ? `${review.cleared} ${review.cleared === 1 ? 'question' : 'questions'} answered right twice in a row left your mistakes.`
          : 'A question leaves your mistakes once you answer it right twice in a row.'}
      </p>
      {review.source.source === 'exam' ? (
        <ResultMistakes examId={review.source.examId} groupId={review.source.groupId} />
      ) : (
        <ScoreboardMistakes courseId="" subjectId={review.source.subjectId} />
      )}
      <ol className="space-y-3">
        {review.questions.map(({ question, check }, index) =>
          check ? (
            <li key={question._id}>
              <CheckedCard number={index + 1} check={check} />
            </li>
          ) : (
            <li key={question._id} aria-label={`Question ${index + 1}`} className="rounded-xl border border-slate-200 bg-white p-3 text-slate-800">
              <p className="font-medium">
                {index + 1}. {question.title}
              </p>
              <p className="mt-1 text-sm text-slate-600">Not checked: it stays among your mistakes.</p>
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
