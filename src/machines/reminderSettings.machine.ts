// The kinds of reminders a student takes (profile: "Reminders"): loaded from the server, and each switch
// saved as it is turned; a switch not saved goes back to where it was and the error says why.
import { assign, fromPromise, setup } from 'xstate';
import { plainFailure } from '../domain/messages';
import type { ReminderKind } from '../domain/reminders';
import type { ReminderSettings } from '../contracts/push';

export interface ReminderSettingsContext {
  settings: ReminderSettings | null;
  /** The switch being saved. */
  saving: ReminderKind | null;
  error: string | null;
}

export type ReminderSettingsEvent = { type: 'reminders.toggle'; kind: ReminderKind; on: boolean } | { type: 'reminders.retry' };

export const reminderSettingsMachine = setup({
  types: {} as { context: ReminderSettingsContext; events: ReminderSettingsEvent },
  actors: {
    loadSettings: fromPromise<ReminderSettings>(async () => {
      throw new Error('provide loadSettings');
    }),
    saveSetting: fromPromise<ReminderSettings, { kind: ReminderKind; on: boolean }>(async () => {
      throw new Error('provide saveSetting');
    }),
  },
  actions: {
    keepError: assign({ error: ({ event }) => plainFailure((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'reminderSettings',
  description: 'Profile, Reminders: a switch per kind (exam reminders, results, answers, challenge decisions), each saved as it turns.',
  meta: { spec: '§2 Profile — Reminders (issue 40)' },
  context: { settings: null, saving: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Fetches the student's kinds, the quiet hours and the number of devices.",
      tags: ['loading'],
      invoke: {
        src: 'loadSettings',
        onDone: { target: 'ready', description: 'The settings arrived', actions: assign({ settings: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', description: 'The settings could not be fetched', actions: 'keepError' },
      },
    },
    failed: {
      description: 'The settings could not be fetched: the reason and Try again.',
      on: { 'reminders.retry': { target: 'loading', description: 'The student tries again' } },
    },
    ready: {
      description: 'A switch per kind and the quiet hours named.',
      on: {
        'reminders.toggle': {
          target: 'saving',
          description: 'The student turns a switch: it shows turned at once',
          actions: assign(({ context, event }) => ({
            saving: event.kind,
            error: null,
            settings: context.settings ? { ...context.settings, preferences: { ...context.settings.preferences, [event.kind]: event.on } } : null,
          })),
        },
      },
    },
    saving: {
      description: 'The switch is being saved; the switches wait.',
      tags: ['saving'],
      invoke: {
        src: 'saveSetting',
        input: ({ event }) => {
          if (event.type !== 'reminders.toggle') throw new Error(`saving entered by ${event.type}`);
          return { kind: event.kind, on: event.on };
        },
        onDone: { target: 'ready', description: 'Saved: the server’s settings show', actions: assign({ settings: ({ event }) => event.output, saving: null }) },
        onError: {
          target: 'ready',
          description: 'Not saved: the switch goes back and the error shows',
          actions: [
            assign(({ context }) => ({
              settings:
                context.settings && context.saving
                  ? { ...context.settings, preferences: { ...context.settings.preferences, [context.saving]: !context.settings.preferences[context.saving] } }
                  : context.settings,
              saving: null,
            })),
            'keepError',
          ],
        },
      },
    },
  },
});
