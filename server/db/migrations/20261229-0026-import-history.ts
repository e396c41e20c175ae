// Import history with undo: one row per import that wrote something (the desk's and the command
// line's), written in the transaction of the import's first write. It keeps who, when, the file's
// name and checksum, the counts and the summary in words, and what undoing it takes: the rows it added
// and the earlier values of the fields it updated (server/import/history.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_runs')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text') // the desk's import job; null from the command line
    .addColumn('staff_id', 'text') // who imported; null from the command line
    .addColumn('by_name', 'text', (c) => c.notNull()) // their name as it was, or "the command line"
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull()) // sha-256 of the file's bytes
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull()) // JSON: per kind added, updated, removed
    .addColumn('summary', 'text', (c) => c.notNull()) // JSON: the changes in people's words
    .addColumn('undo', 'text', (c) => c.notNull()) // JSON: the undo plan
    .addColumn('undone_at', 'text')
    .addColumn('undone_by', 'text')
    .execute();
  await db.schema.createIndex('import_runs_created').ifNotExists().on('import_runs').column('created_at').execute();
}
