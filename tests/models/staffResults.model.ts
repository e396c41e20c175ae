// The desk's results path model and the fixtures its tests share.
import { staffResultsMachine } from '../../src/machines/staffResults.machine';
import type { StudentResult } from '../../src/contracts/results';
import type { StaffMeritList, StaffMeritRow } from '../../src/contracts/staffResults';
import type { PathModel } from '../support/machine-paths';
import { assignment } from './staffDesk.model';
import { networkError, notPublished } from './itemAnalysis.model';

export { networkError, notPublished };

export const meritRow = (i: number, name = `Student ${i}`): StaffMeritRow => ({
  position: i, rank: i, studentId: `s${i}`, name, sid: `R-${i}`, groupName: 'Batch 1', facultyName: null, subjectName: null, candidateCategory: null, marksObtained: 10 - i / 10,
  negativeMarks: 0, writtenMarks: null, totalWrongAnswer: 0, gpaMarks: 0, overall: 10 - i / 10, totalMarks: 10, passed: true, facultyPosition: null, subjectPosition: null,
  categoryPosition: null, startsAt: '2026-01-01T08:05:00.000Z', submittedAt: '2026-01-01T08:45:00.000Z',
});

export const meritList = (rows: number): StaffMeritList => ({
  assignment: { ...assignment, resultPublished: true, publishedAt: '2026-01-02T08:00:00.000Z' },
  exam: { totalMarks: 10, passMark: 50, negativeMark: 0, gpaFactor: null },
  rankedInExam: rows,
  rows: Array.from({ length: rows }, (_, i) => meritRow(i + 1)),
  challenges: 0,
});

export const studentResult = { code: null, _id: 'r1', studentId: 's1', title: 'Live Test: Cardiac Cycle (Written)' } as unknown as StudentResult;

export const models: PathModel<typeof staffResultsMachine>[] = [
  {
    machine: staffResultsMachine,
    input: { assignmentId: 'a1' },
    events: [
      { type: 'results.retry' }, { type: 'results.search', text: 'R-1' }, { type: 'results.more' }, { type: 'student.open', studentId: 's1' }, { type: 'student.retry' },
      { type: 'student.close' }, { type: 'sheet.download', format: 'csv' }, { type: 'sheet.download', format: 'xlsx' },
    ],
    outcomes: {
      // 150 rows: more than a page, so Show more is taken.
      loadList: { done: [meritList(150), meritList(0)], error: [networkError, notPublished] },
      loadStudent: { done: [studentResult], error: [networkError] },
      downloadSheet: { done: [new Blob(['Position,Rank'])], error: [networkError] },
    },
    // Paths differ by state and by what shows, not by every search text or page count.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.list?.rows.length ?? null, snapshot.context.shown > 100, snapshot.context.search !== '']),
    // Saving the file is the browser's; the paths only need it not to fail.
    provide: { actions: { saveSheet: () => {} } },
  },
];
