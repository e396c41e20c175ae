// Filled example sheets a teacher copies (`npm run academy -- template exam|students|content`): next
// week's exam of the demo academy with every question type, a batch's new students, a subject's new
// lecture, chapter and question-solve item. The ids left empty are made from the names on import.
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { Bundle } from '../db/seed/bundle.js';
import { DEFAULT_ACADEMY_TIME_ZONE } from '../../src/domain/academyTime.js';
import { readBundle } from './read.js';
import { contentRows, examWorkbook, studentRows, workbook } from './sheets.js';

export const TEMPLATE_KINDS = ['exam', 'students', 'content'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

const demoPath = path.join(path.dirname(new URL(import.meta.url).pathname), '../db/seed/demo');
const MORNING_BATCH = '900000000000000000000001';
const COURSE = 'c00000000000000000000001';
const PHYSIOLOGY = '500000000000000000000002';
const CARDIOVASCULAR_SYSTEM = 'ca0000000000000000000004';

/** The demo academy's exams, as the JSON bundle holds them (times relative to the import). */
export const demoExams = () => (readBundle(demoPath) as Bundle).exams ?? [];

/** Next week's day at an hour, on the academy's clock, as a teacher writes it: 2026-12-03 10:00. */
const nextWeek = (hour: number) => DateTime.now().setZone(DEFAULT_ACADEMY_TIME_ZONE).plus({ weeks: 1 }).set({ hour, minute: 0 }).toFormat('yyyy-MM-dd HH:mm');

export async function template(kind: TemplateKind): Promise<Buffer> {
  if (kind === 'exam') {
    const demo = demoExams().find((e) => e.id === 'e10000000000000000000001')!;
    const questions = [
      ...demo.questions.map((q) => ({ ...q, id: '' })),
      { id: '', type: 'MCQ' as const, title: 'হৃদপিণ্ডের কোন প্রকোষ্ঠ থেকে অক্সিজেনযুক্ত রক্ত মহাধমনীতে যায়?', point: 1, options: ['ডান অলিন্দ', 'ডান নিলয়', 'বাম অলিন্দ', 'বাম নিলয়'], answer: [3], explanation: 'বাম নিলয় রক্ত মহাধমনীতে পাম্প করে।', chapterId: CARDIOVASCULAR_SYSTEM },
    ];
    return examWorkbook([{
      ...demo, id: '', title: 'Weekly Live Test: Week 2 (example)', questions,
      assignments: [{ groupId: MORNING_BATCH, startsAt: nextWeek(10), endsAt: nextWeek(12), duration: 60, cutMarks: 4, multipleTimesSubmission: false }],
    }]);
  }
  if (kind === 'students') {
    return workbook([['Students', studentRows([
      { name: 'Farhana Akter', sid: 'MA26-0101', phone: '01700000101', session: '2025-26', branch: { name: 'Farmgate', division: 'Dhaka' }, SSCGPA: 5, HSCGPA: 4.9, groups: [MORNING_BATCH] },
      { name: 'তানভীর হাসান', sid: 'MA26-0102', phone: '01700000102', session: '2025-26', branch: { name: 'Chattogram', division: 'Chattogram' }, groups: [MORNING_BATCH] },
      { name: 'Sadia Islam', sid: 'MA26-0103', phone: '01700000103', session: '2025-26', password: 'first-sign-in', groups: [MORNING_BATCH] },
    ])]]);
  }
  return workbook([['Content', contentRows([{
    id: COURSE,
    subjects: [{
      id: PHYSIOLOGY,
      lectures: [{ id: '', name: 'Physiology Lecture: Cardiac Output', description: 'Week 2 class', contents: [
        { id: '', type: 'video', title: 'Cardiac Output: Full Class', url: 'https://www.youtube.com/embed/abc123xyz00', videoKind: 'youtube', isPublished: true },
        { id: '', type: 'file', title: 'Cardiac Output Handout', key: 'notes/cardiac-output.pdf', isPublished: true },
      ] }],
      chapters: [{ id: '', name: 'হৃদচক্র (Cardiac Cycle)', contents: [{ id: '', type: 'file', title: 'Chapter notes', key: 'notes/cardiac-cycle.pdf' }] }],
      questionSolves: [{ id: '', name: 'Question Solve: Week 2 Live Test', contents: [{ id: '', type: 'video', title: 'Solving the Week 2 test', url: 'https://www.youtube.com/embed/def456uvw11', videoKind: 'youtube' }] }],
    }],
  }])]]);
}

export async function writeTemplate(kind: TemplateKind, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, await template(kind));
}

/** The demo academy's exams as one workbook (docs/examples/demo-exams.xlsx): it imports into the demo academy as a no-op. */
export const demoExamsWorkbook = () => examWorkbook(demoExams());
