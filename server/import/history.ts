// Import history with undo. Every import that writes keeps a row (who, when, the file's name and
// checksum, the counts, the changes in people's words) written in the transaction of its first write,
// with its undo plan: the rows it added and the earlier values of the fields it updated, taken from the
// diff it was checked with. An undo takes the plan back in one transaction: what the import added is
// removed, what it updated gets its earlier values, the students it took out of a batch are back in it.
// It is refused in words where students acted on the import since (an exam started, a student who
// signed in, a video completed, a chapter asked about), where a row it changed was changed again, or
// where what it did cannot be taken back (removed exams or content): no student's answer is ever lost.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Removal } from '../db/seed/bundle.js';
import { readJson } from '../db/json.js';
import { formatAcademyTime } from '../../src/domain/academyTime.js';
import { same, type LinkDiff, type Row, type TableDiff } from './diff.js';
import type { ImportReport } from './index.js';
import {
  attemptsSince, contentUsed, deleteRow, detachForUndo, insertRowIfMissing, insertRun, markUndone, recentRuns, restampExams,
  rowOf, runById, setRow, studentsWhoActed, type Key,
} from './queries.js';

export interface UndoPlan {
  /** Rows the import added, in the order written. */
  added: { table: string; key: Key }[];
  /** Fields the import updated: their values before and after, and how the report named the row. */
  updated: { table: string; id: string; label: string; before: Row; after: Row }[];
  /** Students the import took out of a batch. */
  rejoined: Key[];
  /** Exams the import took from a batch (their schedules, marked removed at the import's time). */
  unremoved: Key[];
  /** Exams it added or changed, students and contents it added: what students may have acted on since. */
  exams: string[];
  students: string[];
  items: string[];
  contents: string[];
  /** Why the import cannot be undone, when it cannot. */
  cannot?: string;
}

/** Who imports: a staff member of the desk, or the command line on the server. */
export interface Importer {
  staffId: string | null;
  name: string;
}

export const COMMAND_LINE: Importer = { staffId: null, name: 'the command line' };

/** What an import run records: its file, its importer and (for the desk) its job. */
export interface RunRecord {
  id: string;
  fileName: string;
  checksum: string;
  by: Importer;
  jobId?: string;
}

/** Rows added are taken away children first, so nothing still points at a row when it goes. */
const DELETE_ORDER = [
  'forum_comments', 'forum_questions', 'student_notifications', 'notifications', 'exam_assignments', 'questions', 'exams', 'group_members',
  'group_items', 'contents', 'items', 'students', 'groups', 'staff_courses', 'staff', 'subjects', 'courses',
];

export function planUndo(tables: TableDiff[], links: LinkDiff[], removals: Removal[], extra: { submissions: number; faculties: number; now: string }): UndoPlan {
  const plan: UndoPlan = { added: [], updated: [], rejoined: [], unremoved: [], exams: [], students: [], items: [], contents: [] };
  const exams = new Set<string>();
  for (const diff of tables) {
    const table = diff.plan.table;
    for (const i of diff.inserts) plan.added.push({ table, key: { id: String(i.id) } });
    for (const u of diff.updates) {
      plan.updated.push({ table, id: u.wanted.id, label: `${diff.plan.kind} ${u.wanted.label}`, before: Object.fromEntries(u.fields.map((f) => [f, u.before[f] ?? null])), after: u.set });
    }
    if (table === 'exams') for (const id of [...diff.inserts.map((i) => String(i.id)), ...diff.updates.map((u) => u.wanted.id)]) exams.add(id);
    if (table === 'questions' || table === 'exam_assignments') for (const id of [...diff.inserts.map((i) => String(i.exam_id)), ...diff.updates.map((u) => String(u.wanted.insert.exam_id))]) exams.add(id);
    if (table === 'students') plan.students.push(...diff.inserts.map((i) => String(i.id)));
    if (table === 'items') plan.items.push(...diff.inserts.map((i) => String(i.id)));
    if (table === 'contents') plan.contents.push(...diff.inserts.map((i) => String(i.id)));
  }
  for (const diff of links) {
    const [a, b] = diff.plan.columns;
    for (const row of diff.inserts) plan.added.push({ table: diff.plan.table, key: { [a]: String(row[a]), [b]: String(row[b]) } });
  }
  for (const r of removals) {
    if (r.kind === 'membership') plan.rejoined.push({ group_id: r.groupId!, student_id: r.studentId! });
    else if (r.kind === 'assignment') {
      plan.unremoved.push({ exam_id: r.examId!, group_id: r.groupId!, removed_at: extra.now });
      exams.add(r.examId!);
    } else plan.cannot = 'it removed exams, questions or content, which an undo cannot bring back; import them again from an export of the academy';
  }
  if (extra.submissions) plan.cannot = 'it imported submissions of past exams';
  if (extra.faculties) plan.cannot = "it changed the faculties' subject lists; import the earlier lists again";
  plan.exams = [...exams];
  return plan;
}

/** The counts of a report, per kind that changed. */
const countsOf = (report: ImportReport) =>
  Object.entries(report.kinds).filter(([, k]) => k.added + k.updated + k.removed > 0).map(([kind, k]) => ({ kind, added: k.added, updated: k.updated, removed: k.removed }));

/**
 * Writes the import's row in the history, in the transaction of its first write (so an import is in
 * the history exactly when it wrote). An activity log's entry for the import belongs here too.
 */
export async function recordRun(trx: Kysely<Database>, record: RunRecord, report: ImportReport, plan: UndoPlan, now: Date): Promise<void> {
  await insertRun(trx, {
    id: record.id, job_id: record.jobId ?? null, staff_id: record.by.staffId, by_name: record.by.name, file_name: record.fileName, checksum: record.checksum,
    created_at: now.toISOString(), counts: JSON.stringify(countsOf(report)), summary: JSON.stringify(report.summary), undo: JSON.stringify(plan),
    undone_at: null, undone_by: null,
  });
}

export interface ImportRunView {
  id: string;
  by: string;
  fileName: string;
  checksum: string;
  createdAt: string;
  counts: { kind: string; added: number; updated: number; removed: number }[];
  summary: string[];
  undoneAt: string | null;
  undoneBy: string | null;
}

type RunRow = Awaited<ReturnType<typeof recentRuns>>[number];
const viewOf = (row: RunRow): ImportRunView => ({
  id: row.id, by: row.by_name, fileName: row.file_name, checksum: row.checksum, createdAt: row.created_at,
  counts: readJson(row.counts, []), summary: readJson(row.summary, []), undoneAt: row.undone_at, undoneBy: row.undone_by,
});

/** The history, newest first. */
export const importHistory = async (db: Kysely<Database>, limit = 50): Promise<ImportRunView[]> => (await recentRuns(db, limit)).map(viewOf);

export const importRun = async (db: Kysely<Database>, id: string): Promise<ImportRunView | undefined> => {
  const row = await runById(db, id);
  return row ? viewOf(row) : undefined;
};

/** An undo refused: the reason in words; nothing was changed. */
export class UndoRefused extends Error {
  constructor(readonly reason: 'notFound' | 'refused', message: string) {
    super(message);
  }
}

const some = (names: string[], more: number) => `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
const SHOWN = 3;

/** A database's refusal to delete a row something else still points at. */
const pointedAt = (error: unknown) => /FOREIGN KEY constraint failed/i.test(String((error as Error)?.message)) || (error as { code?: string })?.code === '23503';

/** Undoes an import in one transaction, or refuses in words (UndoRefused) and changes nothing. */
export async function undoImport(db: Kysely<Database>, id: string, by: Importer, now: Date): Promise<ImportRunView> {
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const run = await runById(trx, id);
      if (!run) throw new UndoRefused('notFound', 'There is no such import.');
      if (run.undone_at) throw new UndoRefused('refused', `This import was undone already, on ${formatAcademyTime(run.undone_at)} by ${run.undone_by}.`);
      const plan = readJson<UndoPlan | null>(run.undo, null);
      if (!plan) throw new UndoRefused('refused', 'This import kept no record of its changes, so it cannot be undone.');
      if (plan.cannot) throw new UndoRefused('refused', `This import cannot be undone: ${plan.cannot}.`);
      const reasons: string[] = [];
      const started = await attemptsSince(trx, plan.exams, run.created_at);
      for (const exam of started) reasons.push(`${exam.title} was started by ${Number(exam.n) === 1 ? '1 student' : `${exam.n} students`}`);
      const acted = await studentsWhoActed(trx, plan.students);
      if (acted.length) reasons.push(`${some(acted.slice(0, SHOWN).map((s) => `${s.name} (${s.username.replace(/^88/, '')})`), acted.length - SHOWN)} signed in`);
      const used = await contentUsed(trx, plan.contents, plan.items);
      if (used.completed) reasons.push(`students completed its videos and notes ${used.completed} times`);
      if (used.asked) reasons.push(`${used.asked} forum questions ask about its chapters`);
      const changed: string[] = [];
      for (const u of plan.updated) {
        const now_ = await rowOf(trx, u.table, { id: u.id });
        if (!now_ || Object.entries(u.after).some(([field, value]) => !same(now_[field], value))) changed.push(u.label);
      }
      if (changed.length) reasons.push(`${some(changed.slice(0, SHOWN), changed.length - SHOWN)} changed again since (by another import or on the desk)`);
      if (reasons.length) throw new UndoRefused('refused', `This import cannot be undone: since it, ${reasons.join('; ')}. Undoing it would take away what students did, so nothing was changed.`);

      await detachForUndo(trx, plan.students, plan.items, at);
      const order = (table: string) => (DELETE_ORDER.indexOf(table) + DELETE_ORDER.length + 1) % (DELETE_ORDER.length + 1);
      const added = [...plan.added].reverse().sort((a, b) => order(a.table) - order(b.table));
      for (const row of added) await deleteRow(trx, row.table, row.key);
      for (const u of [...plan.updated].reverse()) await setRow(trx, u.table, { id: u.id }, u.before);
      for (const member of plan.rejoined) await insertRowIfMissing(trx, 'group_members', member);
      for (const schedule of plan.unremoved) await setRow(trx, 'exam_assignments', schedule, { removed_at: null });
      await restampExams(trx, plan.exams.filter((e) => !plan.added.some((a) => a.table === 'exams' && a.key.id === e)), at);
      if (!(await markUndone(trx, id, at, by.name))) throw new UndoRefused('refused', 'This import was undone already.');
    });
  } catch (error) {
    if (error instanceof UndoRefused) throw error;
    if (pointedAt(error)) throw new UndoRefused('refused', 'This import cannot be undone: something added since (by a later import or on the desk) belongs to what it added. Undo the later imports first; nothing was changed.');
    throw error;
  }
  return (await importRun(db, id))!;
}
