// The importer: one code path for the command line, the teacher desk and the demo seed.
//
// A bundle (JSON, or read from the staff's sheets) is checked whole against itself and against what
// the academy holds, then compared with the academy row by row (upsert by id): the report says per
// kind what is added, updated (and which fields) and unchanged. The change rules of a running academy
// are checked on that diff; any problem refuses the whole import with every problem listed. A dry run
// stops there; a real run writes the diff in short transactions after the whole check (write.ts): the
// head (exams with their questions, courses, batches) in one, then the bulk of students and members a
// few hundred rows at a time. Importing the same bundle twice changes nothing, and says so; importing
// it again after a crash mid-write completes it.
import type { Kysely } from 'kysely';
import type { Bundle, Removal } from '../db/seed/bundle.js';
import type { Database } from '../db/schema.js';
import { syncExamReminders } from '../reminders/reminders.js';
import { resolveTime } from '../db/seed/times.js';
import { hashPassword } from '../account/passwords.js';
import { writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { cleanRichText } from '../richText.js';
import { gradeAttempt } from '../exams/grading.js';
import { fixMeritList } from '../results/queries.js';
import { attemptEndMs } from '../../src/domain/examTiming.js';
import { loadHeld, type Held } from './held.js';
import { validateBundle } from './validate.js';
import { PlaceMap, Problems, type Problem } from './problems.js';
import { chunks, diffLinks, diffTable, writeLinks, writeTable, type LinkDiff, type TableDiff } from './diff.js';
import { SECTIONS, type SectionContext } from './sections.js';
import { DEFAULT_CHALLENGE_WINDOW_HOURS } from '../../src/domain/challenges.js';
import { facultyChanges, importFaculties } from '../exams/faculties.js';
import { stepRows, stepsOf, writeSteps, WRITE_LIMITS, type WriteLimits, type WriteStep } from './write.js';
import { summarize } from './summary.js';
import { planUndo, recordRun, type RunRecord } from './history.js';
import { loadNames, rowCount } from './queries.js';

export { BundleError } from './problems.js';
export type { Problem } from './problems.js';

export interface ImportOptions {
  now: Date;
  scryptCost?: number;
  /**
   * The academy's answer-key challenge window in hours (CHALLENGE_WINDOW_HOURS): a live exam's batch
   * imported with its results published gets one from the exam's end, as the desk's Publish opens one.
   */
  challengeWindowHours?: number;
  /** Check and compare only: the report of what would change, nothing written. */
  dryRun?: boolean;
  /** Where the reader found each part of the bundle, to place problems in the staff's own file. */
  places?: PlaceMap;
  /** Problems the reader found in the values of the sheets, listed with the others. */
  problems?: Problem[];
  /** The size of each write transaction (server/import/write.ts); tests make them small. */
  writeLimits?: WriteLimits;
  /**
   * Runs first in the transaction of the import's first write, with the checked report: a job marks
   * itself as written there (server/import/worker.ts), and a throw rolls that write back.
   */
  beforeWrite?: (trx: Kysely<Database>, report: ImportReport) => Promise<void>;
  /**
   * The share (0.1 for 10 %) of the academy's rows of a kind an import may update or remove without
   * confirming (IMPORT_CHANGE_THRESHOLD); unset, any share (the demo seed, tests of other rules).
   */
  changeThreshold?: number;
  /** The administrator confirmed an import beyond the threshold (desk: the tick; CLI: --confirm-large). */
  confirmLarge?: boolean;
  /** Keep the import in the history (server/import/history.ts), with what undoing it takes. */
  record?: RunRecord;
}

/** A kind of which the import updates or removes more of the academy's rows than the threshold allows. */
export interface LargeChange {
  kind: string;
  changed: number;
  existing: number;
}

export interface Change {
  id: string;
  label: string;
  action: 'added' | 'updated' | 'removed';
  /** For an update: the fields that change. */
  fields?: string[];
}

export interface KindReport {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  changes: Change[];
}

export interface ImportReport {
  dryRun: boolean;
  /** Whether the import changes (or, for a dry run, would change) anything at all. */
  changed: boolean;
  kinds: Record<string, KindReport>;
  /** Exam instructions whose HTML lost something to the rich-text rule (a script, a handler, a frame). */
  instructionsCleaned: number;
  /** What changes, in people's words (summary.ts). */
  summary: string[];
  /** Kinds beyond the change threshold: the import is written only when confirmed. */
  large: LargeChange[];
  /** The import's entry in the history, once written (given `record`). */
  importId: string | null;
}

/** "the import would update or remove 45 of the academy's 300 students (15 %)…", for the check and the refusal. */
export function largeWords(large: LargeChange, threshold: number): string {
  const percent = Math.round((large.changed / large.existing) * 1000) / 10;
  return `it updates or removes ${large.changed.toLocaleString('en')} of the academy's ${large.existing.toLocaleString('en')} rows of ${large.kind} (${percent} %), more than the ${Math.round(threshold * 1000) / 10} % an import changes without confirming`;
}

/** Column names as the staff's files name the fields. */
const FIELD_NAMES: Record<string, string> = {
  starts_at: 'start', ends_at: 'end', cut_marks: 'cut marks', multiple_times_submission: 'multiple submissions',
  result_published: 'results published', pass_mark: 'pass mark', negative_mark: 'negative mark', total_marks: 'total marks',
  is_practice: 'practice', is_segmented: 'segmented', segmented_details: 'segments', gpa_factor: 'GPA factor',
  subject_id: 'subject', chapter_id: 'chapter', course_id: 'course', item_id: 'item', exam_id: 'exam', option_type: 'image options',
  explanation_ext: 'more explanation', username: 'phone', sid: 'roll', branch_name: 'branch', branch_division: 'division',
  ssc_gpa: 'SSC GPA', hsc_gpa: 'HSC GPA', video_kind: 'video kind', is_published: 'published', is_vod: 'VOD',
  is_available: 'available', is_drm_enabled: 'DRM', drm_type: 'DRM type', drm_keys: 'DRM keys', question_description: 'question',
};
const fieldName = (column: string) => FIELD_NAMES[column] ?? column;

/** Exam fields that may change until the exam ends; every other field of an exam decides its marks. */
const SCHEDULE_FIELDS = new Set(['title', 'instruction']);

/**
 * Question fields that only say where the question is studied: they may change after students have
 * started the exam (its results' Study links follow). The exam is still stamped anew, as the prepared
 * paper holds the question rows (server/exams/paper-cache.ts).
 */
const STUDY_FIELDS = new Set(['chapter_id']);
const paperFields = (fields: string[]) => fields.filter((f) => !STUDY_FIELDS.has(f));
/** Question updates that change the paper or its marks (not only where a question is studied). */
const paperUpdates = (diff: TableDiff) => diff.updates.filter((u) => paperFields(u.fields).length > 0);

interface Facts {
  /** Attempts started per exam, and per exam:group. */
  started: Map<string, number>;
  /** The latest end of an exam's schedules; an exam has ended when it is past. */
  endsAt: Map<string, string>;
  titles: Map<string, string>;
}

async function factsOf(db: Kysely<Database>, examIds: string[]): Promise<Facts> {
  const facts: Facts = { started: new Map(), endsAt: new Map(), titles: new Map() };
  for (const part of chunks(examIds)) {
    for (const r of await db.selectFrom('attempts').select(['exam_id', 'group_id', (eb) => eb.fn.countAll<number>().as('n')]).where('exam_id', 'in', part).groupBy(['exam_id', 'group_id']).execute()) {
      facts.started.set(r.exam_id, (facts.started.get(r.exam_id) ?? 0) + Number(r.n));
      facts.started.set(`${r.exam_id}:${r.group_id}`, Number(r.n));
    }
    for (const r of await db.selectFrom('exam_assignments').select(['exam_id', (eb) => eb.fn.max('ends_at').as('ends')]).where('exam_id', 'in', part).where('removed_at', 'is', null).groupBy('exam_id').execute()) {
      facts.endsAt.set(r.exam_id, String(r.ends));
    }
    for (const r of await db.selectFrom('exams').select(['id', 'title']).where('id', 'in', part).execute()) facts.titles.set(r.id, r.title);
  }
  return facts;
}

const startedBy = (n: number) => `${n} ${n === 1 ? 'student has' : 'students have'} started it`;

/** The rules of a running academy, checked on the diff: what students have used may not change under them. */
function checkChangeRules(diffs: TableDiff[], removals: Removal[], facts: Facts, now: Date, problems: Problems, bundle: Bundle): void {
  const nowIso = now.toISOString();
  const ended = (examId: string) => (facts.endsAt.get(examId) ?? '9999') < nowIso;
  for (const diff of diffs) {
    if (diff.plan.table === 'exams') {
      for (const u of diff.updates) {
        const schedule = u.fields.filter((f) => SCHEDULE_FIELDS.has(f));
        const marking = u.fields.filter((f) => !SCHEDULE_FIELDS.has(f));
        const started = facts.started.get(u.wanted.id) ?? 0;
        if (schedule.length && ended(u.wanted.id)) problems.add(u.wanted.field, `${u.wanted.label}: the exam has ended, its ${schedule.map(fieldName).join(' and ')} can no longer change`);
        if (marking.length && started) problems.add(u.wanted.field, `${u.wanted.label}: the ${marking.map(fieldName).join(', ')} cannot change, ${startedBy(started)}`);
      }
    }
    if (diff.plan.table === 'questions') {
      for (const w of [...diff.inserts.map((i) => ({ wanted: i.__wanted, verb: 'cannot be added' })), ...paperUpdates(diff).map((u) => ({ wanted: u.wanted, verb: `cannot change (${paperFields(u.fields).map(fieldName).join(', ')})` }))]) {
        const exam = String(w.wanted.insert.exam_id);
        const started = facts.started.get(exam) ?? 0;
        if (started) problems.add(w.wanted.field, `${w.wanted.label}: ${w.verb}, ${startedBy(started)}; a key correction after the exam is a regrade`);
      }
    }
    if (diff.plan.table === 'exam_assignments') {
      for (const u of diff.updates) {
        if (u.fields.includes('result_published')) problems.add(u.wanted.field, `${u.wanted.label}: results are published with "npm run academy -- publish" or the desk, not by import`);
        const schedule = u.fields.filter((f) => f !== 'result_published');
        if (schedule.length && String(u.before.ends_at) < nowIso) problems.add(u.wanted.field, `${u.wanted.label}: the exam has ended for this batch, its ${schedule.map(fieldName).join(', ')} can no longer change`);
      }
    }
  }
  const questionExam = new Map<string, string>();
  for (const e of bundle.exams ?? []) for (const q of e.questions) questionExam.set(q.id, e.id);
  for (const [i, removal] of removals.entries()) {
    const at = `/remove/${i}`;
    if (removal.kind === 'exam') {
      const started = facts.started.get(removal.id!) ?? 0;
      if (started) problems.add(at, `exam ${facts.titles.get(removal.id!) ?? removal.id} cannot be removed, ${startedBy(started)}`);
    }
    if (removal.kind === 'assignment') {
      const started = facts.started.get(`${removal.examId}:${removal.groupId}`) ?? 0;
      if (started) problems.add(at, `exam ${facts.titles.get(removal.examId!) ?? removal.examId} cannot be taken from batch ${removal.groupId}, ${startedBy(started)} there`);
    }
  }
}

interface Writes {
  tables: TableDiff[];
  links: LinkDiff[];
  submissions: NonNullable<Bundle['submissions']>;
  removals: Removal[];
  /** Exams whose questions are removed: their total is counted again. */
  retotal: string[];
}

function emptyKind(): KindReport {
  return { added: 0, updated: 0, unchanged: 0, removed: 0, changes: [] };
}

export async function importAcademy(db: Kysely<Database>, input: unknown, options: ImportOptions): Promise<ImportReport> {
  const held = await loadHeld(db);
  const places = options.places ?? new PlaceMap();
  // Every problem at once: those of the bundle itself, then those of the change rules on its diff.
  const problems = new Problems(places);
  problems.list.push(...(options.problems ?? []));
  const bundle = validateBundle(input, held, places, problems);
  const at = (value: string | undefined) => resolveTime(value ?? 'now', options.now);

  const report: ImportReport = { dryRun: options.dryRun === true, changed: false, kinds: {}, instructionsCleaned: 0, summary: [], large: [], importId: null };
  const kind = (name: string) => (report.kinds[name] ??= emptyKind());
  // Instructions are HTML the app shows as such: they are stored only after the rich-text rule.
  const instructions = new Map<string, string>();
  for (const exam of bundle.exams ?? []) {
    if (!exam.instruction) continue;
    const clean = await cleanRichText(exam.instruction);
    if (clean !== exam.instruction) report.instructionsCleaned++;
    instructions.set(exam.id, clean);
  }
  const passwordHashes = await hashNewPasswords(bundle, held, options);
  const ctx: SectionContext = { db, now: options.now, at, held, passwordHashes, instructions, challengeWindowHours: options.challengeWindowHours ?? DEFAULT_CHALLENGE_WINDOW_HOURS };

  const writes: Writes = { tables: [], links: [], submissions: [], removals: bundle.remove ?? [], retotal: [] };
  for (const section of SECTIONS) {
    const plan = await section(bundle, ctx);
    for (const table of plan.tables) {
      const diff = await diffTable(db, table);
      writes.tables.push(diff);
      const k = kind(table.kind);
      k.added += diff.inserts.length;
      k.updated += diff.updates.length;
      k.unchanged += diff.unchanged;
      for (const i of diff.inserts) k.changes.push({ id: i.__wanted.id, label: i.__wanted.label, action: 'added' });
      for (const u of diff.updates) k.changes.push({ id: u.wanted.id, label: u.wanted.label, action: 'updated', fields: u.fields.map(fieldName) });
    }
    for (const links of plan.links) {
      const diff = await diffLinks(db, links);
      writes.links.push(diff);
      const k = kind(links.kind);
      k.added += diff.inserts.length;
      k.unchanged += diff.unchanged;
      for (const row of diff.inserts) k.changes.push({ id: `${row[links.columns[0]]}:${row[links.columns[1]]}`, label: `${links.kind} ${row[links.columns[1]]} of ${row[links.columns[0]]}`, action: 'added' });
    }
  }
  // The faculties' subject lists of the exam start, kept by faculty name.
  const faculties = await facultyChanges(db, bundle.faculties ?? []);
  const facultyKind = kind('faculty');
  facultyKind.added += faculties.added.length;
  facultyKind.updated += faculties.updated.length;
  facultyKind.unchanged += faculties.unchanged;
  for (const name of faculties.added) facultyKind.changes.push({ id: name, label: name, action: 'added' });
  for (const name of faculties.updated) facultyKind.changes.push({ id: name, label: name, action: 'updated', fields: ['subjects'] });
  for (const sub of bundle.submissions ?? []) {
    const existing = await db.selectFrom('attempts').select('id').where('exam_id', '=', sub.examId).where('student_id', '=', sub.studentId).where('group_id', '=', sub.groupId).executeTakeFirst();
    const k = kind('submission');
    if (existing) k.unchanged++;
    else {
      k.added++;
      k.changes.push({ id: `${sub.examId}:${sub.studentId}`, label: `student ${sub.studentId} in exam ${sub.examId}`, action: 'added' });
      writes.submissions.push(sub);
    }
  }
  const removalKinds: Record<Removal['kind'], string> = { exam: 'exam', question: 'question', item: 'item', content: 'content', assignment: 'exam schedule', membership: 'batch member' };
  for (const r of writes.removals) {
    const k = kind(removalKinds[r.kind]);
    k.removed++;
    const id = r.id ?? (r.kind === 'assignment' ? `${r.examId}:${r.groupId}` : `${r.groupId}:${r.studentId}`);
    k.changes.push({ id, label: r.kind === 'membership' ? `student ${r.studentId} from batch ${r.groupId}` : r.kind === 'assignment' ? `exam ${r.examId} from batch ${r.groupId}` : `${r.kind} ${r.id}`, action: 'removed' });
    if (r.kind === 'question' && held.questions.has(r.id!)) writes.retotal.push(held.questions.get(r.id!)!);
  }

  // The rules of a running academy, on the diff.
  const touchedExams = [...new Set([
    ...(bundle.exams ?? []).map((e) => e.id).filter((id) => held.exams.has(id)),
    ...writes.removals.flatMap((r) => (r.kind === 'exam' ? [r.id!] : r.kind === 'assignment' ? [r.examId!] : r.kind === 'question' ? [held.questions.get(r.id!)!] : [])),
  ])].filter((id) => id !== undefined);
  const facts = await factsOf(db, touchedExams);
  checkChangeRules(writes.tables, writes.removals, facts, options.now, problems, bundle);
  for (const [i, r] of writes.removals.entries()) {
    if (r.kind === 'question') {
      const exam = held.questions.get(r.id!);
      if (!exam) continue;
      const started = facts.started.get(exam) ?? 0;
      if (started) problems.add(`/remove/${i}`, `question ${r.id} of ${facts.titles.get(exam)} cannot be removed, ${startedBy(started)}`);
    }
  }
  await checkRemovableContent(db, writes.removals, problems);
  problems.throwIfAny();

  report.changed = Object.values(report.kinds).some((k) => k.added + k.updated + k.removed > 0);
  report.summary = await summaryOf(db, writes, bundle, held, faculties);
  if (options.changeThreshold !== undefined) {
    report.large = await largeChanges(db, writes, options.changeThreshold);
    if (report.large.length && !options.dryRun && !options.confirmLarge) {
      const stop = new Problems(places);
      for (const large of report.large) stop.add('/', `The import was stopped at the check: ${largeWords(large, options.changeThreshold)}. Check the changes, then confirm them (the desk: tick "I have checked these changes"; the command line: --confirm-large).`);
      stop.throwIfAny();
    }
  }
  if (options.dryRun || !report.changed) return report;

  const limits = options.writeLimits ?? WRITE_LIMITS;
  const [head, ...rest] = importSteps(writes, bundle, faculties, held, places, options, at, stepRows(limits));
  const record = options.record;
  const plan = record && planUndo(writes.tables, writes.links, writes.removals, { submissions: writes.submissions.length, faculties: faculties.added.length + faculties.updated.length, now: options.now.toISOString() });
  if (record) report.importId = record.id;
  const first: WriteStep = {
    rows: head!.rows,
    run: async (trx) => {
      await options.beforeWrite?.(trx, report);
      await head!.run(trx);
      // The history's row, in the transaction of the first write: an import is in it exactly when it wrote.
      if (record && plan) await recordRun(trx, record, report, plan, options.now);
    },
  };
  await writeSteps(db, [first, ...rest], limits);
  // The live exams' reminders follow the calendar just written: made, moved or cancelled.
  const removedExams = new Set(writes.removals.filter((r) => r.kind === 'exam').map((r) => r.id!));
  await syncExamReminders(
    { db, clock: { now: () => options.now } },
    [...(bundle.exams ?? []).map((e) => e.id), ...writes.removals.flatMap((r) => (r.kind === 'assignment' ? [r.examId!] : []))],
    [...held.assignments].filter(([key]) => removedExams.has(key.slice(0, key.indexOf(':')))).map(([, id]) => id),
  );
  return report;
}

/** The changes in people's words, with the names of the exams, batches and subjects they touch. */
async function summaryOf(db: Kysely<Database>, writes: Writes, bundle: Bundle, held: Held, faculties: { added: string[]; updated: string[] }): Promise<string[]> {
  const names = await loadNames(db);
  const batches = new Map([...names.batches.map((b) => [b.id, b.name] as const), ...(bundle.groups ?? []).map((g) => [g.id, g.name] as const)]);
  const subjects = new Map(names.subjects.map((s) => [s.id, s.name] as const));
  for (const c of bundle.courses ?? []) for (const s of c.subjects ?? []) if (s.name) subjects.set(s.id, s.name);
  const exams = new Map((bundle.exams ?? []).map((e) => [e.id, e] as const));
  const removedExams = writes.removals.flatMap((r) => (r.kind === 'exam' ? [r.id!] : r.kind === 'assignment' ? [r.examId!] : []));
  const titles = new Map((await factsOf(db, removedExams.filter((id) => !exams.has(id)))).titles);
  const questionsOf = new Map<string, Set<string>>();
  for (const [question, exam] of held.questions) (questionsOf.get(exam) ?? questionsOf.set(exam, new Set()).get(exam)!).add(question);
  for (const e of exams.values()) for (const q of e.questions) (questionsOf.get(e.id) ?? questionsOf.set(e.id, new Set()).get(e.id)!).add(q.id);
  const lines = summarize(writes.tables, writes.links, writes.removals, {
    exam: (id) => exams.get(id)?.title ?? titles.get(id) ?? `exam ${id}`,
    batch: (id) => batches.get(id) ?? `batch ${id}`,
    subject: (id) => subjects.get(id) ?? `subject ${id}`,
    questions: (id) => questionsOf.get(id)?.size ?? 0,
  });
  if (faculties.added.length + faculties.updated.length) lines.push(`changes the subject lists of ${faculties.added.length + faculties.updated.length} faculties`);
  return lines;
}

/** The tables whose rows a removal of each kind takes away. */
const REMOVED_FROM: Record<Removal['kind'], keyof Database> = { exam: 'exams', question: 'questions', item: 'items', content: 'contents', assignment: 'exam_assignments', membership: 'group_members' };

/** The kinds of which the import updates or removes more than `threshold` of the academy's rows. */
async function largeChanges(db: Kysely<Database>, writes: Writes, threshold: number): Promise<LargeChange[]> {
  const changed = new Map<keyof Database, { kind: string; n: number }>();
  const add = (table: keyof Database, kind: string, n: number) => {
    if (n > 0) changed.set(table, { kind, n: (changed.get(table)?.n ?? 0) + n });
  };
  const many = (kind: string) => (kind === 'staff' ? kind : kind === 'batch' ? 'batches' : `${kind}s`);
  for (const d of writes.tables) add(d.plan.table, many(d.plan.kind), d.updates.length);
  for (const r of writes.removals) add(REMOVED_FROM[r.kind], r.kind === 'membership' ? 'batch members' : r.kind === 'assignment' ? 'exam schedules' : many(r.kind), 1);
  const large: LargeChange[] = [];
  for (const [table, { kind, n }] of changed) {
    const existing = await rowCount(db, table);
    if (existing > 0 && n / existing > threshold) large.push({ kind, changed: n, existing });
  }
  return large;
}

/** Tables written after the head, in short transactions: many rows, none an exam's paper depends on. */
const BULK = new Set<string>(['items', 'contents', 'students', 'forum_questions', 'forum_comments', 'notifications', 'group_items', 'group_members', 'student_notifications']);

/**
 * The import's writes as steps (server/import/write.ts): the head in one step, then the bulk tables a
 * few hundred rows a step, then the removals. A bundle with past submissions (the demo's) writes its
 * students with the head, as the submissions refer to them; one whose exam questions name a chapter
 * new in it writes its items with the head, as the questions refer to them.
 */
function importSteps(
  writes: Writes, bundle: Bundle, faculties: { added: string[]; updated: string[] }, held: Held, places: PlaceMap,
  options: ImportOptions, at: (v: string | undefined) => string, size: number,
): WriteStep[] {
  const newChapters = (bundle.exams ?? []).some((e) => e.questions.some((q) => q.chapterId && !held.items.has(q.chapterId)));
  const bulk = (table: string) => writes.submissions.length === 0 && BULK.has(table) && !(table === 'items' && newChapters);
  const head: WriteStep = {
    rows: writes.tables.filter((d) => !bulk(d.plan.table)).reduce((n, d) => n + d.inserts.length + d.updates.length, 0)
      + writes.links.filter((d) => !bulk(d.plan.table)).reduce((n, d) => n + d.inserts.length, 0),
    run: async (trx) => {
      // Students may have started an exam since the check: its questions are looked at again, inside.
      const examsWithNewQuestions = [...new Set(writes.tables.filter((d) => d.plan.table === 'questions')
        .flatMap((d) => [...d.inserts.map((i) => String(i.exam_id)), ...paperUpdates(d).map((u) => String(u.wanted.insert.exam_id))])
        .filter((id) => held.exams.has(id)))];
      if (examsWithNewQuestions.length) {
        const recheck = await factsOf(trx, examsWithNewQuestions);
        const late = new Problems(places);
        for (const id of examsWithNewQuestions) {
          const started = recheck.started.get(id) ?? 0;
          if (started) late.add('/', `${recheck.titles.get(id)}: its questions cannot change, ${startedBy(started)} while the import was checked`);
        }
        late.throwIfAny();
      }
      for (const diff of writes.tables) if (!bulk(diff.plan.table)) await writeTable(trx, diff);
      for (const diff of writes.links) if (!bulk(diff.plan.table)) await writeLinks(trx, diff);
      if (faculties.added.length + faculties.updated.length > 0) await importFaculties(trx, bundle.faculties ?? []);
      await writeSubmissions(trx, bundle, writes.submissions, at);
      // A server keeps an exam's prepared paper while the exam row's created_at stays (server/exams/paper-cache.ts):
      // an exam whose row or questions changed gets a new stamp, so every server prepares it again.
      await restamp(trx, [
        ...writes.tables.filter((d) => d.plan.table === 'exams').flatMap((d) => d.updates.map((u) => u.wanted.id)),
        ...writes.tables.filter((d) => d.plan.table === 'questions').flatMap((d) => [...d.inserts.map((i) => String(i.exam_id)), ...d.updates.map((u) => String(u.wanted.insert.exam_id))]),
      ], held, options.now);
    },
  };
  const rest: WriteStep[] = [
    ...writes.tables.filter((d) => bulk(d.plan.table)).flatMap((diff) => [
      ...stepsOf(diff.inserts, size, (trx, inserts) => writeTable(trx, { ...diff, inserts, updates: [] })),
      ...stepsOf(diff.updates, size, (trx, updates) => writeTable(trx, { ...diff, inserts: [], updates })),
    ]),
    ...writes.links.filter((d) => bulk(d.plan.table)).flatMap((diff) => stepsOf(diff.inserts, size, (trx, inserts) => writeLinks(trx, { ...diff, inserts }))),
  ];
  const removals: WriteStep = {
    rows: writes.removals.length,
    run: async (trx) => {
      await writeRemovals(trx, writes.removals, options.now);
      for (const examId of new Set(writes.retotal)) await retotal(trx, examId);
      await restamp(trx, writes.retotal, held, options.now);
    },
  };
  return [head, ...rest, ...(writes.removals.length ? [removals] : [])];
}

async function restamp(trx: Kysely<Database>, examIds: string[], held: Held, now: Date): Promise<void> {
  const ids = [...new Set(examIds)].filter((id) => held.exams.has(id));
  for (const part of chunks(ids)) await trx.updateTable('exams').set({ created_at: now.toISOString() }).where('id', 'in', part).execute();
}

/** Hashes the initial passwords of new accounts, each distinct password once (scrypt is slow by design). */
async function hashNewPasswords(bundle: Bundle, held: Held, options: ImportOptions): Promise<Map<string, string>> {
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password, options.scryptCost));
    return hashes.get(password)!;
  };
  const out = new Map<string, string>();
  const people = [...(bundle.students ?? []).filter((s) => !held.students.has(s.id!)), ...(bundle.staff ?? []).filter((s) => !held.staff.has(s.id))];
  for (const person of people) if (person.password && !options.dryRun) out.set(person.id!, await hashOf(person.password));
  return out;
}

/** Content students have worked through, or chapters the forum asks about, stay: unpublish them instead. */
async function checkRemovableContent(db: Kysely<Database>, removals: Removal[], problems: Problems): Promise<void> {
  for (const [i, r] of removals.entries()) {
    if (r.kind !== 'item' && r.kind !== 'content') continue;
    const contentIds = r.kind === 'content' ? [r.id!] : (await db.selectFrom('contents').select('id').where('item_id', '=', r.id!).execute()).map((c) => c.id);
    const done = contentIds.length ? Number((await db.selectFrom('completions').select((eb) => eb.fn.countAll<number>().as('n')).where('content_id', 'in', contentIds).executeTakeFirstOrThrow()).n) : 0;
    if (done) problems.add(`/remove/${i}`, `${r.kind} ${r.id} cannot be removed, ${done} students have completed it; set it unpublished instead`);
    if (r.kind === 'item') {
      const asked = Number((await db.selectFrom('forum_questions').select((eb) => eb.fn.countAll<number>().as('n')).where('chapter_id', '=', r.id!).executeTakeFirstOrThrow()).n);
      if (asked) problems.add(`/remove/${i}`, `item ${r.id} cannot be removed, ${asked} forum questions are asked about it`);
    }
  }
}

async function writeSubmissions(trx: Kysely<Database>, bundle: Bundle, submissions: NonNullable<Bundle['submissions']>, at: (v: string | undefined) => string): Promise<void> {
  const graded = new Set<string>();
  for (const sub of submissions) {
    const exam = bundle.exams!.find((e) => e.id === sub.examId)!;
    const assignment = exam.assignments!.find((a) => a.groupId === sub.groupId)!;
    const startedAt = at(sub.startedAt);
    const window = { startsAt: at(assignment.startsAt), endsAt: at(assignment.endsAt), duration: assignment.duration, isPracticeExam: exam.isPracticeExam === true };
    const attempt = {
      id: newId(), exam_id: sub.examId, group_id: sub.groupId, student_id: sub.studentId, started_at: startedAt,
      deadline_at: new Date(attemptEndMs(window, startedAt)).toISOString(), submitted_at: at(sub.submittedAt), set_code: null,
      candidate_category: sub.candidateCategory ?? null, faculty: sub.faculty ?? null, subject_name: sub.subjectName ?? null, round: 1, superseded_at: null,
      live: exam.isPracticeExam === true ? (0 as const) : (1 as const),
    };
    await trx.insertInto('attempts').values(attempt).execute();
    if (sub.answers.length) {
      await trx.insertInto('answers').values(sub.answers.map((a) => ({
        attempt_id: attempt.id, question_id: a.questionId, answer: writeJson(a.answer), extra: '[]', answer_index: null,
        client_timestamp: Date.parse(attempt.submitted_at), saved_at: attempt.submitted_at, offline: 0 as const,
      }))).execute();
    }
    const examRow = await trx.selectFrom('exams').selectAll().where('id', '=', sub.examId).executeTakeFirstOrThrow();
    await gradeAttempt(trx, examRow, attempt, new Date(attempt.submitted_at));
    graded.add(sub.examId);
  }
  // Past live exams imported as published get their merit list fixed, as publishing does.
  for (const exam of bundle.exams ?? []) {
    if (graded.has(exam.id) && !exam.isPracticeExam && (exam.assignments ?? []).some((a) => a.resultPublished)) await fixMeritList(trx, exam.id);
  }
}

async function writeRemovals(trx: Kysely<Database>, removals: Removal[], now: Date): Promise<void> {
  for (const r of removals) {
    if (r.kind === 'membership') await trx.deleteFrom('group_members').where('group_id', '=', r.groupId!).where('student_id', '=', r.studentId!).execute();
    if (r.kind === 'assignment') await trx.updateTable('exam_assignments').set({ removed_at: now.toISOString() }).where('exam_id', '=', r.examId!).where('group_id', '=', r.groupId!).where('removed_at', 'is', null).execute();
    if (r.kind === 'content') await trx.deleteFrom('contents').where('id', '=', r.id!).execute();
    if (r.kind === 'item') {
      // Exam questions of a removed chapter lead to their subject again (their exams stamped anew, as an import's changes).
      const exams = (await trx.selectFrom('questions').select('exam_id').distinct().where('chapter_id', '=', r.id!).execute()).map((q) => q.exam_id);
      if (exams.length) {
        await trx.updateTable('questions').set({ chapter_id: null }).where('chapter_id', '=', r.id!).execute();
        await trx.updateTable('exams').set({ created_at: now.toISOString() }).where('id', 'in', exams).execute();
      }
      await trx.deleteFrom('group_items').where('item_id', '=', r.id!).execute();
      await trx.deleteFrom('contents').where('item_id', '=', r.id!).execute();
      await trx.deleteFrom('items').where('id', '=', r.id!).execute();
    }
    if (r.kind === 'question') await trx.deleteFrom('questions').where('id', '=', r.id!).execute();
    if (r.kind === 'exam') {
      await trx.deleteFrom('segmented_selections').where('exam_id', '=', r.id!).execute();
      await trx.deleteFrom('questions').where('exam_id', '=', r.id!).execute();
      await trx.deleteFrom('exam_assignments').where('exam_id', '=', r.id!).execute();
      await trx.deleteFrom('exams').where('id', '=', r.id!).execute();
    }
  }
}

/** An exam's total after questions are removed: the sum of the points left (a segmented exam keeps its own rule). */
async function retotal(trx: Kysely<Database>, examId: string): Promise<void> {
  const exam = await trx.selectFrom('exams').select(['is_segmented']).where('id', '=', examId).executeTakeFirst();
  if (!exam || Number(exam.is_segmented) === 1) return;
  const row = await trx.selectFrom('questions').select((eb) => eb.fn.sum<number>('point').as('total')).where('exam_id', '=', examId).executeTakeFirst();
  await trx.updateTable('exams').set({ total_marks: Math.round(Number(row?.total ?? 0) * 100) / 100 }).where('id', '=', examId).execute();
}

/** The report in the words the command line prints. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(report.dryRun ? 'Dry run: nothing was written. The import would make these changes:' : report.changed ? 'Imported:' : 'Nothing to import: the academy already holds all of it, nothing changed.');
  if (report.dryRun && !report.changed) lines.splice(0, 1, 'Dry run: the academy already holds all of it, importing would change nothing.');
  for (const line of report.summary) lines.push(`  ${line}`);
  if (report.summary.length) lines.push('  By kind:');
  for (const [name, k] of Object.entries(report.kinds)) {
    if (k.added + k.updated + k.unchanged + k.removed === 0) continue;
    const parts = [`${k.added} added`, `${k.updated} updated`, `${k.unchanged} unchanged`];
    if (k.removed) parts.push(`${k.removed} removed`);
    lines.push(`  ${name}: ${parts.join(', ')}`);
    for (const c of k.changes.filter((c) => c.action !== 'added' || k.added <= 20).slice(0, 50)) {
      lines.push(`    ${c.action} ${c.label}${c.fields ? `: ${c.fields.join(', ')}` : ''}`);
    }
    if (k.changes.length > 50) lines.push(`    … and ${k.changes.length - 50} more`);
  }
  if (report.instructionsCleaned) lines.push(`  ${report.instructionsCleaned} exam instructions lost something the rich-text rule does not allow (a script, a handler, a frame).`);
  return lines.join('\n');
}

export type { Bundle };
