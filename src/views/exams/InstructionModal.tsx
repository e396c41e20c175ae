// The 'Exam Instruction' modal with, for segmented exams, the subject selection inside it.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { examInstructionMachine, instructionMessages, type StartFilterField } from '../../machines/examInstruction.machine';
import { isSelected, optionalSubjectsVisible, selectionHints, type SubjectGroup } from '../../domain/segmentedSelection';
import { examsApi, startFiltersOnDevice } from '../../services/exams';
import { contentApi } from '../../services/content';
import type { ExamAssignment } from '../../contracts/exams';
import { answerStore } from '../../services/answerStore';
import { STORAGE_KEYS, writeJson } from '../../services/storage';
import { useStudent } from '../app/RootActors';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { RichText } from '../ui/RichText';
import { toast } from '../ui/toast';

type InstructionActor = ActorRefFrom<typeof examInstructionMachine>;

/** `onExamLeft`: an exam the student acted on has left their batch (the server said 403), so lists showing it are stale. */
export function useExamInstruction(onExamLeft: () => void = () => {}) {
  const navigate = useNavigate();
  const student = useStudent();
  const studentId = student?._id ?? '';
  const actor = useActorRef(
    examInstructionMachine.provide({
      actors: {
        loadSelection: fromPromise(({ input }) => examsApi.segmentedSelection(input.examId, input.studentId)),
        saveSelection: fromPromise(({ input }) => examsApi.saveSegmentedSelection({ examId: input.examId, studentId: input.studentId, isPracticeExam: input.isPracticeExam, ...input.selection })),
        retakeExam: fromPromise(({ input }) => examsApi.retake(input.examId, input.studentId, input.groupId)),
        loadStartChoices: fromPromise(() => examsApi.startChoices()),
      },
      actions: {
        alert: (_, { message }) => window.alert(message),
        notifyError: (_, { message }) => toast.error(message),
        reloadGroup: (_, { groupId }) => {
          void contentApi.group(groupId).catch(() => undefined);
          onExamLeft();
        },
        clearSavedAnswers: (_, { examId }) => answerStore.clearExam(studentId, examId),
        logError: (_, { error }) => console.warn('Exam start step failed', error),
        storeFilters: (_, { filters }) => startFiltersOnDevice.write(filters),
        enterExam: (_, { assignment, selection }) => {
          writeJson(STORAGE_KEYS.subjectOfSelectedExam, assignment.examId.subjectName ?? '');
          if (assignment.examId.isSegmentedExam) writeJson(STORAGE_KEYS.selectedSegmentedExamSubjects, selection);
          navigate(`/live-exam/${assignment.examId._id}/${assignment.groupId}`);
        },
      },
    }),
    { input: { studentId, filters: startFiltersOnDevice.read() } },
  );
  return {
    actor,
    open: (assignment: ExamAssignment) => actor.send({ type: 'instruction.open', assignment }),
    retake: (assignment: ExamAssignment) => actor.send({ type: 'instruction.open', assignment, retake: true }),
  };
}

export function InstructionModal({ actor, subjectNames }: { actor: InstructionActor; subjectNames: Record<string, string> }) {
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const assignment = useSelector(actor, (s) => s.context.assignment);
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const canStart = useSelector(actor, (s) => s.can({ type: 'instruction.start' }));
  // While the selection is saved or a retake sent, Cancel waits: the modal could not close then, and a press would be lost.
  const canClose = useSelector(actor, (s) => s.can({ type: 'instruction.close' }));
  const exam = assignment?.examId;
  const choosingFilters = useSelector(actor, (s) => s.matches('choosingFilters'));
  // Back from the candidate details to the instruction, the pressed button is gone: focus goes to the exam's name.
  const examHeading = useRef<HTMLHeadingElement>(null);
  const wasChoosing = useRef(false);
  useEffect(() => {
    if (wasChoosing.current && !choosingFilters) examHeading.current?.focus();
    wasChoosing.current = choosingFilters;
  }, [choosingFilters]);
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'instruction.close' })}
      size="lg"
      title={choosingFilters ? 'Your candidate details' : 'Exam Instruction'}
      actions={
        choosingFilters ? (
          <StartFiltersActions actor={actor} />
        ) : (
        <>
          <Button variant="secondary" disabled={!canClose} onClick={() => actor.send({ type: 'instruction.close' })}>
            Cancel
          </Button>
          <Button disabled={!canStart} busy={busy} onClick={() => actor.send({ type: 'instruction.start' })}>
            Start Exam
          </Button>
        </>
        )
      }
    >
      {exam && assignment && choosingFilters && <StartFiltersForm actor={actor} examTitle={exam.title} />}
      {exam && assignment && !choosingFilters && (
        <>
          <div className="mb-3 rounded-lg bg-slate-50 p-3" data-testid="instruction-exam">
            <h3 ref={examHeading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-2 focus:outline-brand-600">
              {exam.title}
            </h3>
            <p className="text-sm text-slate-700">
              Duration: {assignment.duration} minutes · Marks: {exam.totalMarks} · Questions: {exam.questionCount}
            </p>
          </div>
          {!exam.isPracticeExam && <RememberedFilters actor={actor} />}
          {exam.instruction ? (
            <RichText className="prose max-w-none" html={exam.instruction} />
          ) : (
            <p>{instructionMessages.defaultInstruction(exam.title)}</p>
          )}
          {exam.isSegmentedExam && exam.segmentedExamDetails && <SubjectSelection actor={actor} subjectNames={subjectNames} />}
        </>
      )}
    </Modal>
  );
}

const GROUPS: { group: SubjectGroup; label: string }[] = [
  { group: 'mandatorySubjects', label: 'Mandatory subjects' },
  { group: 'compulsoryOptionalSubjects', label: 'Compulsory optional subjects' },
  { group: 'optionalSubjects', label: 'Optional subjects' },
];

function SubjectSelection({ actor, subjectNames }: { actor: InstructionActor; subjectNames: Record<string, string> }) {
  const details = useSelector(actor, (s) => s.context.assignment!.examId.segmentedExamDetails!);
  const selection = useSelector(actor, (s) => s.context.selection);
  const canEdit = useSelector(actor, (s) => s.can({ type: 'instruction.reset' }));
  const hints = selectionHints(details, selection);
  const showOptional = optionalSubjectsVisible(details, selection);
  return (
    <section className="mt-4 rounded-lg border border-slate-200 p-3" aria-label="Subject selection">
      <h3 className="font-semibold">Select your subjects</h3>
      <p className="text-sm text-slate-600">
        {details.totalSubjects} subjects, {details.totalQuestions} questions
      </p>
      {GROUPS.filter(({ group }) => group !== 'optionalSubjects' || showOptional).map(({ group, label }) =>
        details[group].length === 0 ? null : (
          <fieldset key={group} className="mt-3">
            <legend className="text-sm font-semibold text-slate-800">{label}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {details[group].map((subject) => (
                <label key={subject.subjectId} className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={group === 'mandatorySubjects' || isSelected(selection, group, subject.subjectId)}
                    disabled={group === 'mandatorySubjects' || !canEdit}
                    onChange={() => actor.send({ type: 'instruction.toggleSubject', group, subjectId: subject.subjectId })}
                  />
                  {subjectNames[subject.subjectId] ?? subject.subjectId} ({subject.count})
                </label>
              ))}
            </div>
          </fieldset>
        ),
      )}
      {hints.length > 0 && (
        <ul className="mt-3 list-disc pl-5 text-sm text-red-600" aria-live="polite">
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      )}
      <Button variant="secondary" disabled={!canEdit} onClick={() => actor.send({ type: 'instruction.reset' })} className="mt-3">
        Reset
      </Button>
    </section>
  );
}

const FILTER_LABELS: Record<StartFilterField, string> = { candidateCategory: 'Candidate category', facultyName: 'Faculty', subjectName: 'Subject' };

/** The remembered candidate category, faculty and subject of a live exam, with Change. */
function RememberedFilters({ actor }: { actor: InstructionActor }) {
  const filters = useSelector(actor, (s) => s.context.filters);
  const canChange = useSelector(actor, (s) => s.can({ type: 'instruction.changeFilters' }));
  if (!filters) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm" data-testid="start-filters">
      <p>
        {filters.candidateCategory} · {filters.facultyName} · {filters.subjectName}
      </p>
      <Button variant="secondary" disabled={!canChange} onClick={() => actor.send({ type: 'instruction.changeFilters' })}>
        Change
      </Button>
    </div>
  );
}

/** The spec's exam start filters: candidate category, faculty, and a subject of that faculty. */
function StartFiltersForm({ actor, examTitle }: { actor: InstructionActor; examTitle: string }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const choices = useSelector(actor, (s) => s.context.choices);
  const loading = useSelector(actor, (s) => s.matches({ choosingFilters: 'loading' }) || s.matches({ choosingFilters: 'checking' }));
  const failed = useSelector(actor, (s) => s.matches({ choosingFilters: 'failed' }));
  if (failed)
    return (
      <div role="alert" className="space-y-2">
        <p>{instructionMessages.connectionLost}</p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'filters.retry' })}>
          Try again
        </Button>
      </div>
    );
  if (loading || !choices) return <p aria-busy="true">Loading…</p>;
  const subjects = choices.faculties.find((f) => f.name === draft.facultyName)?.subjects ?? [];
  const options: Record<StartFilterField, string[]> = { candidateCategory: choices.categories, facultyName: choices.faculties.map((f) => f.name), subjectName: subjects };
  const fields = Object.keys(FILTER_LABELS) as StartFilterField[];
  const missing = fields.filter((field) => !draft[field]).map((field) => FILTER_LABELS[field].toLowerCase());
  return (
    <section aria-label="Candidate details" className="space-y-3">
      <p>Choose your candidate category, faculty and subject before {examTitle} starts. This phone keeps them for later exams, and you can change them here.</p>
      {fields.map((field, index) => (
        <label key={field} className="block text-sm font-semibold text-slate-800">
          {FILTER_LABELS[field]}
          <select
            // The step opens on its first field (its Save is disabled until all three are chosen).
            ref={index === 0 ? focusOnShow : undefined}
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 font-normal"
            value={draft[field]}
            disabled={field === 'subjectName' && !draft.facultyName}
            onChange={(e) => actor.send({ type: 'filters.set', field, value: e.target.value })}
          >
            <option value="">Select {FILTER_LABELS[field].toLowerCase()}</option>
            {options[field].map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      ))}
      {/* While Save is disabled this says why; announced as it shortens. */}
      <p role="status" className="text-sm text-slate-700" data-testid="start-filters-missing">
        {missing.length > 0 ? `Still to choose: ${missing.join(', ')}.` : ''}
      </p>
    </section>
  );
}

/** Focuses an element when it is shown (a ref is called once per element). */
const focusOnShow = (element: HTMLElement | null) => element?.focus();

function StartFiltersActions({ actor }: { actor: InstructionActor }) {
  const canSave = useSelector(actor, (s) => s.can({ type: 'filters.save' }));
  const starting = useSelector(actor, (s) => s.context.startAfterFilters);
  return (
    <>
      <Button variant="secondary" onClick={() => actor.send({ type: 'filters.back' })}>
        Back
      </Button>
      <Button disabled={!canSave} onClick={() => actor.send({ type: 'filters.save' })}>
        {starting ? 'Save and start' : 'Save'}
      </Button>
    </>
  );
}
