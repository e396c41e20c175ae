import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type InspectionEvent } from 'xstate';
import { audioRecorderMachine, type RecordingHandle } from '../../src/machines/audioRecorder.machine';
import { describePaths } from '../support/machine-paths';
import { emptyRecording, models, voiceNote } from '../models/audioRecorder.model';

function startRecorder(recordings: Blob[], inspect?: (inspection: InspectionEvent) => void, clock = new SimulatedClock()) {
  const added: Blob[] = [];
  let opened = 0;
  const actor = createActor(
    audioRecorderMachine.provide({
      actors: {
        startRecording: fromPromise(async (): Promise<RecordingHandle> => {
          opened += 1;
          const recording = recordings.shift()!;
          return { stop: async () => recording, cancel: () => {} };
        }),
      },
      actions: { addRecording: (_, { recording }) => added.push(recording) },
    }),
    { inspect, clock },
  );
  actor.start();
  return { actor, added, clock, opens: () => opened };
}

describe('audio recorder', () => {
  it('counts the elapsed seconds while recording, then adds the recording to the files', async () => {
    const { actor, added, clock } = startRecorder([voiceNote]);
    actor.send({ type: 'recorder.start' });
    await waitFor(actor, (s) => s.matches('recording'));
    clock.increment(1000);
    clock.increment(1000);
    clock.increment(1000);
    expect(actor.getSnapshot().context.elapsed).toBe(3);
    actor.send({ type: 'recorder.stop' });
    await waitFor(actor, (s) => s.matches('recorded'));
    actor.send({ type: 'recorder.add' });
    expect(added).toEqual([voiceNote]);
    expect(actor.getSnapshot().context).toMatchObject({ recording: null, elapsed: 0 });
  });

  it('starts again after an empty recording of 44 bytes, and a deleted recording is not added', async () => {
    const { actor, added, opens } = startRecorder([emptyRecording, voiceNote]);
    actor.send({ type: 'recorder.start' });
    await waitFor(actor, (s) => s.matches('recording'));
    actor.send({ type: 'recorder.stop' });
    await waitFor(actor, (s) => s.matches('recording') && opens() === 2);
    actor.send({ type: 'recorder.stop' });
    await waitFor(actor, (s) => s.matches('recorded'));
    expect(actor.getSnapshot().context.recording).toBe(voiceNote);
    actor.send({ type: 'recorder.delete' });
    expect(added).toEqual([]);
    expect(actor.getSnapshot().value).toBe('stopped');
  });
});

describePaths('audio recorder paths', models, {
  start: ({ machine, inspect, clock }) => {
    const added: Blob[] = [];
    const actor = createActor(machine.provide({ actions: { addRecording: (_: unknown, { recording }: { recording: Blob }) => added.push(recording) } } as never), { inspect, clock });
    actor.start();
    return { actor, added, counted: 0 };
  },
  check: (run, step) => {
    // A recording is added exactly when the student adds it, and it is never an empty one.
    expect(run.added.length - run.counted).toBe(step.event.type === 'recorder.add' ? 1 : 0);
    for (const recording of run.added) expect(recording.size).toBeGreaterThan(44);
    run.counted = run.added.length;
  },
});
