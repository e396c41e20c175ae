// The teacher desk's sign-in form (at /staff), sending to the tab's desk session actor; with the
// reason when the session ended or the sign-in was refused.
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { DeskSessionActor } from './deskSession';
import { AuthCard, TextField } from '../auth/AuthCard';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';

export function DeskSignIn({ session }: { session: DeskSessionActor }) {
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const problem = useSelector(session, (s) => s.context.problem);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    session.send({ type: 'deskSession.signIn', username, password });
  };
  return (
    <AuthCard title="Teacher desk" subtitle="Sign in with your staff account to mark written answers and publish results.">
      <form onSubmit={submit} noValidate>
        <TextField id="staff-username" label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextField id="staff-password" label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="mb-4">
          <InlineAlert words={problem} />
        </div>
        <Button type="submit" size="lg" block busy={busy}>
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
