// /forget-password: the registered mobile number that receives the reset code.
import { PhoneEntry } from './PhoneEntry';

export function ForgotPassword() {
  return <PhoneEntry kind="reset" title="Forgot password" subtitle="Enter your registered mobile number. We will send you a 6-digit code to set a new password." />;
}
