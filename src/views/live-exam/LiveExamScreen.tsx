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
        else if (isApiRequestError(error) && error.network) setLoaded({ status: 'failed', message: 'Please check your internet connection then try again.' });
        else setLoaded({ status: 'failed', message: isApiRequestError(error) ? error.title : 'Unhandled exception' });
      },
    );
    return () => {
      current = false;
    };
  }, [examId, groupId, attempt]);

  if (!student) return null;
  switch (loaded.status) {
    case 'loading':
      return (
        <p role="status" className="py-10 text-center text-slate-600">
          Loading exam…
        </p>
      );
    case 'removed':
      return <RemovedModal open onBack={() => navigate('/exams')} />;
    case 'failed':
      return (
        <div className="py-10 text-center" role="alert">
          <p className="text-slate-700">{loaded.message}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className="mt-3 rounded-md bg-brand-700 px-4 py-2 text-white">
            Try again
          </button>
        </div>
      );
    case 'submitted':
      return (
        <div className="py-10 text-center">
          <h1 className="text-lg font-semibold">{loaded.exam.title}</h1>
          <p className="mt-2 text-slate-700">You have already submitted this exam.</p>
          <div className="mt-4 flex justify-center gap-2">
            <button type="button" onClick={() => navigate('/exams')} className="rounded-md px-4 py-2 ring-1 ring-slate-300">
              Back
            </button>
            <button type="button" onClick={() => navigate(`/result/${examId}/${groupId}`)} className="rounded-md bg-brand-700 px-4 py-2 text-white">
              View Result
            </button>
          </div>
        </div>
      );
    case 'ready':
      return <ExamSession key={`${examId}-${groupId}`} exam={loaded.exam} timing={loaded.timing} studentId={student._id} examId={examId} groupId={groupId} />;
  }
}
