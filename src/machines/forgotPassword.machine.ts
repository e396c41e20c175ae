// Password reset: phone, one-time code (skipped when the server hands the code out directly), new
// password, then back to sign-in. Shares the code and password screens with registration.
import { codeFlow, codeFlowStates, initialCodeFlowContext } from './codeFlow';

export const forgotPasswordMachine = codeFlow.createMachine({
  id: 'forgotPassword',
  context: initialCodeFlowContext,
  initial: 'enteringPhone',
  states: {
    ...codeFlowStates({
      target: 'done',
      description: 'Back to sign-in with the new password.',
      actions: [{ type: 'notifyPasswordSet', params: ({ event }) => ({ message: event.output }) }, 'goToSignIn'],
    }),
    done: { type: 'final' },
  },
});
