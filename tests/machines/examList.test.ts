import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { examListMachine, examListPlace } from '../../src/machines/examList.machine';
import { examPlaceAddress, examPlaceFrom } from '../../src/domain/examPlace';
import type { ExamAssignment } from '../../src/contracts/exams';
import type { ExamListQuery } from '../../src/services/exams';
import { describePaths } from '../support/machine-paths';
import { course, models } from '../models/examList.model';
import { settle } from '../support/doubles';

describePaths('exam list paths', models);

describe('exam list', () => {
  function start(input: Partial<{ courseId: string | null; tab: 'live' | 'practice'; listType: 'previous' | 'upcoming' }> = {}) {
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

  it("opens the address's course, tab and type once the courses arrive, and follows the address when Back changes it", async () => {
    const { actor, queries } = start(examPlaceFrom('?course=c1&tab=live&type=previous'));
    expect(examListPlace(actor.getSnapshot())).toBeNull();
    await settle();
    expect(actor.getSnapshot().matches('course')).toBe(true);
    expect(queries).toEqual([{ courseId: 'c1', isPracticeExam: false, subjectId: '', search: '', type: 'previous' }]);
    expect(examPlaceAddress(examListPlace(actor.getSnapshot())!)).toBe('/exams?course=c1&type=previous');

    actor.send({ type: 'examList.goTo', ...examPlaceFrom('?course=c1&tab=practice') });
    await settle();
    expect(queries[1]).toEqual({ courseId: 'c1', isPracticeExam: true, subjectId: '', search: '', type: undefined });
    actor.send({ type: 'examList.goTo', ...examPlaceFrom('') });
    expect(actor.getSnapshot().matches('choosingCourse')).toBe(true);
    expect(examListPlace(actor.getSnapshot())).toEqual({ courseId: null, tab: 'live', listType: 'upcoming' });
    // A course the student does not have leaves them on 'Choose course'.
    actor.send({ type: 'examList.goTo', ...examPlaceFrom('?course=nope') });
    expect(actor.getSnapshot().matches('choosingCourse')).toBe(true);
  });

  it('ignores an address course the student does not have', async () => {
    const { actor, queries } = start({ courseId: 'other' });
    await settle();
    expect(actor.getSnapshot().matches('choosingCourse')).toBe(true);
    expect(queries).toHaveLength(0);
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
