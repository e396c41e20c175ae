import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { staffBatchesMachine } from '../../src/machines/staffBatches.machine';
import { staffBatchMachine, type StudentsRequest } from '../../src/machines/staffBatch.machine';
import { staffStudentMachine } from '../../src/machines/staffStudent.machine';
import type { AddBatchStudentBody, AddBatchStudentReply, BatchStudentsPage, RemoveBatchStudentReply, ResetCodeReply, StaffBatchList, StaffStudentPage } from '../../src/contracts/staffBatches';
import { describePaths } from '../support/machine-paths';
import { answering, settle } from '../support/doubles';
import { alreadyInBatch, batch, models as batchesModels, nameMissing, networkError, nusrat, studentPage, studentsPage, tanvir, tooManyCodes } from '../models/staffBatches.model';
import { models as batchModels } from '../models/staffBatch.model';
import { models as studentModels } from '../models/staffStudent.model';

describePaths('staffBatches paths', batchesModels);
describePaths('staffBatch paths', batchModels);
describePaths('staffStudent paths', studentModels);

describe('staffBatches', () => {
  it('shows the batches, says none, and loads again on Try again after a failure', async () => {
    const log: string[] = [];
    const answers: Array<StaffBatchList | Error> = [networkError, { batches: [], canManage: false }, { batches: [batch], canManage: true }];
    const actor = createActor(staffBatchesMachine.provide({ actors: { loadBatches: answering<StaffBatchList, unknown>(answers, log, 'load') } })).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Please check your internet connection then try again.' });
    actor.send({ type: 'batches.refresh' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'batches.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'batches.refresh' });
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.list?.batches).toEqual([batch]);
    expect(log).toEqual(['load', 'load', 'load']);
  });
});

describe('staffBatch', () => {
  function start(pages: Array<BatchStudentsPage | Error>, adds: Array<AddBatchStudentReply | Error> = [], removals: Array<RemoveBatchStudentReply | Error> = []) {
    const log: string[] = [];
    const machine = staffBatchMachine.provide({
      actors: {
        loadStudents: answering<BatchStudentsPage, StudentsRequest>(pages, log, 'load', (i) => `${i.batchId} "${i.search}" p${i.page}`),
        addStudent: answering<AddBatchStudentReply, { batchId: string; body: AddBatchStudentBody }>(adds, log, 'add', (i) => JSON.stringify(i.body)),
        removeStudent: answering<RemoveBatchStudentReply, { batchId: string; studentId: string }>(removals, log, 'remove', (i) => i.studentId),
      },
    });
    return { actor: createActor(machine, { input: { batchId: 'b1' } }).start(), log };
  }

  it('checks the phone by the spec before sending, keeps a refusal beside its field, and lists the added student by their phone', async () => {
    const { actor, log } = start([studentsPage([nusrat]), studentsPage([tanvir])], [nameMissing, { student: tanvir, created: true, message: 'Tanvir Ahmed was added.' }]);
    await settle();
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().context.fieldProblems).toEqual({ phone: 'Please enter phone no.' });
    actor.send({ type: 'add.change', field: 'phone', value: '0123' });
    expect(actor.getSnapshot().context.fieldProblems.phone).toBeUndefined();
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().context.fieldProblems).toEqual({ phone: 'Phone no. is not valid' });
    actor.send({ type: 'add.change', field: 'phone', value: ' 01700000003 ' });
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    // Nothing else is accepted while the add is under way.
    expect(actor.getSnapshot().can({ type: 'students.search', search: 'x' })).toBe(false);
    await settle();
    expect(actor.getSnapshot().matches({ ready: { panel: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.fieldProblems.name).toBe("Please enter the student's name.");
    actor.send({ type: 'add.change', field: 'name', value: 'Tanvir Ahmed' });
    actor.send({ type: 'add.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: { list: 'shown', panel: 'browsing' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'Tanvir Ahmed was added.', search: '01700000003', form: { phone: '', name: '', roll: '' } });
    expect(log).toEqual(['load b1 "" p1', 'add {"phone":"01700000003"}', 'add {"phone":"01700000003","name":"Tanvir Ahmed"}', 'load b1 "01700000003" p1']);
  });

  it('says a duplicate above the form and keeps what was typed', async () => {
    const { actor } = start([studentsPage([nusrat])], [alreadyInBatch]);
    await settle();
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.change', field: 'phone', value: '01700000001' });
    actor.send({ type: 'add.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: { panel: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'This student is already in the batch.' });
    expect(actor.getSnapshot().context.form.phone).toBe('01700000001');
  });

  it('removes only after confirming, and reads the list again', async () => {
    const { actor, log } = start([studentsPage([nusrat, tanvir]), studentsPage([tanvir])], [], [{ batchId: 'b1', studentId: 's1', message: 'Nusrat Jahan was removed.' }]);
    await settle();
    actor.send({ type: 'remove.ask', student: nusrat });
    expect(actor.getSnapshot().matches({ ready: { panel: 'confirmingRemoval' } })).toBe(true);
    actor.send({ type: 'remove.cancel' });
    expect(log).toEqual(['load b1 "" p1']);
    actor.send({ type: 'remove.ask', student: nusrat });
    actor.send({ type: 'remove.confirm' });
    await settle();
    expect(log).toEqual(['load b1 "" p1', 'remove s1', 'load b1 "" p1']);
    expect(actor.getSnapshot().context.notice).toBe('Nusrat Jahan was removed.');
  });

  it('offers a teacher no add or remove, pages within range, and says when nothing matches', async () => {
    const { actor, log } = start([studentsPage([nusrat], { canManage: false, total: 120 }), studentsPage([tanvir], { canManage: false, total: 120, page: 3 }), studentsPage([], { canManage: false })]);
    await settle();
    expect(actor.getSnapshot().can({ type: 'add.open' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'remove.ask', student: nusrat })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'students.page', page: 0 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'students.page', page: 4 })).toBe(false);
    actor.send({ type: 'students.page', page: 3 });
    await settle();
    actor.send({ type: 'students.search', search: 'zzz' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: { list: 'noMatch' } })).toBe(true);
    expect(log).toEqual(['load b1 "" p1', 'load b1 "" p3', 'load b1 "zzz" p1']);
  });
});

describe('staffStudent', () => {
  it('sends a reset code only after confirming and says where it went, or why not', async () => {
    const log: string[] = [];
    const machine = staffStudentMachine.provide({
      actors: {
        loadStudent: answering<StaffStudentPage, { studentId: string }>([studentPage()], log, 'load'),
        sendResetCode: answering<ResetCodeReply, { studentId: string }>([tooManyCodes, { phone: '01700000001', message: 'A password-reset code was sent to 01700000001.' }], log, 'send'),
      },
    });
    const actor = createActor(machine, { input: { studentId: 's1' } }).start();
    await settle();
    actor.send({ type: 'reset.ask' });
    actor.send({ type: 'reset.cancel' });
    expect(log).toEqual(['load']);
    actor.send({ type: 'reset.ask' });
    actor.send({ type: 'reset.confirm' });
    await settle();
    expect(actor.getSnapshot().context.problem?.title).toBe('Too many codes were sent to this number. Please try again in an hour.');
    actor.send({ type: 'reset.ask' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'reset.confirm' });
    await settle();
    expect(actor.getSnapshot().context.notice).toBe('A password-reset code was sent to 01700000001.');
    expect(log).toEqual(['load', 'send', 'send']);
  });

  it('offers a teacher no reset code', async () => {
    const machine = staffStudentMachine.provide({ actors: { loadStudent: answering<StaffStudentPage, { studentId: string }>([studentPage({ canManage: false })], [], 'load') } });
    const actor = createActor(machine, { input: { studentId: 's1' } }).start();
    await settle();
    expect(actor.getSnapshot().matches({ loaded: { exams: 'listed' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'reset.ask' })).toBe(false);
  });
});
