import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { notesDownloadMachine, type NoteRequest } from '../../src/machines/notesDownload.machine';
import { describePaths } from '../support/machine-paths';
import { models, note } from '../models/notesDownload.model';

function startDownloads(options: { download: (note: NoteRequest) => Promise<Blob>; record?: () => Promise<unknown>; inspect?: (inspection: InspectionEvent) => void }) {
  const saved: Array<{ size: number; title: string }> = [];
  const recorded: string[] = [];
  const failures: unknown[] = [];
  const actor = createActor(
    notesDownloadMachine.provide({
      actors: {
        downloadNote: fromPromise(({ input }: { input: NoteRequest }) => options.download(input)),
        recordCompletion: fromPromise(({ input }: { input: NoteRequest }) => {
          recorded.push(input.contentId);
          return options.record ? options.record() : Promise.resolve({ completed: true });
        }),
      },
      actions: {
        saveFile: (_, { blob, note: saving }) => saved.push({ size: blob.size, title: saving.title }),
        logFailure: (_, { error }) => failures.push(error),
      },
    }),
    { inspect: options.inspect },
  );
  actor.start();
  return { actor, saved, recorded, failures };
}

describe('notes download', () => {
  it('saves the downloaded file under the note title and records it as completed', async () => {
    const { actor, saved, recorded } = startDownloads({ download: async () => new Blob(['%PDF-1.4 notes']) });
    actor.send({ type: 'note.download', note: note('n1') });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toEqual([{ size: 14, title: 'Note n1' }]);
    expect(recorded).toEqual(['n1']);
  });

  it('ignores a second press while a download runs', async () => {
    let finish: (blob: Blob) => void = () => {};
    const calls: string[] = [];
    const { actor, saved } = startDownloads({
      download: (requested) => {
        calls.push(requested.contentId);
        return new Promise((resolve) => (finish = resolve));
      },
    });
    actor.send({ type: 'note.download', note: note('n1') });
    actor.send({ type: 'note.download', note: note('n2') });
    expect(calls).toEqual(['n1']);
    finish(new Blob(['x']));
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved.map((s) => s.title)).toEqual(['Note n1']);
  });

  it('only logs a failed download, and a later press tries again', async () => {
    let attempt = 0;
    const { actor, saved, failures } = startDownloads({
      download: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('Network error');
        return new Blob(['ok']);
      },
    });
    actor.send({ type: 'note.download', note: note('n1') });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(failures).toHaveLength(1);
    expect(saved).toHaveLength(0);
    actor.send({ type: 'note.download', note: note('n1') });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toHaveLength(1);
  });

  it('keeps the saved file when recording completion fails', async () => {
    const { actor, saved, failures } = startDownloads({ download: async () => new Blob(['ok']), record: () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'note.download', note: note('n1') });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });
});

// Every path replayed on real downloads that never settle: the path delivers their results.
describePaths('notes download paths', models, {
  start: ({ inspect }) => ({ ...startDownloads({ download: () => new Promise(() => {}), record: () => new Promise(() => {}), inspect }), counted: { saved: 0, failures: 0 } }),
  check: (run, step) => {
    // A file is saved exactly when a download finishes; a failure is logged exactly when one fails.
    expect(run.saved.length - run.counted.saved).toBe(step.event.type === 'xstate.done.actor.downloadNote' ? 1 : 0);
    expect(run.failures.length - run.counted.failures).toBe(step.event.type.startsWith('xstate.error.actor') ? 1 : 0);
    run.counted = { saved: run.saved.length, failures: run.failures.length };
  },
});
