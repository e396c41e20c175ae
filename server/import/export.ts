// The academy written back out in the staff's sheets: exams (settings, batches, questions), students
// with their batches, and content. Importing what the export wrote changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Bundle } from '../db/seed/bundle.js';
import type { Database } from '../db/schema.js';
import type { QuestionType } from '../../src/contracts/exams.js';
import { readJson } from '../db/json.js';
import { contentRows, examWorkbook, studentRows, workbook } from './sheets.js';

type Exam = NonNullable<Bundle['exams']>[number];
type Course = NonNullable<Bundle['courses']>[number];
type Student = NonNullable<Bundle['students']>[number];
const LISTS = { chapter: 'chapters', lecture: 'lectures', 'question-solve': 'questionSolves' } as const;

const optional = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

export async function exportExams(db: Kysely<Database>): Promise<Exam[]> {
  const exams = await db.selectFrom('exams').selectAll().orderBy('created_at').orderBy('id').execute();
  const questions = await db.selectFrom('questions').selectAll().orderBy('exam_id').orderBy('position').execute();
  const assignments = await db.selectFrom('exam_assignments').selectAll().where('removed_at', 'is', null).orderBy('starts_at').execute();
  return exams.map((e) => ({
    id: e.id, title: e.title, courseId: e.course_id, subjectId: optional(e.subject_id),
    isPracticeExam: Number(e.is_practice) === 1, isSegmentedExam: Number(e.is_segmented) === 1 || undefined,
    instruction: optional(e.instruction), passMark: Number(e.pass_mark), negativeMark: Number(e.negative_mark),
    segmentedExamDetails: readJson(e.segmented_details, undefined),
    gpaFactor: readJson(e.gpa_factor, undefined),
    questions: questions.filter((q) => q.exam_id === e.id).map((q) => ({
      id: q.id, type: q.type as QuestionType, title: q.title, point: Number(q.point),
      options: readJson<string[]>(q.options, []), optionType: readJson<Record<string, 'image'>>(q.option_type, {}),
      answer: readJson<(string | number)[]>(q.answer, []), image: readJson<string[]>(q.image, []), file: readJson<string[]>(q.file, []),
      explanation: optional(q.explanation), explanationExt: readJson<string[]>(q.explanation_ext, []), notes: optional(q.notes), subjectId: optional(q.subject_id),
      chapterId: optional(q.chapter_id),
    })),
    assignments: assignments.filter((a) => a.exam_id === e.id).map((a) => ({
      id: a.id, groupId: a.group_id, startsAt: a.starts_at, endsAt: a.ends_at, duration: Number(a.duration),
      cutMarks: a.cut_marks === null ? undefined : Number(a.cut_marks), multipleTimesSubmission: Number(a.multiple_times_submission) === 1,
      resultPublished: Number(a.result_published) === 1,
    })),
  }));
}

export async function exportStudents(db: Kysely<Database>): Promise<Student[]> {
  const students = await db.selectFrom('students').selectAll().orderBy('created_at').orderBy('id').execute();
  const members = new Map<string, string[]>();
  for (const m of await db.selectFrom('group_members').select(['group_id', 'student_id']).orderBy('group_id').execute()) {
    (members.get(m.student_id) ?? members.set(m.student_id, []).get(m.student_id)!).push(m.group_id);
  }
  return students.map((s) => ({
    id: s.id, name: s.name, sid: s.sid, phone: s.username.replace(/^88/, ''), contact: optional(s.contact), session: optional(s.session),
    branch: s.branch_name || s.branch_division ? { name: s.branch_name ?? '', division: s.branch_division ?? '' } : undefined,
    SSCGPA: s.ssc_gpa === null ? undefined : Number(s.ssc_gpa), HSCGPA: s.hsc_gpa === null ? undefined : Number(s.hsc_gpa),
    groups: members.get(s.id),
  }));
}

export async function exportContent(db: Kysely<Database>): Promise<Course[]> {
  const courses = await db.selectFrom('courses').selectAll().orderBy('position').execute();
  const subjects = await db.selectFrom('subjects').selectAll().orderBy('position').execute();
  const items = await db.selectFrom('items').selectAll().orderBy('position').execute();
  const contents = await db.selectFrom('contents').selectAll().orderBy('position').execute();
  return courses.map((c) => ({
    id: c.id,
    subjects: subjects.filter((s) => s.course_id === c.id).map((s) => {
      const subject: NonNullable<Course['subjects']>[number] = { id: s.id };
      for (const item of items.filter((i) => i.subject_id === s.id)) {
        (subject[LISTS[item.item_type]] ??= []).push({
          id: item.id, name: item.name, description: optional(item.description),
          contents: contents.filter((k) => k.item_id === item.id).map((k) => ({
            id: k.id, type: k.type, title: k.title, url: optional(k.url), key: optional(k.key), thumbnail: optional(k.thumbnail),
            videoKind: optional(k.video_kind) as never, isPublished: Number(k.is_published) === 1,
          })),
        });
      }
      return subject;
    }),
  }));
}

/** Writes exams.xlsx, students.xlsx and content.xlsx into the folder; returns the files written. */
export async function exportAcademy(db: Kysely<Database>, folder: string): Promise<string[]> {
  fs.mkdirSync(folder, { recursive: true });
  const files: [string, Buffer][] = [
    ['exams.xlsx', await examWorkbook(await exportExams(db))],
    ['students.xlsx', await workbook([['Students', studentRows(await exportStudents(db))]])],
    ['content.xlsx', await workbook([['Content', contentRows(await exportContent(db))]])],
  ];
  for (const [name, data] of files) fs.writeFileSync(path.join(folder, name), data);
  return files.map(([name]) => path.join(folder, name));
}
