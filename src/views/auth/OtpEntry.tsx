// /otp: the 6-digit code, with a resend allowed once the 300 s countdown ends.
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { OTP_LENGTH, OTP_MESSAGES } from '../../domain/password';
import { AuthCard } from './AuthCard';
import { Button } from '../ui/Button';
import { useAccountFlow, type OtpFlowActor } from './AccountFlow';
import { NoFlow } from './NoFlow';

export function OtpEntry() {
  const { flow } = useAccountFlow();
  return flow ? <OtpForm actor={flow.actor} /> : <NoFlow />;
}

// The one countdown not written by academyTime's luxon Duration: this screen is part of the sign-in
// bundle, which carries no date library (docs/decisions.md, "Dates"); a wait of at most 5 minutes is m:ss.
const minutesSeconds = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;

function OtpForm({ actor }: { actor: OtpFlowActor }) {
  const phone = useSelector(actor, (s) => s.context.phone);
  const code = useSelector(actor, (s) => s.context.code);
  const secondsLeft = useSelector(actor, (s) => s.context.resendSecondsLeft);
  const canVerify = useSelector(actor, (s) => s.can({ type: 'otp.verify' }));
  const canResend = useSelector(actor, (s) => s.can({ type: 'otp.resend' }));
  const resending = useSelector(actor, (s) => s.matches({ awaitingOtp: { resend: 'resending' } }));
  const checking = useSelector(actor, (s) => s.matches({ awaitingOtp: { code: 'checking' } }));
  const coolingDown = useSelector(actor, (s) => s.matches({ awaitingOtp: { resend: 'coolingDown' } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'otp.verify' });
  };
  return (
    <AuthCard title="Verify your number" subtitle={`Enter the 6-digit code sent to ${phone}.`}>
      <form onSubmit={submit} noValidate>
        <label htmlFor="otp-code" className="mb-1 block text-sm font-medium text-slate-700">
          Verification code
        </label>
        <input
          id="otp-code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={code}
          // While the code is checked it cannot change (typing then would be lost): read-only, still readable.
          readOnly={checking}
          onChange={(e) => actor.send({ type: 'otp.change', code: e.target.value })}
          aria-describedby="otp-hint"
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-center font-mono text-2xl tracking-[0.5em] outline-none focus:ring-2 focus:ring-brand-500"
        />
        <p id="otp-hint" className="mb-4 mt-1 min-h-5 text-sm text-slate-600">
          {/* Said once typing began: before the first digit there is nothing to correct. */}
          {code === '' || canVerify || checking ? '' : OTP_MESSAGES.missing}
        </p>
        <Button type="submit" size="lg" block disabled={!canVerify} busy={checking}>
          {checking ? 'Checking…' : 'Verify'}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <Button variant="quiet" className="-mx-2 px-2" onClick={() => actor.send({ type: 'phone.change' })}>
          Change number
        </Button>
        <Button variant="quiet" className="-mx-2 px-2" disabled={!canResend} busy={resending} onClick={() => actor.send({ type: 'otp.resend' })}>
          {resending ? 'Sending…' : coolingDown ? `Resend code in ${minutesSeconds(secondsLeft)}` : 'Resend code'}
        </Button>
      </div>
    </AuthCard>
  );
}
