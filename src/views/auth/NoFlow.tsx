// Shown on /otp or /setpassword when no registration or reset is under way (e.g. after a reload).
import { Link } from 'react-router-dom';
import { AuthCard } from './AuthCard';

export function NoFlow() {
  return (
    <AuthCard title="Please register first!">
      <p className="text-sm text-slate-600">Start again with your mobile number.</p>
      <div className="mt-4 flex flex-col gap-2">
        <Link to="/register" className="rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white">
          Create an account
        </Link>
        <Link to="/forget-password" className="rounded-lg border border-brand-700 px-4 py-2.5 text-center font-semibold text-brand-700">
          Forgot password
        </Link>
      </div>
    </AuthCard>
  );
}
