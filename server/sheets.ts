// The sheets the server writes for people to open in a spreadsheet program: the desk's results and item
// analysis, and the import's templates and exports. Every CSV and XLSX file is written here, so each CSV
// has the byte order mark (so spreadsheet programs read Bengali names as UTF-8) and the same guard
// against formulas, and each workbook the same bold header row.
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { SheetCell } from '../src/domain/staffResults.js';

/** One table of a sheet: its header row and its rows. In a CSV the tables follow each other, a blank row between. */
export interface SheetTable {
  /** The worksheet's name in an XLSX file. */
  readonly name: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly SheetCell[])[];
}

export interface SheetFile {
  body: Buffer;
  type: string;
  filename: string;
}

/**
 * A spreadsheet program runs a CSV cell that starts with one of these as a formula (=HYPERLINK(…),
 * +1+cmd|…, -2+3, @SUM(…)), so a text cell that does is written with a leading apostrophe. Only text
 * cells: a number cell (a negative mark such as -0.25) stays a number. XLSX keeps text as text, so it
 * needs no guard.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Rows as CSV text: text cells guarded against formulas, numbers as they are, an empty cell for null. */
function csvRows(rows: readonly (readonly SheetCell[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(rows as SheetCell[][], { escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`;
}

/** The CSV file of the tables, with the byte order mark. */
export function csvFile(tables: readonly (readonly (readonly SheetCell[])[])[]): Buffer {
  return Buffer.from(`\uFEFF${tables.map(csvRows).join('\r\n')}`, 'utf8');
}

/**
 * An XLSX workbook of the tables, one worksheet each with a bold header row. With `asText` every cell is
 * text (the import's sheets, so ids, phones and times read back as written) in columns wide enough to read.
 */
export async function xlsxFile(tables: readonly SheetTable[], options: { asText?: boolean } = {}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const table of tables) {
    const sheet = book.addWorksheet(table.name);
    sheet.addRow([...table.columns]).font = { bold: true };
    sheet.addRows(table.rows.map((row) => [...row]));
    if (options.asText) {
      sheet.columns.forEach((column) => {
        column.numFmt = '@';
        column.width = 18;
      });
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A desk sheet: the tables as one CSV, or as an XLSX workbook of one worksheet each. */
export async function deskSheet(tables: readonly SheetTable[], format: 'csv' | 'xlsx', filename: string): Promise<SheetFile> {
  if (format === 'csv') return { body: csvFile(tables.map((t) => [t.columns, ...t.rows])), type: 'text/csv; charset=utf-8', filename };
  return { body: await xlsxFile(tables), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename };
}

/** A CSV cell as its writer meant it: the apostrophe that guarded a formula's first character comes off, as a spreadsheet program takes it off. */
export const unguardedCell = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);
