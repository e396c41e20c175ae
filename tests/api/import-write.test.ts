// An import's writes in short transactions (server/import/write.ts): the steps are packed into
// transactions within the limits, a step is never split, and a write waiting for SQLite's writer (a
// student's answer save) goes between two of the import's transactions rather than after all of them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { writeSteps, type WriteStep } from '../../server/import/write.js';
import { sqliteDatabase, type TestDatabase } from '../support/databases.js';

const course = (n: number) => ({ id: `c9${String(n).padStart(22, '0')}`, name: `Course ${n}`, description: null, image: null, position: n });

describe('an import written in short transactions (SQLite)', () => {
  let database: TestDatabase;
  let connection: Connection;
  beforeEach(async () => {
    database = sqliteDatabase();
    connection = await connect(database.url);
    await migrate(connection.db, connection.dialect);
  });
  afterEach(async () => {
    await connection.db.destroy();
    await database.drop();
  });

  it('lets a write waiting for the writer go between two of its transactions', async () => {
    const { db } = connection;
    const order: string[] = [];
    let save: Promise<unknown> = Promise.resolve();
    const step = (n: number, rows = 1): WriteStep => ({
      rows,
      run: async (trx) => {
        await trx.insertInto('courses').values(course(n)).execute();
        order.push(`step ${n}`);
        // A save arrives while the import's first transaction holds the writer.
        if (n === 1) save = db.insertInto('courses').values(course(99)).execute().then(() => order.push('save'));
      },
    });
    const transactions = await writeSteps(db, [step(1), step(2), step(3), step(4), step(5, 3)], { rows: 2, ms: 60_000 });
    await save;
    // Two rows a transaction; the last step is larger than that and is written whole, alone.
    expect(transactions).toBe(3);
    expect(order).toEqual(['step 1', 'step 2', 'save', 'step 3', 'step 4', 'step 5']);
  });

  it('writes steps of no more rows than one transaction holds in one, and a failing one undoes its transaction only', async () => {
    const { db } = connection;
    const ok = (n: number): WriteStep => ({ rows: 1, run: async (trx) => void (await trx.insertInto('courses').values(course(n)).execute()) });
    const failing: WriteStep = { rows: 1, run: async () => Promise.reject(new Error('refused')) };
    const count = async () => Number((await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    await expect(writeSteps(db, [ok(1), ok(2), failing], { rows: 3, ms: 60_000 })).rejects.toThrow('refused');
    expect(await count()).toBe(0);
    await expect(writeSteps(db, [ok(1), ok(2), ok(3), failing], { rows: 2, ms: 60_000 })).rejects.toThrow('refused');
    expect(await count()).toBe(2);
  });
});
