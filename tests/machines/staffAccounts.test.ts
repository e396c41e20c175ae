import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { staffAccountsMachine, type AccountChange } from '../../src/machines/staffAccounts.machine';
import { ownAccountMachine, PASSWORD_WORDS } from '../../src/machines/ownAccount.machine';
import type { AddStaffBody, ChangePasswordBody, SessionsEnded, StaffAccountList, StaffChanged, StaffWithPassword } from '../../src/contracts/staffAccounts';
import { describePaths } from '../support/machine-paths';
import { answering, settle } from '../support/doubles';
import { accountList, added, admin, fcps, karim, laila, mbbs, models as accountsModels, networkError, notYourself, usernameTaken } from '../models/staffAccounts.model';
import { models as ownModels, passwordWrong } from '../models/ownAccount.model';

describePaths('staffAccounts paths', accountsModels);
describePaths('ownAccount paths', ownModels);

describe('staffAccounts', () => {
  function start(options: { lists?: Array<StaffAccountList | Error>; adds?: Array<StaffWithPassword | Error>; changes?: Array<StaffChanged | Error>; resets?: Array<StaffWithPassword | Error> } = {}) {
    const log: string[] = [];
    const machine = staffAccountsMachine.provide({
      actors: {
        loadAccounts: answering<StaffAccountList, unknown>(options.lists ?? [accountList()], log, 'load'),
        addStaff: answering<StaffWithPassword, AddStaffBody>(options.adds ?? [], log, 'add', (i) => JSON.stringify(i)),
        changeAccount: answering<StaffChanged, AccountChange>(options.changes ?? [], log, 'change', (i) => JSON.stringify(i)),
        resetPassword: answering<StaffWithPassword, { staffId: string }>(options.resets ?? [], log, 'reset', (i) => i.staffId),
      },
    });
    return { actor: createActor(machine).start(), log };
  }

  it('adds a teacher with courses, keeps a refusal beside its field, and shows the one-time password until dismissed', async () => {
    const { actor, log } = start({ adds: [usernameTaken, added] });
    await settle();
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.change', field: 'username', value: ' nadia ' });
    actor.send({ type: 'add.change', field: 'name', value: 'Nadia Islam' });
    actor.send({ type: 'add.course', courseId: 'c2', chosen: true });
    actor.send({ type: 'add.course', courseId: 'c1', chosen: true });
    actor.send({ type: 'add.course', courseId: 'c1', chosen: false });
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'course.give', staffId: 't1', courseId: 'c2' })).toBe(false);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldProblems).toEqual({ username: 'This username is taken.' });
    actor.send({ type: 'add.change', field: 'username', value: 'nadia2' });
    expect(actor.getSnapshot().context.fieldProblems.username).toBeUndefined();
    actor.send({ type: 'add.submit' });
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(context.oneTime).toEqual({ name: 'Nadia Islam', username: 'nadia', password: 'Ab3dEf6hIj9k', message: added.message });
    expect(context.list?.staff.map((s) => s.username)).toEqual(['admin', 'karim', 'laila', 'nadia']);
    expect(log).toEqual(['load', 'add {"username":"nadia","name":"Nadia Islam","role":"teacher","courseIds":["c2"]}', 'add {"username":"nadia2","name":"Nadia Islam","role":"teacher","courseIds":["c2"]}']);
    actor.send({ type: 'password.dismiss' });
    expect(actor.getSnapshot().context.oneTime).toBeNull();
  });

  it('sends no courses for an administrator', async () => {
    const { actor, log } = start({ adds: [{ ...added, staff: { ...added.staff, role: 'admin', courses: [] } }] });
    await settle();
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.course', courseId: 'c2', chosen: true });
    actor.send({ type: 'add.role', role: 'admin' });
    actor.send({ type: 'add.change', field: 'username', value: 'boss' });
    actor.send({ type: 'add.submit' });
    await settle();
    expect(log[1]).toBe('add {"username":"boss","name":"","role":"admin"}');
  });

  it('gives and takes only what fits, turns off after confirming, and says a refusal in the server\'s words', async () => {
    const { actor, log } = start({ changes: [{ staff: { ...karim, courses: [mbbs, fcps] }, message: 'Karim Uddin now teaches FCPS.' }, notYourself, { staff: { ...laila, active: true }, message: 'Laila Haque was turned on.' }] });
    await settle();
    expect(actor.getSnapshot().can({ type: 'course.give', staffId: 't1', courseId: 'c1' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'course.take', staffId: 't1', courseId: 'c2' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'course.give', staffId: 'a1', courseId: 'c1' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'turnOn', staffId: 't1' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'turnOff.ask', staff: laila })).toBe(false);
    actor.send({ type: 'course.give', staffId: 't1', courseId: 'c2' });
    await settle();
    expect(actor.getSnapshot().context.notice).toBe('Karim Uddin now teaches FCPS.');
    expect(actor.getSnapshot().context.list?.staff.find((s) => s._id === 't1')?.courses).toEqual([mbbs, fcps]);
    actor.send({ type: 'turnOff.ask', staff: admin });
    actor.send({ type: 'turnOff.cancel' });
    actor.send({ type: 'turnOff.ask', staff: admin });
    actor.send({ type: 'turnOff.confirm' });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'You cannot turn off your own account.' });
    actor.send({ type: 'turnOn', staffId: 't2' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    await settle();
    expect(actor.getSnapshot().context.list?.staff.find((s) => s._id === 't2')?.active).toBe(true);
    expect(log).toEqual(['load', 'change {"action":"giveCourse","staffId":"t1","courseId":"c2"}', 'change {"action":"turnOff","staffId":"a1"}', 'change {"action":"turnOn","staffId":"t2"}']);
  });

  it('gives a new one-time password only after confirming', async () => {
    const { actor, log } = start({ resets: [networkError, { staff: karim, password: 'Zx9yW8vU7tS6', message: 'Karim Uddin has a new one-time password.' }] });
    await settle();
    actor.send({ type: 'reset.ask', staff: karim });
    actor.send({ type: 'reset.cancel' });
    expect(log).toEqual(['load']);
    actor.send({ type: 'reset.ask', staff: karim });
    actor.send({ type: 'reset.confirm' });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Please check your internet connection then try again.' });
    actor.send({ type: 'reset.ask', staff: karim });
    actor.send({ type: 'reset.confirm' });
    await settle();
    expect(actor.getSnapshot().context.oneTime?.password).toBe('Zx9yW8vU7tS6');
    expect(log).toEqual(['load', 'reset t1', 'reset t1']);
  });

  it('says a failed load and loads again on Try again', async () => {
    const { actor, log } = start({ lists: [networkError, accountList()] });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'accounts.retry' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(log).toEqual(['load', 'load']);
  });
});

describe('ownAccount', () => {
  function start(changes: Array<SessionsEnded | Error> = [], signOuts: Array<SessionsEnded | Error> = []) {
    const log: string[] = [];
    const machine = ownAccountMachine.provide({
      actors: {
        changePassword: answering<SessionsEnded, ChangePasswordBody>(changes, log, 'change', (i) => JSON.stringify(i)),
        signOutOthers: answering<SessionsEnded, unknown>(signOuts, log, 'signOut'),
      },
    });
    return { actor: createActor(machine).start(), log };
  }

  it('asks for both passwords and the same new one twice before sending, and puts a wrong current password beside it', async () => {
    const { actor, log } = start([passwordWrong, { ended: 2, message: 'Your password was changed. 2 other sessions were signed out.' }]);
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.fieldProblems).toEqual({ currentPassword: PASSWORD_WORDS.currentMissing, newPassword: PASSWORD_WORDS.newMissing });
    actor.send({ type: 'password.change', field: 'currentPassword', value: 'old' });
    actor.send({ type: 'password.change', field: 'newPassword', value: 'new-secret-1' });
    actor.send({ type: 'password.change', field: 'again', value: 'new-secret-2' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.fieldProblems).toEqual({ again: PASSWORD_WORDS.mismatch });
    actor.send({ type: 'password.change', field: 'again', value: 'new-secret-1' });
    actor.send({ type: 'password.submit' });
    await settle();
    expect(actor.getSnapshot().context.fieldProblems).toEqual({ currentPassword: 'The current password is not right.' });
    actor.send({ type: 'password.change', field: 'currentPassword', value: 'old-secret' });
    actor.send({ type: 'password.submit' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'Your password was changed. 2 other sessions were signed out.', form: { currentPassword: '', newPassword: '', again: '' } });
    expect(log).toEqual(['change {"currentPassword":"old","newPassword":"new-secret-1"}', 'change {"currentPassword":"old-secret","newPassword":"new-secret-1"}']);
  });

  it('signs out the other sessions and says how many', async () => {
    const { actor, log } = start([], [{ ended: 1, message: '1 other session was signed out.' }]);
    actor.send({ type: 'others.signOut' });
    expect(actor.getSnapshot().hasTag('signingOut')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'password.submit' })).toBe(false);
    await settle();
    expect(actor.getSnapshot().context.notice).toBe('1 other session was signed out.');
    expect(log).toEqual(['signOut']);
  });
});
