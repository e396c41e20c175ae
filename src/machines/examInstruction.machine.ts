// The 'Exam Instruction' modal and, for segmented exams, the subject selection inside it; Start
// (or Retake) leads to the live exam. The selection's rules come from domain/segmentedSelection.
import { and, assign, raise, setup, fromPromise } from 'xstate';
import { initialSelection, toggleSubject, validateSelection, type SubjectGroup } from '../domain/segmentedSelection';
import type { ExamAssignment, SegmentedExamDetails, SegmentedSelection, StartChoices } from '../contracts/exams';
import { startFiltersChosen, startFiltersProblem, type StartFilters } from '../domain/examStartFilters';
import { MESSAGES } from '../domain/messages';
import { meansExamRemoved } from '../domain/examErrors';
import { failureOf } from '../domain/failures';

export interface ExamInstructionContext {
  studentId: string;
  assignment: ExamAssignment | null;
  retake: boolean;
  selection: SegmentedSelection;
  /** The selection was submitted (and stored on the server). */
  submitted: boolean;
  /** The candidate category, faculty and subject remembered on the device (spec §3, Exam start filters); null until chosen. */
  filters: StartFilters | null;
  /** The choice being made in the start filters form. */
  draft: StartFilters;
  /** The categories and the faculties with their subjects, once loaded. */
  choices: StartChoices | null;
  /** The filters form was opened by Start Exam: saving it starts the exam. */
  startAfterFilters: boolean;
}

export type StartFilterField = keyof StartFilters;

export type ExamInstructionEvent =
  | { type: 'instruction.open'; assignment: ExamAssignment; retake?: boolean }
  | { type: 'instruction.toggleSubject'; group: SubjectGroup; subjectId: string }
  | { type: 'instruction.reset' }
  | { type: 'instruction.start' }
  | { type: 'instruction.close' }
  | { type: 'instruction.changeFilters' }
  | { type: 'filters.set'; field: StartFilterField; value: string }
  | { type: 'filters.save' }
  | { type: 'filters.back' }
  | { type: 'filters.retry' };

interface SelectionRequest {
  examId: string;
  studentId: string;
  isPracticeExam: boolean;
  selection: SegmentedSelection;
}

const EMPTY: SegmentedSelection = { mandatorySubjects: [], compulsoryOptionalSubjects: [], optionalSubjects: [] };
const NO_FILTERS: StartFilters = { candidateCategory: '', facultyName: '', subjectName: '' };
const isLiveExam = (context: ExamInstructionContext) => !!context.assignment && !context.assignment.examId.isPracticeExam;
/** A new faculty has subjects of its own: the subject chosen for another is dropped. */
const withChoice = (draft: StartFilters, field: StartFilterField, value: string): StartFilters =>
  field === 'facultyName' && value !== draft.facultyName ? { ...draft, facultyName: value, subjectName: '' } : { ...draft, [field]: value };
const detailsOf = (context: ExamInstructionContext): SegmentedExamDetails | null => context.assignment?.examId.segmentedExamDetails ?? null;
const isEmpty = (selection: SegmentedSelection | null | undefined) =>
  !selection || selection.mandatorySubjects.length + selection.compulsoryOptionalSubjects.length + selection.optionalSubjects.length === 0;

export const instructionMessages = {
  defaultInstruction: (title: string) => 'There is no instruction given for this ' + title,
  connectionLost: MESSAGES.connectionLost,
  removed: MESSAGES.examRemoved,
} as const;

export const examInstructionMachine = setup({
  types: {} as { context: ExamInstructionContext; events: ExamInstructionEvent; input: { studentId: string; filters?: StartFilters | null } },
  actors: {
    loadStartChoices: fromPromise<StartChoices, void>(async () => {
      throw new Error('provide loadStartChoices');
    }),
    loadSelection: fromPromise<SegmentedSelection, { examId: string; studentId: string }>(async () => {
      throw new Error('provide loadSelection');
    }),
    saveSelection: fromPromise<SegmentedSelection, SelectionRequest>(async () => {
      throw new Error('provide saveSelection');
    }),
    retakeExam: fromPromise<{ status: string }, { examId: string; studentId: string; groupId: string }>(async () => {
      throw new Error('provide retakeExam');
    }),
  },
  actions: {
    /** Segmented selection failures are browser alerts (spec section 5). */
    alert: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    /** Reload the group after the exam left it (403). */
    reloadGroup: (_, _params: { groupId: string }) => {},
    /** Remove the device's saved answers of this exam (before a retake). */
    clearSavedAnswers: (_, _params: { examId: string }) => {},
    /** Store subjectOfSelectedExam (and the segmented selection) and go to /live-exam/{examId}/{groupId}. */
    enterExam: (_, _params: { assignment: ExamAssignment; selection: SegmentedSelection }) => {},
    logError: (_, _params: { error: unknown }) => {},
    /** Remember the choice on the device (exam_candidateCategory, exam_faculty, exam_subject); the submit sends it. */
    storeFilters: (_, _params: { filters: StartFilters }) => {},
    selectionFailed: assign({ submitted: false }),
  },
  guards: {
    segmented: ({ event }) => event.type === 'instruction.open' && event.assignment.examId.isSegmentedExam && !!event.assignment.examId.segmentedExamDetails,
    retakingSegmented: ({ event }) => event.type === 'instruction.open' && !!event.retake && event.assignment.examId.isSegmentedExam,
    canEditSelection: ({ context }) => !!detailsOf(context) && !!context.assignment?.examId.isSegmentedExam && (context.assignment.examId.isPracticeExam || !context.submitted),
    needsSelection: ({ context }) =>
      !!context.assignment?.examId.isSegmentedExam && !!detailsOf(context) && (context.assignment.examId.isPracticeExam || !context.submitted),
    selectionValid: ({ context }) => validateSelection(detailsOf(context)!, context.selection).ok,
    retake: ({ context }) => context.retake,
    needsStartFilters: ({ context }) => isLiveExam(context) && !startFiltersChosen(context.filters),
    liveExam: ({ context }) => isLiveExam(context),
    choicesLoaded: ({ context }) => context.choices !== null,
    draftComplete: ({ context }) => context.choices !== null && startFiltersProblem(context.draft, context.choices.faculties) === null,
    startAfterFilters: ({ context }) => context.startAfterFilters,
    forbidden: (_, params: { error: unknown }) => meansExamRemoved(failureOf(params.error)),
    retakeAccepted: (_, params: { output: { status: string } }) => params.output.status === '200',
  },
}).createMachine({
  id: 'examInstruction',
  description: "Start flow: the instruction modal; for segmented exams the subject selection is submitted first; retaking a practice exam starts it afresh; then the live exam opens.",
  meta: { spec: '§4 States and transitions — Start flow, Retake, Segmented selection; §2 Segmented exam subject selection' },
  context: ({ input }) => ({
    studentId: input.studentId,
    assignment: null,
    retake: false,
    selection: EMPTY,
    submitted: false,
    filters: input.filters ?? null,
    draft: input.filters ?? NO_FILTERS,
    choices: null,
    startAfterFilters: false,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The exams page; no modal is open.',
      on: {
        'instruction.open': [
          {
            guard: 'retakingSegmented',
            description: 'A retake starts the subject selection afresh',
            target: 'open',
            actions: assign(({ event }) => ({
              assignment: event.assignment,
              retake: true,
              selection: initialSelection(event.assignment.examId.segmentedExamDetails!),
              submitted: false,
            })),
          },
          {
            guard: 'segmented',
            target: 'loadingSelection',
            description: 'The student presses Start Exam on a segmented exam: the stored subject selection is looked up',
            actions: assign(({ event }) => ({
              assignment: event.assignment,
              retake: !!event.retake,
              selection: initialSelection(event.assignment.examId.segmentedExamDetails!),
              submitted: false,
            })),
          },
          {
            target: 'open',
            description: 'The student presses Start Exam (or Retake Exam)',
            actions: assign(({ event }) => ({ assignment: event.assignment, retake: !!event.retake, selection: EMPTY, submitted: false })),
          },
        ],
      },
    },
    loadingSelection: {
      description: 'Loading the subject selection submitted earlier.',
      tags: ['loading'],
      invoke: {
        src: 'loadSelection',
        input: ({ context }) => ({ examId: context.assignment!.examId._id, studentId: context.studentId }),
        onDone: {
          target: 'open',
          description: 'A selection stored earlier counts as submitted',
          actions: assign(({ context, event }) => {
            if (isEmpty(event.output)) return {};
            const checked = validateSelection(detailsOf(context)!, event.output);
            return checked.ok ? { selection: checked.selection, submitted: true } : {};
          }),
        },
        onError: { target: 'open', description: 'No stored selection could be read: the student selects afresh', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'instruction.close': { target: 'closed', description: 'The student closes the modal before the stored selection arrives: nothing was sent, so nothing is lost' },
      },
    },
    open: {
      description: "'Exam Instruction' modal (OK text 'Start Exam')",
      on: {
        'instruction.toggleSubject': {
          guard: 'canEditSelection',
          description: 'The student ticks or unticks a compulsory optional or optional subject',
          actions: assign({ selection: ({ context, event }) => toggleSubject(detailsOf(context)!, context.selection, event.group, event.subjectId) }),
        },
        'instruction.reset': {
          guard: 'canEditSelection',
          description: 'The student resets the subject selection',
          actions: assign({ selection: ({ context }) => initialSelection(detailsOf(context)!), submitted: false }),
        },
        'instruction.start': [
          {
            guard: 'needsStartFilters',
            target: 'choosingFilters',
            description: "The student presses 'Start Exam' on a live exam before ever choosing a candidate category, faculty and subject: they are asked first",
            actions: assign({ startAfterFilters: true, draft: NO_FILTERS }),
          },
          { guard: 'needsSelection', target: 'checkingSelection', description: "The student presses 'Start Exam': the subject selection is submitted first" },
          { guard: 'retake', target: 'retaking', description: "The student presses 'Start Exam' on a retake" },
          { target: 'started', description: "The student presses 'Start Exam'" },
        ],
        'instruction.close': { target: 'closed', description: 'The student closes the modal' },
        'instruction.changeFilters': {
          guard: 'liveExam',
          target: 'choosingFilters',
          description: 'The student changes the remembered candidate category, faculty and subject',
          actions: assign({ startAfterFilters: false, draft: ({ context }) => context.filters ?? NO_FILTERS }),
        },
      },
    },
    choosingFilters: {
      description: "The exam start filters (spec §3): candidate category, faculty and the faculty's subject, asked once before a live exam and remembered on the device.",
      initial: 'checking',
      on: {
        'filters.back': { target: 'open', description: 'The student goes back to the instruction without changing the choice' },
        'instruction.close': { target: 'closed', description: 'The student closes the modal' },
      },
      states: {
        checking: {
          description: 'Whether the choices are on hand already (a momentary state).',
          always: [{ guard: 'choicesLoaded', target: 'choosing', description: 'The choices were loaded before' }, { target: 'loading' }],
        },
        loading: {
          description: 'Loading the categories and the faculties with their subjects.',
          tags: ['loading'],
          invoke: {
            src: 'loadStartChoices',
            onDone: { target: 'choosing', description: 'The categories and faculties with their subjects arrived', actions: assign({ choices: ({ event }) => event.output }) },
            onError: { target: 'failed', description: 'The choices could not be loaded (offline, or the server away)', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'The choices could not be loaded: a message and Try again.',
          on: { 'filters.retry': { target: 'loading', description: 'The student tries again' } },
        },
        choosing: {
          description: 'Three choices; the subjects are those of the faculty chosen.',
          on: {
            'filters.set': {
              description: 'The student picks a category, a faculty (which clears the subject) or a subject',
              actions: assign({ draft: ({ context, event }) => withChoice(context.draft, event.field, event.value) }),
            },
            'filters.save': [
              {
                guard: and(['draftComplete', 'startAfterFilters']),
                target: '#examInstruction.open',
                description: 'The choice is complete and remembered; the exam start goes on',
                actions: [
                  { type: 'storeFilters', params: ({ context }) => ({ filters: context.draft }) },
                  assign({ filters: ({ context }) => context.draft }),
                  raise({ type: 'instruction.start' }),
                ],
              },
              {
                guard: 'draftComplete',
                target: '#examInstruction.open',
                description: 'The changed choice is remembered',
                actions: [{ type: 'storeFilters', params: ({ context }) => ({ filters: context.draft }) }, assign({ filters: ({ context }) => context.draft })],
              },
            ],
          },
        },
      },
    },
    checkingSelection: {
      description: 'Practice exams always submit the selection again; live ones once',
      always: [
        { guard: 'selectionValid', target: 'savingSelection', description: 'The selection is complete: submit it' },
        {
          target: 'open',
          description: 'The selection breaks a rule: the red hint says which',
          actions: [
            'selectionFailed',
            {
              type: 'alert',
              params: ({ context }) => {
                const checked = validateSelection(detailsOf(context)!, context.selection);
                return { message: checked.ok ? '' : checked.message };
              },
            },
          ],
        },
      ],
    },
    savingSelection: {
      description: 'Submitting the subject selection.',
      tags: ['loading'],
      invoke: {
        src: 'saveSelection',
        input: ({ context }) => ({
          examId: context.assignment!.examId._id,
          studentId: context.studentId,
          isPracticeExam: context.assignment!.examId.isPracticeExam,
          selection: context.selection,
        }),
        onDone: [
          { guard: 'retake', target: 'retaking', description: "The selection is saved ('submitted'); the retake goes on", actions: assign({ submitted: true }) },
          { target: 'started', description: "The selection is saved ('submitted')", actions: assign({ submitted: true }) },
        ],
        onError: {
          target: 'open',
          description: 'The server refused the selection: it is no longer submitted and the reason shows',
          actions: [
            'selectionFailed',
            { type: 'notifyError', params: ({ event }) => ({ message: failureOf(event.error).title || MESSAGES.unhandledException }) },
          ],
        },
      },
    },
    retaking: {
      description: 'Retake: the previous submission is being removed.',
      tags: ['loading'],
      invoke: {
        src: 'retakeExam',
        input: ({ context }) => ({ examId: context.assignment!.examId._id, studentId: context.studentId, groupId: context.assignment!.groupId }),
        onDone: [
          {
            guard: { type: 'retakeAccepted', params: ({ event }) => ({ output: event.output }) },
            target: 'started',
            description: "Status '200': the earlier answers are cleared from the device",
            actions: { type: 'clearSavedAnswers', params: ({ context }) => ({ examId: context.assignment!.examId._id }) },
          },
          { target: 'open', description: 'The server did not allow the retake: an error shows', actions: { type: 'notifyError', params: { message: MESSAGES.unhandledException } } },
        ],
        onError: [
          {
            guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'open',
            description: 'The exam left the batch: say so and reload the group',
            actions: [{ type: 'notifyError', params: { message: instructionMessages.removed } }, { type: 'reloadGroup', params: ({ context }) => ({ groupId: context.assignment!.groupId }) }],
          },
          {
            target: 'open',
            description: 'The retake failed: the connection message offline, else the reason',
            actions: {
              type: 'notifyError',
              params: ({ event }) => {
                const f = failureOf(event.error);
                return { message: f.network ? instructionMessages.connectionLost : f.title || MESSAGES.unhandledException };
              },
            },
          },
        ],
      },
    },
    started: {
      description: 'The live exam opens (/live-exam/{examId}/{groupId}) with the subject name stored on the device.',
      entry: { type: 'enterExam', params: ({ context }) => ({ assignment: context.assignment!, selection: context.selection }) },
      always: { target: 'closed', description: 'The modal closes behind the exam' },
    },
  },
});
