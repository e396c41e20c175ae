// The forum benchmark's academy, shared by `bench:forum` and `bench:desk`: one course of 40 chapters,
// 2,000 students in one batch, a teacher of the course, and any number of questions (each a sentence of
// medical words in English or in Bengali, with likes and replies counted; a teacher has replied to a
// sixth of them), written directly.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../server/db/schema.js';
import { insertChunked } from './bench-server.js';

export const STUDENTS = 2_000;
export const CHAPTERS = 40;

export const COURSE = 'c0f0000000000000000000f1';
const SUBJECTS = ['50f0000000000000000000f1', '50f0000000000000000000f2'];
export const GROUP = '90f0000000000000000000f1';
export const hex = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, '0')}`;
export const chapterId = (i: number) => hex('caf', i);
export const studentId = (i: number) => hex('5f', i);
export const TEACHER = 'af0000000000000000000001';

const ENGLISH = [
  'heart', 'failure', 'kidney', 'renin', 'nerve', 'lesion', 'enzyme', 'insulin', 'glucose', 'thyroid', 'murmur', 'valve',
  'artery', 'vein', 'pressure', 'oxygen', 'lung', 'liver', 'bile', 'fever', 'infection', 'antibiotic', 'dose', 'muscle',
  'bone', 'fracture', 'anaemia', 'platelet', 'clotting', 'hormone', 'receptor', 'channel', 'sodium', 'potassium', 'calcium', 'reflex',
];
const BENGALI = [
  'হৃদপিণ্ড', 'রক্ত', 'কিডনি', 'স্নায়ু', 'এনজাইম', 'ইনসুলিন', 'গ্লুকোজ', 'চাপ', 'ফুসফুস', 'যকৃত', 'জ্বর', 'সংক্রমণ',
  'ওষুধ', 'মাত্রা', 'পেশি', 'হাড়', 'রক্তাল্পতা', 'হরমোন', 'লবণ', 'ব্যাখ্যা', 'কেন', 'কিভাবে', 'পার্থক্য', 'লক্ষণ',
];
/** A word that occurs in about one question of 2,000: the rare search. */
export const RARE = 'pheochromocytoma';

/** A deterministic spread of numbers in [0, 1), so every run measures the same data. */
export const spread = (i: number, salt: number) => ((i * 7919 + salt * 104_729) % 10_007) / 10_007;

function sentence(i: number): string {
  const bengali = i % 3 === 0;
  const pool = bengali ? BENGALI : ENGLISH;
  const words = Array.from({ length: 8 + (i % 7) }, (_, w) => pool[Math.floor(spread(i, w + 11) * pool.length)]!);
  if (i % 2_000 === 7) words.splice(3, 0, RARE);
  return bengali ? `${words.join(' ')} ব্যাখ্যা করুন। (${i})` : `Why does ${words.join(' ')} matter here? (${i})`;
}

export function benchBundle() {
  return {
    courses: [
      {
        id: COURSE,
        name: 'Forum Benchmark Course',
        subjects: SUBJECTS.map((id, s) => ({
          id,
          name: `Subject ${s + 1}`,
          chapters: Array.from({ length: CHAPTERS / 2 }, (_, c) => ({ id: chapterId(s * (CHAPTERS / 2) + c), name: `Topic ${s * (CHAPTERS / 2) + c + 1}` })),
        })),
      },
    ],
    groups: [{ id: GROUP, name: 'Forum Benchmark Batch', courseId: COURSE, items: 'all' }],
    staff: [{ id: TEACHER, name: 'Bench Teacher', username: 'bench-teacher', role: 'teacher', password: 'bench-teacher-pass', courseIds: [COURSE] }],
  };
}

export async function seedQuestions(db: Kysely<Database>, questionCount: number): Promise<void> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const students: Insertable<Database['students']>[] = [];
  const members: Insertable<Database['group_members']>[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    students.push({ id: studentId(i), name: `Student ${i + 1}`, sid: `FB-${i + 1}`, username: `88015${String(i).padStart(8, '0')}`, created_at: iso(now) });
    members.push({ group_id: GROUP, student_id: studentId(i) });
  }
  const questions: Insertable<Database['forum_questions']>[] = [];
  const replies: Insertable<Database['forum_comments']>[] = [];
  for (let i = 0; i < questionCount; i += 1) {
    const chapter = i % CHAPTERS;
    const created = iso(now - (questionCount - i) * 60_000);
    const answers = Math.floor(spread(i, 1) * 4);
    questions.push({
      id: hex('fb', i), student_id: studentId(i % STUDENTS), course_id: COURSE, subject_id: SUBJECTS[chapter < CHAPTERS / 2 ? 0 : 1]!, chapter_id: chapterId(chapter),
      question_description: sentence(i), media: '[]', status: 'OPEN', created_at: created, updated_at: created,
      likes: Math.floor(spread(i, 2) * 30), answers, teacher_replied: answers && i % 3 === 1 ? 1 : 0, last_activity_at: answers ? iso(now - (questionCount - i) * 60_000 + 3_600_000) : created,
    });
    // The last reply of a third of the answered questions is a teacher's.
    if (answers && i % 3 === 1) {
      const at = iso(now - (questionCount - i) * 60_000 + 3_600_000);
      replies.push({ id: hex('fc', i), question_id: hex('fb', i), user_id: TEACHER, user_type: 'Admin', reply: 'See the chapter notes.', media: '[]', created_at: at, updated_at: at });
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertChunked(trx, 'students', students);
    await insertChunked(trx, 'group_members', members);
    await insertChunked(trx, 'forum_questions', questions);
    await insertChunked(trx, 'forum_comments', replies);
  });
}
