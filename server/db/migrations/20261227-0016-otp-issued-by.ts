// A password-reset code an administrator sends from the desk is marked with the staff member who sent
// it, so the student's own forgot-password request can take up that open request (and its code)
// instead of sending another.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('otp_requests').addColumn('issued_by', 'text').execute();
}
