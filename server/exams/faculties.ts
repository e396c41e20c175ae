// The faculties' subject lists of the exam start (spec §3, Exam start filters): written by the bundle's
// `faculties` section, read by the start's choices endpoint and by the submit, which accepts only a
// category, faculty and subject the academy offers.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson, writeJson } from '../db/json.js';
import { facultiesWithSubjects, NO_FACULTY, NO_SUBJECT, startFiltersProblem, type Faculty, type StartFilters } from '../../src/domain/examStartFilters.js';
import { badRequest } from '../errors.js';
import { preparedQuery } from '../db/engine/prepared.js';

/**
 * Stores each faculty's subjects, replacing what an earlier import stored for it (faculties the bundle
 * does not name keep theirs). A faculty named twice (two files of a bundle folder) gets both lists.
 */
export async function importFaculties(db: Kysely<Database>, faculties: readonly { name: string; subjects: string[] }[]): Promise<number> {
  const lists = new Map<string, string[]>();
  for (const faculty of faculties) lists.set(faculty.name, [...new Set([...(lists.get(faculty.name) ?? []), ...faculty.subjects])]);
  for (const [name, subjects] of lists) {
    await db.deleteFrom('faculties').where('name', '=', name).execute();
    await db.insertInto('faculties').values({ name, subjects: writeJson(subjects) }).execute();
  }
  return lists.size;
}

/** What storing the bundle's faculties would change: the faculties added, those whose list differs, how many stay. */
export async function facultyChanges(db: Kysely<Database>, faculties: readonly { name: string; subjects: string[] }[]): Promise<{ added: string[]; updated: string[]; unchanged: number }> {
  const lists = new Map<string, string[]>();
  for (const faculty of faculties) lists.set(faculty.name, [...new Set([...(lists.get(faculty.name) ?? []), ...faculty.subjects])]);
  const stored = new Map((await db.selectFrom('faculties').selectAll().execute()).map((row) => [row.name, readJson<string[]>(row.subjects, [])]));
  const changes = { added: [] as string[], updated: [] as string[], unchanged: 0 };
  for (const [name, subjects] of lists) {
    const before = stored.get(name);
    if (!before) changes.added.push(name);
    else if (JSON.stringify(before) !== JSON.stringify(subjects)) changes.updated.push(name);
    else changes.unchanged++;
  }
  return changes;
}

/** Every faculty of the spec with the academy's subjects and 'No Subject'. */
// Read at every submit that names a faculty: prepared, so PostgreSQL runs it beside the submit's other reads.
const facultyRows = preparedQuery((db: Kysely<Database>, _: Record<string, never>) => db.selectFrom('faculties').selectAll());

export async function academyFaculties(db: Kysely<Database>): Promise<Faculty[]> {
  const rows = await facultyRows.all(db, {});
  return facultiesWithSubjects(new Map(rows.map((row) => [row.name, readJson<string[]>(row.subjects, [])])));
}

/**
 * The start filters as an attempt stores them: null where nothing was chosen (an app that never asked
 * sends empty strings) and where the choice is none ('No faculty', 'No Subject'), so the merit list ranks
 * a student only among those who share a real faculty, subject or category. A choice the academy does not
 * offer is refused (400).
 */
export async function storedStartFilters(db: Kysely<Database>, input: Partial<Record<keyof StartFilters, string | null>>): Promise<{ candidate_category: string | null; faculty: string | null; subject_name: string | null }> {
  const given = { candidateCategory: input.candidateCategory?.trim() ?? '', facultyName: input.facultyName?.trim() ?? '', subjectName: input.subjectName?.trim() ?? '' };
  if (!given.candidateCategory && !given.facultyName && !given.subjectName) return { candidate_category: null, faculty: null, subject_name: null };
  const problem = startFiltersProblem(given, await academyFaculties(db));
  if (problem) throw badRequest(problem, 'invalidStartFilters');
  return {
    candidate_category: given.candidateCategory,
    faculty: given.facultyName === NO_FACULTY ? null : given.facultyName,
    subject_name: given.subjectName === NO_SUBJECT ? null : given.subjectName,
  };
}
