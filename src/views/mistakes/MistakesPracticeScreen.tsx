// /mistakes/{setId}: a mistakes practice set, taken exactly as a practice exam is (the exam attempt's
// statechart and screen, src/views/live-exam) through the set's own calls: its paper, answer saves,
// submit, and its result at /mistakes/{setId}/result. Kept on the device like a practice exam, so it
// goes on offline once open.
import { useParams } from 'react-router-dom';
import { useStudent } from '../app/RootActors';
import { ExamAttempt } from '../live-exam/LiveExamScreen';
import type { AttemptCalls } from '../live-exam/examAttempt.implementations';
import { mistakesApi } from '../../services/mistakes';

/** The batch slot of a set's attempt on the device (a set has no batch of its own). */
const MISTAKES_GROUP = 'mistakes';

const mistakesResultAddress = (setId: string) => `/mistakes/${setId}/result`;

const mistakesCalls: AttemptCalls = {
  paper: (setId) => mistakesApi.paper(setId),
  // A set starts on the server when it is made: "starting" reads its timing from the paper.
  start: async (setId) => {
    const paper = await mistakesApi.paper(setId);
    return { studentStartsAt: paper.studentStartsAt ?? paper.startsAt, deadlineAt: paper.deadlineAt ?? paper.endsAt, serverNow: paper.serverNow, submittedAt: paper.submittedAt };
  },
  sendAnswer: (input) => mistakesApi.sendAnswer(input),
  submit: (setId) => mistakesApi.submit(setId),
  resultAddress: (setId) => mistakesResultAddress(setId),
};

export function MistakesPracticeScreen() {
  const { setId = '' } = useParams();
  const student = useStudent();
  if (!student) return null;
  return <ExamAttempt key={setId} examId={setId} groupId={MISTAKES_GROUP} studentId={student._id} calls={mistakesCalls} />;
}
