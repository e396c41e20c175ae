// Reminders by push and SMS (docs/decisions.md, "Reminders by push and SMS"): a student's push
// subscriptions (one per device), the kinds they turned off, the deliveries already made (one per
// student per event, so that no process sends one twice), the development's push keys, and on the jobs
// table the time a job may run from (a reminder waits for its hour) and the thing it is about (an exam
// schedule), by which a moved or removed exam's reminders are cancelled.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('run_at', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('topic', 'text').execute();
  await db.schema.createIndex('jobs_topic').ifNotExists().on('jobs').columns(['topic', 'state']).execute();
  await db.schema
    .createTable('push_subscriptions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_student').ifNotExists().on('push_subscriptions').column('student_id').execute();
  await db.schema
    .createTable('reminder_preferences')
    .ifNotExists()
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // exams | results | answers | challenges
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_preferences_pk', ['student_id', 'kind'])
    .execute();
  await db.schema
    .createTable('reminder_deliveries')
    .ifNotExists()
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull()) // push | sms | none
    .addColumn('delivered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_deliveries_pk', ['event', 'student_id'])
    .execute();
  await db.schema
    .createTable('server_keys')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
