// The 'Exam Instruction' modal with, for segmented exams, the subject selection inside it.
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { examInstructionMachine, instructionMessages } from '../../machines/examInstruction.machine';
import { isSelected, optionalSubjectsVisible, selectionHints, type SubjectGroup } from '../../domain/segmentedSelection';
import { examsApi } from '../../services/exams';
import { contentApi } from '../../services/content';
import type { ExamAssignment } from '../../contracts/exams';
import { answerStore } from '../../services/answerStore';
import { STORAGE_KEYS, writeJson } from '../../services/storage';
import { useStudent } from '../app/RootActors';
import { toast } from '../app/toast';

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
  const exam = assignment?.examId;
  return (
    <Dialog open={open} onClose={() => actor.send({ type: 'instruction.close' })} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-2">
        <DialogPanel className="max-h-[95dvh] w-full max-w-[800px] overflow-y-auto rounded-xl bg-white p-4 shadow-xl sm:p-6">
          <DialogTitle className="text-lg font-semibold">Exam Instruction</DialogTitle>
          {exam && (
            <>
              {exam.instruction ? (
                <div className="prose mt-3 max-w-none text-sm" dangerouslySetInnerHTML={{ __html: exam.instruction }} />
              ) : (
                <p className="mt-3 text-sm text-slate-700">{instructionMessages.defaultInstruction(exam.title)}</p>
              )}
              {exam.isSegmentedExam && exam.segmentedExamDetails && <SubjectSelection actor={actor} subjectNames={subjectNames} />}
            </>
          )}
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" onClick={() => actor.send({ type: 'instruction.close' })} className="rounded-md px-4 py-2 text-sm ring-1 ring-slate-300 hover:bg-slate-100">
              Cancel
            </button>
            <button
              type="button"
              disabled={!canStart || busy}
              onClick={() => actor.send({ type: 'instruction.start' })}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300"
            >
              Start Exam
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
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
      <button type="button" disabled={!canEdit} onClick={() => actor.send({ type: 'instruction.reset' })} className="mt-3 rounded-md px-4 py-2 text-sm ring-1 ring-slate-300 disabled:opacity-50">
        Reset
      </button>
    </section>
  );
}
