import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { academyImportMachine, importMessages, type ImportFile } from '../../src/machines/academyImport.machine';
import type { ImportResult } from '../../src/contracts/import';
import { describePaths } from '../support/machine-paths';
import { models, sheet, pdf, diff, applied, problems, failure } from '../models/academyImport.model';
import { settle } from '../support/doubles';

describePaths('desk import paths', models);

describe('desk import', () => {
  function start(answers: ((apply: boolean) => Promise<ImportResult>)[]) {
    const calls: string[] = [];
    let resolveSend: (() => void) | null = null;
    const machine = academyImportMachine.provide({
      actors: {
        sendFile: fromPromise(async ({ input }: { input: { file: ImportFile; apply: boolean } }) => {
          calls.push(`${input.apply ? 'apply' : 'check'} ${input.file.name}`);
          await new Promise<void>((resolve) => (resolveSend = resolve));
          return answers.shift()!(input.apply);
        }),
      },
    });
    const actor = createActor(machine).start();
    const answer = async () => {
      await settle();
      resolveSend?.();
      await settle();
    };
    return { actor, calls, answer };
  }

  it('keeps out a file of another kind and asks for a file before checking', () => {
    const { actor, calls } = start([]);
    actor.send({ type: 'import.check' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: importMessages.noFile });
    actor.send({ type: 'import.choose', file: pdf });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, problem: { title: importMessages.fileType } });
    actor.send({ type: 'import.choose', file: { ...sheet, size: 0 } });
    expect(actor.getSnapshot().context.problem).toEqual({ title: importMessages.empty });
    expect(calls).toEqual([]);
  });

  it('sends the file with progress, shows the diff, applies on confirm and shows the result', async () => {
    const { actor, calls, answer } = start([async () => diff, async () => applied]);
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    expect(actor.getSnapshot().matches({ checking: 'uploading' })).toBe(true);
    actor.send({ type: 'import.progress', sent: 2, total: 4 });
    expect(actor.getSnapshot().context.progress).toEqual({ sent: 2, total: 4 });
    actor.send({ type: 'import.progress', sent: 4, total: 4 });
    expect(actor.getSnapshot().matches({ checking: 'reading' })).toBe(true);
    await answer();
    expect(actor.getSnapshot().matches({ reviewing: 'diff' })).toBe(true);
    expect(actor.getSnapshot().context.result).toBe(diff);
    actor.send({ type: 'import.confirm' });
    expect(actor.getSnapshot().matches({ applying: 'uploading' })).toBe(true);
    expect(actor.getSnapshot().context.progress).toBeNull();
    await answer();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toBe(applied);
    expect(calls).toEqual(['check week2.xlsx', 'apply week2.xlsx']);
    actor.send({ type: 'import.again' });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, result: null, step: 'check' });
  });

  it('shows every problem and offers no import', async () => {
    const { actor, answer } = start([async () => problems]);
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    await answer();
    expect(actor.getSnapshot().matches({ reviewing: 'problems' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'import.confirm' })).toBe(false);
  });

  it('repeats the step that failed: a failed import is sent again to be written', async () => {
    const { actor, calls, answer } = start([async () => diff, async () => { throw failure(0, 'offline'); }, async () => applied]);
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    await answer();
    actor.send({ type: 'import.confirm' });
    await answer();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem?.title).toBeTruthy();
    actor.send({ type: 'import.retry' });
    await answer();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls).toEqual(['check week2.xlsx', 'apply week2.xlsx', 'apply week2.xlsx']);
  });
});
