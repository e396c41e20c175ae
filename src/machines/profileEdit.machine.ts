// The profile screen: view, or edit the two GPA fields and the picture (the only editable fields).
import { assign, fromPromise, setup } from 'xstate';
import { gpaProblem } from '../domain/password';
import type { ProfileUpdate, Student } from '../contracts/account';

export type GpaField = 'SSCGPA' | 'HSCGPA';

export interface ProfileEditContext {
  student: Student | null;
  /** The form's text, so a half-typed number stays as typed. */
  form: Record<GpaField, string>;
  errors: Record<GpaField, string | null>;
  /** A picture uploaded in this edit, saved with Update. */
  picture: { key: string; url: string } | null;
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
    })),
    changeField: assign(({ context, event }) =>
      event.type === 'profile.change'
        ? { form: { ...context.form, [event.field]: event.value }, errors: { ...context.errors, [event.field]: null } }
        : {},
    ),
    explainGpas: assign(({ context }) => ({
      errors: { SSCGPA: gpaProblem(parseGpa(context.form.SSCGPA)), HSCGPA: gpaProblem(parseGpa(context.form.HSCGPA)) },
    })),
    dropPicture: assign({ picture: null }),
  },
}).createMachine({
  id: 'profileEdit',
  context: ({ input }) => ({ student: input.student, form: { SSCGPA: '', HSCGPA: '' }, errors: { SSCGPA: null, HSCGPA: null }, picture: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetches the current profile; the stored copy shows meanwhile.',
      tags: ['loading'],
      invoke: {
        src: 'loadProfile',
        onDone: {
          target: 'viewing',
          actions: [assign({ student: ({ event }) => event.output }), { type: 'announceStudent', params: ({ event }) => ({ student: event.output }) }],
        },
        onError: { target: 'viewing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    viewing: {
      on: { 'profile.edit': { target: 'editing', actions: 'fillForm' } },
    },
    editing: {
      on: {
        'profile.change': { actions: 'changeField' },
        'profile.pickPicture': 'uploadingPicture',
        'profile.cancel': { target: 'viewing', actions: 'dropPicture' },
        'profile.save': [{ guard: 'gpasValid', target: 'saving' }, { actions: 'explainGpas' }],
      },
    },
    uploadingPicture: {
      tags: ['loading', 'uploading'],
      invoke: {
        src: 'uploadPicture',
        input: ({ event }) => {
          if (event.type !== 'profile.pickPicture') throw new Error(`uploadingPicture entered by ${event.type}`);
          return { file: event.file };
        },
        onDone: { target: 'editing', actions: assign({ picture: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
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
          actions: [
            assign({ student: ({ event }) => event.output, picture: null }),
            { type: 'announceStudent', params: ({ event }) => ({ student: event.output }) },
            'notifySaved',
          ],
        },
        onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
