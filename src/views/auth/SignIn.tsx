// Sign-in: mobile number, password, Remember me; links to password reset and registration. It is
// also the first screen of a visitor, shown before the router has loaded (src/views/app/navigation.ts),
// so nothing here may need the router.
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { PHONE_MESSAGES, phoneProblem } from '../../domain/phone';
import { signInPasswordProblem } from '../../domain/password';
import { useSessionActor } from '../app/RootActors';
import { AuthCard, TextField } from './AuthCard';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { PageLink } from '../ui/PageLink';

/** The academy's support line, set with VITE_SUPPORT_PHONE at build time; no number is invented when unset. */
const SUPPORT_PHONE = (import.meta.env.VITE_SUPPORT_PHONE as string | undefined)?.trim() || null;

export function SignIn() {
  const session = useSessionActor();
  const signingIn = useSelector(session, (s) => s.hasTag('loading'));
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [problems, setProblems] = useState<{ phone: string | null; password: string | null }>({ phone: null, password: null });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const phoneError = phone.trim() === '' ? PHONE_MESSAGES.missingOnForm : phoneProblem(phone);
    const next = { phone: phoneError, password: signInPasswordProblem(password) };
    setProblems(next);
    session.send({ type: 'session.signIn', phone: phone.trim(), password, remember });
  };

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in with your mobile number.">
      <form onSubmit={submit} noValidate>
        <TextField
          id="signin-phone"
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          placeholder="01XXXXXXXXX"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
          error={problems.phone}
        />
        <TextField
          id="signin-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problems.password}
        />
        <div className="mb-5 flex items-center justify-between text-sm">
          <label className="flex min-h-10 items-center gap-2">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="h-4 w-4 accent-brand-700" />
            Remember me
          </label>
          <PageLink to="/forget-password" className="-my-2.5 inline-block py-2.5 font-medium text-brand-700 hover:underline">
            Forgot password?
          </PageLink>
        </div>
        <Button type="submit" size="lg" block busy={signingIn}>
          Sign In
        </Button>
      </form>
      <ButtonLink to="/register" variant="secondary" size="lg" block className="mt-3">
        Create an account
      </ButtonLink>
      <p className="mt-5 text-center text-sm text-slate-600">
        {SUPPORT_PHONE ? (
          <>
            Need help? Call{' '}
            <a href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-700">
              {SUPPORT_PHONE}
            </a>
          </>
        ) : (
          'Need help? Contact the academy office.'
        )}
      </p>
    </AuthCard>
  );
}
