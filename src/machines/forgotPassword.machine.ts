// Password reset: phone, one-time code (skipped when the server hands the code out directly), new
// password, then back to sign-in. Shares the code and password screens with registration.
import { otpFlow, otpFlowStates, initialOtpFlowContext } from './otpFlow';

export const forgotPasswordMachine = otpFlow.createMachine({
  id: 'forgotPassword',
  description: 'Forgot password: the same as registration (phone, code, new password), ending in a password reset call and back to sign-in.',
  meta: { spec: '§4 States and transitions — Registration (forgot password); §2 Auth screens' },
  context: initialOtpFlowContext,
  initial: 'enteringPhone',
  states: {
    ...otpFlowStates({
      target: 'done',
      description: 'Back to sign-in with the new password.',
      actions: [{ type: 'notifyPasswordSet', params: ({ event }) => ({ message: event.output }) }, 'goToSignIn'],
    }),
    done: { type: 'final', description: 'The password is reset; the sign-in screen shows.' },
  },
});
