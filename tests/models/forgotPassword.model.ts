import { forgotPasswordMachine } from '../../src/machines/forgotPassword.machine';
import { otpFlowEvents, otpFlowSerialize } from './otpFlow';
import type { PathModel } from '../support/machine-paths';

const model: PathModel<typeof forgotPasswordMachine> = {
  machine: forgotPasswordMachine,
  events: [...otpFlowEvents],
  outcomes: {
    requestOtp: { done: [{ hash: 'h1', phone: '8801700000001' }, { hash: 'h2', phone: '8801700000001', otp: '654321' }], error: [{ status: 404, title: 'No account with this number', code: 'notFound' }] },
    checkOtp: { done: ['The code is correct.'], error: [{ status: 400, title: 'The code is not correct. 4 tries left.', code: 'otpWrong' }] },
    setPassword: { done: ['Successfully set the password!'], error: [{ status: 400, title: 'This code has expired. Please request a new code.', code: 'otpExpired' }, { status: 400, title: 'Invalid request', code: 'invalidRequest' }] },
  },
  serializeState: otpFlowSerialize as never,
};

export const models = [model];
