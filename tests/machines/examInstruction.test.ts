import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { examInstructionMachine } from '../../src/machines/examInstruction.machine';
import type { SegmentedSelection, StartChoices } from '../../src/contracts/exams';
import type { StartFilters } from '../../src/domain/examStartFilters';
import { describePaths } from '../support/machine-paths';
import { choices, empty, models, plain, practice, remembered, segmentedLive, segmentedPractice, stored } from '../models/examInstruction.model';
import { settle } from '../support/doubles';

describePaths('exam instruction paths', models);

describe('exam instruction', () => {
  function start(options: { saved?: SegmentedSelection; retake?: () => Promise<{ status: string }>; filters?: StartFilters | null; choices?: () => Promise<StartChoices> } = {}) {
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
        loadStartChoices: fromPromise(async () => (options.choices ?? (async () => choices))()),
      },
      actions: {
        alert: (_, { message }) => log.push(`alert: ${message}`),
        notifyError: (_, { message }) => log.push(`error: ${message}`),
        reloadGroup: (_, { groupId }) => log.push(`reload ${groupId}`),
        clearSavedAnswers: (_, { examId }) => log.push(`clear ${examId}`),
        enterExam: (_, { assignment: a }) => log.push(`enter /live-exam/${a.examId._id}/${a.groupId}`),
        storeFilters: (_, { filters }) => log.push(`remember ${filters.candidateCategory} / ${filters.facultyName} / ${filters.subjectName}`),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { studentId: 's1', filters: options.filters === undefined ? remembered : options.filters } });
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

  it('asks the candidate category, faculty and subject once before a live exam, remembers them, and starts', async () => {
    const { actor, log } = start({ filters: null });
    actor.send({ type: 'instruction.open', assignment: plain });
    actor.send({ type: 'instruction.start' });
    await settle();
    expect(actor.getSnapshot().matches({ choosingFilters: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'filters.save' })).toBe(false);
    actor.send({ type: 'filters.set', field: 'candidateCategory', value: 'AMC' });
    actor.send({ type: 'filters.set', field: 'facultyName', value: 'Medicine' });
    actor.send({ type: 'filters.set', field: 'subjectName', value: 'Cardiology' });
    // Another faculty has subjects of its own: the subject is chosen again.
    actor.send({ type: 'filters.set', field: 'facultyName', value: 'No faculty' });
    expect(actor.getSnapshot().context.draft).toEqual({ candidateCategory: 'AMC', facultyName: 'No faculty', subjectName: '' });
    actor.send({ type: 'filters.set', field: 'subjectName', value: 'Cardiology' });
    expect(actor.getSnapshot().can({ type: 'filters.save' })).toBe(false);
    actor.send({ type: 'filters.set', field: 'subjectName', value: 'No Subject' });
    actor.send({ type: 'filters.save' });
    expect(log).toEqual(['remember AMC / No faculty / No Subject', 'enter /live-exam/e1/g1']);

    // Remembered: the next live exam starts at once; a change is saved without starting.
    actor.send({ type: 'instruction.open', assignment: plain });
    actor.send({ type: 'instruction.changeFilters' });
    expect(actor.getSnapshot().context.draft).toEqual({ candidateCategory: 'AMC', facultyName: 'No faculty', subjectName: 'No Subject' });
    actor.send({ type: 'filters.set', field: 'candidateCategory', value: 'Govt.' });
    actor.send({ type: 'filters.save' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'instruction.start' });
    expect(log.slice(2)).toEqual(['remember Govt. / No faculty / No Subject', 'enter /live-exam/e1/g1']);
  });

  it('never asks them before a practice exam', () => {
    const { actor, log } = start({ filters: null });
    actor.send({ type: 'instruction.open', assignment: practice });
    expect(actor.getSnapshot().can({ type: 'instruction.changeFilters' })).toBe(false);
    actor.send({ type: 'instruction.start' });
    expect(log).toEqual(['enter /live-exam/e1/g1']);
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

  it('closes on Cancel while the stored selection is still loading (a slow link), and stays closed', async () => {
    const { actor, log } = start();
    actor.send({ type: 'instruction.open', assignment: segmentedLive });
    expect(actor.getSnapshot().value).toBe('loadingSelection');
    actor.send({ type: 'instruction.close' });
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(log).toEqual([]);
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
