// /live-exam/{examId}/{groupId}: loads the exam, starts the attempt on the server, then runs the
// session (questions, countdown, outbox, submission).
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiRequestError } from '../../services/api';
import { examsApi } from '../../services/exams';
import type { CurrentExam } from '../../contracts/exams';
import type { ServerTiming } from '../../machines/examTimer.machine';
import { useStudent } from '../app/RootActors';
import { ExamSession } from './ExamSession';
import { RemovedModal } from './ExamModals';
import { meansExamRemoved } from '../../domain/examErrors';
import { MESSAGES } from '../../domain/messages';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; exam: CurrentExam; timing: ServerTiming }
  | { status: 'removed' }
  | { status: 'submitted'; exam: CurrentExam }
  | { status: 'failed'; message: string };

async function openAttempt(examId: string, groupId: string): Promise<Loaded> {
  const exam = await examsApi.paper(examId, groupId);
  const loadedAt = Date.now();
  if (exam.submittedAt) return { status: 'submitted', exam };
  if (exam.studentStartsAt && exam.deadlineAt) return { status: 'ready', exam, timing: { deadlineAt: exam.deadlineAt, serverNow: exam.serverNow, receivedAt: loadedAt } };
  // The server's clock starts the attempt; only then does it hand out the questions.
  const started = await examsApi.start(examId, groupId);
  const startedAt = Date.now();
  const opened = await examsApi.paper(examId, groupId);
  return {
    status: 'ready',
    exam: { ...opened, studentStartsAt: started.studentStartsAt, deadlineAt: started.deadlineAt },
    timing: { deadlineAt: started.deadlineAt, serverNow: started.serverNow, receivedAt: startedAt },
  };
}

export function LiveExamScreen() {
  const { examId = '', groupId = '' } = useParams();
  const student = useStudent();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    openAttempt(examId, groupId).then(
      (result) => current && setLoaded(result),
      (error: unknown) => {
        if (!current) return;
        if (isApiRequestError(error) && meansExamRemoved(error)) setLoaded({ status: 'removed' });
        else if (isApiRequestError(error) && error.network) setLoaded({ status: 'failed', message: MESSAGES.checkConnection });
        else setLoaded({ status: 'failed', message: isApiRequestError(error) ? error.title : MESSAGES.unhandledException });
      },
    );
    return () => {
      current = false;
    };
  }, [examId, groupId, attempt]);

  if (!student) return null;
  switch (loaded.status) {
    case 'loading':
      return <Spinner label="Loading exam…" showLabel />;
    case 'removed':
      return <RemovedModal open onBack={() => navigate('/exams')} />;
    case 'failed':
      return (
        <Notice tone="error" action={<Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}>
          {loaded.message}
        </Notice>
      );
    case 'submitted':
      return (
        <section>
          <h1 className="text-center text-lg font-semibold text-slate-900">{loaded.exam.title}</h1>
          <Notice
            className="mx-auto my-4"
            action={
              <>
                <Button variant="secondary" onClick={() => navigate('/exams')}>
                  Back
                </Button>
                <Button onClick={() => navigate(`/result/${examId}/${groupId}`)}>View Result</Button>
              </>
            }
          >
            You have already submitted this exam.
          </Notice>
        </section>
      );
    case 'ready':
      return <ExamSession key={`${examId}-${groupId}`} exam={loaded.exam} timing={loaded.timing} studentId={student._id} examId={examId} groupId={groupId} />;
  }
}
