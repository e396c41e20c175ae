// A staff member's own account on the desk (/staff/account): change their password (the current one,
// a new one typed twice; the other sessions end) and sign out their other sessions. The new password's
// rules are the server's; here only that both are given and the two new ones match.
import { assign, fromPromise, setup } from 'xstate';
import type { ChangePasswordBody, SessionsEnded, staffAccountsContract } from '../contracts/staffAccounts';
import type { RefusalOf } from '../contracts/refusals';
import { failureWords, type RefusalWords } from '../domain/messages';
import { placeRefusal } from './fieldRefusal';

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  again: string;
}

export type PasswordField = keyof PasswordForm;

export interface OwnAccountContext {
  form: PasswordForm;
  fieldProblems: Partial<Record<PasswordField, string>>;
  notice: string | null;
  problem: RefusalWords | null;
}

export type OwnAccountEvent =
  | { type: 'password.change'; field: PasswordField; value: string }
  | { type: 'password.submit' }
  | { type: 'others.signOut' };

const EMPTY_FORM: PasswordForm = { currentPassword: '', newPassword: '', again: '' };

export const PASSWORD_WORDS = {
  currentMissing: 'Please enter your current password.',
  newMissing: 'Please enter a new password.',
  mismatch: 'The two new passwords are not the same.',
} as const;

const FIELD_OF_CODE: Partial<Record<RefusalOf<(typeof staffAccountsContract)['changeOwnPassword'], 400>, PasswordField>> = { passwordWrong: 'currentPassword', passwordWeak: 'newPassword' };

/** The problems of the form before it is sent, by field. */
export function passwordFormProblems(form: PasswordForm): Partial<Record<PasswordField, string>> {
  return {
    ...(form.currentPassword === '' && { currentPassword: PASSWORD_WORDS.currentMissing }),
    ...(form.newPassword === '' && { newPassword: PASSWORD_WORDS.newMissing }),
    ...(form.newPassword !== '' && form.again !== form.newPassword && { again: PASSWORD_WORDS.mismatch }),
  };
}

export const ownAccountMachine = setup({
  types: {} as { context: OwnAccountContext; events: OwnAccountEvent },
  actors: {
    /** POST /staff/me/password. */
    changePassword: fromPromise<SessionsEnded, ChangePasswordBody>(async () => {
      throw new Error('provide changePassword');
    }),
    /** POST /staff/me/sign-out-others. */
    signOutOthers: fromPromise<SessionsEnded>(async () => {
      throw new Error('provide signOutOthers');
    }),
  },
  actions: {
    clearWords: assign({ problem: null, notice: null }),
    keepChangeProblem: assign(({ context }, params: { error: unknown }) => placeRefusal(FIELD_OF_CODE, context.fieldProblems, params.error)),
  },
  guards: {
    formComplete: ({ context }) => Object.keys(passwordFormProblems(context.form)).length === 0,
  },
}).createMachine({
  id: 'ownAccount',
  description: "A staff member's own account: change the password (the other sessions end) and sign out the other sessions.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: staff accounts on the desk (issue 37)' },
  context: { form: EMPTY_FORM, fieldProblems: {}, notice: null, problem: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The password form and Sign out other sessions; what was done or why not shows above them.',
      on: {
        'password.change': {
          description: "The staff member types; the field's problem clears",
          actions: assign(({ context, event }) => ({ form: { ...context.form, [event.field]: event.value }, fieldProblems: { ...context.fieldProblems, [event.field]: undefined } })),
        },
        'password.submit': [
          { guard: 'formComplete', target: 'changing', description: 'Both passwords given and the new one typed the same twice: it is sent', actions: ['clearWords', assign({ fieldProblems: {} })] },
          { description: 'A password missing or the two new ones differ: the words beside the fields', actions: ['clearWords', assign(({ context }) => ({ fieldProblems: passwordFormProblems(context.form) }))] },
        ],
        'others.signOut': { target: 'signingOutOthers', description: 'The staff member presses Sign out other sessions', actions: 'clearWords' },
      },
    },
    changing: {
      description: 'The new password is being set; the form waits with its button busy.',
      tags: ['changing'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ currentPassword: context.form.currentPassword, newPassword: context.form.newPassword }),
        onDone: { target: 'idle', description: 'Changed: the form empties and says so, with the other sessions ended', actions: assign(({ event }) => ({ notice: event.output.message, form: EMPTY_FORM })) },
        onError: { target: 'idle', description: 'Refused (current password wrong, new one too weak) or not sent: the words show, the form keeps what was typed', actions: { type: 'keepChangeProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signingOutOthers: {
      description: 'The other sessions are being ended; this one stays.',
      tags: ['signingOut'],
      invoke: {
        src: 'signOutOthers',
        onDone: { target: 'idle', description: 'Done: how many sessions ended shows', actions: assign(({ event }) => ({ notice: event.output.message })) },
        onError: { target: 'idle', description: 'Not done: the reason shows', actions: assign(({ event }) => ({ problem: failureWords(event.error) })) },
      },
    },
  },
});
