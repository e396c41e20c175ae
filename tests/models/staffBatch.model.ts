// The path model of one batch on the desk (add by phone, remove after confirming, search and pages).
import { staffBatchMachine } from '../../src/machines/staffBatch.machine';
import type { PathModel } from '../support/machine-paths';
import { alreadyInBatch, nameMissing, networkError, nusrat, studentsPage, tanvir } from './staffBatches.model';

export const models: PathModel<typeof staffBatchMachine>[] = [
  {
    machine: staffBatchMachine,
    input: { batchId: 'b1' },
    events: [
      { type: 'students.retry' },
      { type: 'students.search', search: 'nus' },
      { type: 'students.page', page: 2 },
      { type: 'add.open' },
      { type: 'add.change', field: 'phone', value: '01755500001' },
      { type: 'add.submit' },
      { type: 'add.cancel' },
      { type: 'remove.ask', student: nusrat },
      { type: 'remove.confirm' },
      { type: 'remove.cancel' },
    ],
    outcomes: {
      loadStudents: {
        done: [studentsPage([nusrat, tanvir], { total: 120 }), studentsPage([]), studentsPage([], { total: 3, page: 4 }), studentsPage([tanvir], { canManage: false })],
        error: [networkError],
      },
      addStudent: { done: [{ student: tanvir, created: true, message: 'Tanvir Ahmed was added.' }], error: [nameMissing, alreadyInBatch] },
      removeStudent: { done: [{ batchId: 'b1', studentId: 's1', message: 'Nusrat Jahan was removed.' }], error: [networkError] },
    },
    // Context that only grows (typed text, notices) does not make new places to visit.
    serializeState: (s) => JSON.stringify({ value: s.value, manage: s.context.students?.canManage, total: s.context.students?.total, phone: s.context.form.phone !== '', problems: Object.keys(s.context.fieldProblems).length }),
  },
];

