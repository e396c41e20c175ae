// /setpassword: the new password and its confirmation, for registration and reset alike.
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { AuthCard, TextField } from './AuthCard';
import { Button } from '../ui/Button';
import { useAccountFlow, type OtpFlowActor } from './AccountFlow';
import { NoFlow } from './NoFlow';

export function SetPassword() {
  const { flow } = useAccountFlow();
  return flow ? <PasswordForm actor={flow.actor} /> : <NoFlow />;
}

function PasswordForm({ actor }: { actor: OtpFlowActor }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const passwordError = useSelector(actor, (s) => s.context.passwordError);
  const confirmationError = useSelector(actor, (s) => s.context.confirmationError);
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'password.submit', password, confirmation });
  };
  return (
    <AuthCard title="Set your password" subtitle="At least 6 characters.">
      <form onSubmit={submit} noValidate>
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
        />
        <TextField
          id="confirm-password"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={confirmationError}
        />
        <Button type="submit" size="lg" block busy={busy}>
          Set Password
        </Button>
      </form>
    </AuthCard>
  );
}
