import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { itemAnalysisMachine } from '../../src/machines/itemAnalysis.machine';
import type { SheetRequest } from '../../src/machines/sheetDownload';
import type { ItemAnalysis } from '../../src/contracts/staff';
import { describePaths } from '../support/machine-paths';
import { analysis, models, networkError, notPublished } from '../models/itemAnalysis.model';
import { settle } from '../support/doubles';

describePaths('itemAnalysis paths', models);

describe('itemAnalysis', () => {
  function start(answers: Array<ItemAnalysis | Error>, sheets: Array<Blob | Error> = []) {
    const log: string[] = [];
    const machine = itemAnalysisMachine.provide({
      actors: {
        loadAnalysis: fromPromise<ItemAnalysis, { assignmentId: string }>(async ({ input }) => {
          log.push(`load ${input.assignmentId}`);
          const answer = answers.shift()!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        downloadSheet: fromPromise<Blob, SheetRequest>(async ({ input }) => {
          log.push(`sheet ${input.assignmentId} ${input.format}`);
          const answer = sheets.shift()!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: { saveSheet: (_, { format }) => log.push(`save ${format}`) },
    });
    return { actor: createActor(machine, { input: { assignmentId: 'a1' } }).start(), log };
  }

  it('shows the table when there are enough attempts, and "not enough attempts" below the minimum', async () => {
    const enough = start([analysis(12)]);
    await settle();
    expect(enough.actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(enough.actor.getSnapshot().context.analysis?.questions).toHaveLength(1);
    const few = start([analysis(9)]);
    await settle();
    expect(few.actor.getSnapshot().value).toBe('empty');
    expect(few.actor.getSnapshot().context.analysis?.attempts).toBe(9);
  });

  it("keeps the server's refusal in its words and loads again on Try again", async () => {
    const { actor, log } = start([notPublished, networkError, analysis(10)]);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'The results of this exam are not published yet.' });
    actor.send({ type: 'analysis.retry' });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Please check your internet connection then try again.' });
    actor.send({ type: 'analysis.retry' });
    await settle();
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(log).toEqual(['load a1', 'load a1', 'load a1']);
  });

  it('downloads the sheet in the chosen format, one at a time, and says why one failed', async () => {
    const { actor, log } = start([analysis(12)], [networkError, new Blob(['x'])]);
    await settle();
    actor.send({ type: 'sheet.download', format: 'xlsx' });
    actor.send({ type: 'sheet.download', format: 'csv' });
    await settle();
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.problem?.title).toBeTruthy();
    actor.send({ type: 'sheet.download', format: 'csv' });
    await settle();
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(log).toEqual(['load a1', 'sheet a1 xlsx', 'sheet a1 csv', 'save csv']);
  });
});
