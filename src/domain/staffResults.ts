// The teacher desk's results of one exam assignment: the sheet's columns and cells (the server writes
// them, the tests read them back), its file name, and the desk's search by name or roll.
import type { StaffMeritRow } from '../contracts/staffResults';
import { formatAcademyTime } from './academyTime';
import { deskSheetFileName } from './itemAnalysis';

export const RESULTS_SHEET_COLUMNS = [
  'Position', 'Rank', 'Name', 'Roll', 'Batch', 'Faculty', 'Subject', 'Category', 'Marks obtained', 'Negative marks', 'Written marks', 'Wrong answers', 'GPA marks',
  'Overall', 'Total marks', 'Result', 'Faculty position', 'Subject position', 'Category position', 'Submitted',
] as const;

export type SheetCell = string | number | null;

/** One row of the sheet: numbers stay numbers (XLSX keeps them so), a missing value is an empty cell. */
export function resultsSheetCells(row: StaffMeritRow): SheetCell[] {
  return [
    row.position, row.rank, row.name, row.sid, row.groupName, row.facultyName, row.subjectName, row.candidateCategory, row.marksObtained, row.negativeMarks,
    row.writtenMarks, row.totalWrongAnswer, row.gpaMarks, row.overall, row.totalMarks, passWord(row.passed), row.facultyPosition, row.subjectPosition,
    row.categoryPosition, formatAcademyTime(row.submittedAt),
  ];
}

export const passWord = (passed: boolean): 'Passed' | 'Failed' => (passed ? 'Passed' : 'Failed');

export const resultsFileName = (examTitle: string, groupName: string, extension: 'csv' | 'xlsx'): string => deskSheetFileName('results', examTitle, groupName, extension);

/**
 * The rows whose name or roll holds the search text, in their order; case and surrounding spaces do
 * not matter, and Bengali names are compared in one Unicode form.
 */
export function searchMeritRows<R extends Pick<StaffMeritRow, 'name' | 'sid'>>(rows: readonly R[], text: string): readonly R[] {
  const wanted = text.normalize('NFC').trim().toLocaleLowerCase();
  if (!wanted) return rows;
  return rows.filter((row) => row.name.normalize('NFC').toLocaleLowerCase().includes(wanted) || row.sid.toLocaleLowerCase().includes(wanted));
}
