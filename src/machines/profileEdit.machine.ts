// The profile screen: view, or edit the two GPA fields and the picture (the only editable fields).
import { assign, fromPromise, setup } from 'xstate';
import { gpaProblem, pictureProblem } from '../domain/password';
import type { ProfileUpdate, Student } from '../contracts/account';

export type GpaField = 'SSCGPA' | 'HSCGPA';

export interface ProfileEditContext {
  student: Student | null;
  /** The form's text, so a half-typed number stays as typed. */
  form: Record<GpaField, string>;
  errors: Record<GpaField, string | null>;
  /** A picture uploaded in this edit, saved with Update. */
  picture: { key: string; url: string } | null;
  /** Why the last file picked was refused (not a JPEG or PNG picture); it was not uploaded. */
  pictureError: string | null;
}

export type ProfileEditEvent =
  | { type: 'profile.edit' }
  | { type: 'profile.cancel' }
  | { type: 'profile.change'; field: GpaField; value: string }
  | { type: 'profile.pickPicture'; file: Blob }
  | { type: 'profile.save' };

/** '' is not zero: a GPA must be typed. */
export const parseGpa = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
const gpaText = (value: number | null | undefined) => (value == null ? '' : String(value));

export const profileEditMachine = setup({
  types: {} as { context: ProfileEditContext; events: ProfileEditEvent; input: { student: Student | null } },
  actors: {
    loadProfile: fromPromise<Student>(async () => {
      throw new Error('provide loadProfile');
    }),
    uploadPicture: fromPromise<{ key: string; url: string }, { file: Blob }>(async () => {
      throw new Error('provide uploadPicture');
    }),
    saveProfile: fromPromise<Student, ProfileUpdate>(async () => {
      throw new Error('provide saveProfile');
    }),
  },
  guards: {
    pictureAccepted: ({ event }) => event.type === 'profile.pickPicture' && pictureProblem(event.file.type) === null,
    gpasValid: ({ context }) => gpaProblem(parseGpa(context.form.SSCGPA)) === null && gpaProblem(parseGpa(context.form.HSCGPA)) === null,
  },
  actions: {
    showError: (_, _params: { error: unknown }) => {},
    notifySaved: () => {},
    announceStudent: (_, _params: { student: Student }) => {},
    fillForm: assign(({ context }) => ({
      form: { SSCGPA: gpaText(context.student?.SSCGPA), HSCGPA: gpaText(context.student?.HSCGPA) },
      errors: { SSCGPA: null, HSCGPA: null },
      picture: null,
      pictureError: null,
    })),
    changeField: assign(({ context, event }) =>
      event.type === 'profile.change'
        ? { form: { ...context.form, [event.field]: event.value }, errors: { ...context.errors, [event.field]: null } }
        : {},
    ),
    explainGpas: assign(({ context }) => ({
      errors: { SSCGPA: gpaProblem(parseGpa(context.form.SSCGPA)), HSCGPA: gpaProblem(parseGpa(context.form.HSCGPA)) },
    })),
    dropPicture: assign({ picture: null, pictureError: null }),
    refusePicture: assign({ pictureError: ({ event }) => (event.type === 'profile.pickPicture' ? pictureProblem(event.file.type) : null) }),
  },
}).createMachine({
  id: 'profileEdit',
  description: 'The profile: view or edit mode via a toggle; only SSCGPA, HSCGPA and the picture are editable.',
  meta: { spec: '§4 States and transitions — Profile; §2 Profile' },
  context: ({ input }) => ({ student: input.student, form: { SSCGPA: '', HSCGPA: '' }, errors: { SSCGPA: null, HSCGPA: null }, picture: null, pictureError: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetches the current profile; the stored copy shows meanwhile.',
      tags: ['loading'],
      invoke: {
        src: 'loadProfile',
        onDone: {
          target: 'viewing',
          description: 'The server sent the profile',
          actions: [assign({ student: ({ event }) => event.output }), { type: 'announceStudent', params: ({ event }) => ({ student: event.output }) }],
        },
        onError: {
          target: 'viewing',
          description: 'The profile could not be fetched: the error shows over the stored copy',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    viewing: {
      description: 'Avatar, name, student ID, the GPAs and the edit toggle; nothing can be changed.',
      on: { 'profile.edit': { target: 'editing', description: 'The student turns the edit toggle on', actions: 'fillForm' } },
    },
    editing: {
      description: 'SSCGPA, HSCGPA and the picture can be changed; the Update button saves.',
      on: {
        'profile.change': { description: 'The student types a GPA', actions: 'changeField' },
        'profile.pickPicture': [
          { guard: 'pictureAccepted', target: 'uploadingPicture', description: 'The student picks a new JPEG or PNG picture', actions: assign({ pictureError: null }) },
          { description: 'The student picks a file that is no JPEG or PNG picture (a PDF): the field says so and nothing is uploaded', actions: 'refusePicture' },
        ],
        'profile.cancel': { target: 'viewing', description: 'The student turns the edit toggle off: changes are dropped', actions: 'dropPicture' },
        'profile.save': [
          { guard: 'gpasValid', target: 'saving', description: 'The student presses Update with valid GPAs' },
          { description: 'The student presses Update with a GPA out of range: the field says why', actions: 'explainGpas' },
        ],
      },
    },
    uploadingPicture: {
      description: 'The new picture is uploading; the GPAs can still be typed, Update and Cancel wait.',
      tags: ['loading', 'uploading'],
      on: {
        'profile.change': { description: 'The student types a GPA while the picture uploads (a slow link): the typing is kept', actions: 'changeField' },
      },
      invoke: {
        src: 'uploadPicture',
        input: ({ event }) => {
          if (event.type !== 'profile.pickPicture') throw new Error(`uploadingPicture entered by ${event.type}`);
          return { file: event.file };
        },
        onDone: { target: 'editing', description: 'The picture is uploaded: it shows in the form', actions: assign({ picture: ({ event }) => event.output }) },
        onError: { target: 'editing', description: 'The upload failed: the error shows', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      description: 'The changes are being saved.',
      tags: ['loading', 'saving'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({
          SSCGPA: parseGpa(context.form.SSCGPA),
          HSCGPA: parseGpa(context.form.HSCGPA),
          ...(context.picture ? { profilePic: context.picture.key } : {}),
        }),
        onDone: {
          target: 'viewing',
          description: 'Saved: the new profile shows with a success message',
          actions: [
            assign({ student: ({ event }) => event.output, picture: null }),
            { type: 'announceStudent', params: ({ event }) => ({ student: event.output }) },
            'notifySaved',
          ],
        },
        onError: { target: 'editing', description: 'Not saved: the error shows and the form stays open', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
