// The desk's staff accounts (/staff/accounts, administrators): each account with its username, role,
// courses and whether it is on; add a teacher or an administrator (the one-time password shows once),
// give and take away courses, turn an account off or on, give a new one-time password. The flow is the
// staffAccounts statechart; this view renders it and sends the administrator's events.
import { useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { staffAccountsMachine, type AccountChange, type AddStaffField } from '../../machines/staffAccounts.machine';
import type { AddStaffBody, StaffAccount, StaffAccountList, StaffChanged, StaffWithPassword } from '../../contracts/staffAccounts';
import { staffAccountsApi } from '../../services/staffAccounts';
import { TextField } from '../auth/AuthCard';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { DeskLayout, DeskLoadFailure } from './DeskLayout';
import { useDeskStaff } from './deskSession';

type AccountsActor = ReturnType<typeof useAccountsActor>;

const COLUMNS = ['Name', 'Username', 'Role', 'Courses', 'State', 'Actions'] as const;
const selectClass = 'min-h-10 min-w-0 max-w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm';

const changeOf = (change: AccountChange): Promise<StaffChanged> => {
  switch (change.action) {
    case 'giveCourse':
      return staffAccountsApi.giveCourse(change.staffId, change.courseId);
    case 'takeCourse':
      return staffAccountsApi.takeCourse(change.staffId, change.courseId);
    case 'turnOff':
      return staffAccountsApi.turnOff(change.staffId);
    case 'turnOn':
      return staffAccountsApi.turnOn(change.staffId);
  }
};

function useAccountsActor() {
  return useActorRef(
    staffAccountsMachine.provide({
      actors: {
        loadAccounts: fromPromise<StaffAccountList>(() => staffAccountsApi.list()),
        addStaff: fromPromise<StaffWithPassword, AddStaffBody>(({ input }) => staffAccountsApi.add(input)),
        changeAccount: fromPromise<StaffChanged, AccountChange>(({ input }) => changeOf(input)),
        resetPassword: fromPromise<StaffWithPassword, { staffId: string }>(({ input }) => staffAccountsApi.resetPassword(input.staffId)),
      },
    }),
  );
}

export function StaffAccountsScreen() {
  return (
    <DeskLayout section="staff" title="Staff" width="wide">
      <AccountsContent />
    </DeskLayout>
  );
}

function AccountsContent() {
  const actor = useAccountsActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const canAdd = useSelector(actor, (s) => s.can({ type: 'add.open' }));
  const canRefresh = useSelector(actor, (s) => s.can({ type: 'accounts.refresh' }));
  const editing = useSelector(actor, (s) => s.matches({ ready: 'editing' }) || s.hasTag('adding'));
  return (
    <section aria-labelledby="staff-title">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 id="staff-title" className="text-xl font-semibold text-slate-900">
          Staff
        </h1>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button disabled={!canAdd} onClick={() => actor.send({ type: 'add.open' })}>
            Add a staff member
          </Button>
          <Button variant="secondary" disabled={!canRefresh} onClick={() => actor.send({ type: 'accounts.refresh' })}>
            Refresh
          </Button>
          <ButtonLink variant="secondary" to="/staff/account">
            My account
          </ButtonLink>
        </div>
      </div>
      <OneTimePassword actor={actor} />
      {notice && <Notice className="mb-3" title={notice} />}
      {loading && <Spinner label="Loading staff…" showLabel />}
      {failed && <DeskLoadFailure problem={problem} fallback="The staff could not be loaded." onRetry={() => actor.send({ type: 'accounts.retry' })} />}
      {ready && problem && !editing && (
        <div className="mb-3">
          <InlineAlert words={problem} />
        </div>
      )}
      {editing && <AddStaffForm actor={actor} />}
      {ready && <BackupState actor={actor} />}
      {ready && <AccountList actor={actor} />}
      <TurnOffDialog actor={actor} />
      <ResetDialog actor={actor} />
    </section>
  );
}

/** The one-time password, shown once and clearly, until the administrator has noted it. */
function OneTimePassword({ actor }: { actor: AccountsActor }) {
  const oneTime = useSelector(actor, (s) => s.context.oneTime);
  if (!oneTime) return null;
  return (
    <section aria-labelledby="one-time-title" className="mb-4 rounded-xl border-2 border-amber-400 bg-amber-50 p-4">
      <h2 id="one-time-title" className="font-semibold text-slate-900">
        One-time password for {oneTime.name} ({oneTime.username})
      </h2>
      <p className="mt-1 text-sm text-slate-700">{oneTime.message}</p>
      <p className="my-3 text-slate-700">
        Password:{' '}
        <code className="break-all font-mono text-2xl font-semibold tracking-wider text-slate-900" data-testid="one-time-password">
          {oneTime.password}
        </code>
      </p>
      <p className="mb-3 text-sm text-slate-700">Hand it over now: it is not shown again. They sign in at the desk with their username and this password, then choose their own under My account.</p>
      <Button variant="secondary" onClick={() => actor.send({ type: 'password.dismiss' })}>
        I have noted it
      </Button>
    </section>
  );
}

function AddStaffForm({ actor }: { actor: AccountsActor }) {
  const form = useSelector(actor, (s) => s.context.form);
  const problems = useSelector(actor, (s) => s.context.fieldProblems);
  const problem = useSelector(actor, (s) => s.context.problem);
  const courses = useSelector(actor, (s) => s.context.list?.courses ?? []);
  const adding = useSelector(actor, (s) => s.hasTag('adding'));
  const change = (field: AddStaffField) => (e: { target: { value: string } }) => actor.send({ type: 'add.change', field, value: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'add.submit' });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-staff-title" className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="add-staff-title" className="mb-1 font-semibold text-slate-900">
        Add a staff member
      </h2>
      <p className="mb-3 text-sm text-slate-600">The account opens with a one-time password, shown here once. A teacher sees and marks only the courses given to them; an administrator acts on every course.</p>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField id="staff-username" label="Username" autoComplete="off" autoCapitalize="none" spellCheck={false} value={form.username} onChange={change('username')} error={problems.username} />
        <TextField id="staff-name" label="Name" autoComplete="off" value={form.name} onChange={change('name')} error={problems.name} />
      </div>
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-semibold text-slate-700">Role</legend>
        <div className="flex flex-wrap gap-4">
          {(['teacher', 'admin'] as const).map((role) => (
            <label key={role} className="inline-flex min-h-10 items-center gap-2">
              <input type="radio" name="staff-role" value={role} checked={form.role === role} onChange={() => actor.send({ type: 'add.role', role })} />
              {role === 'teacher' ? 'Teacher' : 'Administrator'}
            </label>
          ))}
        </div>
      </fieldset>
      {form.role === 'teacher' && (
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-semibold text-slate-700">Courses</legend>
          {courses.length === 0 ? (
            <p className="text-sm text-slate-600">The academy has no courses yet: give courses later, once imported.</p>
          ) : (
            <div className="flex flex-wrap gap-x-4">
              {courses.map((course) => (
                <label key={course._id} className="inline-flex min-h-10 items-center gap-2">
                  <input type="checkbox" checked={form.courseIds.includes(course._id)} onChange={(e) => actor.send({ type: 'add.course', courseId: course._id, chosen: e.target.checked })} />
                  {course.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
      )}
      {problem && (
        <div className="mb-3">
          <InlineAlert words={problem} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={adding}>
          Add
        </Button>
        <Button variant="secondary" disabled={adding} onClick={() => actor.send({ type: 'add.cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The scheduled backups' state (as /api/health says it): the last good one and its age, or why the last failed. */
function BackupState({ actor }: { actor: AccountsActor }) {
  const backup = useSelector(actor, (s) => s.context.list?.backup);
  if (!backup) return null;
  return (
    <p role="status" data-testid="backup-state" data-state={backup.status} className={`mb-3 rounded-lg border px-3 py-2 text-sm ${backup.status === 'ok' ? 'border-slate-200 bg-white text-slate-700' : 'border-red-300 bg-red-50 text-red-800'}`}>
      <span className="font-semibold">Backups: </span>
      {backup.message}
    </p>
  );
}

function AccountList({ actor }: { actor: AccountsActor }) {
  const list = useSelector(actor, (s) => s.context.list)!;
  const me = useDeskStaff();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Staff accounts table">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Staff accounts with their role, courses and state</caption>
        <TableHead columns={COLUMNS} />
        <tbody>
          {list.staff.map((staff) => (
            <AccountRow key={staff._id} actor={actor} staff={staff} courses={list.courses} isMe={staff._id === me._id} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AccountRow({ actor, staff, courses, isMe }: { actor: AccountsActor; staff: StaffAccount; courses: StaffAccountList['courses']; isMe: boolean }) {
  const idle = useSelector(actor, (s) => s.matches({ ready: 'browsing' }));
  const changingThis = useSelector(actor, (s) => s.hasTag('changing') && s.context.change?.staffId === staff._id);
  const missing = courses.filter((course) => !staff.courses.some((c) => c._id === course._id));
  const [courseId, setCourseId] = useState('');
  const chosen = missing.some((c) => c._id === courseId) ? courseId : (missing[0]?._id ?? '');
  return (
    <tr className="border-t border-slate-200 align-top" aria-label={staff.name}>
      <td className="px-3 py-2 font-semibold text-slate-900">
        {staff.name}
        {isMe && <span className="font-normal text-slate-600"> (you)</span>}
      </td>
      <td className="px-3 py-2 font-mono">{staff.username}</td>
      <td className="px-3 py-2">{staff.role === 'admin' ? 'Administrator' : 'Teacher'}</td>
      <td className="px-3 py-2">
        {staff.role === 'admin' ? (
          <span className="text-slate-600">Every course</span>
        ) : (
          <>
            {staff.courses.length === 0 && <p className="text-slate-600">No course yet</p>}
            <ul className="flex flex-wrap gap-1">
              {staff.courses.map((course) => (
                <li key={course._id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1">
                  {course.name}
                  <Button variant="quiet" disabled={!idle} onClick={() => actor.send({ type: 'course.take', staffId: staff._id, courseId: course._id })} aria-label={`Take ${course.name} away from ${staff.name}`}>
                    ×
                  </Button>
                </li>
              ))}
            </ul>
            {missing.length > 0 && (
              <div className="mt-1 flex flex-wrap items-center gap-1">
                <select aria-label={`Course to give ${staff.name}`} className={selectClass} value={chosen} disabled={!idle} onChange={(e) => setCourseId(e.target.value)}>
                  {missing.map((course) => (
                    <option key={course._id} value={course._id}>
                      {course.name}
                    </option>
                  ))}
                </select>
                <Button variant="secondary" disabled={!idle || !chosen} onClick={() => actor.send({ type: 'course.give', staffId: staff._id, courseId: chosen })} aria-label={`Give ${staff.name} the chosen course`}>
                  Give
                </Button>
              </div>
            )}
          </>
        )}
      </td>
      <td className="px-3 py-2">{staff.active ? 'On' : <span className="font-semibold text-red-700">Off</span>}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-1">
          {staff.active ? (
            <Button variant="secondary" disabled={!idle || isMe} busy={changingThis} onClick={() => actor.send({ type: 'turnOff.ask', staff })} aria-label={`Turn off ${staff.name}`}>
              Turn off
            </Button>
          ) : (
            <Button variant="secondary" disabled={!idle} busy={changingThis} onClick={() => actor.send({ type: 'turnOn', staffId: staff._id })} aria-label={`Turn on ${staff.name}`}>
              Turn on
            </Button>
          )}
          <Button variant="secondary" disabled={!idle || isMe} onClick={() => actor.send({ type: 'reset.ask', staff })} aria-label={`New password for ${staff.name}`}>
            New password
          </Button>
        </div>
      </td>
    </tr>
  );
}

function TurnOffDialog({ actor }: { actor: AccountsActor }) {
  const open = useSelector(actor, (s) => s.matches({ ready: 'confirmingTurnOff' }) || (s.hasTag('changing') && s.context.change?.action === 'turnOff'));
  const busy = useSelector(actor, (s) => s.hasTag('changing'));
  const staff = useSelector(actor, (s) => s.context.chosen);
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'turnOff.cancel' })}
      title={`Turn off ${staff?.name ?? 'the account'}?`}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'turnOff.cancel' })}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={() => actor.send({ type: 'turnOff.confirm' })}>
            Turn off
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">They are signed out of the desk at once and cannot sign in until the account is turned on again. What they did stays.</p>
    </Modal>
  );
}

function ResetDialog({ actor }: { actor: AccountsActor }) {
  const open = useSelector(actor, (s) => s.matches({ ready: 'confirmingReset' }) || s.hasTag('resetting'));
  const busy = useSelector(actor, (s) => s.hasTag('resetting'));
  const staff = useSelector(actor, (s) => s.context.chosen);
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'reset.cancel' })}
      title={`Give ${staff?.name ?? 'the account'} a new one-time password?`}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'reset.cancel' })}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => actor.send({ type: 'reset.confirm' })}>
            New password
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">Their old password stops working and their sessions end. The new one-time password shows here once, to hand over.</p>
    </Modal>
  );
}
