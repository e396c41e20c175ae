// The one writer of the server's sheets: every CSV has the byte order mark, a text cell that a
// spreadsheet program would run as a formula gets a leading apostrophe, and numbers stay numbers.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { csvFile, deskSheet } from '../../server/sheets.js';

const read = (body: Buffer) => {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: false }).data;
};

describe('server sheets', () => {
  it('guards every text cell that starts a formula, and leaves numbers and other text alone', () => {
    const formulas = ['=HYPERLINK("http://x.test","open")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1', '=1+1\n2'];
    const rows = read(csvFile([[['Name', 'Marks'], ...formulas.map((name) => [name, -0.25]), ['আয়েশা -2', 1.5], ['', null]]]));
    expect(rows[0]).toEqual(['Name', 'Marks']);
    expect(rows.slice(1, 1 + formulas.length)).toEqual(formulas.map((name) => [`'${name}`, '-0.25']));
    expect(rows.slice(1 + formulas.length)).toEqual([['আয়েশা -2', '1.5'], ['', ''], ['']]);
  });

  it('writes the tables of a CSV one after another, a blank row between', () => {
    const text = csvFile([[['No.', 'Title'], [1, 'a']], [['No.', 'Response'], [1, '-']]]).toString('utf8');
    expect(text).toBe('\uFEFFNo.,Title\r\n1,a\r\n\r\nNo.,Response\r\n1,"\'-"\r\n');
  });

  it('keeps text as text and numbers as numbers in XLSX, unguarded', async () => {
    const sheet = await deskSheet([{ name: 'Results', columns: ['Name', 'Marks'], rows: [['-2+3', -0.25]] }], 'xlsx', 'results.xlsx');
    expect(sheet).toMatchObject({ filename: 'results.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.body as unknown as ArrayBuffer);
    const results = book.getWorksheet('Results')!;
    expect(results.getRow(1).font).toMatchObject({ bold: true });
    expect((results.getRow(2).values as unknown[]).slice(1)).toEqual(['-2+3', -0.25]);
  });
});
