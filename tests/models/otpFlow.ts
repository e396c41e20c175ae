// What the outside can send to the registration and password-reset machines, for their path tests.
export const otpFlowEvents = [
  { type: 'phone.submit', phone: '01711111111' },
  { type: 'phone.submit', phone: '0171111111' },
  { type: 'phone.change' },
  { type: 'otp.change', code: '12a3' },
  { type: 'otp.change', code: '123456' },
  { type: 'otp.verify' },
  { type: 'otp.resume', phone: '01711111111', hash: 'h1', resendSecondsLeft: 120 },
  { type: 'otp.resend' },
  { type: 'password.submit', password: 'secret1', confirmation: 'secret1' },
  { type: 'password.submit', password: 'secret1', confirmation: 'secret2' },
] as const;

/** Two states differ by where the flow is and whether a whole code is typed; the countdown does not count. */
export const otpFlowSerialize = (snapshot: { value: unknown; context: { code: string } }) =>
  JSON.stringify({ value: snapshot.value, otpComplete: snapshot.context.code.length === 6 });
