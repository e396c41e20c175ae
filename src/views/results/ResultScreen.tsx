// The Result screen (spec section 2): PASSED or FAILED, the exam, the marks (with GPA marks where the
// exam has a GPA factor), the statistics, per-subject figures of a segmented exam, and every question
// with the student's answer, the key, the explanation, notes, files and the teacher's marks. Print
// leaves only the result on paper; Retake Exam (practice) starts the exam afresh.
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { resultViewMachine, resultViewMessages } from '../../machines/resultView.machine';
import type { ResultAnswer, StudentResult } from '../../contracts/results';
import { resultsApi } from '../../services/results';
import { examsApi } from '../../services/exams';
import { contentApi } from '../../services/content';
import { answerStore } from '../../services/answerStore';
import { STORAGE_KEYS, writeJson } from '../../services/storage';
import { formatAcademyTime, formatElapsed } from '../../domain/academyTime';
import { formatMarks, formatMerit, questionOutcome, type QuestionOutcome } from '../../domain/results';
import { mcaValue, optionIndex } from '../../domain/scoring';
import { useStudent } from '../app/RootActors';
import { Button } from '../ui/Button';
import { examPlaceAddress } from '../../domain/examPlace';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { FigureCards } from '../ui/FigureCards';
import { TableHead } from '../ui/TableHead';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast';
import { fileNameOf, mediaUrl } from '../ui/media';
import { optionLetter } from '../../domain/scoring';
import { pathTo, storagePaths } from '../../contracts/paths';
import { goBackFrom, showResultsFailure } from './resultNavigation';
import { QuestionLearning } from './QuestionLearning';
import { uploadAttachment } from '../forum/forum.implementations';
import { answerChallengeMachine } from '../../machines/answerChallenge.machine';
import { challengesApi } from '../../services/challenges';
import { watchLiveNotifications } from '../../services/notifications';
import type { StudentChallenges } from '../../contracts/challenges';
import { ChallengeDialog, ChallengeWindowLine, QuestionChallenge, RegradeNote } from './AnswerChallenge';
import { ResultMistakes } from '../mistakes/PractiseMistakes';

const SubjectBarsChart = lazy(() => import('./charts').then((m) => ({ default: m.SubjectBarsChart })));

export function ResultScreen() {
  const { examId = '', groupId = '' } = useParams();
  const student = useStudent();
  const navigate = useNavigate();
  const actor = useActorRef(
    resultViewMachine.provide({
      actors: {
        loadResult: fromPromise(({ input }) => resultsApi.result(input.examId, input.groupId)),
        retakeExam: fromPromise(({ input }) => examsApi.retake(input.examId, input.studentId, input.groupId)),
        loadChallenges: fromPromise(({ input }) => challengesApi.mine(input.examId, input.groupId)),
        watchResultNews: fromCallback(({ input, sendBack }) =>
          watchLiveNotifications(({ notificationId: { info } }) => {
            if (info?.on === 'result' && info.id === input.examId && info.groupId === input.groupId) sendBack({ type: 'result.changed' });
          }),
        ),
        answerChallenge: answerChallengeMachine.provide({
          actors: {
            uploadPhoto: fromPromise(({ input }) => uploadAttachment(input.file)),
            saveChallenge: fromPromise(({ input }) => challengesApi.save(input.examId, input.groupId, input.questionId, input.body)),
          },
        }),
      },
      actions: {
        notify: (_, { kind, title, description }) => toast[kind](title, description),
        notifyFailure: (_, { error }) => showResultsFailure(error),
        goBack: () => goBackFrom(navigate),
        reloadGroup: (_, { groupId: group }) => void contentApi.group(group).catch(() => undefined),
        clearSavedAnswers: (_, { examId: exam }) => answerStore.clearExam(student?._id ?? '', exam),
        enterExam: (_, { examId: exam, groupId: group, isSegmentedExam, subjectName }) => {
          // A segmented exam's subjects were cleared with the submission: the student chooses them again on My Exams.
          if (isSegmentedExam) return void navigate(examPlaceAddress({ tab: 'practice' }), { replace: true });
          writeJson(STORAGE_KEYS.subjectOfSelectedExam, subjectName ?? '');
          navigate(`/live-exam/${exam}/${group}`, { replace: true });
        },
        print: () => window.print(),
      },
    }),
    { input: { examId, groupId, studentId: student?._id ?? '' } },
  );
  const loading = useSelector(actor, (s) => s.hasTag('loading') || s.matches('notPublished'));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null));
  const result = useSelector(actor, (s) => s.context.result);
  const confirming = useSelector(actor, (s) => s.matches('confirmingRetake'));
  const retaking = useSelector(actor, (s) => s.hasTag('busy'));
  const challenges = useSelector(actor, (s) => s.context.challenges);
  const challengesFailed = useSelector(actor, (s) => s.matches({ shown: { challenges: 'challengesFailed' } }));
  // Which questions take a challenge now is the machine's guard, read per question.
  const openable = useSelector(actor, (s) => new Set((s.context.result?.answers ?? []).map((a) => a.questionId._id).filter((id) => s.can({ type: 'challenge.open', questionId: id }))), sameIds);
  const challengeActor = useSelector(actor, (s) => s.children.challenge as ChallengeChild | undefined);
  const challengeQuestion = useSelector(actor, (s) => s.context.challengeQuestion);
  const back = () => goBackFrom(navigate);

  if (loading) return <Spinner label="Loading result…" showLabel />;
  if (failure || !result) return <ResultFailure failure={failure} onBack={back} onRetry={() => actor.send({ type: 'result.retry' })} />;

  return (
    <article aria-labelledby="result-title" className="mx-auto max-w-4xl print:max-w-none">
      {/* While a retake is sent, Print waits: the result is leaving, and a press then would be lost. */}
      <ResultToolbar onBack={back} onPrint={() => actor.send({ type: 'result.print' })} printDisabled={retaking}>
        {result.isPracticeExam && (
          <Button onClick={() => actor.send({ type: 'retake.ask' })} busy={retaking}>
            Retake Exam
          </Button>
        )}
      </ResultToolbar>
      <ResultMistakes examId={result.examId} groupId={result.groupId} />
      <ResultBody
        result={result}
        questionExtras={(answer, number) => <QuestionLearning result={result} answer={answer} number={number} />}
        challenges={{
          list: challenges,
          failed: challengesFailed,
          retry: () => actor.send({ type: 'challenges.retry' }),
          openable,
          open: (questionId) => actor.send({ type: 'challenge.open', questionId }),
        }}
      />
      <ChallengeDialog actor={challengeActor} answer={result.answers.find((a) => a.questionId._id === challengeQuestion) ?? null} />
      <Modal
        open={confirming}
        onClose={() => actor.send({ type: 'retake.cancel' })}
        title="Retake Exam"
        size="sm"
        actions={
          <>
            <Button variant="secondary" onClick={() => actor.send({ type: 'retake.cancel' })}>
              Cancel
            </Button>
            <Button onClick={() => actor.send({ type: 'retake.confirm' })}>Yes, retake</Button>
          </>
        }
      >
        {resultViewMessages.retakeConfirm}
      </Modal>
    </article>
  );
}

/** A result that could not be shown: Back, and Try again when the connection was lost. */
export function ResultFailure({ failure, onBack, onRetry }: { failure: string | null; onBack: () => void; onRetry: () => void }) {
  return (
    <Notice
      tone="error"
      title={failure === 'network' ? resultViewMessages.connectionLost : 'This result could not be shown.'}
      action={
        <>
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
          {failure === 'network' && <Button onClick={onRetry}>Try again</Button>}
        </>
      }
    />
  );
}

/** The bar above a result (not printed): Back, Print, and the screen's own actions after Print. */
export function ResultToolbar({ onBack, onPrint, printDisabled = false, children }: { onBack: () => void; onPrint: () => void; printDisabled?: boolean; children?: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 print:hidden">
      <Button variant="secondary" onClick={onBack}>
        Back
      </Button>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button variant="secondary" disabled={printDisabled} onClick={onPrint}>
          Print
        </Button>
        {children}
      </div>
    </div>
  );
}

type ChallengeChild = React.ComponentProps<typeof ChallengeDialog>['actor'];
const sameIds = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((id) => b.has(id));

/** The student's answer-key challenges as the result shows them (the desk shows none). */
interface ResultChallenges {
  list: StudentChallenges | null;
  failed: boolean;
  retry: () => void;
  /** Questions that take a challenge or an edit now. */
  openable: Set<string>;
  open: (questionId: string) => void;
}

/**
 * The result as the student reads it: verdict, marks, statistics, per-subject figures and every
 * question. The teacher desk shows the same (without the student's Study and Ask links, `questionExtras`,
 * and the challenges, which are the student's).
 */
export function ResultBody({ result, questionExtras, challenges }: { result: StudentResult; questionExtras?: (answer: ResultAnswer, number: number) => ReactNode; challenges?: ResultChallenges }) {
  return (
    <>
      <ResultHead result={result} />
      <Statistics result={result} />
      {result.isSegmentedExam && result.subjectStats.length > 0 && <SubjectStats result={result} />}
      <section aria-labelledby="answers-title" className="mt-6">
        <h2 id="answers-title" className="text-lg font-semibold text-slate-900">
          Questions and answers
        </h2>
        {challenges && <ChallengeWindowLine challenges={challenges.list} failed={challenges.failed} onRetry={challenges.retry} />}
        <ol className="mt-3 space-y-4">
          {result.answers.map((answer, index) => (
            <AnswerReview key={answer.questionId._id} answer={answer} number={index + 1} extras={questionExtras?.(answer, index + 1)}>
              {challenges && (
                <QuestionChallenge
                  answer={answer}
                  number={index + 1}
                  challenge={challenges.list?.challenges.find((c) => c.questionId === answer.questionId._id) ?? null}
                  canChallenge={challenges.openable.has(answer.questionId._id)}
                  onOpen={() => challenges.open(answer.questionId._id)}
                />
              )}
            </AnswerReview>
          ))}
        </ol>
      </section>
    </>
  );
}

function ResultHead({ result }: { result: StudentResult }) {
  const gpa = result.gpaFactor !== null && result.gpaMarks !== null;
  return (
    <header className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 print:border-0 print:p-0">
      <p
        className={`inline-block rounded-full px-3 py-1 text-sm font-bold tracking-wide ${result.passed ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
        data-testid="result-verdict"
      >
        {result.passed ? 'PASSED' : 'FAILED'}
      </p>
      <h1 id="result-title" className="mt-2 text-xl font-semibold text-slate-900 sm:text-2xl">
        {result.title}
      </h1>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
        <Fact term={result.isSegmentedExam ? 'Subjects' : 'Subject'}>{result.subjectName ?? '–'}</Fact>
        <Fact term="Duration">{result.duration} minutes</Fact>
        <Fact term="Start">{formatAcademyTime(result.examStartsAt)}</Fact>
        <Fact term="End">{formatAcademyTime(result.examEndsAt)}</Fact>
        <Fact term="Started">{formatAcademyTime(result.startsAt)}</Fact>
        <Fact term="Submitted">{formatAcademyTime(result.submittedAt)}</Fact>
        {result.groupName && <Fact term="Batch">{result.groupName}</Fact>}
        <Fact term="Pass mark">{result.passMark}%</Fact>
      </dl>
      {/* The exam mark leads: it is this exam's mark. A GPA-weighted figure is the merit score the merit list ranks by. */}
      <div className="mt-4 flex flex-wrap gap-3" data-testid="result-marks">
        <Figure label="Exam marks" value={`${formatMarks(result.examMarks)} / ${formatMarks(result.totalMarks)}`} strong />
        {gpa && <Figure label="Merit score" value={`${formatMarks(result.marksWithGpa)} / ${formatMarks(result.totalWithGpa)}`} />}
      </div>
      {gpa && (
        <p className="mt-2 text-sm text-slate-700" data-testid="merit-score-rule">
          Merit score = exam marks {formatMarks(result.examMarks)} + GPA marks {formatMarks(result.gpaMarks)} (HSC GPA × {formatMarks(result.gpaFactor!.hsc)} + SSC GPA ×{' '}
          {formatMarks(result.gpaFactor!.ssc)}); the merit list ranks by it.
        </p>
      )}
      {result.regraded && <RegradeNote regraded={result.regraded} className="mt-3" />}
      {result.pendingReview && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Some written answers are still waiting for your teacher's marks; the marks may change after marking.
        </p>
      )}
    </header>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-slate-600">{term}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`rounded-lg px-4 py-2 ${strong ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-800'}`}>
      <p className="text-xs font-medium uppercase tracking-wide">{label}</p>
      <p className="text-lg font-semibold">{value}</p>
    </div>
  );
}

function Statistics({ result }: { result: StudentResult }) {
  const tally = result.questionTally;
  // Counts of questions, an MCA answered in part by its options' shares (the spec's rule); a written answer
  // with some of its marks is partly correct, and its credit shows as marks.
  const items: [string, string][] = [
    ['Correct', formatMarks(tally.correct)],
    ...(tally.partlyCorrect > 0 ? [['Partly correct', `${tally.partlyCorrect} (${formatMarks(tally.partialMarks)} marks)`] as [string, string]] : []),
    ['Incorrect', formatMarks(tally.incorrect)],
    ['Skipped', formatMarks(tally.skipped)],
    ...(tally.awaitingMarks > 0 ? [['Waiting for marking', String(tally.awaitingMarks)] as [string, string]] : []),
    ['Negative Marks', formatMarks(result.negativeMarks)],
    ['Merit Pos.', formatMerit(result.rank)],
    ['Completion', formatElapsed(result.completionSeconds)],
  ];
  return (
    <section className="mt-4">
      <FigureCards label="Statistics" items={items} />
    </section>
  );
}

function SubjectStats({ result }: { result: StudentResult }) {
  return (
    <section aria-labelledby="subject-stats-title" className="mt-6">
      <h2 id="subject-stats-title" className="text-lg font-semibold text-slate-900">
        By subject
      </h2>
      <Suspense fallback={<div className="h-56" />}>
        <SubjectBarsChart subjects={result.subjectStats.map((s) => ({ name: s.subjectName ?? 'Subject', obtained: s.marksObtained, total: s.totalMarks }))} />
      </Suspense>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[520px] text-left text-sm">
          <TableHead columns={['Subject', 'Questions', 'Correct', 'Partly correct', 'Incorrect', 'Skipped', 'Negative', 'Marks']} />
          <tbody>
            {result.subjectStats.map((s) => (
              <tr key={s.subjectId} className="border-b border-slate-200">
                <th scope="row" className="px-3 py-2 font-medium">
                  {s.subjectName ?? '–'}
                </th>
                <td className="px-3 py-2">{s.questions}</td>
                <td className="px-3 py-2">{formatMarks(s.questionTally.correct)}</td>
                <td className="px-3 py-2">{s.questionTally.partlyCorrect}</td>
                <td className="px-3 py-2">{formatMarks(s.questionTally.incorrect)}</td>
                <td className="px-3 py-2">{formatMarks(s.questionTally.skipped)}</td>
                <td className="px-3 py-2">{formatMarks(s.negativeMarks)}</td>
                <td className="px-3 py-2">
                  {formatMarks(s.marksObtained)} / {formatMarks(s.totalMarks)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const VERDICTS: Record<QuestionOutcome, { label: string; tone: string }> = {
  awaitingMarks: { label: 'Waiting for marking', tone: 'bg-amber-100 text-amber-900' },
  skipped: { label: 'Unanswered', tone: 'bg-slate-200 text-slate-800' },
  correct: { label: 'Correct', tone: 'bg-green-100 text-green-800' },
  partlyCorrect: { label: 'Partly correct', tone: 'bg-amber-100 text-amber-900' },
  incorrect: { label: 'Incorrect', tone: 'bg-red-100 text-red-800' },
};

function AnswerReview({ answer, number, extras, children }: { answer: ResultAnswer; number: number; extras?: ReactNode; children?: ReactNode }) {
  const question = answer.questionId;
  const verdict = VERDICTS[questionOutcome(answer)];
  const written = question.type === 'shortAns' || question.type === 'paragraph';
  return (
    <li className="break-inside-avoid rounded-xl border border-slate-200 bg-white p-4" aria-label={`Question ${number}`}>
      {/* The stem takes the whole width; its status and marks follow on a line of their own (a phone has no room beside it). */}
      <p className="font-medium text-slate-900">
        {number}. {question.title}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="question-status">
        {question.dropped ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Dropped: counts for no one</span>
        ) : (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${verdict.tone}`}>{verdict.label}</span>
        )}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
          {formatMarks(answer.marks)} / {formatMarks(answer.total)} marks{answer.negativeMarks > 0 ? ` (−${formatMarks(answer.negativeMarks)})` : ''}
        </span>
      </div>
      {question.subjectName && <p className="mt-1 text-xs text-slate-600">{question.subjectName}</p>}
      {extras}
      {question.image.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {question.image.map((src, i) => (
            <img key={src} src={mediaUrl(src)} alt={`Figure ${i + 1} of question ${number}`} className="max-h-60 max-w-full rounded border border-slate-200" />
          ))}
        </div>
      )}
      {question.file.length > 0 && <FileLinks files={question.file.map((f) => ({ href: mediaUrl(f), name: fileNameOf(f) }))} label="Question files" />}
      {written ? <WrittenReview answer={answer} /> : <OptionsReview answer={answer} />}
      <ExplanationNotes question={question} />
      {children}
    </li>
  );
}

/** A question's explanation (and its files) and notes, as a result and the mistakes review show them. */
export function ExplanationNotes({ question }: { question: ResultAnswer['questionId'] }) {
  return (
    <>
      {(question.explanation || question.explanationExt.length > 0) && (
        <div className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
          <p className="font-semibold text-brand-800">Explanation</p>
          {question.explanation && <p className="mt-1 whitespace-pre-line">{question.explanation}</p>}
          {question.explanationExt.map((extra) =>
            /^(https?:|\/)/.test(extra) ? (
              <a key={extra} href={mediaUrl(extra)} target="_blank" rel="noreferrer" className="mt-1 block text-brand-700 underline">
                {fileNameOf(extra)}
              </a>
            ) : (
              <p key={extra} className="mt-1 whitespace-pre-line">
                {extra}
              </p>
            ),
          )}
        </div>
      )}
      {question.notes && (
        <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          <p className="font-semibold">Notes</p>
          <p className="mt-1 whitespace-pre-line">{question.notes}</p>
        </div>
      )}
    </>
  );
}

function FileLinks({ files, label }: { files: { href: string; name: string }[]; label: string }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={label}>
      {files.map((file) => (
        <li key={file.href}>
          <a href={file.href} target="_blank" rel="noreferrer" className="rounded bg-slate-100 px-2 py-0.5 text-brand-700 underline">
            {file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** MCQ, checkbox and MCA: each option with what the student chose and the key. */
export function OptionsReview({ answer }: { answer: ResultAnswer }) {
  const question = answer.questionId;
  const count = question.options.length;
  const mca = question.type === 'MCA';
  const chosen = (index: number): string | null => {
    if (mca) return mcaValue(answer.answer[index]);
    return answer.answer.some((item) => optionIndex(item, count) === index) ? 'chosen' : null;
  };
  const key = (index: number): string | null => {
    if (mca) return mcaValue(question.answer[index]);
    // After a key decision an MCQ may accept several options: each scores.
    if (question.acceptedOptions?.includes(index)) return 'chosen';
    return question.answer.some((item) => optionIndex(item, count) === index) ? 'chosen' : null;
  };
  const word = (value: string | null) => (value === 'true' ? 'True' : value === 'false' ? 'False' : '–');
  return (
    <ul className="mt-3 space-y-1.5 text-sm">
      {question.options.map((text, index) => {
        const mine = chosen(index);
        const right = key(index);
        const correct = mca ? mine !== null && mine === right : mine !== null && right !== null;
        const wrong = mine !== null && !correct;
        const frame = correct ? 'border-green-600 bg-green-50' : wrong ? 'border-red-600 bg-red-50' : right && !mca ? 'border-green-600 border-dashed' : 'border-slate-200';
        return (
          <li key={index} className={`flex flex-wrap items-center gap-2 rounded-lg border p-2 ${frame}`}>
            <span className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold">{optionLetter(index)}</span>
            {question.optionType[String(index)] === 'image' ? <img src={mediaUrl(text)} alt={`Option ${optionLetter(index)}`} className="max-h-40 rounded" /> : <span className="flex-1">{text}</span>}
            {mca ? (
              <span className="ml-auto text-xs text-slate-700">
                Your answer: <strong>{word(mine)}</strong> · Correct: <strong>{word(right)}</strong>
              </span>
            ) : (
              <span className="ml-auto text-xs font-semibold">
                {mine && <span className={correct ? 'text-green-800' : 'text-red-800'}>Your answer</span>}
                {mine && right && ' · '}
                {right && <span className="text-green-800">Correct answer</span>}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Short and paragraph answers: the student's text and files, the key, and the teacher's marks and comment. */
function WrittenReview({ answer }: { answer: ResultAnswer }) {
  const text = answer.answer.filter((item): item is string => typeof item === 'string').join('').trim();
  const key = answer.questionId.answer.filter((item): item is string => typeof item === 'string').join(' ').trim();
  return (
    <div className="mt-3 space-y-2 text-sm">
      <div>
        <p className="font-semibold text-slate-700">Your answer</p>
        <p className="mt-1 whitespace-pre-line rounded-lg border border-slate-200 p-2">{text || 'Not answered'}</p>
        {answer.extra.length > 0 && <FileLinks files={answer.extra.map((f) => ({ href: pathTo(storagePaths.file, { key: f.key }), name: f.name }))} label="Your files" />}
      </div>
      {key && (
        <div>
          <p className="font-semibold text-green-800">Correct answer</p>
          <p className="mt-1 whitespace-pre-line">{key}</p>
        </div>
      )}
      {answer.teacherMarks !== null && (
        <div className="rounded-lg bg-slate-50 p-2" data-testid="teacher-review">
          <p>
            <span className="font-semibold">Teacher's marks:</span> {formatMarks(answer.teacherMarks)} / {formatMarks(answer.total)}
          </p>
          {answer.teacherComment && (
            <p className="mt-1">
              <span className="font-semibold">Teacher's comment:</span> {answer.teacherComment}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
