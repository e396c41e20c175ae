// Upsert by id, as a diff: what the bundle wants of a table is compared with the rows the academy
// holds; a missing row is added, a row whose given fields differ is updated (only those fields), and
// anything else is unchanged. A field the bundle leaves out is kept as it is. Link tables (batch
// members, batch items, notification recipients) only gain rows; removing is explicit.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type Row = Record<string, unknown>;
export type Table = keyof Database;

/** One row the bundle wants: its values for an insert, and the fields it sets for an update. */
export interface Wanted {
  id: string;
  /** How the report names it ("Thorax", "question 3 of Weekly Test"). */
  label: string;
  /** The bundle field it came from (/exams/0/questions/2), to place a refusal. */
  field: string;
  insert: Row;
  set: Row;
}

export interface TablePlan {
  table: Table;
  /** The kind as the report names it: course, subject, item, content, batch, student, exam, … */
  kind: string;
  /** The column holding the parent, for the position of a new row (appended after its siblings). */
  parent?: string;
  wanted: Wanted[];
}

export interface LinkPlan {
  table: Table;
  kind: string;
  /** The two columns that make a link. */
  columns: [string, string];
  rows: Row[];
}

export interface TableDiff {
  plan: TablePlan;
  inserts: (Row & { __wanted: Wanted })[];
  updates: { wanted: Wanted; set: Row; fields: string[]; before: Row }[];
  unchanged: number;
}

export interface LinkDiff {
  plan: LinkPlan;
  inserts: Row[];
  unchanged: number;
}

const CHUNK = 400;
export const chunks = <T>(list: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** Values as both databases return them: numbers may come back as text, flags as numbers. */
export const same = (a: unknown, b: unknown): boolean => {
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
};

/* eslint-disable @typescript-eslint/no-explicit-any -- table names vary at run time; rows are checked by the plan */
export async function diffTable(db: Kysely<Database>, plan: TablePlan): Promise<TableDiff> {
  const existing = new Map<string, Row>();
  const anyDb = db as unknown as Kysely<any>;
  for (const part of chunks(plan.wanted.map((w) => w.id))) {
    for (const row of await anyDb.selectFrom(plan.table).selectAll().where('id', 'in', part).execute()) existing.set(String(row.id), row);
  }
  const diff: TableDiff = { plan, inserts: [], updates: [], unchanged: 0 };
  const fresh: Wanted[] = [];
  for (const wanted of plan.wanted) {
    const before = existing.get(wanted.id);
    if (!before) {
      fresh.push(wanted);
      continue;
    }
    const set: Row = {};
    for (const [column, value] of Object.entries(wanted.set)) if (value !== undefined && !same(before[column], value)) set[column] = value;
    const fields = Object.keys(set);
    if (fields.length) diff.updates.push({ wanted, set, fields, before });
    else diff.unchanged++;
  }
  // New rows go after their siblings, in the bundle's order.
  const next = new Map<string, number>();
  if (fresh.length && 'position' in fresh[0]!.insert) {
    const parent = plan.parent;
    const parents = parent ? [...new Set(fresh.map((w) => String(w.insert[parent])))] : [''];
    for (const part of chunks(parents)) {
      let query = anyDb.selectFrom(plan.table).select((eb: any) => eb.fn.max('position').as('top'));
      if (parent) query = query.select(parent).where(parent, 'in', part).groupBy(parent);
      for (const row of (await query.execute()) as Row[]) if (row.top != null) next.set(parent ? String(row[parent]) : '', Number(row.top) + 1);
    }
    for (const wanted of fresh) {
      const p = parent ? String(wanted.insert[parent]) : '';
      const position = next.get(p) ?? 0;
      next.set(p, position + 1);
      wanted.insert.position = position;
    }
  }
  for (const wanted of fresh) diff.inserts.push({ ...wanted.insert, __wanted: wanted });
  return diff;
}

export async function diffLinks(db: Kysely<Database>, plan: LinkPlan): Promise<LinkDiff> {
  const [a, b] = plan.columns;
  const have = new Set<string>();
  const anyDb = db as unknown as Kysely<any>;
  for (const part of chunks([...new Set(plan.rows.map((r) => r[a]))])) {
    for (const row of await anyDb.selectFrom(plan.table).select([a, b]).where(a, 'in', part).execute()) have.add(`${row[a]}:${row[b]}`);
  }
  const diff: LinkDiff = { plan, inserts: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const row of plan.rows) {
    const k = `${row[a]}:${row[b]}`;
    if (seen.has(k)) continue;
    seen.add(k);
    if (have.has(k)) diff.unchanged++;
    else diff.inserts.push(row);
  }
  return diff;
}

export async function writeTable(trx: Kysely<Database>, diff: TableDiff): Promise<void> {
  const anyDb = trx as unknown as Kysely<any>;
  const rows = diff.inserts.map(({ __wanted, ...row }) => row);
  const width = rows[0] ? Object.keys(rows[0]).length : 1;
  for (const part of chunks(rows, Math.max(1, Math.floor(4000 / width)))) await anyDb.insertInto(diff.plan.table).values(part).execute();
  for (const update of diff.updates) await anyDb.updateTable(diff.plan.table).set(update.set).where('id', '=', update.wanted.id).execute();
}

export async function writeLinks(trx: Kysely<Database>, diff: LinkDiff): Promise<void> {
  const anyDb = trx as unknown as Kysely<any>;
  const width = diff.inserts[0] ? Object.keys(diff.inserts[0]).length : 1;
  for (const part of chunks(diff.inserts, Math.floor(4000 / width))) await anyDb.insertInto(diff.plan.table).values(part).execute();
}
/* eslint-enable @typescript-eslint/no-explicit-any */
