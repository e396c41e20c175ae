// The image editor of the Ask dialog: a picked or captured photo is cropped and turned by 90 degrees
// before it is uploaded. The cropping itself is the cropping library's (the view provides it); this
// flow says when the photo is ready to edit, when it is being exported and how it ends.
import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES } from '../domain/messages';

export interface ImageEditorContext {
  /** The photo as picked or captured. */
  photo: File;
  /** Quarter turns clockwise so far (0 to 3). */
  quarterTurns: number;
  /** The edited photo, once exported. */
  edited: File | null;
  /** Why the last export failed, in plain words. */
  problem: string | null;
}

export type ImageEditorEvent =
  | { type: 'editor.ready' }
  | { type: 'editor.unreadable' }
  | { type: 'editor.rotate' }
  | { type: 'editor.apply' }
  | { type: 'editor.cancel' };


export const imageEditorMachine = setup({
  types: {} as { context: ImageEditorContext; events: ImageEditorEvent; input: { photo: File }; output: File | null },
  actors: {
    /** The crop box as it is on screen, turned as shown, as a JPEG file. */
    exportPhoto: fromPromise<File, { photo: File; quarterTurns: number }>(async () => {
      throw new Error('provide exportPhoto');
    }),
  },
  actions: {
    /** Turns the picture a quarter clockwise and fits the crop box to it again. */
    turnPicture: () => {},
    finished: (_, _params: { photo: File | null }) => {},
  },
}).createMachine({
  id: 'imageEditor',
  description: 'Crop and rotate a photo by 90 degrees before it is uploaded.',
  meta: { spec: '§2 Ask dialog; §9 Image editor: crop and rotate by 90 degrees' },
  context: ({ input }) => ({ photo: input.photo, quarterTurns: 0, edited: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The photo is being opened in the editor; a spinner shows.',
      tags: ['busy'],
      on: {
        'editor.ready': { target: 'editing', description: 'The photo shows with a crop box over all of it' },
        'editor.unreadable': { target: 'unreadable', description: 'The file is not a picture the browser can show' },
        'editor.cancel': { target: 'cancelled', description: 'The student presses Cancel' },
      },
    },
    editing: {
      description: 'The photo with its crop box (dragged, or moved and resized by arrow keys), Rotate, Apply and Cancel.',
      on: {
        'editor.rotate': {
          description: 'The student presses Rotate: the photo turns 90 degrees clockwise and the crop box fits it again',
          actions: ['turnPicture', assign({ quarterTurns: ({ context }) => (context.quarterTurns + 1) % 4, problem: null })],
        },
        'editor.apply': { target: 'exporting', description: 'The student presses Apply' },
        'editor.cancel': { target: 'cancelled', description: 'The student presses Cancel: the photo stays as it was' },
      },
    },
    exporting: {
      description: 'The cropped, turned photo is being made.',
      tags: ['busy'],
      invoke: {
        src: 'exportPhoto',
        input: ({ context }) => ({ photo: context.photo, quarterTurns: context.quarterTurns }),
        onDone: { target: 'done', description: 'The edited photo replaces the original', actions: assign({ edited: ({ event }) => event.output }) },
        onError: { target: 'editing', description: 'The photo could not be made: a message says so and editing goes on', actions: assign({ problem: MESSAGES.photoNotMade }) },
      },
    },
    unreadable: {
      description: 'The photo cannot be opened: a message, and Cancel keeps the file as it is.',
      on: { 'editor.cancel': { target: 'cancelled', description: 'The student closes the editor' } },
    },
    done: {
      type: 'final',
      description: 'Edited: the new photo takes the place of the old one.',
      entry: { type: 'finished', params: ({ context }) => ({ photo: context.edited }) },
    },
    cancelled: {
      type: 'final',
      description: 'Cancelled: nothing changes.',
      entry: { type: 'finished', params: { photo: null } },
    },
  },
  output: ({ context }) => context.edited,
});
