import { reminderSettingsMachine } from '../../src/machines/reminderSettings.machine';
import type { ReminderSettings } from '../../src/contracts/push';
import type { PathModel } from '../support/machine-paths';

export const settings: ReminderSettings = { preferences: { exams: true, results: true, answers: true, challenges: true }, quietHours: '22:00–07:00', devices: 0, sms: false };

const model: PathModel<typeof reminderSettingsMachine> = {
  machine: reminderSettingsMachine,
  events: [{ type: 'reminders.toggle', kind: 'results', on: false }, { type: 'reminders.retry' }],
  outcomes: {
    loadSettings: { done: [settings], error: [{ status: 0, title: 'Network error', network: true }] },
    saveSetting: { done: [{ ...settings, preferences: { ...settings.preferences, results: false } }], error: [{ status: 400, title: 'Invalid request' }] },
  },
  serializeState: ((snapshot: { value: unknown; context: ReminderSettingsContextLike }) =>
    JSON.stringify({ value: snapshot.value, results: snapshot.context.settings?.preferences.results ?? null, error: Boolean(snapshot.context.error) })) as never,
};

interface ReminderSettingsContextLike {
  settings: ReminderSettings | null;
  error: string | null;
}

export const models = [model];
