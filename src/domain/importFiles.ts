// The files the desk's import takes: the app checks them before sending, the server again.

/** The largest file the desk takes: a 10,000-student sheet is about 1 MB. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_FILE_TYPES = ['.xlsx', '.csv', '.json'] as const;

/** The realtime event an administrator's desk hears for each change of an import job (the contract's ImportJob). */
export const IMPORT_JOB_EVENT = 'importJob';

/** Where in the staff's files a problem of an import is: the file, sheet, row and column it came from. */
export interface ProblemPlace {
  file?: string;
  sheet?: string;
  row?: number;
  column?: string;
  /** The bundle field, as a JSON pointer: said when no row places the problem ('/' is the whole bundle). */
  field?: string;
}

/** A problem's place in words, as the command line and the desk say it: "students.csv, row 4, column C (phone)". */
export function problemPlace(problem: ProblemPlace): string {
  const parts: string[] = [];
  if (problem.file) parts.push(problem.file);
  if (problem.sheet) parts.push(`sheet ${problem.sheet}`);
  if (problem.row !== undefined) parts.push(`row ${problem.row}`);
  if (problem.column) parts.push(`column ${problem.column}`);
  if (problem.row === undefined && problem.field && problem.field !== '/') parts.push(problem.field);
  return parts.join(', ');
}
