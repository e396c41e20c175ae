// The staff import command: a bundle is checked whole, then written in one transaction; a malformed
// bundle is explained and leaves the database exactly as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { BundleError, importBundle } from '../../server/db/seed/import.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

const course = { id: 'c10000000000000000000001', name: 'Imported Course', subjects: [{ id: 'c20000000000000000000001', name: 'Anatomy', chapters: [{ id: 'c30000000000000000000001', name: 'Thorax' }] }] };
const group = { id: 'c40000000000000000000001', name: 'Imported Batch', courseId: course.id, items: 'all' };
const student = { id: 'c50000000000000000000001', name: 'Imported Student', sid: 'IM-1', phone: '01910000001', password: 'secret-1', groups: [group.id] };
const goodBundle = { courses: [course], groups: [group], students: [student] };

async function counts({ db }: Connection) {
  const count = async (table: 'courses' | 'groups' | 'students' | 'items' | 'group_items') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { courses: await count('courses'), groups: await count('groups'), students: await count('students'), items: await count('items'), groupItems: await count('group_items') };
}

describe('npm run academy -- import', () => {
  let dir: string;
  let database: TestDatabase;
  const file = (name: string, body: string) => {
    const where = path.join(dir, name);
    fs.writeFileSync(where, body);
    return where;
  };
  const importFile = async (where: string) => {
    try {
      const { stdout, stderr } = await run(tsx, ['server/cli.ts', 'import', where], { env: { ...process.env, DATABASE_URL: database.url, SCRYPT_COST: '16384' } });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-import-'));
    database = await createDatabase('sqlite');
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  it('imports a valid bundle and says what it imported', async () => {
    const result = await importFile(file('good.json', JSON.stringify(goodBundle)));
    expect(result.code).toBe(0);
    expect(result.out).toContain('1 courses');
    expect(result.out).toContain('1 students');
    const connection = await connect(database.url);
    expect(await counts(connection)).toEqual({ courses: 1, groups: 1, students: 1, items: 1, groupItems: 1 });
    await connection.db.destroy();
  });

  it('explains a file that is not JSON and imports nothing', async () => {
    const result = await importFile(file('broken.json', '{"courses": ['));
    expect(result.code).toBe(1);
    expect(result.out).toContain('broken.json is not valid JSON');
    expect(result.out).toContain('Nothing was imported.');
  });

  it('lists every problem of a malformed bundle by its place, and imports nothing', async () => {
    const bad = {
      courses: [{ ...course, id: 'c10000000000000000000002', subjects: [] }],
      students: [{ ...student, id: 'c50000000000000000000002', phone: '12345', groups: [] }],
    };
    const result = await importFile(file('bad.json', JSON.stringify(bad)));
    expect(result.code).toBe(1);
    expect(result.out).toContain('/students/0/phone');
    expect(result.out).toContain('Nothing was imported.');
    const connection = await connect(database.url);
    expect((await counts(connection)).courses).toBe(1);
    await connection.db.destroy();
  });

  it('refuses references to things the bundle does not hold', async () => {
    const orphan = { groups: [{ ...group, id: 'c40000000000000000000009', courseId: 'c10000000000000000000009' }] };
    const result = await importFile(file('orphan.json', JSON.stringify(orphan)));
    expect(result.code).toBe(1);
    expect(result.out).toContain('course c10000000000000000000009 is not in the bundle');
  });

  it('explains a usage mistake', async () => {
    const result = await run(tsx, ['server/cli.ts', 'export'], { env: process.env }).catch((e: { code: number; stderr: string }) => e);
    expect((result as { code: number }).code).toBe(2);
    expect((result as { stderr: string }).stderr).toContain('npm run academy -- import <bundle.json');
    expect((result as { stderr: string }).stderr).toContain('npm run academy -- publish <examId>');
  });
});

describe.each(databaseKinds())('import in one transaction (%s)', (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  beforeAll(async () => {
    database = await createDatabase(kind);
    connection = await connect(database.url);
    await migrate(connection.db, connection.dialect);
    await importBundle(connection.db, goodBundle, { now: new Date(), scryptCost: 16384 });
  });
  afterAll(async () => {
    await connection.db.destroy();
    await database.drop();
  });

  it('leaves nothing behind when the database refuses part of a bundle', async () => {
    // Valid on its own, but its student's phone is already taken: the insert fails late in the transaction.
    const clash = {
      courses: [{ id: 'c10000000000000000000003', name: 'Second Course', subjects: [{ id: 'c20000000000000000000003', name: 'Physiology' }] }],
      groups: [{ id: 'c40000000000000000000003', name: 'Second Batch', courseId: 'c10000000000000000000003', items: 'all' }],
      students: [{ ...student, id: 'c50000000000000000000003', groups: ['c40000000000000000000003'] }],
    };
    const before = await counts(connection);
    await expect(importBundle(connection.db, clash, { now: new Date(), scryptCost: 16384 })).rejects.toThrow();
    expect(await counts(connection)).toEqual(before);
  });

  it('checks the whole bundle before writing anything', async () => {
    const before = await counts(connection);
    await expect(importBundle(connection.db, { courses: [{ id: 'not-an-id' }] }, { now: new Date(), scryptCost: 16384 })).rejects.toBeInstanceOf(BundleError);
    expect(await counts(connection)).toEqual(before);
  });
});
