import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { matchingRows, RESULTS_PAGE_ROWS, staffResultsMachine, type StudentRequest } from '../../src/machines/staffResults.machine';
import type { SheetRequest } from '../../src/machines/sheetDownload';
import type { StudentResult } from '../../src/contracts/results';
import type { StaffMeritList } from '../../src/contracts/staffResults';
import { describePaths } from '../support/machine-paths';
import { meritList, meritRow, models, networkError, notPublished, studentResult } from '../models/staffResults.model';
import { settle } from '../support/doubles';

describePaths('staffResults paths', models);

describe('staffResults', () => {
  function start(lists: Array<StaffMeritList | Error>, students: Array<StudentResult | Error> = [], sheets: Array<Blob | Error> = []) {
    const log: string[] = [];
    const next = <T>(answers: Array<T | Error>) => {
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return answer;
    };
    const machine = staffResultsMachine.provide({
      actors: {
        loadList: fromPromise<StaffMeritList, { assignmentId: string }>(async ({ input }) => (log.push(`list ${input.assignmentId}`), next(lists))),
        loadStudent: fromPromise<StudentResult, StudentRequest>(async ({ input }) => (log.push(`student ${input.studentId}`), next(students))),
        downloadSheet: fromPromise<Blob, SheetRequest>(async ({ input }) => (log.push(`sheet ${input.format}`), next(sheets))),
      },
      actions: { saveSheet: (_, { format }) => log.push(`save ${format}`) },
    });
    return { actor: createActor(machine, { input: { assignmentId: 'a1' } }).start(), log };
  }

  it('shows the list, or says no one submitted, and keeps a refusal in the server\'s words until Try again', async () => {
    const none = start([meritList(0)]);
    await settle();
    expect(none.actor.getSnapshot().value).toBe('empty');
    const { actor, log } = start([notPublished, networkError, meritList(3)]);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'The results of this exam are not published yet.' });
    actor.send({ type: 'results.retry' });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Please check your internet connection then try again.' });
    actor.send({ type: 'results.retry' });
    await settle();
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(log).toEqual(['list a1', 'list a1', 'list a1']);
  });

  it('searches by name or roll from the first page, and shows more only while more rows match', async () => {
    const list = meritList(250);
    list.rows[200] = meritRow(201, 'আয়েশা সিদ্দিকা');
    const { actor } = start([list]);
    await settle();
    expect(actor.getSnapshot().context.shown).toBe(RESULTS_PAGE_ROWS);
    actor.send({ type: 'results.more' });
    actor.send({ type: 'results.more' });
    expect(actor.getSnapshot().context.shown).toBe(3 * RESULTS_PAGE_ROWS);
    expect(actor.getSnapshot().can({ type: 'results.more' })).toBe(false);
    actor.send({ type: 'results.search', text: ' আয়েশা ' });
    expect(actor.getSnapshot().context.shown).toBe(RESULTS_PAGE_ROWS);
    expect(matchingRows(actor.getSnapshot().context).map((row) => row.studentId)).toEqual(['s201']);
    actor.send({ type: 'results.search', text: 'r-12' });
    expect(matchingRows(actor.getSnapshot().context).map((row) => row.sid)).toEqual(['R-12', ...Array.from({ length: 10 }, (_, i) => `R-${120 + i}`)]);
  });

  it("opens a student's result, says why one failed, and opens another", async () => {
    const { actor, log } = start([meritList(3)], [networkError, studentResult, { ...studentResult, studentId: 's2' }]);
    await settle();
    actor.send({ type: 'student.open', studentId: 's1' });
    expect(actor.getSnapshot().hasTag('studentLoading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches({ loaded: { student: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.studentProblem?.title).toBe('Please check your internet connection then try again.');
    actor.send({ type: 'student.retry' });
    await settle();
    expect(actor.getSnapshot().context.student).toBe(studentResult);
    actor.send({ type: 'student.open', studentId: 's2' });
    await settle();
    expect(actor.getSnapshot().context.student?.studentId).toBe('s2');
    actor.send({ type: 'student.close' });
    expect(actor.getSnapshot().context.studentId).toBeNull();
    expect(log).toEqual(['list a1', 'student s1', 'student s1', 'student s2']);
  });

  it('downloads the sheet in the chosen format, one at a time, busy meanwhile, and says why one failed', async () => {
    const { actor, log } = start([meritList(3)], [], [networkError, new Blob(['x'])]);
    await settle();
    actor.send({ type: 'sheet.download', format: 'xlsx' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    actor.send({ type: 'sheet.download', format: 'csv' });
    await settle();
    expect(actor.getSnapshot().matches({ loaded: { sheet: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.sheetProblem?.title).toBe('Please check your internet connection then try again.');
    actor.send({ type: 'sheet.download', format: 'csv' });
    await settle();
    expect(actor.getSnapshot().context.sheetProblem).toBeNull();
    expect(log).toEqual(['list a1', 'sheet xlsx', 'sheet csv', 'save csv']);
  });
});
