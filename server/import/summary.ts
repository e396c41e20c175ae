// What an import changes, in people's words, for the check and the history: "adds Weekly Live Test:
// Renal (Week 49) to MBBS 2026 Morning Batch, 03 Dec 2026 | 10:00 am – 12:00 pm, 20 questions". The
// counts by kind stay beside it; this names the exams, batches and subjects the counts are made of.
import type { Removal } from '../db/seed/bundle.js';
import { formatAcademyTime, formatClockTime } from '../../src/domain/academyTime.js';
import type { LinkDiff, TableDiff } from './diff.js';

export interface SummaryNames {
  exam(id: string): string;
  batch(id: string): string;
  subject(id: string): string;
  /** Questions an exam has after the import. */
  questions(examId: string): number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const joined = (parts: string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`);

/** "03 Dec 2026 | 10:00 am – 12:00 pm", the end's day written only when it is another. */
export function timeRange(start: string, end: string): string {
  const from = formatAcademyTime(start);
  const to = formatAcademyTime(end);
  return from.split(' | ')[0] === to.split(' | ')[0] ? `${from} – ${formatClockTime(end)}` : `${from} – ${to}`;
}

const SCHEDULE_NAMES: Record<string, string> = { starts_at: 'start', ends_at: 'end', duration: 'duration', cut_marks: 'cut marks', multiple_times_submission: 'multiple submissions' };
const ITEM_WORDS: Record<string, [string, string]> = { chapter: ['chapter', 'chapters'], lecture: ['lecture', 'lectures'], 'question-solve': ['question-solve item', 'question-solve items'] };

export function summarize(tables: TableDiff[], links: LinkDiff[], removals: Removal[], names: SummaryNames): string[] {
  const lines: string[] = [];
  const of = (table: string) => tables.filter((d) => d.plan.table === table);
  const newExams = new Set(of('exams').flatMap((d) => d.inserts.map((i) => String(i.id))));
  const scheduled = new Set<string>();
  for (const d of of('exam_assignments')) {
    for (const i of d.inserts) {
      const exam = String(i.exam_id);
      scheduled.add(exam);
      lines.push(`adds ${names.exam(exam)} to ${names.batch(String(i.group_id))}, ${timeRange(String(i.starts_at), String(i.ends_at))}, ${plural(names.questions(exam), 'question')}`);
    }
    for (const u of d.updates) {
      const exam = String(u.wanted.insert.exam_id);
      const batch = names.batch(String(u.wanted.insert.group_id));
      if (u.fields.includes('starts_at') || u.fields.includes('ends_at')) lines.push(`moves ${names.exam(exam)} for ${batch} to ${timeRange(String(u.wanted.insert.starts_at), String(u.wanted.insert.ends_at))}`);
      const other = u.fields.filter((f) => f !== 'starts_at' && f !== 'ends_at').map((f) => SCHEDULE_NAMES[f] ?? f);
      if (other.length) lines.push(`changes the ${joined(other)} of ${names.exam(exam)} for ${batch}`);
    }
  }
  for (const exam of newExams) if (!scheduled.has(exam)) lines.push(`adds ${names.exam(exam)}, ${plural(names.questions(exam), 'question')}, given to no batch yet`);
  for (const d of of('exams')) {
    for (const u of d.updates) {
      const fields = u.fields.filter((f) => f !== 'total_marks').map((f) => f.replace(/_/g, ' '));
      lines.push(fields.length ? `changes the ${joined(fields)} of ${names.exam(u.wanted.id)}` : `changes the total marks of ${names.exam(u.wanted.id)}`);
    }
  }
  // Questions of exams the academy held already (a new exam's are counted in its line above).
  const questionChanges = new Map<string, { added: number; updated: number }>();
  for (const d of of('questions')) {
    for (const i of d.inserts) if (!newExams.has(String(i.exam_id))) (questionChanges.get(String(i.exam_id)) ?? questionChanges.set(String(i.exam_id), { added: 0, updated: 0 }).get(String(i.exam_id))!).added++;
    for (const u of d.updates) { const e = String(u.wanted.insert.exam_id); (questionChanges.get(e) ?? questionChanges.set(e, { added: 0, updated: 0 }).get(e)!).updated++; }
  }
  for (const [exam, n] of questionChanges) {
    const parts = [n.added ? `adds ${plural(n.added, 'question')}` : '', n.updated ? `changes ${plural(n.updated, 'question')}` : ''].filter(Boolean);
    lines.push(`${parts.join(' and ')} of ${names.exam(exam)}`);
  }
  const newStudents = new Set(of('students').flatMap((d) => d.inserts.map((i) => String(i.id))));
  const joining = new Map<string, { all: number; fresh: number }>();
  const placed = new Set<string>();
  for (const d of links.filter((l) => l.plan.table === 'group_members')) {
    for (const row of d.inserts) {
      const g = String(row.group_id);
      const n = joining.get(g) ?? joining.set(g, { all: 0, fresh: 0 }).get(g)!;
      n.all++;
      if (newStudents.has(String(row.student_id))) n.fresh++;
      placed.add(String(row.student_id));
    }
  }
  for (const [group, n] of joining) lines.push(`adds ${plural(n.all, 'student')} to ${names.batch(group)}${n.fresh === n.all ? '' : n.fresh ? ` (${n.fresh} of them new to the academy)` : ' (all of them in the academy already)'}`);
  const unplaced = [...newStudents].filter((s) => !placed.has(s)).length;
  if (unplaced) lines.push(`adds ${plural(unplaced, 'student')} in no batch`);
  const studentUpdates = of('students').reduce((n, d) => n + d.updates.length, 0);
  if (studentUpdates) lines.push(`changes the details of ${plural(studentUpdates, 'student')}`);
  const itemsBySubject = new Map<string, Map<string, number>>();
  for (const d of of('items')) {
    for (const i of d.inserts) {
      const s = String(i.subject_id);
      const kinds = itemsBySubject.get(s) ?? itemsBySubject.set(s, new Map()).get(s)!;
      kinds.set(String(i.item_type), (kinds.get(String(i.item_type)) ?? 0) + 1);
    }
  }
  for (const [subject, kinds] of itemsBySubject) lines.push(`adds ${joined([...kinds].map(([k, n]) => plural(n, ...(ITEM_WORDS[k] ?? [k, `${k}s`]) as [string, string])))} to ${names.subject(subject)}`);
  const itemUpdates = of('items').reduce((n, d) => n + d.updates.length, 0);
  if (itemUpdates) lines.push(`changes ${plural(itemUpdates, 'chapter, lecture or question-solve item', 'chapters, lectures and question-solve items')}`);
  const contents = of('contents').reduce((n, d) => ({ added: n.added + d.inserts.length, updated: n.updated + d.updates.length }), { added: 0, updated: 0 });
  if (contents.added) lines.push(`adds ${plural(contents.added, 'video or note', 'videos and notes')}`);
  if (contents.updated) lines.push(`changes ${plural(contents.updated, 'video or note', 'videos and notes')}`);
  const leaving = new Map<string, number>();
  for (const r of removals) {
    if (r.kind === 'membership') leaving.set(r.groupId!, (leaving.get(r.groupId!) ?? 0) + 1);
    if (r.kind === 'assignment') lines.push(`takes ${names.exam(r.examId!)} from ${names.batch(r.groupId!)}`);
    if (r.kind === 'exam') lines.push(`removes ${names.exam(r.id!)}`);
  }
  for (const [group, n] of leaving) lines.push(`takes ${plural(n, 'student')} out of ${names.batch(group)}`);
  const others = removals.filter((r) => r.kind === 'question' || r.kind === 'item' || r.kind === 'content');
  if (others.length) lines.push(`removes ${plural(others.length, 'question, chapter, lecture or content', 'questions, chapters, lectures and contents')}`);
  // Kinds a sheet seldom holds (courses, subjects, batches, staff, the forum), by their counts.
  const told = new Set(['exams', 'exam_assignments', 'questions', 'students', 'items', 'contents']);
  for (const d of tables.filter((t) => !told.has(t.plan.table))) {
    const parts = [d.inserts.length ? `adds ${plural(d.inserts.length, d.plan.kind)}` : '', d.updates.length ? `changes ${plural(d.updates.length, d.plan.kind)}` : ''].filter(Boolean);
    if (parts.length) lines.push(parts.join(' and '));
  }
  return lines;
}
