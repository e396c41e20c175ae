import { registrationMachine } from '../../src/machines/registration.machine';
import type { Student } from '../../src/contracts/account';
import { otpFlowEvents, otpFlowSerialize } from './otpFlow';
import type { PathModel } from '../support/machine-paths';

export const student = { _id: 'a00000000000000000000009', name: 'New Student', username: '8801711111111' } as Student;
const wrongCode = { status: 400, title: 'The code is not correct.', code: 'otpWrong' };

const model: PathModel<typeof registrationMachine> = {
  machine: registrationMachine,
  events: [...otpFlowEvents],
  outcomes: {
    requestOtp: { done: [{ hash: 'h1', phone: '8801711111111' }, { hash: 'h2', phone: '8801711111111', otp: '654321' }], error: [{ status: 429, title: 'Too many codes', code: 'tooManyRequests' }] },
    checkOtp: { done: ['The code is correct.'], error: [wrongCode, { status: 0, title: 'Internet connection lost.', code: 'network' }] },
    setPassword: { done: ['Successfully set the password!'], error: [wrongCode, { status: 400, title: 'Invalid request', code: 'invalidRequest' }] },
    signIn: { done: [student], error: [{ status: 401, title: 'Wrong password', code: 'wrongPassword' }] },
  },
  serializeState: otpFlowSerialize as never,
};

export const models = [model];
