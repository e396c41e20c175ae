// Registration: phone, one-time code (skipped when the server hands the code out directly),
// new password, then automatic sign-in.
import { otpFlow, otpFlowStates, initialOtpFlowContext } from './otpFlow';

export const registrationMachine = otpFlow.createMachine({
  id: 'registration',
  description: 'Registration: phone entry, then a code is requested; the OTP screen unless the server returns the code directly; then set-password and automatic login.',
  meta: { spec: '§4 States and transitions — Registration; §2 Auth screens' },
  context: initialOtpFlowContext,
  initial: 'enteringPhone',
  states: {
    ...otpFlowStates({ target: 'signingIn', description: 'The password is set: sign in with it', actions: { type: 'notifyPasswordSet', params: ({ event }) => ({ message: event.output }) } }),
    signingIn: {
      description: 'Signs in with the new password automatically.',
      tags: ['loading'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ phone: context.phone, password: context.password }),
        onDone: { target: 'done', description: 'Signed in: the student enters the app', actions: { type: 'announceSignedIn', params: ({ event }) => ({ student: event.output }) } },
        onError: {
          target: 'done',
          description: 'The password is set; the student signs in by hand.',
          actions: [{ type: 'showError', params: ({ event }) => ({ error: event.error }) }, 'goToSignIn'],
        },
      },
    },
    done: { type: 'final', description: 'Registration is over.' },
  },
});
