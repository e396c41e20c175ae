// /register: the mobile number that will receive the one-time code.
import { PhoneEntry } from './PhoneEntry';

export function Register() {
  return <PhoneEntry kind="register" title="Create an account" subtitle="Enter your mobile number. We will send you a 6-digit code." />;
}
