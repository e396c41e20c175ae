// Sheets name what they refer to as people see it: a course by its title, a subject and a batch by
// their names, a chapter by its name within its subject. An id (24 hex characters) is still taken as
// it is. A name is matched whole, without regard to case or repeated spaces; a name that matches
// nothing, or more than one thing, is a problem of the whole import with the candidates, so that no
// sheet lands on a batch its writer did not mean ("batch 'Morning' matches 'MBBS 2026 Morning Batch'
// and 'FCPS Morning Batch': write the full name").
import { shown } from './problems.js';

export interface Named {
  id: string;
  name: string;
  /** What it belongs to: a subject's and a batch's course, a chapter's subject. */
  owner?: string;
}

export interface AcademyNames {
  courses: Named[];
  subjects: Named[];
  batches: Named[];
  chapters: Named[];
}

/** A name resolved to its id, or the problem in words. */
export type Resolved = { id: string } | { problem: string };

const ID = /^[0-9a-f]{24}$/;
const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const quoted = (names: string[]) => names.map((n) => `'${shown(n)}'`);
const joined = (parts: string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`);
/** At most this many candidates are named in a problem. */
const NAMED = 6;

const candidates = (list: Named[]) => {
  const names = [...new Set(list.map((n) => n.name))];
  const listed = quoted(names.slice(0, NAMED));
  if (names.length > NAMED) listed.push(`${names.length - NAMED} more`);
  return joined(listed);
};

/**
 * Finds one of `list` by its id or its name, among those of `owner` when it is known. `what` names the
 * kind in the problem ("batch"); `scope` says where it was looked for (" of MBBS Admission 2026").
 */
function resolve(list: Named[], text: string, what: string, owner?: string, scope = ''): Resolved {
  const value = text.trim();
  if (ID.test(value)) return { id: value };
  const inScope = owner ? list.filter((n) => n.owner === owner) : list;
  const wanted = norm(value);
  const exact = inScope.filter((n) => norm(n.name) === wanted);
  if (exact.length === 1) return { id: exact[0]!.id };
  if (exact.length > 1) return { problem: `${what} '${shown(value)}' names ${exact.length} ${what === 'batch' ? 'batches' : `${what}s`}${scope} (${exact.map((n) => n.id).join(', ')}): write the id of the one meant` };
  const partial = inScope.filter((n) => norm(n.name).includes(wanted));
  if (partial.length === 1) return { problem: `${what} '${shown(value)}' is not the full name of a ${what}${scope}: write '${shown(partial[0]!.name)}'` };
  if (partial.length > 1) return { problem: `${what} '${shown(value)}' matches ${candidates(partial)}: write the full name` };
  if (inScope.length === 0) return { problem: `${what} '${shown(value)}': the academy has no ${what}${scope} yet (write its id when it is new in this import)` };
  return { problem: `${what} '${shown(value)}' is not a ${what}${scope}: the academy's are ${candidates(inScope)}` };
}

export class NameBook {
  constructor(readonly names: AcademyNames) {}

  #nameOf(list: Named[], id: string | undefined): string | undefined {
    return id ? list.find((n) => n.id === id)?.name : undefined;
  }

  #of(course: string | undefined) {
    const name = this.#nameOf(this.names.courses, course);
    return name ? ` of ${shown(name)}` : '';
  }

  course(text: string): Resolved {
    return resolve(this.names.courses, text, 'course');
  }

  subject(text: string, course?: string): Resolved {
    return resolve(this.names.subjects, text, 'subject', this.#known(this.names.courses, course), this.#of(course));
  }

  batch(text: string, course?: string): Resolved {
    return resolve(this.names.batches, text, 'batch', this.#known(this.names.courses, course), this.#of(course));
  }

  /** A chapter by name within its subject; without a subject, within the course's subjects. */
  chapter(text: string, subject?: string, course?: string): Resolved {
    const knownSubject = this.#known(this.names.subjects, subject);
    if (knownSubject) {
      const name = this.#nameOf(this.names.subjects, knownSubject);
      return resolve(this.names.chapters, text, 'chapter', knownSubject, name ? ` of ${shown(name)}` : '');
    }
    const courseSubjects = new Set(this.names.subjects.filter((s) => s.owner === course).map((s) => s.id));
    const list = course && courseSubjects.size ? this.names.chapters.filter((c) => courseSubjects.has(c.owner ?? '')) : this.names.chapters;
    return resolve(list, text, 'chapter', undefined, this.#of(course));
  }

  /** The owner to narrow a search to: only one the academy holds (a course new in the import narrows nothing). */
  #known(list: Named[], id: string | undefined): string | undefined {
    return id && list.some((n) => n.id === id) ? id : undefined;
  }

  /** The names of a course, a subject and a batch by id, for the check's summary in people's words. */
  courseName = (id: string) => this.#nameOf(this.names.courses, id);
  batchName = (id: string) => this.#nameOf(this.names.batches, id);
  subjectName = (id: string) => this.#nameOf(this.names.subjects, id);
}

/** A book with nothing in it: every cell is taken as an id (a sheet checked without the academy). */
export const noNames = () => new NameBook({ courses: [], subjects: [], batches: [], chapters: [] });
