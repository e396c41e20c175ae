import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { importDeskMachine } from '../../src/machines/importDesk.machine';
import type { ImportRun } from '../../src/contracts/import';
import type { TemplateKind } from '../../src/contracts/importColumns';
import { describePaths } from '../support/machine-paths';
import { models, networkError, run, undoneRun, undoRefused } from '../models/importDesk.model';
import { settle } from '../support/doubles';

describePaths('import desk paths', models);

describe('import desk: templates and history', () => {
  function start(options: { templates?: Array<Blob | Error>; histories?: Array<ImportRun[] | Error>; undos?: Array<ImportRun | Error> }) {
    const log: string[] = [];
    const answer = <T>(list: Array<T | Error> | undefined): T => {
      const next = list!.shift()!;
      if (next instanceof Error) throw next;
      return next;
    };
    const machine = importDeskMachine.provide({
      actors: {
        downloadTemplate: fromPromise<Blob, { kind: TemplateKind }>(async ({ input }) => {
          log.push(`template ${input.kind}`);
          return answer(options.templates);
        }),
        loadHistory: fromPromise<ImportRun[]>(async () => {
          log.push('history');
          return answer(options.histories);
        }),
        undoImport: fromPromise<ImportRun, { importId: string }>(async ({ input }) => {
          log.push(`undo ${input.importId}`);
          return answer(options.undos);
        }),
      },
      actions: { saveTemplate: (_, { kind }) => log.push(`save ${kind}`) },
    });
    return { actor: createActor(machine).start(), log };
  }

  it('downloads a template and hands it to the browser; a failure says why and the next try clears it', async () => {
    const { actor, log } = start({ templates: [networkError, new Blob(['PK'])], histories: [[]] });
    await settle();
    actor.send({ type: 'template.download', kind: 'students' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    // One download at a time.
    actor.send({ type: 'template.download', kind: 'exam' });
    await settle();
    expect(actor.getSnapshot().context.templateProblem?.title).toMatch(/connection/i);
    actor.send({ type: 'template.download', kind: 'exam' });
    expect(actor.getSnapshot().context.templateProblem).toBeNull();
    await settle();
    expect(log).toEqual(['history', 'template students', 'template exam', 'save exam']);
  });

  it('lists the history, undoes an import after the confirm step, and the entry says it was undone', async () => {
    const { actor, log } = start({ histories: [[run]], undos: [undoneRun] });
    await settle();
    expect(actor.getSnapshot().matches({ history: { listed: 'idle' } })).toBe(true);
    actor.send({ type: 'history.undo', importId: run.id });
    expect(actor.getSnapshot().matches({ history: { listed: 'confirming' } })).toBe(true);
    actor.send({ type: 'history.keep' });
    expect(actor.getSnapshot().matches({ history: { listed: 'idle' } })).toBe(true);
    expect(log).toEqual(['history']);
    actor.send({ type: 'history.undo', importId: run.id });
    actor.send({ type: 'history.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.runs).toEqual([undoneRun]);
    expect(actor.getSnapshot().context.undone).toBe(run.id);
    // An undone import has no Undo.
    actor.send({ type: 'history.undo', importId: run.id });
    expect(actor.getSnapshot().matches({ history: { listed: 'idle' } })).toBe(true);
    expect(log).toEqual(['history', `undo ${run.id}`]);
  });

  it("a refused undo shows the server's reason beside its entry and leaves the entry as it was", async () => {
    const { actor } = start({ histories: [[run]], undos: [undoRefused] });
    await settle();
    actor.send({ type: 'history.undo', importId: run.id });
    actor.send({ type: 'history.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ history: { listed: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.undoProblem).toEqual({ importId: run.id, title: 'The import cannot be undone.', description: undoRefused.message });
    expect(actor.getSnapshot().context.runs).toEqual([run]);
  });

  it('a failed read says why with Try again; an import on the page reads the history again', async () => {
    const { actor, log } = start({ histories: [networkError, [], [run]] });
    await settle();
    expect(actor.getSnapshot().matches({ history: 'failed' })).toBe(true);
    actor.send({ type: 'history.retry' });
    await settle();
    expect(actor.getSnapshot().context.runs).toEqual([]);
    actor.send({ type: 'history.reload' });
    await settle();
    expect(actor.getSnapshot().context.runs).toEqual([run]);
    expect(log).toEqual(['history', 'history', 'history']);
  });
});
