// The staff's own format: spreadsheets (XLSX through exceljs, CSV through papaparse), read into a
// bundle with the place of every value, and written from a bundle (templates and the export). One
// column list per sheet kind serves both directions, so what the export writes the import reads.
//
// Sheet kinds, told apart by their columns:
//   exam      a Questions sheet (one row per question) and the exam's settings: an Exam sheet of
//             field/value rows and a Batches sheet (one row per batch), or for a CSV, a block of
//             field/value rows above the questions. A workbook may hold several exams: Exam 2,
//             Batches 2, Questions 2, …
//   students  one row per student and batch (name, phone, roll, session, branch, …)
//   content   one row per video or note of a chapter, lecture or question-solve item
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { DateTime } from 'luxon';
import type { Bundle } from '../db/seed/bundle.js';
import { DEFAULT_ACADEMY_TIME_ZONE } from '../../src/domain/academyTime.js';
import { OPTION_LETTERS as LETTERS, optionLetter } from '../../src/domain/scoring.js';
import { BundleError, PlaceMap, shown, type Place, type Problem } from './problems.js';
import { cellTooLong, checkWorkbook, SHEET_LIMITS, tooManyRows } from './limits.js';
import { csvFile, unguardedCell, xlsxFile } from '../sheets.js';
import type { NameBook, Resolved } from './names.js';

export type SheetKind = 'exam' | 'students' | 'content';

/** A sheet as rows of cell texts. Row n of the list is row n + 1 of the sheet. */
export interface Grid {
  file: string;
  sheet?: string;
  rows: string[][];
}

interface Column {
  key: string;
  header: string;
  aliases?: string[];
}

const OPTION_LETTERS = [...LETTERS];

export const QUESTION_COLUMNS: Column[] = [
  { key: 'no', header: 'no', aliases: ['#', 'number'] },
  { key: 'id', header: 'id' },
  { key: 'type', header: 'type' },
  { key: 'question', header: 'question', aliases: ['title'] },
  ...OPTION_LETTERS.map((l) => ({ key: `option ${l}`, header: l, aliases: [`option ${l.toLowerCase()}`] })),
  { key: 'answer', header: 'answer', aliases: ['key'] },
  { key: 'marks', header: 'marks', aliases: ['point', 'points', 'mark'] },
  { key: 'explanation', header: 'explanation' },
  { key: 'more explanation', header: 'more explanation', aliases: ['explanation ext'] },
  { key: 'notes', header: 'notes', aliases: ['note'] },
  { key: 'subject', header: 'subject' },
  { key: 'chapter', header: 'chapter', aliases: ['chapter id'] },
  { key: 'image', header: 'image', aliases: ['images'] },
  { key: 'file', header: 'file', aliases: ['files'] },
  { key: 'image options', header: 'image options' },
];

/** The exam's settings, as field/value rows. `batches` with `start`… gives every batch one schedule. */
export const EXAM_FIELDS: Column[] = [
  { key: 'id', header: 'id' },
  { key: 'title', header: 'title' },
  { key: 'course', header: 'course' },
  { key: 'subject', header: 'subject' },
  { key: 'kind', header: 'practice or live', aliases: ['practice', 'live', 'kind'] },
  { key: 'pass mark', header: 'pass mark' },
  { key: 'negative mark', header: 'negative mark' },
  { key: 'instruction', header: 'instruction' },
  { key: 'segments', header: 'segments' },
  { key: 'gpa factor', header: 'gpa factor' },
  { key: 'batches', header: 'batches', aliases: ['batch'] },
  { key: 'start', header: 'start' },
  { key: 'end', header: 'end' },
  { key: 'duration', header: 'duration', aliases: ['duration (minutes)'] },
  { key: 'cut marks', header: 'cut marks' },
  { key: 'multiple submissions', header: 'multiple submissions' },
];

export const BATCH_COLUMNS: Column[] = [
  { key: 'batch', header: 'batch' },
  { key: 'start', header: 'start' },
  { key: 'end', header: 'end' },
  { key: 'duration', header: 'duration', aliases: ['duration (minutes)'] },
  { key: 'cut marks', header: 'cut marks' },
  { key: 'multiple submissions', header: 'multiple submissions' },
  { key: 'results published', header: 'results published' },
];

export const STUDENT_COLUMNS: Column[] = [
  { key: 'id', header: 'id' },
  { key: 'name', header: 'name' },
  { key: 'phone', header: 'phone', aliases: ['mobile'] },
  { key: 'roll', header: 'roll', aliases: ['sid'] },
  { key: 'session', header: 'session' },
  { key: 'branch', header: 'branch' },
  { key: 'division', header: 'division' },
  { key: 'contact', header: 'contact' },
  { key: 'ssc gpa', header: 'SSC GPA' },
  { key: 'hsc gpa', header: 'HSC GPA' },
  { key: 'password', header: 'password', aliases: ['initial password'] },
  { key: 'batch', header: 'batch' },
  { key: 'remove', header: 'remove from batch' },
];

export const CONTENT_COLUMNS: Column[] = [
  { key: 'course', header: 'course' },
  { key: 'subject', header: 'subject' },
  { key: 'kind', header: 'kind' },
  { key: 'item id', header: 'item id' },
  { key: 'item', header: 'item', aliases: ['item name', 'name'] },
  { key: 'description', header: 'description' },
  { key: 'content id', header: 'content id' },
  { key: 'content type', header: 'content type', aliases: ['type'] },
  { key: 'content title', header: 'content title', aliases: ['title'] },
  { key: 'url', header: 'url', aliases: ['video', 'link'] },
  { key: 'key', header: 'key', aliases: ['file key', 'stream key'] },
  { key: 'video kind', header: 'video kind' },
  { key: 'thumbnail', header: 'thumbnail' },
  { key: 'published', header: 'published' },
];

const ITEM_KINDS: Record<string, 'chapters' | 'lectures' | 'questionSolves'> = {
  chapter: 'chapters', lecture: 'lectures', 'question-solve': 'questionSolves', 'question solve': 'questionSolves', 'questionsolve': 'questionSolves',
};
const QUESTION_TYPES: Record<string, string> = { mcq: 'MCQ', mca: 'MCA', checkbox: 'checkbox', shortans: 'shortAns', 'short answer': 'shortAns', paragraph: 'paragraph' };
/** A table's entry for a cell's text, its own only: a cell "constructor" or "__proto__" names nothing. */
const own = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);
const KIND_OF_LIST: Record<'chapters' | 'lectures' | 'questionSolves', string> = { chapters: 'chapter', lectures: 'lecture', questionSolves: 'question-solve' };

const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const letterOf = (index: number) => {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/** A stable id for something the sheet names without one, so importing the sheet again finds it. */
export const derivedId = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24);

// ---------------------------------------------------------------------------------------------------
// Reading files into grids

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('hyperlink' in value) return String(value.hyperlink ?? value.text ?? '');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/**
 * Reads a workbook's sheets as grids, after its sizes and rows are checked (limits.ts). What a grid of
 * texts cannot hold faithfully is refused with its place: a formula (its value is whatever the sheet
 * program last worked out), merged cells (the value belongs to one row and column of several), a hidden
 * sheet (the import would read what no one sees), a cell longer than a cell may be.
 */
export async function readXlsx(file: string, data: Buffer | ArrayBuffer): Promise<Grid[]> {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
  checkWorkbook(file, bytes);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const problems: Problem[] = [];
  const grids = workbook.worksheets.map((sheet) => {
    const at = (row?: number, col?: number): Place => ({ file, sheet: sheet.name, ...(row ? { row } : {}), ...(col ? { column: letterOf(col - 1) } : {}) });
    if (sheet.state !== 'visible') problems.push({ ...at(), field: '/', message: 'the sheet is hidden: show it and check what it holds, or delete it' });
    // Formulas and merges are listed once a sheet (the first, and how many), as a sheet has them by the thousand.
    const formulas: { at: Place; text: string }[] = [];
    const merges = new Map<string, Place>();
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const values: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        if (cell.isMerged) {
          const master = cell.type === ExcelJS.ValueType.Merge ? cell.master : cell;
          if (!merges.has(master.address)) merges.set(master.address, at(Number(master.row), Number(master.col)));
          return;
        }
        if (cell.type === ExcelJS.ValueType.Formula) formulas.push({ at: at(n, col), text: cell.formula ?? '' });
        const text = cellText(cell.value);
        if (text.length > SHEET_LIMITS.cellCharacters) problems.push(cellTooLong(at(n, col), text.length));
        else values[col - 1] = text;
      });
      rows[n - 1] = Array.from(values, (v) => v ?? '');
    });
    const first = formulas[0];
    if (first) problems.push({ ...first.at, field: '/', message: `the cell holds a formula (=${shown(first.text)})${more(formulas.length, 'formulas')}: the import reads values only; copy the sheet and paste it as values` });
    const [merge] = merges.values();
    if (merge) problems.push({ ...merge, field: '/', message: `the cell is merged with the cells beside it${more(merges.size, 'merged ranges')}: unmerge them and write each row's value in its own cell` });
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
    return { file, sheet: sheet.name, rows };
  });
  if (problems.length) throw new BundleError(problems);
  return grids;
}

/** ", and 41 more formulas in this sheet", or nothing for one. */
const more = (n: number, what: string) => (n > 1 ? `, and ${(n - 1).toLocaleString('en')} more ${what} in this sheet` : '');

/** Reads a CSV file as one grid, its rows and cells held to the limits of a sheet. */
export function readCsv(file: string, text: string): Grid[] {
  const rows: string[][] = [];
  const problems: Problem[] = [];
  let tooMany = false;
  // A megabyte at a time, and no further than one row past the limit: a file of a million rows is
  // refused after the first 50,001, never split into a million at once. (Parsing a string is synchronous.)
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    chunkSize: 1024 * 1024,
    step: ({ data: row }, parser) => {
      if (rows.length >= SHEET_LIMITS.rows) {
        if (row.every((c) => c === '')) return;
        tooMany = true;
        return parser.abort();
      }
      rows.push(row.map((c, col) => {
        const cell = unguardedCell(c ?? '');
        if (cell.length <= SHEET_LIMITS.cellCharacters) return cell;
        problems.push(cellTooLong({ file, row: rows.length + 1, column: letterOf(col) }, cell.length));
        return '';
      }));
    },
  });
  if (tooMany) throw new BundleError([tooManyRows({ file }, `more than ${SHEET_LIMITS.rows.toLocaleString('en')}`)]);
  if (problems.length) throw new BundleError(problems);
  return [{ file, rows }];
}

// ---------------------------------------------------------------------------------------------------
// Tables: an optional block of field/value rows, then a header row and one record per row

interface Record_ {
  row: number;
  get(key: string): string;
  /** "F (answer)": where a field's value is, for a problem's place. */
  column(key: string): string | undefined;
}

interface Table {
  block: Map<string, { value: string; row: number }>;
  records: Record_[];
  headers: Map<string, number>;
}

const isEmpty = (row: string[] | undefined) => !row || row.every((c) => c.trim() === '');

function keyOf(columns: Column[], text: string): string | undefined {
  const n = norm(text);
  return columns.find((c) => norm(c.header) === n || c.key === n || (c.aliases ?? []).some((a) => norm(a) === n))?.key;
}

function readTable(grid: Grid, columns: Column[], blockFields: Column[] = []): Table {
  const block = new Map<string, { value: string; row: number }>();
  let i = 0;
  for (; i < grid.rows.length; i++) {
    const row = grid.rows[i]!;
    if (isEmpty(row)) continue;
    if (norm(row[0] ?? '') === 'field' && norm(row[1] ?? '') === 'value') continue;
    const field = keyOf(blockFields, row[0] ?? '');
    const filled = row.filter((c) => c.trim() !== '').length;
    if (!field || filled > 2) break;
    block.set(field, { value: (row[1] ?? '').trim(), row: i + 1 });
  }
  const headers = new Map<string, number>();
  const headerRow = grid.rows[i] ?? [];
  headerRow.forEach((h, c) => {
    const key = keyOf(columns, h);
    if (key && !headers.has(key)) headers.set(key, c);
  });
  const records: Record_[] = [];
  for (let r = i + 1; r < grid.rows.length; r++) {
    const row = grid.rows[r]!;
    if (isEmpty(row)) continue;
    records.push({
      row: r + 1,
      get: (key) => (headers.has(key) ? (row[headers.get(key)!] ?? '').trim() : ''),
      column: (key) => (headers.has(key) ? `${letterOf(headers.get(key)!)} (${headerRow[headers.get(key)!]!.trim()})` : undefined),
    });
  }
  return { block, records, headers };
}

/** The template's sheets the import leaves alone: its column guide and its drop-down lists. */
export const TEMPLATE_GUIDE_SHEETS = new Set(['columns', 'lists']);

/** What kind of sheet a grid is, from its header row (or its block). */
function kindOf(grid: Grid): SheetKind | 'exam-settings' | 'exam-batches' | undefined {
  const name = norm(grid.sheet ?? '');
  // A template's guide and the values of its drop-down lists (templates.ts) are for people, not the import.
  if (TEMPLATE_GUIDE_SHEETS.has(name)) return undefined;
  for (const row of grid.rows.slice(0, 40)) {
    const cells = new Set(row.map(norm));
    if (cells.has('question') && cells.has('type')) return 'exam';
    if (cells.has('phone') && cells.has('name')) return 'students';
    if (cells.has('kind') && (cells.has('item') || cells.has('item name'))) return 'content';
    if (cells.has('batch') && cells.has('start') && cells.has('end')) return 'exam-batches';
  }
  if (name.startsWith('exam')) return 'exam-settings';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Values

const YES = new Set(['yes', 'y', 'true', '1', 'live']);
const NO = new Set(['no', 'n', 'false', '0', '', 'practice']);

/** Reads grids into bundle lists, with each part's place and every problem of a value. */
class SheetReader {
  readonly problems: Problem[] = [];
  /** The academy's names (names.ts): without them every reference is taken as written, as an id. */
  constructor(readonly lists: Record<string, unknown[]> = {}, readonly places = new PlaceMap(), readonly names?: NameBook) {}

  /**
   * A reference to a course, subject, batch or chapter, by id or by name: its id, or the text as
   * written with its problem listed at its place.
   */
  ref(text: string, where: Place, field: string, lookup: (book: NameBook) => Resolved): string {
    if (text === '' || !this.names) return text;
    const found = lookup(this.names);
    if ('id' in found) return found.id;
    this.problem(where, field, found.problem);
    return text;
  }

  problem(place: Place, field: string, message: string) {
    this.problems.push({ ...place, field, message });
  }

  push(list: string, value: unknown): number {
    const l = (this.lists[list] ??= []);
    l.push(value);
    return l.length - 1;
  }

  number(text: string, where: Place, what: string): number | undefined {
    if (text === '') return undefined;
    const n = Number(text.replace(/,/g, ''));
    if (!Number.isFinite(n)) this.problem(where, what, `${what} "${shown(text)}" is not a number`);
    return Number.isFinite(n) ? n : undefined;
  }

  flag(text: string, where: Place, what: string): boolean | undefined {
    const n = norm(text);
    if (n === '') return undefined;
    if (YES.has(n)) return true;
    if (NO.has(n)) return false;
    this.problem(where, what, `${what} "${shown(text)}" is neither yes nor no`);
    return undefined;
  }

  /** A time: ISO with its zone, "now+2h" as in bundles, or "2026-12-03 10:00" on the academy's clock. */
  time(text: string, where: Place, what: string): string | undefined {
    if (text === '') return undefined;
    if (/^now([+-](\d+[dhms])+)?$/.test(text)) return text;
    const iso = DateTime.fromISO(text.replace(' ', 'T'), { zone: DEFAULT_ACADEMY_TIME_ZONE, setZone: false });
    if (iso.isValid) return iso.toUTC().toISO({ suppressMilliseconds: false })!;
    this.problem(where, what, `${what} "${shown(text)}" is not a time (write 2026-12-03 10:00, on the academy's clock)`);
    return undefined;
  }
}

const list = (text: string) => text.split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);
const lines = (text: string) => text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
const links = (text: string) => text.split(/[\s]+/).map((s) => s.trim()).filter(Boolean);

function readExam(reader: SheetReader, settings: Grid | undefined, batches: Grid | undefined, questions: Grid): void {
  const qTable = readTable(questions, QUESTION_COLUMNS, EXAM_FIELDS);
  const sTable = settings ? readTable(settings, [], EXAM_FIELDS) : undefined;
  const block = sTable?.block.size ? sTable.block : qTable.block;
  const blockGrid = sTable?.block.size ? settings! : questions;
  const at = (field: string): Place => ({ file: blockGrid.file, sheet: blockGrid.sheet, row: block.get(field)?.row, column: block.has(field) ? 'B' : undefined });
  const value = (field: string) => block.get(field)?.value ?? '';
  const title = value('title');
  const course = reader.ref(value('course'), at('course'), 'course', (book) => book.course(value('course')));
  const examSubject = reader.ref(value('subject'), at('subject'), 'subject', (book) => book.subject(value('subject'), course));
  const id = value('id') || derivedId('exam', course, title);
  const kind = norm(value('kind'));
  const exam: Record<string, unknown> = {
    id, title, courseId: course, subjectId: examSubject || undefined,
    isPracticeExam: kind === '' ? undefined : reader.flag(kind === 'practice' ? 'yes' : kind === 'live' ? 'no' : kind, at('kind'), 'practice or live'),
    passMark: reader.number(value('pass mark'), at('pass mark'), 'pass mark'),
    negativeMark: reader.number(value('negative mark'), at('negative mark'), 'negative mark'),
    instruction: value('instruction') || undefined,
  };
  if (value('segments')) {
    try {
      exam.segmentedExamDetails = JSON.parse(value('segments'));
      exam.isSegmentedExam = true;
    } catch {
      reader.problem(at('segments'), 'segments', 'segments is not valid JSON');
    }
  }
  if (value('gpa factor')) {
    const m = /^\s*hsc\s*=?\s*([\d.]+)\s*[,;]\s*ssc\s*=?\s*([\d.]+)\s*$/i.exec(value('gpa factor'));
    if (m) exam.gpaFactor = { hsc: Number(m[1]), ssc: Number(m[2]) };
    else reader.problem(at('gpa factor'), 'gpa factor', 'gpa factor is written "hsc 1.5, ssc 1"');
  }
  if (!title) reader.problem({ file: blockGrid.file, sheet: blockGrid.sheet }, 'title', 'the exam has no title (a "title" row in its settings)');
  if (!course) reader.problem({ file: blockGrid.file, sheet: blockGrid.sheet }, 'course', 'the exam has no course (a "course" row in its settings)');
  const examIndex = reader.lists.exams?.length ?? 0;
  const base = `/exams/${examIndex}`;
  reader.places.set(base, { file: blockGrid.file, sheet: blockGrid.sheet });
  for (const field of block.keys()) {
    const bundleField = { title: 'title', course: 'courseId', subject: 'subjectId', 'pass mark': 'passMark', 'negative mark': 'negativeMark', instruction: 'instruction', kind: 'isPracticeExam' }[field];
    if (bundleField) reader.places.set(`${base}/${bundleField}`, at(field));
  }

  // Schedules: one row per batch, or one schedule for the batches of the settings.
  const assignments: Record<string, unknown>[] = [];
  const schedule = (get: (k: string) => string, where: (k: string) => Place, group: string, pointer: string) => {
    reader.places.set(pointer, where('batch'));
    for (const [k, f] of [['start', 'startsAt'], ['end', 'endsAt'], ['duration', 'duration'], ['batch', 'groupId']] as const) reader.places.set(`${pointer}/${f}`, where(k));
    assignments.push({
      groupId: reader.ref(group, where('batch'), 'batch', (book) => book.batch(group, course)),
      startsAt: reader.time(get('start'), where('start'), 'start'),
      endsAt: reader.time(get('end'), where('end'), 'end'),
      duration: reader.number(get('duration'), where('duration'), 'duration'),
      cutMarks: reader.number(get('cut marks'), where('cut marks'), 'cut marks'),
      multipleTimesSubmission: reader.flag(get('multiple submissions'), where('multiple submissions'), 'multiple submissions'),
      resultPublished: reader.flag(get('results published'), where('results published'), 'results published'),
    });
  };
  if (batches) {
    const bTable = readTable(batches, BATCH_COLUMNS);
    for (const r of bTable.records) {
      schedule(r.get, (k) => ({ file: batches.file, sheet: batches.sheet, row: r.row, column: r.column(k) }), r.get('batch'), `${base}/assignments/${assignments.length}`);
    }
  } else {
    for (const group of list(value('batches'))) schedule((k) => (k === 'results published' ? '' : value(k === 'batch' ? 'batches' : k)), (k) => at(k === 'batch' ? 'batches' : k), group, `${base}/assignments/${assignments.length}`);
  }
  exam.assignments = assignments;

  exam.questions = qTable.records.map((r, qi) => {
    const where = (k: string): Place => ({ file: questions.file, sheet: questions.sheet, row: r.row, column: r.column(k) });
    const pointer = `${base}/questions/${qi}`;
    const columnOf: Record<string, string> = {};
    for (const [field, key] of [['type', 'type'], ['title', 'question'], ['answer', 'answer'], ['point', 'marks'], ['explanation', 'explanation'], ['notes', 'notes'], ['subjectId', 'subject'], ['chapterId', 'chapter'], ['image', 'image'], ['file', 'file'], ['optionType', 'image options'], ['explanationExt', 'more explanation'], ['id', 'id']] as const) {
      const c = r.column(key);
      if (c) columnOf[field] = c;
    }
    OPTION_LETTERS.forEach((l, i) => {
      const c = r.column(`option ${l}`);
      if (c) columnOf[`options/${i}`] = c;
    });
    reader.places.set(pointer, { file: questions.file, sheet: questions.sheet, row: r.row, columns: columnOf });
    const options = OPTION_LETTERS.map((l) => r.get(`option ${l}`));
    while (options.length && options[options.length - 1] === '') options.pop();
    const type = own(QUESTION_TYPES, norm(r.get('type'))) ?? r.get('type');
    const no = shown(r.get('no') || String(qi + 1));
    const answerText = r.get('answer');
    let answer: unknown[] = [];
    if (type === 'MCQ' || type === 'checkbox') {
      answer = list(answerText).map((a) => {
        const letter = a.toUpperCase();
        const index = OPTION_LETTERS.indexOf(letter);
        if (index < 0) reader.problem(where('answer'), `${pointer}/answer`, `question ${no}: answer "${shown(a)}" is not an option letter (A to ${OPTION_LETTERS[Math.max(0, options.length - 1)]})`);
        else if (index >= options.length) reader.problem(where('answer'), `${pointer}/answer`, `question ${no}: answer ${letter} is not one of the ${options.length} options`);
        return index;
      }).filter((i) => i >= 0 && i < options.length);
    } else if (type === 'MCA') {
      answer = list(answerText).map((a) => (/^(t|true|yes)$/i.test(a) ? 'true' : /^(f|false|no)$/i.test(a) ? 'false' : a));
    } else if (answerText) {
      answer = [answerText];
    }
    const optionType: Record<string, 'image'> = {};
    for (const l of list(r.get('image options'))) {
      const i = OPTION_LETTERS.indexOf(l.toUpperCase());
      if (i < 0) reader.problem(where('image options'), `${pointer}/optionType`, `question ${no}: image option "${shown(l)}" is not an option letter`);
      else optionType[String(i)] = 'image';
    }
    const marks = reader.number(r.get('marks'), where('marks'), 'marks');
    const subject = reader.ref(r.get('subject'), where('subject'), `${pointer}/subjectId`, (book) => book.subject(r.get('subject'), course));
    const chapter = reader.ref(r.get('chapter'), where('chapter'), `${pointer}/chapterId`, (book) => book.chapter(r.get('chapter'), subject || examSubject, course));
    if (chapter && !reader.names && !/^[0-9a-f]{24}$/.test(chapter)) reader.problem(where('chapter'), `${pointer}/chapterId`, `question ${no}: chapter "${shown(chapter)}" is not a chapter id (24 hex characters: the item id of the chapter in the content sheet)`);
    return {
      id: r.get('id') || derivedId('question', id, no),
      type, title: r.get('question'), point: marks ?? 1,
      ...(options.length ? { options } : {}),
      ...(Object.keys(optionType).length ? { optionType } : {}),
      answer,
      ...(r.get('image') ? { image: links(r.get('image')) } : {}),
      ...(r.get('file') ? { file: links(r.get('file')) } : {}),
      ...(r.get('explanation') ? { explanation: r.get('explanation') } : {}),
      ...(r.get('more explanation') ? { explanationExt: lines(r.get('more explanation')) } : {}),
      ...(r.get('notes') ? { notes: r.get('notes') } : {}),
      ...(subject ? { subjectId: subject } : {}),
      ...(chapter ? { chapterId: chapter } : {}),
    };
  });
  reader.push('exams', stripUndefined(exam));
}

function stripUndefined<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) {
    if (o[k] === undefined) delete o[k];
    else if (Array.isArray(o[k])) for (const v of o[k] as unknown[]) if (v && typeof v === 'object' && !Array.isArray(v)) stripUndefined(v as Record<string, unknown>);
  }
  return o;
}

function readStudents(reader: SheetReader, grid: Grid): void {
  const table = readTable(grid, STUDENT_COLUMNS, [{ key: 'batch', header: 'batch' }]);
  const blockBatch = table.block.get('batch');
  const defaultBatch = blockBatch ? reader.ref(blockBatch.value, { file: grid.file, sheet: grid.sheet, row: blockBatch.row, column: 'B' }, 'batch', (book) => book.batch(blockBatch.value)) : '';
  const byPhone = new Map<string, { index: number; row: number }>();
  for (const r of table.records) {
    const where = (k: string): Place => ({ file: grid.file, sheet: grid.sheet, row: r.row, column: r.column(k) });
    const phone = r.get('phone').replace(/[\s-]/g, '').replace(/^\+?88(?=01)/, '');
    const batch = r.get('batch') ? reader.ref(r.get('batch'), where('batch'), 'batch', (book) => book.batch(r.get('batch'))) : defaultBatch;
    if (reader.flag(r.get('remove'), where('remove'), 'remove from batch')) {
      const at = reader.push('remove', { kind: 'membership', groupId: batch, phone });
      reader.places.set(`/remove/${at}`, { file: grid.file, sheet: grid.sheet, row: r.row, columns: { phone: r.column('phone') ?? '', groupId: r.column('batch') ?? '' } });
      continue;
    }
    const seen = byPhone.get(phone);
    if (seen && phone) {
      // The same student in another batch: one more batch for the student of the first row.
      const student = reader.lists.students![seen.index] as { groups?: string[] };
      if (batch) student.groups = [...new Set([...(student.groups ?? []), batch])];
      continue;
    }
    const columns: Record<string, string> = {};
    for (const [field, key] of [['id', 'id'], ['name', 'name'], ['phone', 'phone'], ['sid', 'roll'], ['session', 'session'], ['branch', 'branch'], ['contact', 'contact'], ['SSCGPA', 'ssc gpa'], ['HSCGPA', 'hsc gpa'], ['password', 'password'], ['groups', 'batch']] as const) {
      const c = r.column(key);
      if (c) columns[field] = c;
    }
    const branch = r.get('branch');
    const index = reader.push('students', stripUndefined({
      id: r.get('id') || undefined, name: r.get('name'), sid: r.get('roll'), phone,
      password: r.get('password') || undefined, contact: r.get('contact') || undefined, session: r.get('session') || undefined,
      branch: branch || r.get('division') ? { name: branch, division: r.get('division') } : undefined,
      SSCGPA: reader.number(r.get('ssc gpa'), where('ssc gpa'), 'SSC GPA'), HSCGPA: reader.number(r.get('hsc gpa'), where('hsc gpa'), 'HSC GPA'),
      groups: batch ? [batch] : undefined,
    }));
    reader.places.set(`/students/${index}`, { file: grid.file, sheet: grid.sheet, row: r.row, columns });
    if (phone) byPhone.set(phone, { index, row: r.row });
  }
}

interface SheetItem { id: string; name: string; description?: string; contents: Record<string, unknown>[] }

function readContent(reader: SheetReader, grid: Grid): void {
  const table = readTable(grid, CONTENT_COLUMNS);
  const courses = new Map<string, Map<string, Record<string, Map<string, SheetItem>>>>();
  const itemRows = new Map<string, number>();
  const pending: { item: SheetItem; content?: Record<string, unknown>; row: number; columns: Record<string, string>; kind: string; subject: string; course: string }[] = [];
  for (const r of table.records) {
    const where = (k: string): Place => ({ file: grid.file, sheet: grid.sheet, row: r.row, column: r.column(k) });
    const list_ = own(ITEM_KINDS, norm(r.get('kind')));
    if (!list_) {
      reader.problem(where('kind'), 'kind', `kind "${shown(r.get('kind'))}" is not chapter, lecture or question-solve`);
      continue;
    }
    const course = reader.ref(r.get('course'), where('course'), 'course', (book) => book.course(r.get('course')));
    const subject = reader.ref(r.get('subject'), where('subject'), 'subject', (book) => book.subject(r.get('subject'), course));
    const name = r.get('item');
    const itemId = r.get('item id') || derivedId('item', subject, list_, name);
    const subjects = courses.get(course) ?? courses.set(course, new Map()).get(course)!;
    const lists = subjects.get(subject) ?? subjects.set(subject, {}).get(subject)!;
    const items = (lists[list_] ??= new Map());
    let item = items.get(itemId);
    if (!item) {
      item = { id: itemId, name, ...(r.get('description') ? { description: r.get('description') } : {}), contents: [] };
      items.set(itemId, item);
      itemRows.set(itemId, r.row);
    }
    const title = r.get('content title');
    const columns: Record<string, string> = {};
    for (const [field, key] of [['id', 'item id'], ['name', 'item'], ['description', 'description']] as const) if (r.column(key)) columns[field] = r.column(key)!;
    if (!title && !r.get('url') && !r.get('key')) {
      pending.push({ item, row: r.row, columns, kind: list_, subject, course });
      continue;
    }
    const type = norm(r.get('content type') || (r.get('url') ? 'video' : 'file'));
    const content = stripUndefined({
      id: r.get('content id') || derivedId('content', itemId, title),
      type, title, url: r.get('url') || undefined, key: r.get('key') || undefined, thumbnail: r.get('thumbnail') || undefined,
      videoKind: r.get('video kind') || undefined,
      isPublished: reader.flag(r.get('published'), where('published'), 'published'),
    });
    item.contents.push(content);
    const ccolumns: Record<string, string> = {};
    for (const [field, key] of [['id', 'content id'], ['type', 'content type'], ['title', 'content title'], ['url', 'url'], ['key', 'key'], ['videoKind', 'video kind'], ['thumbnail', 'thumbnail'], ['isPublished', 'published']] as const) if (r.column(key)) ccolumns[field] = r.column(key)!;
    pending.push({ item, content, row: r.row, columns: ccolumns, kind: list_, subject, course });
  }
  for (const [courseId, subjects] of courses) {
    const ci = reader.push('courses', {
      id: courseId,
      subjects: [...subjects].map(([subjectId, lists]) => ({
        id: subjectId,
        ...Object.fromEntries(Object.entries(lists).map(([k, items]) => [k, [...(items as Map<string, SheetItem>).values()].map((i) => (i.contents.length ? i : { id: i.id, name: i.name, ...(i.description ? { description: i.description } : {}) }))])),
      })),
    });
    const course = reader.lists.courses![ci] as { subjects: Record<string, { id: string; contents?: { id: string }[] }[] | string>[] };
    reader.places.set(`/courses/${ci}`, { file: grid.file, sheet: grid.sheet });
    course.subjects.forEach((subject, si) => {
      for (const key of ['chapters', 'lectures', 'questionSolves']) {
        const items = (subject[key] ?? []) as { id: string; contents?: { id: string }[] }[];
        items.forEach((item, ii) => {
          const base = `/courses/${ci}/subjects/${si}/${key}/${ii}`;
          for (const p of pending.filter((p) => p.item.id === item.id)) {
            if (!p.content) reader.places.set(base, { file: grid.file, sheet: grid.sheet, row: p.row, columns: p.columns });
            else {
              const ki = (item.contents ?? []).findIndex((c) => c.id === (p.content as { id: string }).id);
              reader.places.set(`${base}/contents/${ki}`, { file: grid.file, sheet: grid.sheet, row: p.row, columns: p.columns });
            }
          }
          if (!pending.some((p) => p.item.id === item.id && !p.content)) reader.places.set(base, { file: grid.file, sheet: grid.sheet, row: itemRows.get(item.id) });
        });
      }
    });
  }
}

/** Reads the grids of one or more files into one bundle: every sheet by its kind. */
export function gridsToBundle(grids: Grid[], reader = new SheetReader()): SheetReader {
  const byFile = new Map<string, Grid[]>();
  for (const g of grids) (byFile.get(g.file) ?? byFile.set(g.file, []).get(g.file)!).push(g);
  for (const [file, fileGrids] of byFile) {
    const kinds = fileGrids.map((g) => ({ grid: g, kind: kindOf(g) }));
    const suffix = (g: Grid) => norm(g.sheet ?? '').replace(/^(exam|batches|questions)\s*/, '');
    let known = false;
    for (const { grid, kind } of kinds) {
      if (kind === 'exam') {
        known = true;
        const s = suffix(grid);
        const settings = kinds.find((k) => k.kind === 'exam-settings' && suffix(k.grid) === s)?.grid;
        const batches = kinds.find((k) => k.kind === 'exam-batches' && suffix(k.grid) === s)?.grid;
        readExam(reader, settings, batches, grid);
      }
      if (kind === 'students') {
        known = true;
        readStudents(reader, grid);
      }
      if (kind === 'content') {
        known = true;
        readContent(reader, grid);
      }
    }
    const blank = fileGrids.every((g) => g.rows.every(isEmpty));
    if (!known && !blank) reader.problem({ file }, '/', `${file} is not a sheet of questions, students or content: no header row with the columns of one (see docs/import-sheets.md)`);
  }
  return reader;
}

export { SheetReader };

// ---------------------------------------------------------------------------------------------------
// Writing

type Exam = NonNullable<Bundle['exams']>[number];
type Student = NonNullable<Bundle['students']>[number];
type Course = NonNullable<Bundle['courses']>[number];

const yesNo = (v: boolean | undefined) => (v ? 'yes' : 'no');

export function examSheets(exam: Exam): { settings: string[][]; batches: string[][]; questions: string[][] } {
  const settings: [string, string][] = [
    ['id', exam.id], ['title', exam.title], ['course', exam.courseId], ['subject', exam.subjectId ?? ''],
    ['practice or live', exam.isPracticeExam ? 'practice' : 'live'], ['pass mark', String(exam.passMark)],
    ['negative mark', String(exam.negativeMark ?? 0)], ['instruction', exam.instruction ?? ''],
  ];
  if (exam.segmentedExamDetails) settings.push(['segments', JSON.stringify(exam.segmentedExamDetails)]);
  if (exam.gpaFactor) settings.push(['gpa factor', `hsc ${exam.gpaFactor.hsc}, ssc ${exam.gpaFactor.ssc}`]);
  const batches = [BATCH_COLUMNS.map((c) => c.header), ...(exam.assignments ?? []).map((a) => [
    a.groupId, a.startsAt, a.endsAt, String(a.duration), a.cutMarks === undefined ? '' : String(a.cutMarks), yesNo(a.multipleTimesSubmission), yesNo(a.resultPublished),
  ])];
  const questions = [QUESTION_COLUMNS.map((c) => c.header), ...exam.questions.map((q, i) => {
    const options = q.options ?? [];
    const answer = q.answer ?? [];
    const answerText = q.type === 'MCQ' || q.type === 'checkbox'
      ? answer.map((a) => optionLetter(Number(a))).join(', ')
      : q.type === 'MCA' ? answer.map((a) => (a === 'true' ? 'T' : a === 'false' ? 'F' : String(a))).join(', ') : answer.map(String).join('\n');
    const byKey: Record<string, string> = {
      no: String(i + 1), id: q.id, type: q.type, question: q.title,
      ...Object.fromEntries(OPTION_LETTERS.map((l, j) => [`option ${l}`, options[j] ?? ''])),
      answer: answerText, marks: String(q.point), explanation: q.explanation ?? '', 'more explanation': (q.explanationExt ?? []).join('\n'),
      notes: q.notes ?? '', subject: q.subjectId ?? '', chapter: q.chapterId ?? '', image: (q.image ?? []).join('\n'), file: (q.file ?? []).join('\n'),
      'image options': Object.keys(q.optionType ?? {}).map((k) => optionLetter(Number(k))).join(', '),
    };
    return QUESTION_COLUMNS.map((c) => byKey[c.key] ?? '');
  })];
  return { settings: [['field', 'value'], ...settings], batches, questions };
}

export function studentRows(students: Student[]): string[][] {
  const rows = [STUDENT_COLUMNS.map((c) => c.header)];
  for (const s of students) {
    for (const batch of s.groups?.length ? s.groups : ['']) {
      const byKey: Record<string, string> = {
        id: s.id ?? '', name: s.name, phone: s.phone, roll: s.sid, session: s.session ?? '', branch: s.branch?.name ?? '', division: s.branch?.division ?? '',
        contact: s.contact ?? '', 'ssc gpa': s.SSCGPA === undefined ? '' : String(s.SSCGPA), 'hsc gpa': s.HSCGPA === undefined ? '' : String(s.HSCGPA),
        password: s.password ?? '', batch, remove: '',
      };
      rows.push(STUDENT_COLUMNS.map((c) => byKey[c.key] ?? ''));
    }
  }
  return rows;
}

export function contentRows(courses: Course[]): string[][] {
  const rows = [CONTENT_COLUMNS.map((c) => c.header)];
  for (const course of courses) {
    for (const subject of course.subjects ?? []) {
      for (const key of ['chapters', 'lectures', 'questionSolves'] as const) {
        for (const item of subject[key] ?? []) {
          const base: Record<string, string> = { course: course.id, subject: subject.id, kind: KIND_OF_LIST[key], 'item id': item.id, item: item.name, description: item.description ?? '' };
          const contents = item.contents ?? [];
          if (!contents.length) rows.push(CONTENT_COLUMNS.map((c) => base[c.key] ?? ''));
          for (const content of contents) {
            const byKey: Record<string, string> = {
              ...base, 'content id': content.id, 'content type': content.type, 'content title': content.title, url: content.url ?? '', key: content.key ?? '',
              'video kind': content.videoKind ?? '', thumbnail: content.thumbnail ?? '', published: content.isPublished === undefined ? '' : yesNo(content.isPublished),
            };
            rows.push(CONTENT_COLUMNS.map((c) => byKey[c.key] ?? ''));
          }
        }
      }
    }
  }
  return rows;
}

/** A workbook of named sheets of text cells (server/sheets.ts); every cell is text, so ids, phones and times stay as written. */
export function workbook(sheets: [string, string[][]][]): Promise<Buffer> {
  return xlsxFile(sheets.map(([name, [columns = [], ...rows]]) => ({ name, columns, rows })), { asText: true });
}

export async function examWorkbook(exams: Exam[]): Promise<Buffer> {
  const sheets: [string, string[][]][] = [];
  exams.forEach((exam, i) => {
    const suffix = exams.length > 1 ? ` ${i + 1}` : '';
    const { settings, batches, questions } = examSheets(exam);
    sheets.push([`Exam${suffix}`, settings], [`Batches${suffix}`, batches], [`Questions${suffix}`, questions]);
  });
  return workbook(sheets);
}

/** One exam as a CSV (server/sheets.ts): its settings as a block of field/value rows, a blank row, then its questions. */
export function examCsv(exam: Exam): Buffer {
  const { settings, questions } = examSheets(exam);
  const block = settings.slice(1);
  const a = exam.assignments ?? [];
  if (a.length) {
    block.push(['batches', a.map((x) => x.groupId).join(', ')], ['start', a[0]!.startsAt], ['end', a[0]!.endsAt], ['duration', String(a[0]!.duration)]);
    if (a[0]!.cutMarks !== undefined) block.push(['cut marks', String(a[0]!.cutMarks)]);
    block.push(['multiple submissions', yesNo(a[0]!.multipleTimesSubmission)]);
  }
  return csvFile([[...block, [], ...questions]]);
}
