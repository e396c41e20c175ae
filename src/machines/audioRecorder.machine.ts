// The Ask form's audio recorder, on the browser's MediaRecorder: stopped, recording (with the elapsed
// time), recorded (play it back, delete it or add it to the files). A recording of 44 bytes or less
// is empty and the recorder starts again.
import { assign, fromPromise, setup } from 'xstate';
import { EMPTY_RECORDING_BYTES } from '../domain/forum';
import type { RecordingHandle } from '../services/recorder';

export type { RecordingHandle };

export interface AudioRecorderContext {
  handle: RecordingHandle | null;
  recording: Blob | null;
  /** Seconds since recording started. */
  elapsed: number;
}

export type AudioRecorderEvent = { type: 'recorder.start' } | { type: 'recorder.stop' } | { type: 'recorder.delete' } | { type: 'recorder.add' };

export const audioRecorderMachine = setup({
  types: {} as { context: AudioRecorderContext; events: AudioRecorderEvent },
  actors: {
    startRecording: fromPromise<RecordingHandle>(async () => {
      throw new Error('provide startRecording');
    }),
    stopRecording: fromPromise<Blob, { handle: RecordingHandle }>(async ({ input }) => input.handle.stop()),
  },
  guards: {
    empty: (_, params: { recording: Blob }) => params.recording.size <= EMPTY_RECORDING_BYTES,
  },
  actions: {
    addRecording: (_, _params: { recording: Blob }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  delays: { second: 1000 },
}).createMachine({
  id: 'audioRecorder',
  description: 'The audio recorder of the Ask form: record, then delete or add the recording.',
  meta: { spec: '§4 Audio recorder; §9 empty recording at 44 bytes or less' },
  context: { handle: null, recording: null, elapsed: 0 },
  initial: 'stopped',
  states: {
    stopped: {
      description: 'A microphone button to start recording.',
      on: { 'recorder.start': { target: 'starting', description: 'The student presses the microphone button' } },
    },
    starting: {
      description: 'The microphone is being opened (the browser may ask for permission).',
      tags: ['busy'],
      invoke: {
        src: 'startRecording',
        onDone: { target: 'recording', description: 'The microphone is open: recording starts', actions: assign({ handle: ({ event }) => event.output, elapsed: 0 }) },
        onError: { target: 'stopped', description: 'No microphone or permission refused: only logged', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    recording: {
      description: 'Recording: the elapsed time counts up and a stop button shows.',
      after: { second: { target: 'recording', reenter: true, description: 'A second passes', actions: assign({ elapsed: ({ context }) => context.elapsed + 1 }) } },
      on: { 'recorder.stop': { target: 'stopping', description: 'The student presses stop' } },
    },
    stopping: {
      description: 'The recording is being finished.',
      tags: ['busy'],
      invoke: {
        src: 'stopRecording',
        input: ({ context }) => ({ handle: context.handle! }),
        onDone: [
          { guard: { type: 'empty', params: ({ event }) => ({ recording: event.output }) }, target: 'starting', description: 'The recording is empty (44 bytes or less): recording starts again', actions: assign({ handle: null }) },
          { target: 'recorded', description: 'The recording is ready to play back', actions: assign({ recording: ({ event }) => event.output, handle: null }) },
        ],
        onError: { target: 'stopped', description: 'The recording could not be finished: only logged', actions: [assign({ handle: null }), { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    recorded: {
      description: 'The recording with a player, Delete and Add.',
      on: {
        'recorder.delete': { target: 'stopped', description: 'The student deletes the recording', actions: assign({ recording: null, elapsed: 0 }) },
        'recorder.add': {
          target: 'stopped',
          description: 'The student adds the recording to the files',
          actions: [{ type: 'addRecording', params: ({ context }) => ({ recording: context.recording! }) }, assign({ recording: null, elapsed: 0 })],
        },
      },
    },
  },
});
