// The demo academy's passwords are published (README, the start banner). A production database that
// still holds one of its accounts with its published password would let anyone in as that student or
// that teacher, so production refuses to start on it unless told otherwise (ALLOW_DEMO_ACCOUNTS=true).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readBundle } from '../db/seed/import.js';
import { toApiPhone } from '../../src/domain/phone.js';
import { verifyPassword } from './passwords.js';

interface DemoPeople {
  staff?: { username: string; password: string }[];
  students?: { phone: string; password?: string }[];
}

/** Sign-in names of the demo accounts in `db` whose published password still signs in. */
export async function openDemoAccounts(db: Kysely<Database>, demoBundlePath: string): Promise<string[]> {
  const demo = readBundle(demoBundlePath) as DemoPeople;
  const published = new Map<string, string>();
  for (const member of demo.staff ?? []) published.set(member.username.toLowerCase(), member.password);
  for (const student of demo.students ?? []) if (student.password) published.set(toApiPhone(student.phone), student.password);
  const names = [...published.keys()];
  const [staff, students] = await Promise.all([
    db.selectFrom('staff').select(['username', 'password_hash']).where('username', 'in', names).orderBy('username').execute(),
    db.selectFrom('students').select(['username', 'password_hash']).where('username', 'in', names).orderBy('username').execute(),
  ]);
  // One check per distinct stored hash and password: an import hashes each distinct password once.
  const checks = new Map<string, Promise<boolean>>();
  const open: string[] = [];
  for (const { username, password_hash: hash } of [...staff, ...students]) {
    const password = published.get(username.toLowerCase());
    if (!hash || !password) continue;
    const key = `${hash}\n${password}`;
    if (!checks.has(key)) checks.set(key, verifyPassword(password, hash));
    if (await checks.get(key)) open.push(username);
  }
  return open;
}

/** The refusal, naming a few of the accounts and both ways out. */
export function demoAccountsRefusal(open: string[]): string {
  const named = open.slice(0, 4).join(', ') + (open.length > 4 ? ` and ${open.length - 4} more` : '');
  return (
    `Production refuses to start: the database holds ${open.length} demo account${open.length === 1 ? '' : 's'} whose published password still works (${named}). ` +
    'Change their passwords or remove them, or set ALLOW_DEMO_ACCOUNTS=true to start anyway.'
  );
}
