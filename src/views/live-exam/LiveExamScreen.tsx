// /live-exam/{examId}/{groupId}: renders the exam attempt's statechart (src/machines/examAttempt.machine.ts):
// loading, already submitted, removed, failed with Try again, then the running session.
import { useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { examAttemptMachine } from '../../machines/examAttempt.machine';
import { useConnectionActor, useStudent } from '../app/RootActors';
import { ExamSession } from './ExamSession';
import { RemovedModal } from './ExamModals';
import { examAttemptImplementations, examCalls, type AttemptCalls } from './examAttempt.implementations';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { examListAddress } from '../../domain/examPlace';

export function LiveExamScreen() {
  const { examId = '', groupId = '' } = useParams();
  const student = useStudent();
  if (!student) return null;
  return <ExamAttempt key={`${examId}-${groupId}`} examId={examId} groupId={groupId} studentId={student._id} />;
}

/** An attempt at an exam, or (with the set's calls) at a mistakes practice set. */
export function ExamAttempt({ examId, groupId, studentId, calls = examCalls }: { examId: string; groupId: string; studentId: string; calls?: AttemptCalls }) {
  const navigate = useNavigate();
  const connection = useConnectionActor();
  const attempt = useActorRef(examAttemptMachine.provide(examAttemptImplementations({ studentId, connection, navigate, calls })), {
    input: { examId, groupId, studentId, online: connection.getSnapshot().matches('online') },
  });
  const status = useSelector(attempt, (s) => (['removed', 'failed', 'alreadySubmitted', 'running'] as const).find((name) => s.matches(name)) ?? 'loading');
  const error = useSelector(attempt, (s) => s.context.error);
  const title = useSelector(attempt, (s) => s.context.exam?.title);

  if (status === 'removed') return <RemovedModal open onBack={() => navigate(examListAddress())} />;
  if (status === 'failed')
    return (
      <Notice
        tone="error"
        action={
          <>
            <Button variant="secondary" onClick={() => navigate(examListAddress())}>
              Back
            </Button>
            <Button onClick={() => attempt.send({ type: 'attempt.retry' })}>Try again</Button>
          </>
        }
      >
        {error}
      </Notice>
    );
  if (status === 'alreadySubmitted')
    return (
      <section>
        <h1 className="text-center text-lg font-semibold text-slate-900">{title}</h1>
        <Notice
          className="mx-auto my-4"
          action={
            <>
              <Button variant="secondary" onClick={() => navigate(examListAddress())}>
                Back
              </Button>
              <Button onClick={() => navigate(calls.resultAddress(examId, groupId))}>View Result</Button>
            </>
          }
        >
          You have already submitted this exam.
        </Notice>
      </section>
    );
  if (status === 'running') return <ExamSession attempt={attempt} />;
  return <Spinner label="Loading exam…" showLabel />;
}
