import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { examListMachine, type ExamListContext } from '../../src/machines/examList.machine';
import type { ExamAssignment } from '../../src/contracts/exams';
import type { ExamCourse, ExamListQuery } from '../../src/services/exams';
import { CoverageRecorder, runPath, transitionPaths, type PathModel } from '../support/machine-paths';
import { settle } from '../support/doubles';

const course: ExamCourse = { id: 'c1', name: 'MBBS', description: '', image: null };
const failure = Object.assign(new Error('Network error'), { network: true });

describe('exam list paths', () => {
  const model: PathModel<typeof examListMachine> = {
    machine: examListMachine,
    input: { deviceNow: () => 0 },
    events: [
      { type: 'examList.chooseCourse', courseId: 'c1' },
      { type: 'examList.chooseCourse', courseId: 'other' },
      { type: 'examList.back' },
      { type: 'examList.selectTab', tab: 'practice' },
      { type: 'examList.selectTab', tab: 'live' },
      { type: 'examList.selectSubject', subjectId: 's1' },
      { type: 'examList.selectType', listType: 'previous' },
      { type: 'examList.type', text: 'ca' },
      { type: 'examList.type', text: 'c' },
      { type: 'examList.acceptSuggestion' },
      { type: 'examList.search' },
      { type: 'examList.clearSearch' },
      { type: 'examList.reload' },
    ],
    outcomes: {
      loadCourses: { done: [[course]] },
      loadSubjects: { done: [[{ _id: 's1', name: 'Anatomy' }]] },
      loadExams: { done: [[]] },
      loadSuggestion: { done: ['Cardiology test'] },
    },
    // The search box and filters multiply states without changing what can happen next.
    serializeState: (s) => {
      const c = s.context as ExamListContext;
      return JSON.stringify([s.value, c.course?.id ?? null, c.tab, c.searchText.length > 1, c.suggestion !== '', c.courses.length]);
    },
  };
  const failing: PathModel<typeof examListMachine> = {
    ...model,
    events: [{ type: 'examList.chooseCourse', courseId: 'c1' }, { type: 'examList.reload' }],
    outcomes: { loadCourses: { error: [failure] }, loadSubjects: { error: [failure] }, loadExams: { error: [failure] } },
  };
  const failingInCourse: PathModel<typeof examListMachine> = { ...failing, outcomes: { ...failing.outcomes, loadCourses: { done: [[course]] } } };
  // Typing is explored while the list is still loading, so the card refresh timer cannot fire
  // in the middle of the 500 ms debounce.
  const searching: PathModel<typeof examListMachine> = {
    ...model,
    events: [
      { type: 'examList.chooseCourse', courseId: 'c1' },
      { type: 'examList.type', text: 'ca' },
      { type: 'examList.type', text: 'c' },
      { type: 'examList.acceptSuggestion' },
      { type: 'examList.clearSearch' },
    ],
    outcomes: { loadCourses: { done: [[course]] }, loadSuggestion: { done: ['Cardiology test'], error: [failure] } },
  };
  const browsing: PathModel<typeof examListMachine> = { ...model, events: (model.events as { type: string; text?: string }[]).filter((e) => e.text !== 'ca') as never };
  const coverage = new CoverageRecorder(examListMachine);
  for (const [name, m] of [['', browsing], ['failing: ', failing], ['failing in a course: ', failingInCourse], ['searching: ', searching]] as const) {
    const paths = transitionPaths(m);
    it.each(paths.map((p) => [name + p.description, p] as const))('%s', (_, path) => {
      coverage.add(runPath(m, path));
    });
  }
  it('takes every state and transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});

describe('exam list', () => {
  function start(input: Partial<{ tab: 'live' | 'practice'; listType: 'previous' | 'upcoming' }> = {}) {
    const clock = new SimulatedClock();
    const queries: ExamListQuery[] = [];
    const suggestions: ExamListQuery[] = [];
    const machine = examListMachine.provide({
      actors: {
        loadCourses: fromPromise(async () => [course]),
        loadSubjects: fromPromise(async () => [{ _id: 's1', name: 'Anatomy' }]),
        loadExams: fromPromise<ExamAssignment[], ExamListQuery>(async ({ input: q }) => {
          queries.push(q);
          return [];
        }),
        loadSuggestion: fromPromise<string, ExamListQuery>(async ({ input: q }) => {
          suggestions.push(q);
          return 'Cardiology weekly';
        }),
      },
    });
    const actor = createActor(machine, { clock, input: { ...input, deviceNow: () => clock.now() } });
    actor.start();
    return { actor, clock, queries, suggestions };
  }

  it('arrives on the tab and list type the navigation state asks for', async () => {
    const { actor, queries } = start({ tab: 'practice', listType: 'previous' });
    await settle();
    actor.send({ type: 'examList.chooseCourse', courseId: 'c1' });
    await settle();
    expect(queries).toEqual([{ courseId: 'c1', isPracticeExam: true, subjectId: '', search: '', type: undefined }]);
    actor.send({ type: 'examList.selectTab', tab: 'live' });
    await settle();
    expect(queries[1]).toEqual({ courseId: 'c1', isPracticeExam: false, subjectId: '', search: '', type: 'previous' });
  });

  it('looks up a suggestion 500 ms after typing more than one character, and Tab accepts it', async () => {
    const { actor, clock, suggestions } = start();
    await settle();
    actor.send({ type: 'examList.chooseCourse', courseId: 'c1' });
    await settle();
    actor.send({ type: 'examList.type', text: 'c' });
    clock.increment(1000);
    await settle();
    expect(suggestions).toHaveLength(0);
    actor.send({ type: 'examList.type', text: 'ca' });
    clock.increment(300);
    actor.send({ type: 'examList.type', text: 'car' });
    clock.increment(499);
    await settle();
    expect(suggestions).toHaveLength(0);
    clock.increment(1);
    await settle();
    expect(suggestions.map((q) => q.search)).toEqual(['car']);
    expect(actor.getSnapshot().context.suggestion).toBe('Cardiology weekly');
    actor.send({ type: 'examList.acceptSuggestion' });
    expect(actor.getSnapshot().context.searchText).toBe('Cardiology weekly');
  });

  it('re-evaluates card states every 10 seconds', async () => {
    const { actor, clock } = start();
    await settle();
    actor.send({ type: 'examList.chooseCourse', courseId: 'c1' });
    await settle();
    const before = actor.getSnapshot().context.now;
    clock.increment(9_999);
    expect(actor.getSnapshot().context.now).toBe(before);
    clock.increment(1);
    expect(actor.getSnapshot().context.now).toBe(before + 10_000);
    clock.increment(10_000);
    expect(actor.getSnapshot().context.now).toBe(before + 20_000);
  });

  it('searches with the typed text and clearing resets the list', async () => {
    const { actor, queries } = start();
    await settle();
    actor.send({ type: 'examList.chooseCourse', courseId: 'c1' });
    await settle();
    actor.send({ type: 'examList.type', text: 'Cardio' });
    actor.send({ type: 'examList.search' });
    await settle();
    expect(queries.at(-1)?.search).toBe('Cardio');
    actor.send({ type: 'examList.clearSearch' });
    await settle();
    expect(queries.at(-1)?.search).toBe('');
    expect(actor.getSnapshot().context.searchText).toBe('');
  });
});
