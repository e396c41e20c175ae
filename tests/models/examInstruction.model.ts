import type { SegmentedExamDetails, SegmentedSelection, ExamAssignment, StartChoices } from '../../src/contracts/exams';
import { startFiltersProblem } from '../../src/domain/examStartFilters';
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
    resultPublished: false,
    studentStartsAt: null,
    submittedAt: null,
  };
}

export const plain = assignment();
export const segmentedLive = assignment({ isSegmentedExam: true, segmentedExamDetails: details });
export const segmentedPractice = assignment({ isSegmentedExam: true, isPracticeExam: true, segmentedExamDetails: details });
export const practice = assignment({ isPracticeExam: true });
/** The start's choices: the spec's categories, one faculty with a subject. */
export const choices: StartChoices = {
  categories: ['Govt.', 'Non-Govt.', 'AMC', 'Others'],
  faculties: [
    { name: 'Medicine', subjects: ['Cardiology', 'No Subject'] },
    { name: 'No faculty', subjects: ['No Subject'] },
  ],
};
export const remembered = { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'Cardiology' };
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
  { type: 'instruction.changeFilters' },
  { type: 'filters.set', field: 'candidateCategory', value: 'Govt.' },
  { type: 'filters.set', field: 'facultyName', value: 'Medicine' },
  { type: 'filters.set', field: 'subjectName', value: 'Cardiology' },
  { type: 'filters.save' },
  { type: 'filters.back' },
  { type: 'filters.retry' },
] as const;
const serializeState = (s: { value: unknown; context: unknown }) => {
  const c = s.context as ExamInstructionContext;
  // The start filters by what the guards read: remembered or not, the form's choice complete or how far, loaded, and why the form opened.
  const draft = c.choices && startFiltersProblem(c.draft, c.choices.faculties) === null ? 'complete' : [!!c.draft.candidateCategory, !!c.draft.facultyName, !!c.draft.subjectName];
  return JSON.stringify([s.value, c.assignment?.examId.isSegmentedExam, c.assignment?.examId.isPracticeExam, c.retake, c.selection, c.submitted, !!c.filters, draft, !!c.choices, c.startAfterFilters]);
};
const forbidden = Object.assign(new Error('gone'), { status: 403, title: 'This exam has been removed from your group' });
const offline = Object.assign(new Error('Network error'), { network: true, status: 0 });
const base: PathModel<typeof examInstructionMachine> = {
  machine: examInstructionMachine,
  input: { studentId: 's1', filters: remembered },
  events: [...events],
  serializeState,
  outcomes: {
    loadSelection: { done: [empty, stored], error: [offline] },
    saveSelection: { done: [stored], error: [offline] },
    retakeExam: { done: [{ status: '200' }, { status: '500' }], error: [forbidden] },
    loadStartChoices: { done: [choices], error: [offline] },
  },
};
/** Every exam kind; then a practice retake on its own whose request fails offline. */
export const models: PathModel<typeof examInstructionMachine>[] = [
  /** Every exam kind, the start filters remembered from an earlier start. */
  { ...base, name: 'every exam kind', events: events.slice(0, 9) },
  { ...base, name: 'retake offline', events: [events[3], events[7]], outcomes: { retakeExam: { error: [offline] } } },
  /** A plain live exam on a device that never chose: the start filters asked, chosen, changed; their loading failing offline. */
  { ...base, name: 'start filters', input: { studentId: 's1', filters: null }, events: [events[0], events[7], events[8], ...events.slice(9)] },
];
