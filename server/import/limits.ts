// What the importer reads at most, and the check of a workbook against it before the spreadsheet
// library inflates any of it: an XLSX of half a megabyte can unpack to gigabytes, and a sheet can
// reach a million rows. A file past a limit is refused in words with its place, like any problem of
// the import, in the time it takes to read the zip's directory and count the sheets' rows.
import { IMPORT_MAX_BYTES } from '../../src/domain/importFiles.js';
import { BundleError, type Place, type Problem } from './problems.js';
import { inflate, zipEntries, ZipError, type ZipEntry } from './zip.js';

const MB = 1024 * 1024;

export const SHEET_LIMITS = {
  /**
   * Rows of one sheet. The largest sheet of the academy is its students: 10,000 students, one row per
   * student and batch, in up to five batches each is 50,000 rows; a longer list is split into files.
   */
  rows: 50_000,
  /** Characters of one cell: the most a cell of Excel itself holds. */
  cellCharacters: 32_767,
  /**
   * One part of a workbook unpacked (a sheet's XML, or the texts its cells share): a sheet of 50,000
   * students unpacks to about 29 MB.
   */
  partBytes: 64 * MB,
  /** All the parts of a workbook unpacked. */
  workbookBytes: 128 * MB,
  /**
   * How many times its packed size a part of more than a megabyte may unpack to. Sheets unpack to about
   * 13 times theirs; a file made to fill the server's memory, to about a thousand.
   */
  inflation: 100,
} as const;

const megabytes = (bytes: number) => `${(bytes / MB).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
const count = (n: number) => n.toLocaleString('en');

/** A file the importer does not read at all: larger than the desk takes (the command line too). */
export function fileTooLarge(file: string, bytes: number): BundleError | undefined {
  if (bytes <= IMPORT_MAX_BYTES) return undefined;
  return new BundleError([{ file, field: '/', message: `${file} is ${megabytes(bytes)}; a file may be at most ${megabytes(IMPORT_MAX_BYTES)}: split it into several files` }]);
}

/** The problem of a cell longer than a cell may be, at its place. */
export function cellTooLong(place: Place, characters: number): Problem {
  return { ...place, field: '/', message: `the cell holds ${count(characters)} characters; a cell may hold at most ${count(SHEET_LIMITS.cellCharacters)}` };
}

/** The problem of a sheet with more rows than a sheet may have. */
export function tooManyRows(place: Place, rows: string): Problem {
  return { ...place, field: '/', message: `the sheet holds ${rows} rows; a sheet may hold at most ${count(SHEET_LIMITS.rows)}: split it into several files (or delete the empty rows below the list)` };
}

/**
 * Checks a workbook's sizes and rows before it is read: every part's size from the zip's directory
 * (each part, all of them, and how far each unpacks), then each part unpacked under that size, and each
 * sheet's rows counted in its XML. Throws BundleError with every problem found.
 */
export function checkWorkbook(file: string, data: Buffer): void {
  const refuse = (problems: Problem[]) => {
    if (problems.length) throw new BundleError(problems);
  };
  const atFile = (message: string): Problem => ({ file, field: '/', message: `${file} ${message}` });
  let entries: ZipEntry[];
  try {
    entries = zipEntries(data);
  } catch (error) {
    if (error instanceof ZipError) throw new BundleError([atFile(`is not an XLSX workbook Excel can open: ${error.message}`)]);
    throw error;
  }
  const problems: Problem[] = [];
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (entry.size > SHEET_LIMITS.partBytes) problems.push(atFile(`unpacks its part ${entry.name} to ${megabytes(entry.size)}; a part may unpack to at most ${megabytes(SHEET_LIMITS.partBytes)}: split the sheet into several files`));
    else if (entry.size > MB && entry.size > entry.compressedSize * SHEET_LIMITS.inflation) {
      problems.push(atFile(`unpacks its part ${entry.name} to ${count(Math.round(entry.size / Math.max(1, entry.compressedSize)))} times its size; a workbook's parts unpack to at most ${SHEET_LIMITS.inflation} times theirs, so this is no sheet to import`));
    }
  }
  if (total > SHEET_LIMITS.workbookBytes) problems.push(atFile(`unpacks to ${megabytes(total)}; a workbook may unpack to at most ${megabytes(SHEET_LIMITS.workbookBytes)}: split it into several files`));
  refuse(problems);

  // Unpacked here under the sizes checked, so no part is larger than its directory says.
  const rowsByPart = new Map<string, number>();
  const texts = new Map<string, string>();
  for (const entry of entries) {
    let part: Buffer;
    try {
      part = inflate(data, entry);
    } catch (error) {
      if (error instanceof ZipError) throw new BundleError([atFile(`is not an XLSX workbook Excel can open: ${error.message}`)]);
      throw error;
    }
    if (WORKSHEET.test(entry.name)) rowsByPart.set(entry.name, rowsOf(part));
    if (entry.name === 'xl/workbook.xml' || entry.name === 'xl/_rels/workbook.xml.rels') texts.set(entry.name, part.toString('utf8'));
  }
  const names = sheetNames(texts.get('xl/workbook.xml') ?? '', texts.get('xl/_rels/workbook.xml.rels') ?? '');
  for (const [part, rows] of rowsByPart) {
    if (rows > SHEET_LIMITS.rows) problems.push(tooManyRows({ file, sheet: names.get(part) ?? part }, count(rows)));
  }
  refuse(problems);
}

/** The parts the spreadsheet library reads as sheets. */
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

const ROW_TAG = Buffer.from('<row');
/** A row's number, in its tag: r="12". */
const ROW_NUMBER = Buffer.from(' r="');
/** What may follow "<row" in a row's tag (and not in "<rowBreaks"): a space, a line's end, "/" or ">". */
const AFTER_ROW_TAG = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2f, 0x3e]);

/**
 * The rows a sheet's XML makes: its row elements, or the number of its last row if that is more (the
 * library makes every row up to the last, empty or not). A scan of the bytes: no XML is parsed.
 */
function rowsOf(xml: Buffer): number {
  let rows = 0;
  let last = 0;
  for (let at = xml.indexOf(ROW_TAG); at >= 0; at = xml.indexOf(ROW_TAG, at + ROW_TAG.length)) {
    if (!AFTER_ROW_TAG.has(xml[at + ROW_TAG.length]!)) continue;
    rows++;
    const end = xml.indexOf(0x3e, at);
    const tag = xml.subarray(at, end < 0 ? xml.length : end);
    const r = tag.indexOf(ROW_NUMBER);
    if (r < 0) continue;
    let number = 0;
    for (let i = at + r + ROW_NUMBER.length; xml[i]! >= 0x30 && xml[i]! <= 0x39; i++) number = number * 10 + xml[i]! - 0x30;
    last = Math.max(last, number);
  }
  return Math.max(rows, last);
}

const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
};

/** Each sheet part's name as the staff see it on its tab, from the workbook and its relationships. */
function sheetNames(workbook: string, relationships: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const tag of relationships.match(/<Relationship\b[^>]*>/g) ?? []) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const names = new Map<string, string>();
  for (const tag of workbook.match(/<(?:\w+:)?sheet\b[^>]*>/g) ?? []) {
    const part = targets.get(attribute(tag, 'r:id') ?? '');
    const name = attribute(tag, 'name');
    if (part && name) names.set(part, name);
  }
  return names;
}
