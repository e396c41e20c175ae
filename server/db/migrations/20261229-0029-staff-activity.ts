// Staff accounts an administrator can turn off, the scheduled backups' record, and the activity log: who on the staff did what, when,
// on which course. The log is written in the same transaction as the action it records and is never
// changed afterwards: no route updates or deletes it, and the database itself refuses an UPDATE or a
// DELETE of its rows (a trigger on both kinds), so not even a mistaken query in a later change can.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Set when an administrator turns the account off: its sessions end and it cannot sign in.
  await db.schema.alterTable('staff').addColumn('disabled_at', 'text').execute();
  await db.schema
    .createTable('activity')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // Null for the command line (an operator at the server, not a desk account).
    .addColumn('staff_id', 'text')
    // The name at the time, so an entry still reads right after the account is renamed.
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text')
    .addColumn('course_name', 'text')
    .addColumn('subject_id', 'text') // what the entry is about (an exam, a student, a question): its id
    .execute();
  // One row per scheduled backup (server/backup/schedule.ts): its slot is its key, so of several server
  // processes only the one whose insert wins takes it.
  await db.schema
    .createTable('backups')
    .ifNotExists()
    .addColumn('slot', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer')
    .addColumn('failure', 'text')
    .execute();
  await db.schema.createIndex('backups_started').ifNotExists().on('backups').column('started_at').execute();
  await db.schema.createIndex('activity_at').ifNotExists().on('activity').columns(['at', 'id']).execute();
  await db.schema.createIndex('activity_course').ifNotExists().on('activity').columns(['course_id', 'at']).execute();
  await db.schema.createIndex('activity_staff').ifNotExists().on('activity').columns(['staff_id', 'at']).execute();
  if (dialect === 'sqlite') {
    for (const action of ['update', 'delete']) {
      await sql
        .raw(`create trigger if not exists activity_no_${action} before ${action} on activity begin select raise(abort, 'The activity log cannot be changed.'); end`)
        .execute(db);
    }
  } else {
    await sql
      .raw(
        `create or replace function activity_unchangeable() returns trigger language plpgsql as $$ begin raise exception 'The activity log cannot be changed.'; end $$`,
      )
      .execute(db);
    await sql.raw('drop trigger if exists activity_unchangeable on activity').execute(db);
    await sql.raw('create trigger activity_unchangeable before update or delete on activity for each row execute function activity_unchangeable()').execute(db);
  }
}
