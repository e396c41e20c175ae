// From a result to learning: where the student studies each question's subject (the "Study: …" link
// of the result), and the strength per subject over the student's newest published results (the
// scoreboard's bars). Both read only what the student may see: their batches' chapters, and results
// that are visible to them (practice at once, live once published).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson } from '../db/json.js';
import { roundMarks, type QuestionScore } from '../../src/domain/scoring.js';
import { STRENGTH_EXAMS, type StudyPlace, type SubjectStrengths } from '../../src/contracts/results.js';
import { courseIsReachable, itemInBatch } from '../content/queries.js';
import { subjectNames } from '../exams/queries.js';
import { newestResultLines } from './queries.js';

/**
 * The study place of each subject of `subjectIds` that belongs to the course, when one of the
 * student's batches reaches the course. Questions carry a subject, not a chapter: the place names a
 * chapter only when the student's batches reach exactly one chapter of the subject (it is then where
 * the subject is studied); otherwise it leads to the subject's chapters.
 */
export async function studyPlaces(db: Kysely<Database>, studentId: string, courseId: string, subjectIds: string[]): Promise<Map<string, StudyPlace>> {
  const wanted = [...new Set(subjectIds)];
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
  return new Map(
    subjects.map((subject) => {
      const own = chapters.filter((c) => c.subject_id === subject.id);
      const only = own.length === 1 ? own[0]! : null;
      return [subject.id, { courseId, subjectId: subject.id, subjectName: subject.name, chapterId: only?.id ?? null, chapterName: only?.name ?? null }];
    }),
  );
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
