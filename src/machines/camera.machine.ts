// "Take photo" in the Ask dialog: where the device has a camera, a live preview with Capture and
// Cancel; the captured photo (a JPEG) goes to the image editor. The camera is one invoked actor, so
// leaving the preview in any way (Cancel, the capture, a closed dialog) stops its tracks.
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { CameraReport } from '../services/camera';

export type { CameraReport };

export type CameraEvent = { type: 'camera.open' } | { type: 'camera.capture' } | { type: 'camera.cancel' } | CameraReport;

export interface CameraContext {
  /** The live picture for the preview (a MediaStream in the browser), while the camera is open. */
  preview: object | null;
}

export const cameraMachine = setup({
  types: {} as { context: CameraContext; events: CameraEvent },
  actors: {
    detectCamera: fromPromise<boolean>(async () => {
      throw new Error('provide detectCamera');
    }),
    /** Opens the camera (the browser may ask for permission), takes a photo on 'camera.capture', stops its tracks when stopped. */
    camera: fromCallback<{ type: 'camera.capture' }>(() => () => {}),
  },
  guards: {
    found: (_, params: { found: boolean }) => params.found,
  },
  actions: {
    photoTaken: (_, _params: { photo: File }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'camera',
  description: "Take photo: a live camera preview with Capture and Cancel, shown only where the device has a camera.",
  meta: { spec: '§2 Ask dialog (capturing files); §9 camera ideal size, photos JPEG; §8 camera failure only logged' },
  context: { preview: null },
  initial: 'detecting',
  states: {
    detecting: {
      description: 'Looking for a camera on the device; Take photo does not show yet.',
      invoke: {
        src: 'detectCamera',
        onDone: [
          { guard: { type: 'found', params: ({ event }) => ({ found: event.output }) }, target: 'idle', description: 'The device has a camera: Take photo shows' },
          { target: 'noCamera', description: 'The device has no camera' },
        ],
        onError: { target: 'noCamera', description: 'The device cannot tell: no camera is offered', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    noCamera: { description: 'No camera on this device: Take photo does not show (files can still be chosen).' },
    idle: {
      description: 'Take photo shows.',
      on: { 'camera.open': { target: 'live', description: 'The student presses Take photo' } },
    },
    live: {
      description: 'The camera is open; leaving this state stops its tracks.',
      invoke: { id: 'camera', src: 'camera' },
      initial: 'requesting',
      on: {
        'camera.cancel': { target: 'idle', description: 'The student presses Cancel or closes the camera: it stops' },
        'camera.denied': { target: 'denied', description: 'The student (or the browser settings) refused the camera' },
        'camera.missing': { target: 'noCamera', description: 'No camera could be opened after all' },
        'camera.failed': { target: 'idle', description: 'The camera failed: only logged, Take photo shows again', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
      exit: assign({ preview: null }),
      states: {
        requesting: {
          description: 'Asking for the camera (the browser may ask the student); a spinner shows.',
          tags: ['busy'],
          on: { 'camera.ready': { target: 'previewing', description: 'The camera is open: its picture shows live', actions: assign({ preview: ({ event }) => event.preview }) } },
        },
        previewing: {
          description: 'The live picture with Capture and Cancel.',
          on: { 'camera.capture': { target: 'capturing', description: 'The student presses Capture', actions: sendTo('camera', { type: 'camera.capture' }) } },
        },
        capturing: {
          description: 'The picture is being taken as a JPEG.',
          tags: ['busy'],
          on: {
            'camera.photo': {
              target: '#camera.captured',
              description: 'The photo is taken: the camera stops',
              actions: { type: 'photoTaken', params: ({ event }) => ({ photo: event.photo }) },
            },
          },
        },
      },
    },
    captured: {
      description: 'The photo goes to the image editor; Take photo shows again.',
      always: { target: 'idle', description: 'The photo is handed to the image editor' },
    },
    denied: {
      description: 'The camera is blocked: a plain message says how to allow it, with Try again and Cancel.',
      on: {
        'camera.open': { target: 'live', description: 'The student presses Try again' },
        'camera.cancel': { target: 'idle', description: 'The student closes the message' },
      },
    },
  },
});
