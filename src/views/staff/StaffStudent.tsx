// One student on the desk (/staff/students/:studentId): profile, batches, the exams they took with the
// results they see, and for an administrator a password-reset code sent to their phone. The flow is
// the staffStudent statechart; this view renders it.
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { staffStudentMachine } from '../../machines/staffStudent.machine';
import type { ResetCodeReply, StaffStudentPage, StudentExam } from '../../contracts/staffBatches';
import { staffBatchesApi } from '../../services/staffBatches';
import { formatAcademyTime } from '../../domain/academyTime';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { PageLink } from '../ui/PageLink';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { DeskLayout, useDeskPageTitle, DeskLoadFailure } from './DeskLayout';

type StudentActor = ReturnType<typeof useStudentActor>;

const EXAM_COLUMNS = ['Exam', 'Batch', 'Submitted', 'Marks', 'Position', 'Result'] as const;

function useStudentActor(studentId: string) {
  return useActorRef(
    staffStudentMachine.provide({
      actors: {
        loadStudent: fromPromise<StaffStudentPage, { studentId: string }>(({ input }) => staffBatchesApi.student(input.studentId)),
        sendResetCode: fromPromise<ResetCodeReply, { studentId: string }>(({ input }) => staffBatchesApi.resetCode(input.studentId)),
      },
    }),
    { input: { studentId } },
  );
}

export function StaffStudentScreen() {
  const { studentId = '' } = useParams();
  return (
    <DeskLayout section="batches" title="Student" width="wide">
      <StudentContent key={studentId} studentId={studentId} />
    </DeskLayout>
  );
}

function StudentContent({ studentId }: { studentId: string }) {
  const actor = useStudentActor(studentId);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const page = useSelector(actor, (s) => s.context.page);
  const problem = useSelector(actor, (s) => s.context.problem);
  useDeskPageTitle(page ? page.student.name : null);
  return (
    <section aria-labelledby="student-title">
      <ButtonLink to="/staff/batches" variant="quiet" className="-ml-2">
        ← Batches
      </ButtonLink>
      <h1 id="student-title" className="mb-3 mt-1 break-words text-xl font-semibold text-slate-900">
        {page ? page.student.name : 'Student'}
      </h1>
      {loading && <Spinner label="Loading the student…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The student could not be loaded." onRetry={() => actor.send({ type: 'student.retry' })} back={{ to: '/staff/batches', label: 'Batches' }} />
      )}
      {page && !loading && !failed && <StudentDetails actor={actor} page={page} />}
    </section>
  );
}

function StudentDetails({ actor, page }: { actor: StudentActor; page: StaffStudentPage }) {
  const { student } = page;
  const noExams = useSelector(actor, (s) => s.matches({ loaded: { exams: 'none' } }));
  const facts: [string, string][] = [
    ['Phone', student.phone],
    ['Roll', student.sid],
    ['Password', student.hasPassword ? 'Set' : 'Not set yet: the student sets one with a one-time code on first sign-in (Create an account)'],
    ['Session', student.session ?? 'Not given'],
    ['Branch', student.branch ?? 'Not given'],
    ['Other phone', student.contact ?? 'Not given'],
    ['SSC GPA', student.sscGpa === null ? 'Not given' : String(student.sscGpa)],
    ['HSC GPA', student.hscGpa === null ? 'Not given' : String(student.hscGpa)],
    ['Account made', formatAcademyTime(student.createdAt)],
  ];
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="profile-title" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="profile-title" className="mb-2 font-semibold text-slate-900">Profile</h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-slate-600">{term}</dt>
                <dd className="break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          {page.canManage && <ResetCode actor={actor} phone={student.phone} />}
        </section>
        <section aria-labelledby="batches-title" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="batches-title" className="mb-2 font-semibold text-slate-900">Batches</h2>
          {page.batches.length === 0 ? (
            <p className="text-sm text-slate-600">In no batch: the student sees no content or exams.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {page.batches.map((batch) => (
                <li key={batch._id}>
                  <PageLink to={`/staff/batches/${batch._id}`} className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline">
                    {batch.name}
                  </PageLink>
                  <span className="text-slate-600"> · {batch.courseName ?? 'Not given'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="exams-title" className="mt-4">
        <h2 id="exams-title" className="mb-2 font-semibold text-slate-900">Exams taken</h2>
        <p className="mb-2 text-sm text-slate-600">Marks and positions as the student sees them: a live exam's once its results are published.</p>
        {noExams ? (
          <Notice className="my-2" title="No exams taken yet." />
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Exams the student submitted, newest first</caption>
              <TableHead columns={EXAM_COLUMNS} />
              <tbody>
                {page.exams.map((exam) => <ExamRow key={exam.attemptId} exam={exam} />)}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function ExamRow({ exam }: { exam: StudentExam }) {
  const result = exam.result;
  return (
    <tr className="border-t border-slate-200">
      <td className="px-3 py-2">
        <span className="font-semibold text-slate-900">{exam.title}</span>
        <span className="block text-slate-600">{exam.isPracticeExam ? 'Practice' : 'Live'}{exam.courseName ? ` · ${exam.courseName}` : ''}</span>
      </td>
      <td className="px-3 py-2">{exam.groupName ?? 'Not given'}</td>
      <td className="px-3 py-2">{formatAcademyTime(exam.submittedAt)}</td>
      {result ? (
        <>
          <td className="px-3 py-2 tabular-nums">{result.marksObtained} / {result.totalMarks}</td>
          <td className="px-3 py-2 tabular-nums">{result.rank ?? '—'}</td>
          <td className="px-3 py-2">{result.passed ? 'Passed' : 'Failed'}</td>
        </>
      ) : (
        <td className="px-3 py-2 text-slate-600" colSpan={3}>Results not published yet</td>
      )}
    </tr>
  );
}

function ResetCode({ actor, phone }: { actor: StudentActor; phone: string }) {
  const canAsk = useSelector(actor, (s) => s.can({ type: 'reset.ask' }));
  const open = useSelector(actor, (s) => s.matches({ loaded: { reset: 'confirming' } }) || s.hasTag('sending'));
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const problem = useSelector(actor, (s) => s.context.problem);
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <Button variant="secondary" disabled={!canAsk} busy={sending} onClick={() => actor.send({ type: 'reset.ask' })}>
        Send password-reset code
      </Button>
      {notice && <p role="status" className="mt-2 text-sm font-semibold text-green-800">{notice}</p>}
      {problem && <div className="mt-2"><InlineAlert words={problem} /></div>}
      <Modal
        open={open}
        onClose={() => actor.send({ type: 'reset.cancel' })}
        title={`Send a password-reset code to ${phone}?`}
        actions={
          <>
            <Button variant="secondary" disabled={sending} onClick={() => actor.send({ type: 'reset.cancel' })}>
              Cancel
            </Button>
            <Button busy={sending} onClick={() => actor.send({ type: 'reset.confirm' })}>
              Send code
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">The code goes by SMS to the student's phone only; the desk never shows it. It counts toward the same limit as the student's own requests.</p>
      </Modal>
    </div>
  );
}
