// The 'Exam Instruction' modal with, for segmented exams, the subject selection inside it.
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { examInstructionMachine, instructionMessages } from '../../machines/examInstruction.machine';
import { isSelected, optionalSubjectsVisible, selectionHints, type SubjectGroup } from '../../domain/segmentedSelection';
import { examsApi } from '../../services/exams';
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

export function useExamInstruction() {
  const navigate = useNavigate();
  const student = useStudent();
  const studentId = student?._id ?? '';
  const actor = useActorRef(
    examInstructionMachine.provide({
      actors: {
        loadSelection: fromPromise(({ input }) => examsApi.segmentedSelection(input.examId, input.studentId)),
        saveSelection: fromPromise(({ input }) => examsApi.saveSegmentedSelection({ examId: input.examId, studentId: input.studentId, isPracticeExam: input.isPracticeExam, ...input.selection })),
        retakeExam: fromPromise(({ input }) => examsApi.retake(input.examId, input.studentId, input.groupId)),
      },
      actions: {
        alert: (_, { message }) => window.alert(message),
        notifyError: (_, { message }) => toast.error(message),
        reloadGroup: (_, { groupId }) => void contentApi.group(groupId).catch(() => undefined),
        clearSavedAnswers: (_, { examId }) => answerStore.clearExam(studentId, examId),
        logError: (_, { error }) => console.warn('Exam start step failed', error),
        enterExam: (_, { assignment, selection }) => {
          writeJson(STORAGE_KEYS.subjectOfSelectedExam, assignment.examId.subjectName ?? '');
          if (assignment.examId.isSegmentedExam) writeJson(STORAGE_KEYS.selectedSegmentedExamSubjects, selection);
          navigate(`/live-exam/${assignment.examId._id}/${assignment.groupId}`);
        },
      },
    }),
    { input: { studentId } },
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
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'instruction.close' })}
      size="lg"
      title="Exam Instruction"
      actions={
        <>
          <Button variant="secondary" disabled={!canClose} onClick={() => actor.send({ type: 'instruction.close' })}>
            Cancel
          </Button>
          <Button disabled={!canStart} busy={busy} onClick={() => actor.send({ type: 'instruction.start' })}>
            Start Exam
          </Button>
        </>
      }
    >
      {exam && assignment && (
        <>
          <div className="mb-3 rounded-lg bg-slate-50 p-3" data-testid="instruction-exam">
            <h3 className="font-semibold text-slate-900">{exam.title}</h3>
            <p className="text-sm text-slate-700">
              Duration: {assignment.duration} minutes · Marks: {exam.totalMarks} · Questions: {exam.questionCount}
            </p>
          </div>
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
