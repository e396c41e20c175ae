// Profile, "Reminders": pushes on this device (why first, then the browser's question only when the
// student presses Turn on; pushPermission.machine.ts) and a switch per kind of reminder, each saved as
// it turns (reminderSettings.machine.ts), with the academy's quiet hours named.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { pushPermissionMachine } from '../../machines/pushPermission.machine';
import { reminderSettingsMachine } from '../../machines/reminderSettings.machine';
import { askPushPermission, pushApi, pushDevice, subscribeDevice, unsubscribeDevice } from '../../services/push';
import { REMINDER_KIND_LABELS, REMINDER_KINDS } from '../../domain/reminders';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';

export function RemindersPanel() {
  const settingsActor = useActorRef(
    reminderSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(() => pushApi.reminders()),
        saveSetting: fromPromise(({ input }) => pushApi.setReminder(input.kind, input.on)),
      },
    }),
  );
  const permission = useActorRef(
    pushPermissionMachine.provide({
      actors: {
        checkDevice: fromPromise(async () => pushDevice()),
        askBrowser: fromPromise(() => askPushPermission()),
        subscribeDevice: fromPromise(() => subscribeDevice()),
        unsubscribeDevice: fromPromise(() => unsubscribeDevice()),
      },
    }),
  );
  const settings = useSelector(settingsActor, (s) => s.context.settings);
  const settingsError = useSelector(settingsActor, (s) => s.context.error);
  const settingsFailed = useSelector(settingsActor, (s) => s.matches('failed'));
  const savingKind = useSelector(settingsActor, (s) => s.context.saving);
  const push = useSelector(permission, (s) => s.value as string);
  const unsupported = useSelector(permission, (s) => s.context.unsupported);
  const pushError = useSelector(permission, (s) => s.context.error);

  return (
    <section aria-labelledby="reminders-heading" className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="reminders-heading" className="text-lg font-semibold">
        Reminders
      </h2>
      <div className="mt-3 space-y-3 text-sm" aria-live="polite">
        {(push === 'explaining' || push === 'asking') && (
          <>
            <p>
              A live exam opens at a fixed hour, and a missed one cannot be taken later. With reminders on, this device tells you 30 minutes before a live exam
              opens and when it opens, and when a result is out, a teacher answers your question or your challenge is decided, even while the app is closed.
            </p>
            <p className="text-slate-600">Your browser will ask whether the academy may show notifications. You can turn them off here at any time.</p>
            <Button onClick={() => permission.send({ type: 'push.enable' })} busy={push === 'asking'}>
              {push === 'asking' ? 'Waiting for your answer…' : 'Turn on reminders'}
            </Button>
          </>
        )}
        {(push === 'checking' || push === 'subscribing') && <Spinner label={push === 'subscribing' ? 'Turning on reminders…' : 'Checking this device…'} showLabel />}
        {(push === 'granted' || push === 'unsubscribing') && (
          <>
            <p className="font-medium text-emerald-700">Reminders are on for this device.</p>
            <Button variant="secondary" onClick={() => permission.send({ type: 'push.turnOff' })} busy={push === 'unsubscribing'}>
              Turn off on this device
            </Button>
          </>
        )}
        {push === 'denied' && (
          <Notice tone="info" title="Notifications are blocked for this app" className="">
            <p>
              You said no when your browser asked, so it will not ask again. To get reminders, open your browser’s site settings for this app (the lock or info
              icon beside the address), allow Notifications, then press Check again.
            </p>
            <Button className="mt-2" variant="secondary" onClick={() => permission.send({ type: 'push.recheck' })}>
              Check again
            </Button>
          </Notice>
        )}
        {push === 'unsupported' && (
          <Notice tone="info" className="">
            {unsupported === 'iphone'
              ? 'Add the app to your Home Screen to get reminders: in Safari press Share, then Add to Home Screen, and open the app from there.'
              : 'This browser cannot show reminders. Open the academy in a current Chrome, Edge, Firefox or Safari to get them.'}
          </Notice>
        )}
        {pushError && (
          <Notice tone="error" className="">
            {pushError}
            {push === 'failed' && (
              <div>
                <Button className="mt-2" variant="secondary" onClick={() => permission.send({ type: 'push.retry' })}>
                  Try again
                </Button>
              </div>
            )}
          </Notice>
        )}
      </div>

      <h3 className="mt-5 text-base font-semibold">What to remind you of</h3>
      {settingsFailed ? (
        <Notice tone="error" className="mt-2">
          {settingsError}
          <div>
            <Button className="mt-2" variant="secondary" onClick={() => settingsActor.send({ type: 'reminders.retry' })}>
              Try again
            </Button>
          </div>
        </Notice>
      ) : !settings ? (
        <Spinner label="Loading your reminders…" showLabel />
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100">
            {REMINDER_KINDS.map((kind) => (
              <li key={kind}>
                <label className="flex min-h-11 items-center justify-between gap-3 py-2 text-sm">
                  <span>{REMINDER_KIND_LABELS[kind]}</span>
                  <input
                    type="checkbox"
                    role="switch"
                    className="h-5 w-5 shrink-0 accent-brand-700"
                    checked={settings.preferences[kind]}
                    aria-busy={savingKind === kind || undefined}
                    disabled={savingKind !== null}
                    onChange={(e) => settingsActor.send({ type: 'reminders.toggle', kind, on: e.target.checked })}
                  />
                </label>
              </li>
            ))}
          </ul>
          {settingsError && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {settingsError}
            </p>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {quietHoursWords(settings.quietHours)}
            {settings.sms && ' Exam reminders come by SMS while no device of yours takes reminders.'}
          </p>
        </>
      )}
    </section>
  );
}

/** The academy's quiet hours ("22:00–07:00"); the same hour at both ends is none. */
function quietHoursWords(quietHours: string): string {
  const [from, to] = quietHours.split(/[–-]/);
  return from === to ? 'No quiet hours: every kind comes at any hour.' : `Quiet hours ${quietHours}: only exam reminders come then; the rest wait until the morning.`;
}
