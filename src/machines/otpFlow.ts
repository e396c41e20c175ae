// The phone, one-time code and new-password steps that registration and password reset share
// (spec §4): one setup and one set of states; each flow's machine adds only what follows a successful
// setPassword. Not a machine file itself, so the diagram script draws the two flows, not this.
import { assign, fromPromise, setup } from 'xstate';
import { phoneProblem } from '../domain/phone';
import { confirmationProblem, isCompleteOtp, newPasswordProblem, OTP_LENGTH, RESEND_COUNTDOWN_SECONDS } from '../domain/password';
import type { OtpSession, Student } from '../contracts/account';
import type { FailureCode } from '../contracts/refusals';

export { RESEND_COUNTDOWN_SECONDS };

/** Server codes meaning the code itself must be entered again or renewed. */
const OTP_REJECTIONS: ReadonlySet<FailureCode | undefined> = new Set<FailureCode>(['otpWrong', 'otpUsed', 'otpExpired', 'otpExhausted', 'registerFirst']);
export const isOtpRejection = (error: unknown): boolean => OTP_REJECTIONS.has((error as { code?: FailureCode } | null)?.code);

/** Context shared by registration and password reset: the same code and password screens serve both. */
export interface OtpFlowContext {
  phone: string;
  hash: string;
  code: string;
  password: string;
  resendSecondsLeft: number;
  /** Seconds of the resend countdown left when a flow is resumed after a reload, until it starts. */
  resumedSecondsLeft: number | null;
  phoneError: string | null;
  passwordError: string | null;
  confirmationError: string | null;
}

export type OtpFlowEvent =
  | { type: 'phone.submit'; phone: string }
  | { type: 'phone.change' }
  | { type: 'otp.change'; code: string }
  | { type: 'otp.verify' }
  | { type: 'otp.resume'; phone: string; hash: string; resendSecondsLeft: number }
  | { type: 'otp.resend' }
  | { type: 'password.submit'; password: string; confirmation: string };

export const initialOtpFlowContext: OtpFlowContext = {
  phone: '',
  hash: '',
  code: '',
  password: '',
  resendSecondsLeft: RESEND_COUNTDOWN_SECONDS,
  resumedSecondsLeft: null,
  phoneError: null,
  passwordError: null,
  confirmationError: null,
};

/** Keeps digits only, at most six: what the code field holds. */
const cleanOtp = (raw: string): string => raw.replace(/\D/g, '').slice(0, OTP_LENGTH);

/**
 * Everything both flows name. The services differ per flow (registration and reset ask different
 * endpoints for the code; reset sets the password with forgotPassword=true) and are provided by the
 * views. signIn and announceSignedIn serve only registration's automatic sign-in; password reset
 * never enters a state that uses them.
 */
export const otpFlow = setup({
  types: {} as { context: OtpFlowContext; events: OtpFlowEvent },
  actors: {
    requestOtp: fromPromise<OtpSession, { phone: string }>(async () => {
      throw new Error('provide requestOtp');
    }),
    checkOtp: fromPromise<string, { otp: string; hash: string; phone: string }>(async () => {
      throw new Error('provide checkOtp');
    }),
    setPassword: fromPromise<string, { otp: string; hash: string; phone: string; password: string }>(async () => {
      throw new Error('provide setPassword');
    }),
    signIn: fromPromise<Student, { phone: string; password: string }>(async () => {
      throw new Error('provide signIn');
    }),
  },
  guards: {
    phoneAcceptable: ({ event }) => event.type === 'phone.submit' && phoneProblem(event.phone) === null,
    otpReturned: (_, params: { session: OtpSession }) => Boolean(params.session.otp),
    otpComplete: ({ context }) => isCompleteOtp(context.code),
    passwordsAcceptable: ({ event }) =>
      event.type === 'password.submit' && newPasswordProblem(event.password) === null && confirmationProblem(event.password, event.confirmation) === null,
    otpRejected: (_, params: { error: unknown }) => isOtpRejection(params.error),
  },
  actions: {
    showError: (_, _params: { error: unknown }) => {},
    notifyPasswordSet: (_, _params: { message: string }) => {},
    announceSignedIn: (_, _params: { student: Student }) => {},
    goToSignIn: () => {},
    rememberPhone: assign(({ event }) => (event.type === 'phone.submit' ? { phone: event.phone.trim(), phoneError: null } : {})),
    explainPhone: assign(({ event }) => (event.type === 'phone.submit' ? { phoneError: phoneProblem(event.phone) } : {})),
    keepSession: assign((_, params: OtpSession) => ({ hash: params.hash, code: params.otp ?? '' })),
    startCountdown: assign(({ context }) => ({ resendSecondsLeft: context.resumedSecondsLeft ?? RESEND_COUNTDOWN_SECONDS, resumedSecondsLeft: null })),
    resume: assign(({ event }) =>
      event.type === 'otp.resume'
        ? { phone: event.phone, hash: event.hash, code: '', resumedSecondsLeft: Math.max(0, Math.min(RESEND_COUNTDOWN_SECONDS, Math.round(event.resendSecondsLeft))) }
        : {},
    ),
    countDown: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
    changeOtp: assign(({ event }) => (event.type === 'otp.change' ? { code: cleanOtp(event.code) } : {})),
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
    resendWait: ({ context }) => context.resendSecondsLeft * 1000,
    resendTick: 1000,
  },
});

type OtpFlowStateConfig = Parameters<typeof otpFlow.createStateConfig>[0];
type SetPasswordInvoke = Extract<NonNullable<OtpFlowStateConfig['invoke']>, { src: 'setPassword' }>;
/** The transition taken once the server has checked the code and stored the password: where the flows part. */
export type PasswordSetTransition = NonNullable<SetPasswordInvoke['onDone']>;

/**
 * The shared states, from phone entry to the set-password call. `passwordSet` leaves `verifying`
 * for the flow's own ending, a sibling state the machine adds (its `done` at least).
 */
export function otpFlowStates(passwordSet: PasswordSetTransition) {
  return {
    enteringPhone: otpFlow.createStateConfig({
      description: 'Phone entry with Proceed.',
      on: {
        'phone.submit': [
          { guard: 'phoneAcceptable', target: 'requestingOtp', description: 'The student presses Proceed with a valid phone number', actions: 'rememberPhone' },
          { description: 'The student presses Proceed with an invalid phone number: the field says why', actions: 'explainPhone' },
        ],
        'otp.resume': {
          target: 'awaitingOtp',
          description: 'The code screen was reloaded within the code\'s lifetime: the same code is asked for again, with what is left of the resend countdown',
          actions: 'resume',
        },
      },
    }),
    requestingOtp: otpFlow.createStateConfig({
      description: 'A code is requested for the phone number.',
      tags: ['loading'],
      invoke: {
        src: 'requestOtp',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: [
          {
            guard: { type: 'otpReturned', params: ({ event }) => ({ session: event.output }) },
            target: 'settingPassword',
            description: 'The server handed the code out directly (development transport): no code screen.',
            actions: { type: 'keepSession', params: ({ event }) => event.output },
          },
          { target: 'awaitingOtp', description: 'The code was sent to the phone: the code screen opens', actions: { type: 'keepSession', params: ({ event }) => event.output } },
        ],
        onError: { target: 'enteringPhone', description: 'No code could be requested: the error shows', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    }),
    awaitingOtp: otpFlow.createStateConfig({
      description: 'The OTP screen: 6-digit code entry with resend.',
      entry: 'startCountdown',
      type: 'parallel',
      on: {
        'phone.change': { target: 'enteringPhone', description: 'The student wants to use another number.' },
      },
      states: {
        code: {
          description: 'The code field and Verify.',
          initial: 'typing',
          states: {
            typing: {
              description: 'The student types the code.',
              on: {
                'otp.change': { description: 'The student types the code', actions: 'changeOtp' },
                'otp.verify': { guard: 'otpComplete', target: 'checking', description: 'The student submits all 6 digits' },
              },
            },
            checking: {
              description: 'The server checks the code (a try counted, the code not used up) before the password is asked for.',
              tags: ['loading'],
              invoke: {
                src: 'checkOtp',
                input: ({ context }) => ({ otp: context.code, hash: context.hash, phone: context.phone }),
                onDone: { target: '#settingPassword', description: 'The code is right: the set-password screen opens' },
                onError: {
                  target: 'typing',
                  description: 'Wrong, used or expired code, or no answer: the error shows and the code can be typed again',
                  actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        resend: {
          description: 'The resend button and its countdown.',
          initial: 'coolingDown',
          states: {
        coolingDown: {
          description: 'A new code may be requested once the 300 s countdown reaches zero.',
          after: { resendWait: { target: 'resendReady', description: 'The countdown reached zero' } },
          initial: 'ticking',
          states: {
            ticking: {
              description: 'Counts the seconds shown on the resend button.',
              after: { resendTick: { target: 'ticking', reenter: true, description: 'One second less', actions: 'countDown' } },
            },
          },
        },
        resendReady: {
          description: 'The resend button is enabled.',
          on: { 'otp.resend': { target: 'resending', description: 'The student presses resend' } },
        },
        resending: {
          description: 'A new code is requested.',
          tags: ['loading'],
          invoke: {
            src: 'requestOtp',
            input: ({ context }) => ({ phone: context.phone }),
            onDone: { target: 'coolingDown', description: 'A new code was sent: the countdown starts again', actions: [{ type: 'keepSession', params: ({ event }) => ({ ...event.output, otp: undefined }) }, 'startCountdown'] },
            onError: { target: 'resendReady', description: 'No new code could be sent: the error shows', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
          },
        },
      },
    }),
    settingPassword: otpFlow.createStateConfig({
      id: 'settingPassword',
      description: 'The set-password screen: new password and confirmation.',
      on: {
        'password.submit': [
          { guard: 'passwordsAcceptable', target: 'verifying', description: 'The student submits a valid password, confirmed', actions: 'rememberPassword' },
          { description: 'The password or its confirmation breaks a rule: the fields say why', actions: 'explainPassword' },
        ],
      },
    }),
    verifying: otpFlow.createStateConfig({
      description: 'The server checks the code and stores the new password in one call.',
      tags: ['loading'],
      invoke: {
        src: 'setPassword',
        input: ({ context }) => ({ otp: context.code, hash: context.hash, phone: context.phone, password: context.password }),
        onDone: passwordSet,
        onError: [
          {
            guard: { type: 'otpRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingOtp',
            description: 'Wrong, used or expired code: enter it again or request a new one.',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'settingPassword', description: 'The password could not be set: the error shows', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    }),
  };
}
