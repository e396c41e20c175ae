// Filled example sheets a teacher copies (`npm run academy -- template exam|students|content`): next
// week's exam of the demo academy with every question type, a batch's new students, a subject's new
// lecture, chapter and question-solve item. The ids left empty are made from the names on import.
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { Bundle } from '../db/seed/bundle.js';
import { DEFAULT_ACADEMY_TIME_ZONE } from '../../src/domain/academyTime.js';
import { readBundle } from './read.js';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { BATCH_COLUMNS, CONTENT_COLUMNS, contentRows, examWorkbook, QUESTION_COLUMNS, studentRows, workbook } from './sheets.js';
import { loadNames, phoneTaken } from './queries.js';
import type { AcademyNames } from './names.js';
import { TEMPLATE_KINDS, type TemplateKind } from '../../src/contracts/import.js';
import { IMPORT_COLUMN_GUIDE } from '../../src/contracts/importColumns.js';

export { TEMPLATE_KINDS, type TemplateKind };

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

// ---------------------------------------------------------------------------------------------------
// Templates built from the academy itself (the desk's "Download template" and the command line's
// `template`): its own courses, subjects, chapters and batches, one filled example row, drop-down lists
// (data validation) for the course, subject, chapter, batch and question type columns, and a Columns
// sheet explaining every column. The lists' values stand on a visible Lists sheet, as the import refuses
// hidden sheets; the import leaves the Lists and Columns sheets alone (sheets.ts TEMPLATE_GUIDE_SHEETS).

const QUESTION_TYPE_LIST = ['MCQ', 'checkbox', 'MCA', 'shortAns', 'paragraph'];
/** Rows below the header that get the drop-down lists. */
const LIST_ROWS = 500;
const unique = (names: string[]) => [...new Set(names)].sort((a, b) => a.localeCompare(b));

/** The academy's course, subject, chapter and batch for the example row: the first course with a batch and a subject. */
function exampleOf(names: AcademyNames) {
  const course = names.courses.find((c) => names.batches.some((b) => b.owner === c.id) && names.subjects.some((s) => s.owner === c.id)) ?? names.courses[0];
  const subjects = names.subjects.filter((s) => s.owner === course?.id);
  const subject = subjects.find((s) => names.chapters.some((c) => c.owner === s.id)) ?? subjects[0];
  return {
    course: course?.name ?? 'the course title',
    subject: subject?.name ?? 'the subject name',
    chapter: names.chapters.find((c) => c.owner === subject?.id)?.name ?? '',
    batch: names.batches.find((b) => b.owner === course?.id)?.name ?? 'the batch name',
  };
}

/** A template built from the academy's names, with its drop-down lists and column guide. */
export async function academyTemplate(db: Kysely<Database>, kind: TemplateKind, now: Date): Promise<Buffer> {
  const names = await loadNames(db);
  const example = exampleOf(names);
  const lists: [string, string[]][] = [
    ['course', unique(names.courses.map((c) => c.name))],
    ['subject', unique(names.subjects.map((s) => s.name))],
    ['chapter', unique(names.chapters.map((c) => c.name))],
    ['batch', unique(names.batches.map((b) => b.name))],
    ['question type', QUESTION_TYPE_LIST],
  ];
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string, rows: string[][], header = true) => {
    const ws = wb.addWorksheet(name);
    for (const row of rows) ws.addRow(row);
    if (header) ws.getRow(1).font = { bold: true };
    ws.columns.forEach((column) => {
      column.numFmt = '@';
      column.width = 20;
    });
    return ws;
  };
  // Where each list's values stand on the Lists sheet ('Lists'!$B$2:$B$9); an empty list offers nothing.
  const listRange = (name: string) => {
    const at = lists.findIndex(([n]) => n === name);
    const values = lists[at]![1];
    const column = String.fromCharCode(65 + at);
    return values.length ? `Lists!$${column}$2:$${column}$${values.length + 1}` : undefined;
  };
  const dropDown = (ws: ExcelJS.Worksheet, cells: string[], formula: string | undefined, what: string) => {
    if (!formula) return;
    for (const address of cells) {
      ws.getCell(address).dataValidation = {
        type: 'list', allowBlank: true, formulae: [formula], showErrorMessage: true, errorStyle: 'warning',
        errorTitle: `Not a ${what} of the list`, error: `Choose a ${what} from the list (or write its id).`,
      };
    }
  };
  const column = (ws: ExcelJS.Worksheet, header: string) => {
    const index = (ws.getRow(1).values as unknown[]).findIndex((v) => v === header);
    const letter = String.fromCharCode(64 + index);
    return Array.from({ length: LIST_ROWS }, (_, i) => `${letter}${i + 2}`);
  };
  const inline = (values: string[]) => `"${values.join(',')}"`;
  const day = DateTime.fromJSDate(now).setZone(DEFAULT_ACADEMY_TIME_ZONE).plus({ weeks: 1 });
  const at = (hour: number) => day.set({ hour, minute: 0 }).toFormat('yyyy-MM-dd HH:mm');
  if (kind === 'exam') {
    const settings = sheet('Exam', [['field', 'value'], ['title', 'Weekly Live Test (example)'], ['course', example.course], ['subject', example.subject], ['practice or live', 'live'], ['pass mark', '40'], ['negative mark', '0.25'], ['instruction', 'Answer every question. Each wrong answer takes 0.25 marks.']]);
    dropDown(settings, ['B3'], listRange('course'), 'course');
    dropDown(settings, ['B4'], listRange('subject'), 'subject');
    dropDown(settings, ['B5'], inline(['live', 'practice']), 'kind');
    const batches = sheet('Batches', [BATCH_COLUMNS.map((c) => c.header), [example.batch, at(10), at(12), '60', '', 'no', '']]);
    dropDown(batches, column(batches, 'batch'), listRange('batch'), 'batch');
    const headers = QUESTION_COLUMNS.map((c) => c.header);
    const row: Record<string, string> = { no: '1', type: 'MCQ', question: 'Which chamber of the heart pumps blood into the aorta?', A: 'Right atrium', B: 'Right ventricle', C: 'Left atrium', D: 'Left ventricle', answer: 'D', marks: '1', explanation: 'The left ventricle pumps oxygenated blood into the aorta.', chapter: example.chapter };
    const questions = sheet('Questions', [headers, headers.map((h) => row[h] ?? '')]);
    dropDown(questions, column(questions, 'type'), listRange('question type'), 'question type');
    dropDown(questions, column(questions, 'subject'), listRange('subject'), 'subject');
    dropDown(questions, column(questions, 'chapter'), listRange('chapter'), 'chapter');
  } else if (kind === 'students') {
    let phone = '01799999999';
    while (await phoneTaken(db, phone)) phone = `0179${String(Number(phone.slice(4)) - 1).padStart(7, '0')}`;
    const rows = studentRows([{ name: 'Farhana Akter (example)', sid: 'ROLL-0001', phone, session: '2025-26', branch: { name: 'Farmgate', division: 'Dhaka' }, groups: [example.batch] }]);
    const students = sheet('Students', rows);
    dropDown(students, column(students, 'batch'), listRange('batch'), 'batch');
    dropDown(students, column(students, 'remove from batch'), inline(['yes', 'no']), 'yes or no');
  } else {
    const headers = CONTENT_COLUMNS.map((c) => c.header);
    const row: Record<string, string> = { course: example.course, subject: example.subject, kind: 'lecture', item: 'Lecture: Cardiac Output (example)', description: 'Week 2 class', 'content type': 'video', 'content title': 'Cardiac Output: Full Class', url: 'https://www.youtube.com/embed/abc123xyz00', 'video kind': 'youtube', published: 'yes' };
    const content = sheet('Content', [headers, headers.map((h) => row[h] ?? '')]);
    dropDown(content, column(content, 'course'), listRange('course'), 'course');
    dropDown(content, column(content, 'subject'), listRange('subject'), 'subject');
    dropDown(content, column(content, 'kind'), inline(['chapter', 'lecture', 'question-solve']), 'kind');
  }
  sheet('Columns', [['sheet', 'column', 'what it holds'], ...IMPORT_COLUMN_GUIDE[kind].map((c) => [c.sheet, c.column, c.holds]), [], ['Lists', '', "The values of the drop-down lists: the academy's courses, subjects, chapters and batches when this template was made. The import leaves this sheet and this one alone."]]);
  const height = Math.max(...lists.map(([, values]) => values.length));
  sheet('Lists', [lists.map(([name]) => name), ...Array.from({ length: height }, (_, i) => lists.map(([, values]) => values[i] ?? ''))]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function writeAcademyTemplate(db: Kysely<Database>, kind: TemplateKind, file: string, now: Date): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, await academyTemplate(db, kind, now));
}
