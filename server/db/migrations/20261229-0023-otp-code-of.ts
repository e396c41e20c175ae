// A forgot-password request that takes up a reset code an administrator sent from the desk is a request
// of its own, with its own tries, holding the desk request's code: `code_of` names that desk request (its
// id salts the code's hash), so a stranger's wrong codes spend their own request, never the student's.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('otp_requests').addColumn('code_of', 'text').execute();
  // Spending the code spends every request holding it.
  await db.schema.createIndex('otp_requests_code_of').ifNotExists().on('otp_requests').column('code_of').execute();
}
