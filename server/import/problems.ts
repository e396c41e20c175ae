// Problems of an import: every one is listed at once, with its place (file, sheet, row, column, field)
// and a plain message; a bundle with any problem is refused whole and nothing is written.
import { problemPlace } from '../../src/domain/importFiles.js';

/** Where in the staff's own file a value came from. */
export interface Place {
  file?: string;
  sheet?: string;
  row?: number;
  column?: string;
}

export interface Problem extends Place {
  /** The bundle field, as a JSON pointer (/exams/0/questions/2/answer). */
  field: string;
  message: string;
}

/**
 * The places the reader found each part of the bundle at: a JSON pointer prefix (/exams/0/questions/2)
 * to its file, sheet and row, and for a sheet row, which column holds which field.
 */
export class PlaceMap {
  readonly #places = new Map<string, Place & { columns?: Record<string, string> }>();

  set(pointer: string, place: Place & { columns?: Record<string, string> }): void {
    this.#places.set(pointer, place);
  }

  /** The place of a field: its nearest mapped parent, with the column of the field when the sheet has one. */
  placeOf(field: string): Place {
    const parts = field.split('/');
    for (let n = parts.length; n >= 1; n--) {
      const prefix = parts.slice(0, n).join('/') || '/';
      const found = this.#places.get(prefix === '' ? '/' : prefix);
      if (!found) continue;
      const { columns, ...place } = found;
      const rest = parts.slice(n);
      const column = columns && rest.length ? columns[rest[0]!] : undefined;
      return column ? { ...place, column } : place;
    }
    return this.#places.get('/') ?? {};
  }
}

/** How much of a value a problem's message shows: enough to find it in the sheet. */
export const SHOWN_CHARACTERS = 100;

/**
 * A value as a problem's message shows it, cut to its first hundred characters: a message names the
 * value, it does not carry it (a sheet's cell may be megabytes, and the problems travel to the desk).
 */
export function shown(value: string): string {
  if (value.length <= SHOWN_CHARACTERS) return value;
  return `${value.slice(0, SHOWN_CHARACTERS)}… (${value.length.toLocaleString('en')} characters)`;
}

/**
 * The problems a refusal lists at most: the first of them show what to fix, and a file of 50,000 wrong
 * rows answers with a list the desk can show rather than tens of megabytes of it.
 */
export const LISTED_PROBLEMS = 500;

export const formatProblem = (problem: Problem): string => {
  const where = problemPlace(problem);
  return where ? `${where}: ${problem.message}` : problem.message;
};

/** A refused import: the bundle or sheet had problems, and nothing was written. */
export class BundleError extends Error {
  /** The problems as lines ("file, sheet, row, column: message"). */
  readonly problems: string[];
  /** The problems listed (LISTED_PROBLEMS at most; the last then says how many more there are). */
  readonly details: Problem[];
  constructor(all: Problem[]) {
    const details = all.length > LISTED_PROBLEMS
      ? [...all.slice(0, LISTED_PROBLEMS), { field: '/', message: `… and ${(all.length - LISTED_PROBLEMS).toLocaleString('en')} more problems: fix these first and check the file again` }]
      : all;
    const lines = details.map(formatProblem);
    super(`The import was refused, nothing was written. ${all.length === 1 ? 'One problem' : `${all.length.toLocaleString('en')} problems`}:\n${lines.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = lines;
    this.details = details;
  }
}

/** Collects problems found by the checks, placing each by its field. */
export class Problems {
  readonly list: Problem[] = [];
  /** The problems added, by field and message: each is listed once, without a walk over thousands. */
  readonly #seen = new Set<string>();
  constructor(readonly places: PlaceMap = new PlaceMap()) {}

  add(field: string, message: string): void {
    const key = `${field}\n${message}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.list.push({ ...this.places.placeOf(field), field, message });
  }

  throwIfAny(): void {
    if (this.list.length) throw new BundleError(this.list);
  }
}
