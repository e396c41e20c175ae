// The importer's own reads and writes beyond the diff (server/import/diff.ts): the academy's names for
// sheets that name things as people see them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AcademyNames } from './names.js';

export async function loadNames(db: Kysely<Database>): Promise<AcademyNames> {
  const [courses, subjects, batches, chapters] = await Promise.all([
    db.selectFrom('courses').select(['id', 'name']).execute(),
    db.selectFrom('subjects').select(['id', 'name', 'course_id']).execute(),
    db.selectFrom('groups').select(['id', 'name', 'course_id']).execute(),
    db.selectFrom('items').select(['id', 'name', 'subject_id']).where('item_type', '=', 'chapter').execute(),
  ]);
  return {
    courses: courses.map((c) => ({ id: c.id, name: c.name ?? c.id })),
    subjects: subjects.map((s) => ({ id: s.id, name: s.name ?? s.id, owner: s.course_id })),
    batches: batches.map((b) => ({ id: b.id, name: b.name, owner: b.course_id })),
    chapters: chapters.map((c) => ({ id: c.id, name: c.name, owner: c.subject_id })),
  };
}
