// Practise my mistakes became a review (issue 39): a set is untimed unless the student asks for the time.
// Sets made before were all timed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mistake_sets').addColumn('timed', 'integer', (col) => col.notNull().defaultTo(1)).execute();
}
