// From a result to learning: where the student studies each question (the "Study: …" link of the
// result: its own chapter's tab that has something, else its subject's chapters, else nowhere), and the strength per subject over the student's newest published results (the
// scoreboard's bars). Both read only what the student may see: their batches' chapters, and results
// that are visible to them (practice at once, live once published).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson } from '../db/json.js';
import { roundMarks, type QuestionScore } from '../../src/domain/scoring.js';
import { STRENGTH_EXAMS, type StudyPlace, type SubjectStrengths } from '../../src/contracts/results.js';
import { courseIsReachable, itemInBatch, visibleContent } from '../content/queries.js';
import { subjectNames } from '../exams/queries.js';
import { newestResultLines } from './queries.js';

/** A question as its study place needs it: its subject and the chapter the import gave it. */
export interface StudiedQuestion {
  id: string;
  subject_id: string | null;
  chapter_id: string | null;
}

/**
 * The study place of each question (by question id) whose subject belongs to the course, when one of
 * the student's batches reaches the course. A question whose chapter (set by the import) is one the
 * student's batches reach, of the question's subject, is studied in that chapter. A question without a
 * chapter names one only when the student's batches reach exactly one chapter of its subject (it is
 * then where the subject is studied). Otherwise, and for a question whose own chapter the batches do
 * not reach (never another chapter in its stead), the place leads to the subject's chapters.
 */
export async function studyPlaces(db: Kysely<Database>, studentId: string, courseId: string, questions: StudiedQuestion[]): Promise<Map<string, StudyPlace>> {
  const wanted = [...new Set(questions.flatMap((q) => (q.subject_id ? [q.subject_id] : [])))];
  if (wanted.length === 0 || !(await courseIsReachable(db, studentId, courseId))) return new Map();
  const subjects = await db.selectFrom('subjects').select(['id', 'name']).where('id', 'in', wanted).where('course_id', '=', courseId).execute();
  if (subjects.length === 0) return new Map();
  const chapters = await db
    .selectFrom('items')
    .select(['id', 'name', 'subject_id'])
    .where('item_type', '=', 'chapter')
    .where('subject_id', 'in', subjects.map((s) => s.id))
    .where(itemInBatch(studentId))
    .execute();
  const tabs = await studyTabs(db, chapters.map((c) => c.id));
  const subjectById = new Map(subjects.map((s) => [s.id, s]));
  const places = new Map<string, StudyPlace>();
  for (const question of questions) {
    const subject = question.subject_id ? subjectById.get(question.subject_id) : undefined;
    if (!subject) continue;
    const reached = chapters.filter((c) => c.subject_id === subject.id);
    const chapter = question.chapter_id ? reached.find((c) => c.id === question.chapter_id) : reached.length === 1 ? reached[0] : undefined;
    const studyTab = (chapter && tabs.get(chapter.id)) ?? (reached.some((c) => tabs.has(c.id)) ? 'chapters' : null);
    places.set(question.id, { courseId, subjectId: subject.id, subjectName: subject.name, chapterId: chapter?.id ?? null, chapterName: chapter?.name ?? null, studyTab });
  }
  return places;
}

/** The tab of each chapter that has something a student may see: Videos when it has a video, else Notes; chapters with nothing are left out. */
async function studyTabs(db: Kysely<Database>, chapterIds: string[]): Promise<Map<string, 'videos' | 'notes'>> {
  if (chapterIds.length === 0) return new Map();
  const rows = await db.selectFrom('contents').select(['item_id', 'type']).distinct().where('item_id', 'in', chapterIds).where(visibleContent).execute();
  const tabs = new Map<string, 'videos' | 'notes'>();
  for (const row of rows) if (row.type === 'video' || !tabs.has(row.item_id)) tabs.set(row.item_id, row.type === 'video' ? 'videos' : 'notes');
  return tabs;
}

/**
 * The share of marks per subject over the student's newest STRENGTH_EXAMS visible results (of one
 * course when given): net marks over full marks of each subject's questions, strongest first. Written
 * answers still waiting for a teacher's marks, questions without a subject and dropped questions (no
 * full marks) are left out.
 */
export async function subjectStrengths(db: Kysely<Database>, studentId: string, courseId: string | undefined): Promise<SubjectStrengths> {
  const { results, questionSubjects } = await newestResultLines(db, studentId, courseId, STRENGTH_EXAMS);
  const sums = new Map<string, { obtained: number; total: number }>();
  for (const result of results) {
    for (const line of readJson<QuestionScore[]>(result.detail, [])) {
      const subjectId = questionSubjects.get(line.questionId) ?? result.subject_id;
      if (!subjectId || line.pendingReview || !(line.total > 0)) continue;
      const sum = sums.get(subjectId) ?? { obtained: 0, total: 0 };
      sum.obtained = roundMarks(sum.obtained + line.marks - line.negativeMarks);
      sum.total = roundMarks(sum.total + line.total);
      sums.set(subjectId, sum);
    }
  }
  const names = await subjectNames(db, [...sums.keys()]);
  const subjects = [...sums].map(([subjectId, sum]) => ({
    subjectId,
    subjectName: names.get(subjectId) || null,
    marksObtained: sum.obtained,
    totalMarks: sum.total,
    percent: Math.round((sum.obtained / sum.total) * 1000) / 10,
  }));
  subjects.sort((a, b) => b.percent - a.percent || (a.subjectName ?? '').localeCompare(b.subjectName ?? ''));
  return { exams: results.length, subjects };
}
