import { imageEditorMachine } from '../../src/machines/imageEditor.machine';
import type { PathModel } from '../support/machine-paths';

export const original = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'ecg.png', { type: 'image/png' });
export const edited = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xdb])], 'ecg.jpg', { type: 'image/jpeg' });

const model: PathModel<typeof imageEditorMachine> = {
  machine: imageEditorMachine,
  input: { photo: original },
  events: [{ type: 'editor.ready' }, { type: 'editor.unreadable' }, { type: 'editor.rotate' }, { type: 'editor.apply' }, { type: 'editor.cancel' }],
  outcomes: { exportPhoto: { done: [edited], error: [new Error('toBlob gave nothing')] } },
  // Quarter turns go round without changing what can happen next; a problem shown does.
  serializeState: ((snapshot: { value: unknown; context: { problem: string | null; edited: File | null } }) =>
    JSON.stringify({ value: snapshot.value, problem: Boolean(snapshot.context.problem), edited: Boolean(snapshot.context.edited) })) as never,
};

export const models = [model];
