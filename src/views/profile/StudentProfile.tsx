// /student-profile: who the student is; GPA and picture can be edited, the rest is fixed.
import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { profileEditMachine, type GpaField } from '../../machines/profileEdit.machine';
import { accountApi } from '../../services/account';
import { uploadFile } from '../../services/uploads';
import { fromApiPhone } from '../../domain/phone';
import { PICTURE_TYPES } from '../../domain/password';
import { useSessionActor, useStudent } from '../app/RootActors';
import { SectionTabs } from '../app/SectionTabs';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { RemindersPanel } from './RemindersPanel';
import { showFailure, toast } from '../ui/toast';

const ACCEPTED_PICTURES = PICTURE_TYPES.join(',');

export function StudentProfile() {
  const session = useSessionActor();
  const stored = useStudent();
  const actor = useActorRef(
    profileEditMachine.provide({
      actors: {
        loadProfile: fromPromise(() => accountApi.profile()),
        uploadPicture: fromPromise(({ input }) => uploadFile(input.file)),
        saveProfile: fromPromise(({ input }) => accountApi.updateProfile(input)),
      },
      actions: {
        showError: (_, { error }) => showFailure(error),
        notifySaved: () => toast.success('Profile updated'),
        announceStudent: (_, { student }) => session.send({ type: 'session.studentUpdated', student }),
      },
    }),
    { input: { student: stored } },
  );
  const student = useSelector(actor, (s) => s.context.student);
  const editing = useSelector(actor, (s) => s.matches('editing') || s.matches('uploadingPicture') || s.matches('saving'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.errors);
  const picture = useSelector(actor, (s) => s.context.picture);
  const pictureError = useSelector(actor, (s) => s.context.pictureError);
  const uploading = useSelector(actor, (s) => s.hasTag('uploading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const canSave = useSelector(actor, (s) => s.matches('editing'));
  const canPick = useSelector(actor, (s) => s.matches('editing'));

  if (!student) {
    return loading ? <Spinner label="Loading your profile…" showLabel /> : <Notice tone="error">Your profile could not be loaded.</Notice>;
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'profile.save' });
  };
  const gpaInput = (field: GpaField, label: string) => (
    <div>
      <label htmlFor={`gpa-${field}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`gpa-${field}`}
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        max={5}
        value={form[field]}
        // While the GPAs are saved they cannot change (typing then would be lost): read-only, still readable and focusable.
        readOnly={saving}
        onChange={(e) => actor.send({ type: 'profile.change', field, value: e.target.value })}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `gpa-${field}-error` : undefined}
        className={`block w-full rounded-lg border px-3 py-2 ${errors[field] ? 'border-red-500' : 'border-slate-300'}`}
      />
      {errors[field] && (
        <p id={`gpa-${field}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <>
      <SectionTabs />
      <section className="mx-auto max-w-xl">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center gap-4">
            <Avatar src={picture?.url ?? student.profilePic} name={student.name} size={80} />
            <div className="min-w-0">
              <h1 className="break-words text-xl font-semibold">{student.name}</h1>
              <p className="text-sm text-slate-600">Student ID: {student.sid}</p>
            </div>
            <Button
              variant="secondary"
              aria-pressed={editing}
              onClick={() => actor.send({ type: editing ? 'profile.cancel' : 'profile.edit' })}
              // While the profile loads the toggle waits (a press there would be lost), and says so.
              busy={loading}
              disabled={editing && !canSave}
              className="ml-auto shrink-0"
            >
              {editing ? 'Cancel' : 'Edit'}
            </Button>
          </div>

          {editing ? (
            <form onSubmit={submit} noValidate className="mt-5 space-y-4">
              <div>
                <label htmlFor="profile-picture" className="mb-1 block text-sm font-medium text-slate-700">
                  Profile picture
                </label>
                <input
                  id="profile-picture"
                  type="file"
                  accept={ACCEPTED_PICTURES}
                  disabled={!canPick}
                  aria-invalid={pictureError ? true : undefined}
                  aria-describedby={pictureError ? 'profile-picture-error' : 'profile-picture-hint'}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) actor.send({ type: 'profile.pickPicture', file });
                    e.target.value = '';
                  }}
                  className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
                />
                <p id="profile-picture-hint" className="mt-1 text-xs text-slate-600">
                  A JPEG or PNG photo.
                </p>
                {pictureError && (
                  <p id="profile-picture-error" role="alert" className="mt-1 text-sm text-red-700">
                    {pictureError}
                  </p>
                )}
                {uploading && (
                  <p role="status" className="mt-1 text-sm text-slate-600">
                    Uploading picture…
                  </p>
                )}
                {picture && !uploading && <p className="mt-1 text-sm text-emerald-700">New picture ready. Press Update to keep it.</p>}
              </div>
              <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
                {gpaInput('SSCGPA', 'SSC GPA')}
                {gpaInput('HSCGPA', 'HSC GPA')}
              </div>
              <Button type="submit" size="lg" block disabled={!canSave} busy={saving}>
                {saving ? 'Updating…' : 'Update'}
              </Button>
            </form>
          ) : (
            <dl className="mt-5 grid grid-cols-1 gap-x-4 gap-y-3 text-sm min-[400px]:grid-cols-2">
              <Detail term="Mobile number" value={fromApiPhone(student.username)} />
              <Detail term="Alternative mobile" value={student.contact} />
              <Detail term="Session" value={student.session} />
              <Detail term="Branch" value={student.branch ? [student.branch.name, student.branch.division].filter(Boolean).join(', ') : null} />
              <Detail term="SSC GPA" value={student.SSCGPA} />
              <Detail term="HSC GPA" value={student.HSCGPA} />
              <Detail term="Batches" value={student.groups.map((g) => g.name).join(', ') || 'Not in a batch yet'} />
            </dl>
          )}
        </div>
        <RemindersPanel />
        <ButtonLink to="/scoreboard" variant="secondary" size="lg" block className="mt-4">
          View scoreboard
        </ButtonLink>
      </section>
    </>
  );
}

function Detail({ term, value }: { term: string; value: string | number | null | undefined }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium text-slate-900">{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
}
