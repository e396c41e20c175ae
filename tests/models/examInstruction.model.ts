import type { SegmentedExamDetails, SegmentedSelection, ExamAssignment } from '../../src/contracts/exams';
import { examInstructionMachine, type ExamInstructionContext } from '../../src/machines/examInstruction.machine';
import type { PathModel } from '../support/machine-paths';

const details: SegmentedExamDetails = {
  mandatorySubjects: [{ subjectId: 'ana', count: 2 }],
  compulsoryOptionalSubjects: [
    { subjectId: 'phy', count: 2 },
    { subjectId: 'bio', count: 2 },
  ],
  optionalSubjects: [{ subjectId: 'pha', count: 2 }],
  totalSubjects: 3,
  totalQuestions: 6,
  minimumCompulsoryOptionalSubjects: 1,
};

function assignment(overrides: Partial<ExamAssignment['examId']> = {}): ExamAssignment {
  return {
    examId: {
      _id: 'e1',
      title: 'Model Test',
      subjectId: null,
      subjectName: 'Anatomy',
      courseId: 'c1',
      isPracticeExam: false,
      isSegmentedExam: false,
      instruction: null,
      questionCount: 6,
      totalMarks: 6,
      segmentedExamDetails: null,
      ...overrides,
    },
    groupId: 'g1',
    groupName: 'Morning',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-12-01T00:00:00.000Z',
    duration: 30,
    cutMarks: null,
    multipleTimesSubmission: true,
    studentStartsAt: null,
    submittedAt: null,
  };
}

export const plain = assignment();
export const segmentedLive = assignment({ isSegmentedExam: true, segmentedExamDetails: details });
export const segmentedPractice = assignment({ isSegmentedExam: true, isPracticeExam: true, segmentedExamDetails: details });
export const practice = assignment({ isPracticeExam: true });
export const empty: SegmentedSelection = { mandatorySubjects: [], compulsoryOptionalSubjects: [], optionalSubjects: [] };
export const stored: SegmentedSelection = { mandatorySubjects: [{ subjectId: 'ana', count: 2 }], compulsoryOptionalSubjects: [{ subjectId: 'phy', count: 2 }, { subjectId: 'bio', count: 2 }], optionalSubjects: [] };

const events = [
  { type: 'instruction.open', assignment: plain },
  { type: 'instruction.open', assignment: segmentedLive },
  { type: 'instruction.open', assignment: segmentedPractice, retake: true },
  { type: 'instruction.open', assignment: practice, retake: true },
  { type: 'instruction.toggleSubject', group: 'compulsoryOptionalSubjects', subjectId: 'phy' },
  { type: 'instruction.toggleSubject', group: 'optionalSubjects', subjectId: 'pha' },
  { type: 'instruction.reset' },
  { type: 'instruction.start' },
  { type: 'instruction.close' },
] as const;
const serializeState = (s: { value: unknown; context: unknown }) => {
  const c = s.context as ExamInstructionContext;
  return JSON.stringify([s.value, c.assignment?.examId.isSegmentedExam, c.assignment?.examId.isPracticeExam, c.retake, c.selection, c.submitted]);
};
const forbidden = Object.assign(new Error('gone'), { status: 403, title: 'This exam has been removed from your group' });
const offline = Object.assign(new Error('Network error'), { network: true, status: 0 });
const base: PathModel<typeof examInstructionMachine> = {
  machine: examInstructionMachine,
  input: { studentId: 's1' },
  events: [...events],
  serializeState,
  outcomes: {
    loadSelection: { done: [empty, stored], error: [offline] },
    saveSelection: { done: [stored], error: [offline] },
    retakeExam: { done: [{ status: '200' }, { status: '500' }], error: [forbidden] },
  },
};
/** Every exam kind; then a practice retake on its own whose request fails offline. */
export const models: PathModel<typeof examInstructionMachine>[] = [
  { ...base, name: 'every exam kind' },
  { ...base, name: 'retake offline', events: [events[3], events[7]], outcomes: { retakeExam: { error: [offline] } } },
];
