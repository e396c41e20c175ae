// A staff member's own account on the desk (/staff/account), for teachers and administrators alike:
// change the password (the other sessions end) and sign out the other sessions. The flow is the
// ownAccount statechart; this view renders it.
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { ownAccountMachine, type PasswordField } from '../../machines/ownAccount.machine';
import type { ChangePasswordBody, SessionsEnded } from '../../contracts/staffAccounts';
import { staffAccountsApi } from '../../services/staffAccounts';
import { TextField } from '../auth/AuthCard';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import { Notice } from '../ui/Notice';
import { DeskLayout } from './DeskLayout';
import { useDeskStaff } from './deskSession';

export function MyAccountScreen() {
  return (
    <DeskLayout section="account" title="My account">
      <AccountContent />
    </DeskLayout>
  );
}

function AccountContent() {
  const me = useDeskStaff();
  const actor = useActorRef(
    ownAccountMachine.provide({
      actors: {
        changePassword: fromPromise<SessionsEnded, ChangePasswordBody>(({ input }) => staffAccountsApi.changeOwnPassword(input)),
        signOutOthers: fromPromise<SessionsEnded>(() => staffAccountsApi.signOutOthers()),
      },
    }),
  );
  const form = useSelector(actor, (s) => s.context.form);
  const problems = useSelector(actor, (s) => s.context.fieldProblems);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const changing = useSelector(actor, (s) => s.hasTag('changing'));
  const signingOut = useSelector(actor, (s) => s.hasTag('signingOut'));
  const idle = useSelector(actor, (s) => s.matches('idle'));
  const change = (field: PasswordField) => (e: { target: { value: string } }) => actor.send({ type: 'password.change', field, value: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'password.submit' });
  };
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" className="text-xl font-semibold text-slate-900">
        My account
      </h1>
      <p className="mb-4 text-sm text-slate-600">
        {me.name} · {me.role === 'admin' ? 'Administrator' : 'Teacher'}
      </p>
      {notice && <Notice className="mb-3" title={notice} />}
      {problem && (
        <div className="mb-3">
          <InlineAlert words={problem} />
        </div>
      )}
      <form onSubmit={submit} noValidate aria-labelledby="password-title" className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="password-title" className="mb-1 font-semibold text-slate-900">
          Change my password
        </h2>
        <p className="mb-3 text-sm text-slate-600">Your other sessions end; this one stays signed in.</p>
        <TextField id="current-password" label="Current password" type="password" autoComplete="current-password" value={form.currentPassword} onChange={change('currentPassword')} error={problems.currentPassword} />
        <TextField id="new-password" label="New password" type="password" autoComplete="new-password" value={form.newPassword} onChange={change('newPassword')} error={problems.newPassword} />
        <TextField id="new-password-again" label="New password again" type="password" autoComplete="new-password" value={form.again} onChange={change('again')} error={problems.again} />
        <Button type="submit" busy={changing} disabled={!idle && !changing}>
          Change password
        </Button>
      </form>
      <section aria-labelledby="sessions-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="sessions-title" className="mb-1 font-semibold text-slate-900">
          Other sessions
        </h2>
        <p className="mb-3 text-sm text-slate-600">Signed in on another computer or phone and not there now? End every session but this one.</p>
        <Button variant="secondary" busy={signingOut} disabled={!idle && !signingOut} onClick={() => actor.send({ type: 'others.signOut' })}>
          Sign out other sessions
        </Button>
      </section>
    </section>
  );
}
