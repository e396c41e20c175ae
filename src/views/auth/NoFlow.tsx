// Shown on /otp or /setpassword when no registration or reset is under way (e.g. after a reload).
import { MESSAGES } from '../../domain/messages';
import { ButtonLink } from '../ui/ButtonLink';
import { AuthCard } from './AuthCard';

export function NoFlow() {
  return (
    <AuthCard title={MESSAGES.registerFirst}>
      <p className="text-sm text-slate-600">Start again with your mobile number.</p>
      <div className="mt-4 flex flex-col gap-2">
        <ButtonLink to="/register" size="lg" block>
          Create an account
        </ButtonLink>
        <ButtonLink to="/forget-password" variant="secondary" size="lg" block>
          Forgot password
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
