// /mistakes/{setId}/result: a mistakes practice set's result, shown as practice results are (the result
// view's statechart and ResultBody: marks, and each question with the key, explanation and notes), with
// how many questions left the set and the offer to practise what remains.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resultViewMachine } from '../../machines/resultView.machine';
import type { MistakesResult } from '../../contracts/mistakes';
import type { ResultReply } from '../../contracts/results';
import { mistakesApi } from '../../services/mistakes';
import { useStudent } from '../app/RootActors';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast';
import { ResultBody, ResultFailure, ResultToolbar } from '../results/ResultScreen';
import { goBackFrom, showResultsFailure } from '../results/resultNavigation';
import { ResultMistakes, ScoreboardMistakes } from './PractiseMistakes';

export function MistakesResultScreen() {
  const { setId = '' } = useParams();
  const student = useStudent();
  const navigate = useNavigate();
  // What the set's result adds to a result: the questions that left and where the set came from.
  const [about, setAbout] = useState<Omit<MistakesResult, 'result'> | null>(null);
  const actor = useActorRef(
    resultViewMachine.provide({
      actors: {
        loadResult: fromPromise<ResultReply, { examId: string; groupId: string }>(async () => {
          const { result, ...rest } = await mistakesApi.result(setId);
          setAbout(rest);
          return result;
        }),
      },
      actions: {
        notify: (_, { kind, title, description }) => toast[kind](title, description),
        notifyFailure: (_, { error }) => showResultsFailure(error),
        goBack: () => goBackFrom(navigate),
        print: () => window.print(),
      },
    }),
    { input: { examId: setId, groupId: '', studentId: student?._id ?? '' } },
  );
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null));
  const result = useSelector(actor, (s) => s.context.result);
  const back = () => goBackFrom(navigate);

  if (loading) return <Spinner label="Loading result…" showLabel />;
  if (failure || !result || !about) return <ResultFailure failure={failure} onBack={back} onRetry={() => actor.send({ type: 'result.retry' })} />;
  return (
    <article aria-labelledby="result-title" className="mx-auto max-w-4xl print:max-w-none">
      <ResultToolbar onBack={back} onPrint={() => actor.send({ type: 'result.print' })} />
      <p className="mb-3 rounded-lg bg-green-50 p-3 text-sm text-green-900" role="status" data-testid="mistakes-cleared">
        {about.cleared > 0
          ? `${about.cleared} ${about.cleared === 1 ? 'question' : 'questions'} answered right twice in a row left your mistakes.`
          : 'A question leaves your mistakes once you answer it right twice in a row.'}
      </p>
      {about.source.source === 'exam' ? (
        <ResultMistakes examId={about.source.examId} groupId={about.source.groupId} />
      ) : (
        <ScoreboardMistakes courseId="" subjectId={about.source.subjectId} />
      )}
      <ResultBody result={result} />
    </article>
  );
}
