import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { academyImportMachine, importMessages, type AcademyImportEvent, type ImportFile } from '../../src/machines/academyImport.machine';
import type { ImportJob } from '../../src/contracts/import';
import { describePaths } from '../support/machine-paths';
import { models, sheet, pdf, diff, applied, problems, failure, jobs, largeJobs } from '../models/academyImport.model';
import { settle } from '../support/doubles';

describePaths('desk import paths', models);

describe('desk import', () => {
  function start(options: { found?: ImportJob | null; uploads?: ((apply: boolean) => Promise<ImportJob>)[]; cancelled?: ImportJob } = {}) {
    const calls: string[] = [];
    const followed: string[] = [];
    let hear: ((event: AcademyImportEvent) => void) | null = null;
    const machine = academyImportMachine.provide({
      actors: {
        findJob: fromPromise(async () => options.found ?? null),
        sendFile: fromPromise(async ({ input }: { input: { file: ImportFile; apply: boolean; confirmLarge: boolean } }) => {
          calls.push(`${input.apply ? 'apply' : 'check'}${input.confirmLarge ? ' confirmed' : ''} ${input.file.name}`);
          return options.uploads!.shift()!(input.apply);
        }),
        followJob: fromCallback<AcademyImportEvent, { jobId: string }>(({ sendBack, input }) => {
          followed.push(input.jobId);
          hear = sendBack;
          return () => (hear = null);
        }),
        cancelJob: fromPromise(async ({ input }: { input: { jobId: string } }) => {
          calls.push(`cancel ${input.jobId}`);
          return options.cancelled!;
        }),
      },
    });
    const actor = createActor(machine).start();
    /** The job's live event, as the server's runner announces it. */
    const job = async (value: ImportJob) => {
      await settle();
      hear!({ type: 'import.job', job: value });
      await settle();
    };
    return { actor, calls, followed, job };
  }

  it('keeps out a file of another kind and asks for a file before checking', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'import.check' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: importMessages.noFile });
    actor.send({ type: 'import.choose', file: pdf });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, problem: { title: importMessages.fileType } });
    actor.send({ type: 'import.choose', file: { ...sheet, size: 0 } });
    expect(actor.getSnapshot().context.problem).toEqual({ title: importMessages.empty });
    expect(calls).toEqual([]);
  });

  it('sends the file, follows its job waiting then checking, shows the diff, imports on confirm and shows the result', async () => {
    const { actor, calls, followed, job } = start({ uploads: [async () => jobs.queued, async () => ({ ...jobs.writing, state: 'queued', ahead: 0, writing: false, phase: 'waiting' })] });
    await settle();
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    expect(actor.getSnapshot().value).toBe('uploading');
    actor.send({ type: 'import.progress', sent: 2, total: 4 });
    expect(actor.getSnapshot().context.progress).toEqual({ sent: 2, total: 4 });
    await settle();
    expect(actor.getSnapshot().matches({ following: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.job).toMatchObject({ ahead: 1 });
    await job(jobs.checking);
    expect(actor.getSnapshot().matches({ following: 'running' })).toBe(true);
    expect(actor.getSnapshot().context.job).toMatchObject({ phase: 'checking', rows: 1200 });
    await job(jobs.checked);
    expect(actor.getSnapshot().matches({ reviewing: 'diff' })).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual(diff);
    actor.send({ type: 'import.confirm' });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.progress).toBeNull();
    await settle();
    await job(jobs.writing);
    expect(actor.getSnapshot().matches({ following: 'running' })).toBe(true);
    await job(jobs.applied);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(applied);
    expect(calls).toEqual(['check week2.xlsx', 'apply week2.xlsx']);
    expect(followed).toEqual([jobs.queued.id, jobs.writing.id]);
    actor.send({ type: 'import.again' });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, result: null, job: null, step: 'check' });
  });

  it('shows every problem and offers no import', async () => {
    const { actor, job } = start({ uploads: [async () => jobs.queued] });
    await settle();
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    await job(jobs.problems);
    expect(actor.getSnapshot().matches({ reviewing: 'problems' })).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual(problems);
    expect(actor.getSnapshot().can({ type: 'import.confirm' })).toBe(false);
  });

  it('after a reload follows the running import, and its diff offers no Import without the file', async () => {
    const { actor, followed, job } = start({ found: jobs.checking });
    await settle();
    expect(actor.getSnapshot().matches({ following: 'running' })).toBe(true);
    expect(followed).toEqual([jobs.checking.id]);
    await job(jobs.checked);
    expect(actor.getSnapshot().matches({ reviewing: 'diff' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'import.confirm' })).toBe(false);
  });

  it('cancels a waiting import: the chooser shows that nothing was written', async () => {
    const { actor, calls } = start({ uploads: [async () => jobs.queued], cancelled: jobs.cancelled });
    await settle();
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    await settle();
    actor.send({ type: 'import.cancel' });
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.problem).toEqual({ title: importMessages.cancelled });
    expect(calls).toEqual(['check week2.xlsx', `cancel ${jobs.queued.id}`]);
  });

  it('an import that started writing is not cancelled: it is followed to its result', async () => {
    const { actor, job } = start({ found: jobs.writing, cancelled: jobs.writing });
    await settle();
    actor.send({ type: 'import.cancel' });
    await settle();
    expect(actor.getSnapshot().matches({ following: 'running' })).toBe(true);
    expect(actor.getSnapshot().context.job).toMatchObject({ writing: true });
    await job(jobs.applied);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('a failed job shows its reason, and Try again sends the file again for the same step', async () => {
    const { actor, calls, job } = start({ uploads: [async () => jobs.queued, async () => { throw failure(0, 'offline'); }, async () => jobs.queued] });
    await settle();
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    await job(jobs.failed);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toEqual({ title: importMessages.failed, description: jobs.failed.failure });
    actor.send({ type: 'import.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'import.retry' });
    await settle();
    expect(actor.getSnapshot().matches({ following: 'waiting' })).toBe(true);
    expect(calls).toEqual(['check week2.xlsx', 'check week2.xlsx', 'check week2.xlsx']);
  });

  it('a check beyond the change threshold lets Import go only once "I have checked these changes" is ticked, and sends the confirmation', async () => {
    const { actor, calls, job } = start({ uploads: [async () => jobs.queued, async () => largeJobs.writing, async () => jobs.queued] });
    await settle();
    actor.send({ type: 'import.choose', file: sheet });
    actor.send({ type: 'import.check' });
    await job(largeJobs.checked);
    expect(actor.getSnapshot().matches({ reviewing: 'diff' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'import.confirm' })).toBe(false);
    actor.send({ type: 'import.largeChecked', checked: true });
    actor.send({ type: 'import.largeChecked', checked: false });
    expect(actor.getSnapshot().can({ type: 'import.confirm' })).toBe(false);
    actor.send({ type: 'import.largeChecked', checked: true });
    actor.send({ type: 'import.confirm' });
    await settle();
    await job(jobs.applied);
    expect(actor.getSnapshot().value).toBe('done');
    // Another file asks for the tick again.
    actor.send({ type: 'import.again' });
    expect(actor.getSnapshot().context.largeChecked).toBe(false);
    expect(calls).toEqual(['check week2.xlsx', 'apply confirmed week2.xlsx']);
  });
});
