// Production refuses what would make it guessable: a short or patterned signing secret, and a
// database that still holds the demo academy, whose passwords are published.
import { describe, expect, it } from 'vitest';
import { configFrom, PRODUCTION_REFUSALS, type Config } from '../../server/config.js';
import { connect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { readBundle } from '../../server/db/seed/import.js';
import { importAcademy } from '../../server/import/index.js';
import { hashPassword } from '../../server/account/passwords.js';
import { demoBundlePath, startServer } from '../../server/start.js';
import { createDatabase, databaseKinds } from '../support/databases.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const gateway = 'https://sms.example.test/send';
const productionEnv = { NODE_ENV: 'production', VAPID_PUBLIC_KEY: 'BN1JSosQdjDPx1owH_QHPaU6smXckGzelL4RHPI6AhEY7f5bcD6qIL-h9TeYhJd1kr1adqrzhgpCoiTSH4YisDc', VAPID_PRIVATE_KEY: 'NXG8mtGhkjoD6b0RPCng8creEBTYvOxEc6wYfMttnP0', VAPID_SUBJECT: 'mailto:office@academy.test', SMS_TRANSPORT: gateway, LOG_LEVEL: 'silent' };
const secret = '3f9c1b7e5a2d8f40c6e19b73d5a8024f7e1c9b3a6d05f28e4c7b19a3d6e08f52';
const withSecret = (secret: string) => () => configFrom({ ...productionEnv, SIGNING_SECRET: secret });

describe('the signing secret in production', () => {
  it('refuses secrets with fewer than 32 bytes of entropy, with a message saying what is needed', () => {
    const weak = [
      'secret',
      'fault-suite-signing-secret',
      '0123456789abcdef0123456789abcdef', // 16 bytes of hex
      '3f9c1b7e5a2d8f40c6e19b73d5a8024f7e1c9b3a6d05f28e4c7b19a3d6e08f5', // 63 hex digits
      'a'.repeat(64),
      'ab'.repeat(40),
      'abcdefgh'.repeat(8),
      'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo', // 35 characters of base64
      `${'x'.repeat(30)}abcdefghijklm`, // long, but one character is most of it
    ];
    for (const secret of weak) expect(withSecret(secret), secret).toThrow(PRODUCTION_REFUSALS.weakSigningSecret);
    expect(PRODUCTION_REFUSALS.weakSigningSecret).toMatch(/32 random bytes/);
    expect(PRODUCTION_REFUSALS.weakSigningSecret).toMatch(/openssl rand -hex 32/);
  });

  it('accepts 32 random bytes as hex or base64, and long passphrases', () => {
    const strong = [
      '3f9c1b7e5a2d8f40c6e19b73d5a8024f7e1c9b3a6d05f28e4c7b19a3d6e08f52', // openssl rand -hex 32
      'q8Vw3J0yZ1nE5tB7kX2mR9aL4cH6pD0sF8gU1iO3eW4=', // openssl rand -base64 32
      'q8Vw3J0yZ1nE5tB7kX2mR9aL4cH6pD0sF8gU1iO3eW4', // base64url without padding
      'correct horse battery staple under the banyan tree at dawn',
    ];
    for (const secret of strong) expect(withSecret(secret)().signingSecret, secret).toBe(secret);
  });

  it('still leaves development free to use any secret or none', () => {
    expect(configFrom({ NODE_ENV: 'development', SIGNING_SECRET: 'dev' }).signingSecret).toBe('dev');
    expect(configFrom({ NODE_ENV: 'development' }).signingSecret).toHaveLength(64);
  });
});

describe.each(databaseKinds())('production on a database holding the demo academy (%s)', (kind) => {
  it('refuses to start while a published demo password works, unless ALLOW_DEMO_ACCOUNTS=true', async () => {
    const database = await createDatabase(kind);
    const { db, dialect } = await connect(database.url);
    try {
      await migrate(db, dialect);
      await importAcademy(db, readBundle(demoBundlePath), { now: new Date(), scryptCost: 2 ** 10 });
      const config: Config = { ...configFrom({ ...productionEnv, SIGNING_SECRET: secret }), databaseUrl: database.url };
      const refused = startServer(config);
      await expect(refused).rejects.toThrow(/Production refuses to start: the database holds 28 demo accounts whose published password still works/);
      await expect(refused).rejects.toThrow(/admin@academy\.test, fcps\.teacher@academy\.test, teacher@academy\.test, 8801700000001 and 24 more/);
      await expect(refused).rejects.toThrow(/set ALLOW_DEMO_ACCOUNTS=true to start anyway/);

      // Explicitly allowed: it starts, and the published password signs in as before.
      const allowed = await startServer(configFrom({ ...productionEnv, SIGNING_SECRET: secret, ALLOW_DEMO_ACCOUNTS: 'true', DATABASE_URL: database.url }));
      try {
        const signIn = await allowed.app.inject({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username: 'teacher@academy.test', password: 'teacher-pass-2026' } });
        expect(signIn.statusCode).toBe(200);
      } finally {
        await allowed.app.close();
      }

      // Every demo password changed: the accounts are no longer open, and production starts.
      const changed = await hashPassword('a-password-nobody-published', 2 ** 10);
      await db.updateTable('staff').set({ password_hash: changed }).execute();
      await db.updateTable('students').set({ password_hash: changed }).execute();
      const started = await startServer(config);
      await started.app.close();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
