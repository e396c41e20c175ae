import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { notesDownloadMachine, type NoteRequest } from '../../src/machines/notesDownload.machine';
import { CoverageRecorder } from '../support/machine-paths';
import { coverageInspector, describePath, transitionPaths } from './transitionPaths';

const note = (id: string): NoteRequest => ({ contentId: id, title: `Note ${id}`, courseId: 'c1', subjectId: 's1' });

function startDownloads(options: { download: (note: NoteRequest) => Promise<Blob>; record?: () => Promise<unknown>; inspect?: ReturnType<typeof coverageInspector>['inspect'] }) {
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

const payloads: Record<string, AnyEventObject[]> = {
  'note.download': [{ type: 'note.download', note: note('n1') }],
  'xstate.done.actor.downloadNote': [{ type: 'xstate.done.actor.downloadNote', output: new Blob(['pdf']) }],
  'xstate.error.actor.downloadNote': [{ type: 'xstate.error.actor.downloadNote', error: new Error('Network error') }],
  'xstate.error.actor.recordCompletion': [{ type: 'xstate.error.actor.recordCompletion', error: new Error('offline') }],
};
const paths = transitionPaths(notesDownloadMachine, { events: payloads });
const coverage = new CoverageRecorder(notesDownloadMachine);

describe('notes download: every transition by its shortest path', () => {
  for (const path of paths) {
    it(`${path.transition}: ${describePath(path)}`, () => {
      const inspector = coverageInspector();
      const { actor, saved, failures } = startDownloads({ download: () => new Promise(() => {}), record: () => new Promise(() => {}), inspect: inspector.inspect });
      for (const step of path.steps.slice(1)) {
        const before = { saved: saved.length, failures: failures.length };
        actor.send(step.event as never);
        expect(actor.getSnapshot().value).toEqual(step.state.value);
        // A file is saved exactly when a download finishes; a failure is logged exactly when one fails.
        expect(saved.length - before.saved).toBe(step.event.type === 'xstate.done.actor.downloadNote' ? 1 : 0);
        expect(failures.length - before.failures).toBe(step.event.type.startsWith('xstate.error.actor') ? 1 : 0);
      }
      coverage.add(inspector.run(actor.getSnapshot()));
    });
  }
  it('enters every state and takes every transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});
