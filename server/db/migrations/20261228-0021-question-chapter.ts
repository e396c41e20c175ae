// An exam question may name its chapter (set by the import, checked against the question's subject),
// so a result question's "Study: …" link opens that chapter rather than guessing it from the subject.
// Nullable: questions imported without one keep leading to their subject. Removing the chapter leaves
// the question without one (the importer clears it first; the database's rule does the same).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('chapter_id', 'text', (c) => c.references('items.id').onDelete('set null')).execute();
  // A chapter's removal looks up its questions.
  await db.schema.createIndex('questions_chapter').ifNotExists().on('questions').column('chapter_id').execute();
}
