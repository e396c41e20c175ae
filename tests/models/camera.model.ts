import { cameraMachine } from '../../src/machines/camera.machine';
import type { PathModel } from '../support/machine-paths';

export const snapshotPhoto = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo-1.jpg', { type: 'image/jpeg' });
/** Stands for the camera's live picture (a MediaStream in the browser). */
export const livePicture = { id: 'live picture' };

const model: PathModel<typeof cameraMachine> = {
  machine: cameraMachine,
  events: [
    { type: 'camera.open' },
    { type: 'camera.capture' },
    { type: 'camera.cancel' },
    // What the camera actor reports.
    { type: 'camera.ready', preview: livePicture },
    { type: 'camera.photo', photo: snapshotPhoto },
    { type: 'camera.denied' },
    { type: 'camera.missing' },
    { type: 'camera.failed', error: new Error('NotReadableError') },
  ],
  outcomes: { detectCamera: { done: [true, false], error: [new Error('enumerateDevices failed')] } },
};

export const models = [model];
