import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reminderSettingsMachine } from '../../src/machines/reminderSettings.machine';
import type { ReminderKind } from '../../src/domain/reminders';
import { describePaths } from '../support/machine-paths';
import { models, settings } from '../models/reminderSettings.model';
import { settle } from '../support/doubles';

describePaths('reminder settings machine paths', models);

describe('reminder settings behaviour', () => {
  it('saves the one switch turned and shows the server answer', async () => {
    const saved: { kind: ReminderKind; on: boolean }[] = [];
    const actor = createActor(
      reminderSettingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings),
          saveSetting: fromPromise(async ({ input }) => (saved.push(input), { ...settings, preferences: { ...settings.preferences, [input.kind]: input.on } })),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'reminders.toggle', kind: 'answers', on: false });
    expect(actor.getSnapshot().context.settings?.preferences.answers).toBe(false);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({ type: 'reminders.toggle', kind: 'results', on: false });
    await settle();
    expect(saved).toEqual([{ kind: 'answers', on: false }]);
    expect(actor.getSnapshot().context.settings?.preferences).toEqual({ exams: true, results: true, answers: false, challenges: true });
  });

  it('turns a switch back when it could not be saved, and says why', async () => {
    const actor = createActor(
      reminderSettingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings),
          saveSetting: fromPromise<typeof settings, { kind: ReminderKind; on: boolean }>(async () => {
            throw { status: 0, title: 'Network error', network: true };
          }),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'reminders.toggle', kind: 'exams', on: false });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.settings?.preferences.exams).toBe(true);
    expect(actor.getSnapshot().context.error).toMatch(/connection/i);
  });
});
