import { audioRecorderMachine, type RecordingHandle } from '../../src/machines/audioRecorder.machine';
import type { PathModel } from '../support/machine-paths';

export const handle: RecordingHandle = { stop: () => new Promise(() => {}), cancel: () => {} };
/** 44 bytes: a WAV header and nothing else. */
export const emptyRecording = new Blob([new Uint8Array(44)], { type: 'audio/webm' });
export const voiceNote = new Blob([new Uint8Array(4000)], { type: 'audio/webm' });

const model: PathModel<typeof audioRecorderMachine> = {
  machine: audioRecorderMachine,
  events: [{ type: 'recorder.start' }, { type: 'recorder.stop' }, { type: 'recorder.delete' }, { type: 'recorder.add' }],
  outcomes: {
    startRecording: { done: [handle], error: [new Error('NotAllowedError')] },
    stopRecording: { done: [emptyRecording, voiceNote], error: [new Error('recorder failed')] },
  },
  // The elapsed seconds count up without changing what can happen next.
  serializeState: ((snapshot: { value: unknown; context: { recording: Blob | null } }) => JSON.stringify({ value: snapshot.value, recorded: Boolean(snapshot.context.recording) })) as never,
};

export const models = [model];
