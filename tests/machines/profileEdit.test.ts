import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { profileEditMachine, parseGpa } from '../../src/machines/profileEdit.machine';
import type { ProfileUpdate, Student } from '../../src/contracts/account';
import { describePaths } from '../support/machine-paths';
import { models, pdf, picture, student } from '../models/profileEdit.model';
import { settle } from '../support/doubles';

describePaths('profile edit machine paths', models);

describe('profile edit behaviour', () => {

  it('refuses a GPA outside 0 to 5 with the spec message, then saves a good one with the uploaded picture', async () => {
    const saved: ProfileUpdate[] = [];
    const announced: Student[] = [];
    const actor = createActor(
      profileEditMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => student),
          uploadPicture: fromPromise(async () => ({ key: 'uploads/p.png', url: '/media/files/uploads/p.png' })),
          saveProfile: fromPromise(async ({ input }) => (saved.push(input), { ...student, ...input, profilePic: '/media/files/uploads/p.png' })),
        },
        actions: { announceStudent: (_, { student: s }) => void announced.push(s) },
      }),
      { input: { student: null }, clock: new SimulatedClock() },
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send({ type: 'profile.edit' });
    expect(actor.getSnapshot().context.form).toEqual({ SSCGPA: '5', HSCGPA: '4.8' });
    actor.send({ type: 'profile.change', field: 'HSCGPA', value: '5.01' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.errors.HSCGPA).toBe('The given number is not valid: a GPA is from 0 to 5.');
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'profile.change', field: 'HSCGPA', value: '' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.errors.HSCGPA).toBe('The given number is not valid: a GPA is from 0 to 5.');
    actor.send({ type: 'profile.pickPicture', file: picture });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    await settle();
    actor.send({ type: 'profile.change', field: 'HSCGPA', value: '4.5' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settle();
    expect(saved).toEqual([{ SSCGPA: 5, HSCGPA: 4.5, profilePic: 'uploads/p.png' }]);
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(announced.at(-1)?.HSCGPA).toBe(4.5);
  });

  it('keeps a GPA typed while the picture uploads (a slow link) and saves it', async () => {
    const saved: ProfileUpdate[] = [];
    let finishUpload!: () => void;
    const actor = createActor(
      profileEditMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => student),
          uploadPicture: fromPromise(() => new Promise<{ key: string; url: string }>((resolve) => (finishUpload = () => resolve({ key: 'uploads/p.png', url: '/media/files/uploads/p.png' })))),
          saveProfile: fromPromise(async ({ input }) => (saved.push(input), { ...student, ...input })),
        },
      }),
      { input: { student: null }, clock: new SimulatedClock() },
    ).start();
    await settle();
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.pickPicture', file: picture });
    await settle();
    expect(actor.getSnapshot().value).toBe('uploadingPicture');
    actor.send({ type: 'profile.change', field: 'SSCGPA', value: '4.25' });
    expect(actor.getSnapshot().context.form.SSCGPA).toBe('4.25');
    finishUpload();
    await settle();
    actor.send({ type: 'profile.save' });
    await settle();
    expect(saved).toEqual([{ SSCGPA: 4.25, HSCGPA: 4.8, profilePic: 'uploads/p.png' }]);
  });

  it('refuses a PDF picked as the picture without uploading it, then takes a PNG', async () => {
    const uploaded: Blob[] = [];
    const actor = createActor(
      profileEditMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => student),
          uploadPicture: fromPromise(async ({ input }) => (uploaded.push(input.file), { key: 'uploads/p.png', url: '/media/files/uploads/p.png' })),
        },
      }),
      { input: { student: null }, clock: new SimulatedClock() },
    ).start();
    await settle();
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.pickPicture', file: pdf });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.pictureError).toBe('The profile picture must be a JPEG or PNG image.');
    expect(actor.getSnapshot().context.picture).toBeNull();
    actor.send({ type: 'profile.pickPicture', file: new Blob(['?']) });
    expect(actor.getSnapshot().context.pictureError).toBe('The profile picture must be a JPEG or PNG image.');
    actor.send({ type: 'profile.pickPicture', file: picture });
    expect(actor.getSnapshot().context.pictureError).toBeNull();
    await settle();
    expect(uploaded).toEqual([picture]);
    expect(actor.getSnapshot().context.picture).toEqual({ key: 'uploads/p.png', url: '/media/files/uploads/p.png' });
  });

  it('reads an empty field as no number, not zero', () => {
    expect(Number.isNaN(parseGpa(''))).toBe(true);
    expect(parseGpa('0')).toBe(0);
  });
});
