// Password reset: phone, one-time code (skipped when the server hands the code out directly), new
// password, then back to sign-in. Shares the code and password screens with registration.
import { assign, fromPromise, setup } from 'xstate';
import { phoneProblem } from '../domain/phone';
import { confirmationProblem, isCompleteOtp, newPasswordProblem } from '../domain/password';
import type { OtpSession } from '../services/account';
import {
  RESEND_COUNTDOWN_SECONDS,
  cleanCode,
  initialCodeFlowContext,
  isCodeRejection,
  type CodeFlowContext,
  type CodeFlowEvent,
} from './registration.machine';

export const forgotPasswordMachine = setup({
  types: {} as { context: CodeFlowContext; events: CodeFlowEvent },
  actors: {
    requestCode: fromPromise<OtpSession, { phone: string }>(async () => {
      throw new Error('provide requestCode');
    }),
    setPassword: fromPromise<string, { otp: string; hash: string; phone: string; password: string }>(async () => {
      throw new Error('provide setPassword');
    }),
  },
  guards: {
    phoneAcceptable: ({ event }) => event.type === 'phone.submit' && phoneProblem(event.phone) === null,
    codeReturned: ({ event }) => Boolean((event as unknown as { output?: OtpSession }).output?.otp),
    codeComplete: ({ context }) => isCompleteOtp(context.code),
    passwordsAcceptable: ({ event }) =>
      event.type === 'password.submit' && newPasswordProblem(event.password) === null && confirmationProblem(event.password, event.confirmation) === null,
    codeRejected: ({ event }) => isCodeRejection((event as unknown as { error?: unknown }).error),
  },
  actions: {
    showError: (_, _params: { error: unknown }) => {},
    notifyPasswordSet: (_, _params: { message: string }) => {},
    goToSignIn: () => {},
    rememberPhone: assign(({ event }) => (event.type === 'phone.submit' ? { phone: event.phone.trim(), phoneError: null } : {})),
    explainPhone: assign(({ event }) => (event.type === 'phone.submit' ? { phoneError: phoneProblem(event.phone) } : {})),
    keepSession: assign((_, params: OtpSession) => ({ hash: params.hash, code: params.otp ?? '' })),
    startCountdown: assign({ resendSecondsLeft: RESEND_COUNTDOWN_SECONDS }),
    countDown: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
    changeCode: assign(({ event }) => (event.type === 'otp.change' ? { code: cleanCode(event.code) } : {})),
    rememberPassword: assign(({ event }) =>
      event.type === 'password.submit' ? { password: event.password, passwordError: null, confirmationError: null } : {},
    ),
    explainPassword: assign(({ event }) =>
      event.type === 'password.submit'
        ? { passwordError: newPasswordProblem(event.password), confirmationError: confirmationProblem(event.password, event.confirmation) }
        : {},
    ),
  },
  delays: {
    resendWait: RESEND_COUNTDOWN_SECONDS * 1000,
    resendTick: 1000,
  },
}).createMachine({
  id: 'forgotPassword',
  context: initialCodeFlowContext,
  initial: 'enteringPhone',
  states: {
    enteringPhone: {
      on: {
        'phone.submit': [{ guard: 'phoneAcceptable', target: 'requestingCode', actions: 'rememberPhone' }, { actions: 'explainPhone' }],
      },
    },
    requestingCode: {
      tags: ['loading'],
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: [
          {
            guard: 'codeReturned',
            target: 'settingPassword',
            description: 'The server handed the code out directly (development transport): no code screen.',
            actions: { type: 'keepSession', params: ({ event }) => event.output },
          },
          { target: 'awaitingCode', actions: { type: 'keepSession', params: ({ event }) => event.output } },
        ],
        onError: { target: 'enteringPhone', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    awaitingCode: {
      entry: 'startCountdown',
      initial: 'coolingDown',
      on: {
        'otp.change': { actions: 'changeCode' },
        'otp.verify': { guard: 'codeComplete', target: 'settingPassword' },
        'phone.change': { target: 'enteringPhone', description: 'The student wants to use another number.' },
      },
      states: {
        coolingDown: {
          description: 'A new code may be requested once the 300 s countdown reaches zero.',
          after: { resendWait: 'resendReady' },
          initial: 'ticking',
          states: {
            ticking: {
              description: 'Counts the seconds shown on the resend button.',
              after: { resendTick: { target: 'ticking', reenter: true, actions: 'countDown' } },
            },
          },
        },
        resendReady: {
          on: { 'otp.resend': 'resending' },
        },
        resending: {
          tags: ['loading'],
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ phone: context.phone }),
            onDone: { target: 'coolingDown', actions: [{ type: 'keepSession', params: ({ event }) => ({ ...event.output, otp: undefined }) }, 'startCountdown'] },
            onError: { target: 'resendReady', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    settingPassword: {
      on: {
        'password.submit': [{ guard: 'passwordsAcceptable', target: 'verifying', actions: 'rememberPassword' }, { actions: 'explainPassword' }],
      },
    },
    verifying: {
      description: 'The server checks the code and stores the new password in one call.',
      tags: ['loading'],
      invoke: {
        src: 'setPassword',
        input: ({ context }) => ({ otp: context.code, hash: context.hash, phone: context.phone, password: context.password }),
        onDone: {
          target: 'done',
          description: 'Back to sign-in with the new password.',
          actions: [{ type: 'notifyPasswordSet', params: ({ event }) => ({ message: event.output }) }, 'goToSignIn'],
        },
        onError: [
          {
            guard: 'codeRejected',
            target: 'awaitingCode',
            description: 'Wrong, used or expired code: enter it again or request a new one.',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'settingPassword', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: { type: 'final' },
  },
});
