import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { examInstructionMachine, type ExamInstructionContext } from '../../src/machines/examInstruction.machine';
import type { SegmentedExamDetails, SegmentedSelection } from '../../src/contracts/exams';
import type { ExamAssignment } from '../../src/contracts/exams';
import { CoverageRecorder, runPath, transitionPaths, type PathModel } from '../support/machine-paths';
import { settle } from '../support/doubles';

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

const plain = assignment();
const segmentedLive = assignment({ isSegmentedExam: true, segmentedExamDetails: details });
const segmentedPractice = assignment({ isSegmentedExam: true, isPracticeExam: true, segmentedExamDetails: details });
const practice = assignment({ isPracticeExam: true });
const empty: SegmentedSelection = { mandatorySubjects: [], compulsoryOptionalSubjects: [], optionalSubjects: [] };
const stored: SegmentedSelection = { mandatorySubjects: [{ subjectId: 'ana', count: 2 }], compulsoryOptionalSubjects: [{ subjectId: 'phy', count: 2 }, { subjectId: 'bio', count: 2 }], optionalSubjects: [] };

describe('exam instruction paths', () => {
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
  const models = [base, { ...base, events: [events[3], events[7]], outcomes: { retakeExam: { error: [offline] } } }];
  const coverage = new CoverageRecorder(examInstructionMachine);
  for (const [index, model] of models.entries()) {
    const paths = transitionPaths(model);
    it.each(paths.map((p) => [`model ${index + 1}: ${p.description}`, p] as const))('%s', (_, path) => {
      coverage.add(runPath(model, path));
    });
  }
  it('takes every state and transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});

describe('exam instruction', () => {
  function start(options: { saved?: SegmentedSelection; retake?: () => Promise<{ status: string }> } = {}) {
    const log: string[] = [];
    const saves: SegmentedSelection[] = [];
    const machine = examInstructionMachine.provide({
      actors: {
        loadSelection: fromPromise(async () => options.saved ?? empty),
        saveSelection: fromPromise(async ({ input }) => {
          saves.push(input.selection);
          return input.selection;
        }),
        retakeExam: fromPromise(async () => (options.retake ?? (async () => ({ status: '200' })))()),
      },
      actions: {
        alert: (_, { message }) => log.push(`alert: ${message}`),
        notifyError: (_, { message }) => log.push(`error: ${message}`),
        reloadGroup: (_, { groupId }) => log.push(`reload ${groupId}`),
        clearSavedAnswers: (_, { examId }) => log.push(`clear ${examId}`),
        enterExam: (_, { assignment: a }) => log.push(`enter /live-exam/${a.examId._id}/${a.groupId}`),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { studentId: 's1' } });
    actor.start();
    return { actor, log, saves };
  }

  it('starts a plain exam straight from the instruction', () => {
    const { actor, log } = start();
    actor.send({ type: 'instruction.open', assignment: plain });
    actor.send({ type: 'instruction.start' });
    expect(log).toEqual(['enter /live-exam/e1/g1']);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('keeps mandatory subjects selected and alerts with the spec messages in order', async () => {
    const { actor, log } = start();
    actor.send({ type: 'instruction.open', assignment: segmentedLive });
    await settle();
    actor.send({ type: 'instruction.toggleSubject', group: 'mandatorySubjects', subjectId: 'ana' });
    expect(actor.getSnapshot().context.selection.mandatorySubjects).toEqual([{ subjectId: 'ana', count: 2 }]);
    actor.send({ type: 'instruction.start' });
    expect(log).toEqual(['alert: You must select at least 1 compulsory optional subject(s).']);
    actor.send({ type: 'instruction.toggleSubject', group: 'compulsoryOptionalSubjects', subjectId: 'phy' });
    actor.send({ type: 'instruction.start' });
    expect(log.at(-1)).toBe('alert: You must select subjects to meet the total of 3 subjects.');
    expect(actor.getSnapshot().context.submitted).toBe(false);
  });

  it('clears optional subjects once mandatory and compulsory-optional reach the total', async () => {
    const { actor } = start();
    actor.send({ type: 'instruction.open', assignment: segmentedPractice });
    await settle();
    actor.send({ type: 'instruction.toggleSubject', group: 'compulsoryOptionalSubjects', subjectId: 'phy' });
    actor.send({ type: 'instruction.toggleSubject', group: 'optionalSubjects', subjectId: 'pha' });
    expect(actor.getSnapshot().context.selection.optionalSubjects).toHaveLength(1);
    actor.send({ type: 'instruction.toggleSubject', group: 'compulsoryOptionalSubjects', subjectId: 'bio' });
    expect(actor.getSnapshot().context.selection.optionalSubjects).toEqual([]);
  });

  it('submits a live selection once, then locks it; a practice exam always submits again', async () => {
    const live = start({ saved: stored });
    live.actor.send({ type: 'instruction.open', assignment: segmentedLive });
    await settle();
    expect(live.actor.getSnapshot().context.submitted).toBe(true);
    expect(live.actor.getSnapshot().can({ type: 'instruction.toggleSubject', group: 'compulsoryOptionalSubjects', subjectId: 'phy' })).toBe(false);
    live.actor.send({ type: 'instruction.start' });
    expect(live.saves).toHaveLength(0);
    expect(live.log).toEqual(['enter /live-exam/e1/g1']);

    const drill = start({ saved: stored });
    drill.actor.send({ type: 'instruction.open', assignment: segmentedPractice });
    await settle();
    drill.actor.send({ type: 'instruction.start' });
    await settle();
    expect(drill.saves).toEqual([stored]);
    expect(drill.log).toEqual(['enter /live-exam/e1/g1']);
  });

  it('retakes a practice exam: clears the saved answers on 200, then enters the exam', async () => {
    const { actor, log } = start();
    actor.send({ type: 'instruction.open', assignment: practice, retake: true });
    actor.send({ type: 'instruction.start' });
    await settle();
    expect(log).toEqual(['clear e1', 'enter /live-exam/e1/g1']);
  });

  it('reloads the group when a retake is refused with 403', async () => {
    const { actor, log } = start({ retake: async () => Promise.reject(Object.assign(new Error('x'), { status: 403 })) });
    actor.send({ type: 'instruction.open', assignment: practice, retake: true });
    actor.send({ type: 'instruction.start' });
    await settle();
    expect(log).toEqual(['error: This exam has been removed from your group', 'reload g1']);
    expect(actor.getSnapshot().value).toBe('open');
  });
});
