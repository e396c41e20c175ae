// The files an import refuses before they take the server's time and memory (issue 35 S2 and S5, issue
// 37): a zip bomb (half a megabyte that unpacks to 0.3 GB, honestly or not), a million rows, a 10 MB
// cell, formulas, merged cells, hidden sheets, a JSON bundle with a "__proto__" list. Each is made here,
// and each is refused in words with its place, within seconds, without the memory it asks for, and
// with messages that name a value without carrying it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { Worker } from 'node:worker_threads';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { BundleError, importAcademy } from '../../server/import/index.js';
import { readFiles, readSource } from '../../server/import/read.js';
import { studentRows, workbook } from '../../server/import/sheets.js';
import { inflate, zipEntries } from '../../server/import/zip.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { importAndWait } from '../support/import-jobs.js';
import { apiPath } from '../support/api-path.js';
import { accountPaths } from '../../src/contracts/paths.js';

const MB = 1024 * 1024;
const DEMO_ADMIN = '5f0000000000000000000002';
const DEMO_STUDENT = '570000000000000000000001';
/** What the refusals may take: seconds and a bounded memory, whatever the file asks for. */
const SECONDS = 5;
const MEMORY_MB = 300;

/**
 * The process's peak memory while `work` runs, sampled by a thread of its own every few milliseconds
 * (the reading blocks this thread's timers), less the memory before.
 */
async function measured(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number; grownMb: number }> {
  const sampler = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = process.memoryUsage.rss();
     const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 2);
     parentPort.once('message', () => { clearInterval(timer); parentPort.postMessage(Math.max(peak, process.memoryUsage.rss())); });
     parentPort.postMessage('started');`,
    { eval: true },
  );
  await once(sampler, 'message');
  const before = process.memoryUsage.rss();
  const started = performance.now();
  const error = await work().then(() => null, (e: unknown) => e);
  const ms = performance.now() - started;
  sampler.postMessage('stop');
  const [peak] = (await once(sampler, 'message')) as [number];
  await sampler.terminate();
  return { error, ms, grownMb: (peak - before) / MB };
}

/** Reads the files and expects a refusal in words: its problems, each as "place: message". */
async function refused(files: { name: string; data: Buffer }[], figures?: string): Promise<string[]> {
  const { error, ms, grownMb } = await measured(() => readFiles(files));
  if (figures) console.log(`${figures}: refused in ${Math.round(ms)} ms, memory grew ${Math.round(grownMb)} MB`);
  expect(error).toBeInstanceOf(BundleError);
  const problems = (error as BundleError).problems;
  expect(ms).toBeLessThan(SECONDS * 1000);
  expect(grownMb).toBeLessThan(MEMORY_MB);
  for (const problem of problems) expect(problem.length).toBeLessThan(400);
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Workbooks made byte by byte: a zip's parts, one of them far larger unpacked than packed.

interface Part { name: string; method: number; packed: Buffer; size: number; crc: number }

/** A part deflated as it is made, never whole in memory: its head, `times` chunks of text, its tail. */
async function deflated(name: string, head: string, chunk: (i: number) => string, times: number, tail: string, sizeClaimed?: number): Promise<Part> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  let size = 0;
  let crc = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    size += bytes.length;
    crc = zlib.crc32(bytes, crc);
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  await write(head);
  for (let i = 0; i < times; i++) await write(chunk(i));
  await write(tail);
  deflate.end();
  await once(deflate, 'end');
  return { name, method: 8, packed: Buffer.concat(out), size: sizeClaimed ?? size, crc };
}

/** The parts of a workbook exceljs wrote, as they are packed. */
function partsOf(data: Buffer): Part[] {
  return zipEntries(data).map((e) => ({ name: e.name, method: e.method, packed: data.subarray(e.start, e.start + e.compressedSize), size: e.size, crc: zlib.crc32(inflate(data, e)) }));
}

/** A header of a zip: `length` bytes, each field a 16- or 32-bit number at its offset. */
function header(length: number, fields: [offset: number, bits: 16 | 32, value: number][]): Buffer {
  const bytes = Buffer.alloc(length);
  for (const [offset, bits, value] of fields) {
    if (bits === 16) bytes.writeUInt16LE(value, offset);
    else bytes.writeUInt32LE(value >>> 0, offset);
  }
  return bytes;
}

/** A zip of the parts: each part's local header and bytes, then the central directory and its end. */
function zip(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    // The fields both headers give, from the method on: the central header's are two bytes further.
    const described = (at: number): [number, 16 | 32, number][] => [[at, 16, part.method], [at + 6, 32, part.crc], [at + 10, 32, part.packed.length], [at + 14, 32, part.size], [at + 18, 16, name.length]];
    chunks.push(header(30, [[0, 32, 0x04034b50], [4, 16, 20], ...described(8)]), name, part.packed);
    directory.push(header(46, [[0, 32, 0x02014b50], [4, 16, 20], [6, 16, 20], ...described(10), [42, 32, offset]]), name);
    offset += 30 + name.length + part.packed.length;
  }
  const listing = Buffer.concat(directory);
  const end = header(22, [[0, 32, 0x06054b50], [8, 16, parts.length], [10, 16, parts.length], [12, 32, listing.length], [16, 32, offset]]);
  return Buffer.concat([...chunks, listing, end]);
}

const STUDENT = { name: 'Rahim Uddin', phone: '01700000001', sid: 'R1', groups: ['0123456789abcdef01234567'] };
const studentsSheet = (students: Record<string, unknown>[] = [STUDENT]) => workbook([['Students', studentRows(students as never)]]);

/** A students workbook whose part `name` is replaced. */
async function withPart(part: Part): Promise<Buffer> {
  return zip(partsOf(await studentsSheet()).map((p) => (p.name === part.name ? part : p)));
}

const SHARED_STRINGS = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>', '</t></si></sst>'] as const;

const sheet1Head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>';

/** A file made once, at its first use: the desk's tests send the same files again. */
const madeOnce = (make: () => Promise<Buffer>) => {
  let file: Promise<Buffer> | undefined;
  return () => (file ??= make());
};

/** 0.3 GB of one cell in half a megabyte. */
const bombXlsx = madeOnce(async () => withPart(await deflated('xl/sharedStrings.xml', SHARED_STRINGS[0], () => 'A'.repeat(MB), 300, SHARED_STRINGS[1])));

const millionRowsXlsx = madeOnce(async () => withPart(await deflated(
  'xl/worksheets/sheet1.xml',
  sheet1Head,
  // A thousand rows a chunk: rows 2 to 1,000,000, one number each.
  (i) => Array.from({ length: 1000 }, (_, j) => i * 1000 + j + 2).filter((n) => n <= 1_000_000).map((n) => `<row r="${n}"><c r="A${n}"><v>${n}</v></c></row>`).join(''),
  1000, '</sheetData></worksheet>',
)));

const millionRowsCsv = madeOnce(async () => Buffer.from(`name,phone\n${'Rahim,01700000001\n'.repeat(1_000_000)}`));

const formulasXlsx = madeOnce(async () => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  sheet.addRows(studentRows([STUDENT, { ...STUDENT, phone: '01700000002', sid: 'R2' }, { ...STUDENT, phone: '01700000003', sid: 'R3' }] as never));
  sheet.getCell('F3').value = { formula: 'A3&B3', result: 'Rahim Uddin01700000002' } as ExcelJS.CellFormulaValue;
  sheet.getCell('F4').value = { formula: 'UPPER(A4)', result: 'RAHIM UDDIN' } as ExcelJS.CellFormulaValue;
  sheet.mergeCells('E2:F2');
  book.addWorksheet('Lists', { state: 'hidden' }).addRow(['Morning', 'Evening']);
  return Buffer.from(await book.xlsx.writeBuffer());
});

describe('a workbook that unpacks to far more than it is', () => {
  it('is refused from its zip directory, before anything is unpacked: 0.3 GB of one cell in half a megabyte', async () => {
    const bomb = await bombXlsx();
    expect(bomb.length).toBeLessThan(MB);
    const problems = await refused([{ name: 'bomb.xlsx', data: bomb }], 'zip bomb, sizes told');
    expect(problems.join('\n')).toMatch(/bomb\.xlsx: bomb\.xlsx unpacks its part xl\/sharedStrings\.xml to 300 MB; a part may unpack to at most 64 MB/);
    expect(problems.join('\n')).not.toContain('AAAAAAAAAA');
  });

  it('is refused when its directory claims a small size: a part is unpacked only up to the size it claims', async () => {
    const liar = await withPart(await deflated('xl/sharedStrings.xml', SHARED_STRINGS[0], () => 'A'.repeat(MB), 300, SHARED_STRINGS[1], 900));
    const problems = await refused([{ name: 'liar.xlsx', data: liar }], 'zip bomb, sizes hidden');
    expect(problems).toEqual(['liar.xlsx: liar.xlsx is not an XLSX workbook Excel can open: its part xl/sharedStrings.xml is damaged or larger than the workbook says']);
  });

  it('is refused when a part unpacks to more than a hundred times its size, within the size a part may have', async () => {
    const dense = await withPart(await deflated('xl/sharedStrings.xml', SHARED_STRINGS[0], () => 'B'.repeat(MB), 40, SHARED_STRINGS[1]));
    const problems = await refused([{ name: 'dense.xlsx', data: dense }]);
    expect(problems.join('\n')).toMatch(/dense\.xlsx unpacks its part xl\/sharedStrings\.xml to [\d,]+ times its size; a workbook's parts unpack to at most 100 times theirs/);
  });
});

describe('a sheet too long, or a cell too large', () => {
  it('refuses a workbook of 1,000,000 rows by counting them, the sheet named', async () => {
    const problems = await refused([{ name: 'million.xlsx', data: await millionRowsXlsx() }], '1,000,000-row XLSX');
    expect(problems).toEqual(['million.xlsx, sheet Students: the sheet holds 1,000,000 rows; a sheet may hold at most 50,000: split it into several files (or delete the empty rows below the list)']);
    // Two rows, the second at the sheet's last: the reader would make every row between.
    const far = await withPart(await deflated('xl/worksheets/sheet1.xml', sheet1Head, () => '<row r="1048576"><c r="A1048576"><v>1</v></c></row>', 1, '</sheetData></worksheet>'));
    expect(await refused([{ name: 'far.xlsx', data: far }])).toEqual(['far.xlsx, sheet Students: the sheet holds 1,048,576 rows; a sheet may hold at most 50,000: split it into several files (or delete the empty rows below the list)']);
  });

  it('refuses a 1,000,000-row CSV after reading the first 50,001 rows, a megabyte at a time', async () => {
    const problems = await refused([{ name: 'million.csv', data: await millionRowsCsv() }], '1,000,000-row CSV');
    expect(problems).toEqual(['million.csv: the sheet holds more than 50,000 rows; a sheet may hold at most 50,000: split it into several files (or delete the empty rows below the list)']);
  });

  it('refuses a 10 MB cell of a workbook and of a CSV, with its row and column', async () => {
    // Text that packs as little as a pasted blob does (a repeated letter would be refused as a zip bomb).
    const name = randomBytes((10 * MB * 3) / 4).toString('base64');
    const xlsx = await studentsSheet([{ ...STUDENT, name }]);
    expect(await refused([{ name: 'long.xlsx', data: xlsx }], '10 MB cell, XLSX')).toEqual(['long.xlsx, sheet Students, row 2, column B: the cell holds 10,485,760 characters; a cell may hold at most 32,767']);
    const csv = Buffer.from(`name,phone\n${name},01700000001\n`);
    expect(await refused([{ name: 'long.csv', data: csv }], '10 MB cell, CSV')).toEqual(['long.csv, row 2, column A: the cell holds 10,485,760 characters; a cell may hold at most 32,767']);
  });

  it('refuses a file larger than the desk takes, the command line too', async () => {
    expect(await refused([{ name: 'big.csv', data: Buffer.alloc(21 * MB, 'a') }])).toEqual(['big.csv: big.csv is 21 MB; a file may be at most 20 MB: split it into several files']);
    // The command line's reader refuses it from the file's size, before reading it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-limits-'));
    try {
      fs.writeFileSync(path.join(dir, 'big.csv'), Buffer.alloc(21 * MB, 'a'));
      const error = await readSource(dir).then(() => null, (e: unknown) => e);
      expect((error as BundleError).problems).toEqual(['big.csv: big.csv is 21 MB; a file may be at most 20 MB: split it into several files']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what a grid of texts cannot hold faithfully', () => {
  it('refuses formulas, merged cells and hidden sheets, each with where it is', async () => {
    expect(await refused([{ name: 'students.xlsx', data: await formulasXlsx() }])).toEqual([
      'students.xlsx, sheet Students, row 3, column F: the cell holds a formula (=A3&B3), and 1 more formulas in this sheet: the import reads values only; copy the sheet and paste it as values',
      "students.xlsx, sheet Students, row 2, column E: the cell is merged with the cells beside it: unmerge them and write each row's value in its own cell",
      'students.xlsx, sheet Lists: the sheet is hidden: show it and check what it holds, or delete it',
    ]);
  });

  it('shows a wrong value by its first hundred characters', async () => {
    const csv = Buffer.from(`name,phone,SSC GPA\nRahim Uddin,01700000001,${'y'.repeat(5000)}\n`);
    const { problems } = await readFiles([{ name: 'gpa.csv', data: csv }]);
    expect(problems.map((p) => p.message)).toEqual([`SSC GPA "${'y'.repeat(100)}… (5,000 characters)" is not a number`]);
  });
});

describe('a JSON bundle', () => {
  it.each(['__proto__', 'constructor', 'studnets'])('names its unknown list "%s" as a problem (no list takes its name)', async (key) => {
    const data = Buffer.from(`{"students": [], "${key}": []}`);
    const problems = await refused([{ name: 'bundle.json', data }]);
    expect(problems).toEqual([`bundle.json, /${key}: bundle.json: "${key}" is not a list of a bundle (its lists are staff, courses, groups, students, exams, forum, notifications, submissions, faculties, remove)`]);
  });
});

describe('a sheet\'s cell that names an object\'s machinery', () => {
  it.each(['__proto__', 'constructor'])('reads "%s" as a value like any other', async (text) => {
    const csv = Buffer.from(`course,subject,kind,item,content title,url\n0123456789abcdef01234567,0123456789abcdef01234568,${text},Item,Video,https://example.test/v\n`);
    const { problems } = await readFiles([{ name: 'content.csv', data: csv }]);
    expect(problems.map((p) => p.message)).toEqual([`kind "${text}" is not chapter, lecture or question-solve`]);
  });
});

describe.each(databaseKinds())('the checks of a bundle, in words of bounded length (%s)', (kind) => {
  let database: TestDatabase;
  let connection: Connection;
  const now = new Date();

  beforeAll(async () => {
    database = await createDatabase(kind);
    connection = await connect(database.url);
    await migrate(connection.db, connection.dialect);
  });
  afterAll(async () => {
    await connection.db.destroy();
    await database.drop();
  });

  const check = async (files: { name: string; data: Buffer }[]) => {
    const { error, ms } = await measured(async () => {
      const { input, places, problems } = await readFiles(files);
      await importAcademy(connection.db, input, { now, scryptCost: 16384, places, problems, dryRun: true });
    });
    expect(error).toBeInstanceOf(BundleError);
    return { error: error as BundleError, ms };
  };

  it('cuts a long value in a problem and names an object by what it is', async () => {
    const bundle = { students: [{ name: 'n'.repeat(30_000), phone: '01700000001', sid: 'R1', branch: 'Dhaka' }] };
    // JSON's "__proto__" is a key like any other: the student's own field, never its prototype.
    const text = JSON.stringify(bundle).replace('"branch"', '"__proto__":{"sid":"R2"},"branch"');
    const { error } = await check([{ name: 'bundle.json', data: Buffer.from(text) }]);
    expect(error.problems).toContain(`bundle.json, /students/0/name: name "${'n'.repeat(100)}… (30,000 characters)": expected string length less or equal to 20000`);
    expect(error.problems).toContain('bundle.json, /students/0/branch: branch "Dhaka": expected object');
    expect(error.problems).toContain('bundle.json, /students/0/__proto__: __proto__ is not a known field');
    for (const problem of error.problems) expect(problem.length).toBeLessThan(400);
  });

  it('lists the first 500 of 20,000 problems, and how many more there are, within seconds', async () => {
    const rows = ['name,phone,roll,batch', ...Array.from({ length: 20_000 }, (_, i) => `Student ${i},017${String(10_000_000 + i)},R${i},0123456789abcdef01234567`)];
    const { error, ms } = await check([{ name: 'students.csv', data: Buffer.from(rows.join('\n')) }]);
    console.log(`20,000 rows each with a problem: refused in ${Math.round(ms)} ms`);
    expect(error.details).toHaveLength(501);
    expect(error.problems[0]).toBe('students.csv, row 2, column D (batch): Student 0: batch 0123456789abcdef01234567 is not in the bundle nor in the academy');
    expect(error.problems[500]).toBe('… and 19,500 more problems: fix these first and check the file again');
    expect(error.message).toMatch(/^The import was refused, nothing was written\. 20,000 problems:/);
    expect(ms).toBeLessThan(20_000);
  });
});

describe.each(databaseKinds())('the same files through the desk\'s import (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let student: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo' });
    admin = await server.sessionFor(DEMO_ADMIN, 'staff');
    student = await server.sessionFor(DEMO_STUDENT);
  });
  afterAll(async () => {
    await server.close();
  });

  // Students' requests and the server thread's longest hold are measured as figures: the job's own
  // handling of a file's bytes (its row, the copy to the import's thread) holds the thread too.
  it('checks each as a job that ends within seconds with its problems in words, students answered meanwhile', async () => {
    const files: { name: string; data: Buffer; problem: string }[] = [
      { name: 'bomb.xlsx', data: await bombXlsx(), problem: 'bomb.xlsx unpacks its part xl/sharedStrings.xml to 300 MB' },
      { name: 'million.xlsx', data: await millionRowsXlsx(), problem: 'the sheet holds 1,000,000 rows' },
      { name: 'million.csv', data: await millionRowsCsv(), problem: 'the sheet holds more than 50,000 rows' },
      { name: 'students.xlsx', data: await formulasXlsx(), problem: 'the cell holds a formula (=A3&B3)' },
      { name: 'bundle.json', data: Buffer.from('{"__proto__": [], "students": []}'), problem: '"__proto__" is not a list of a bundle' },
    ];
    // The first import starts the import's thread: its start is not the files' cost.
    await importAndWait(server, admin, 'empty.csv', Buffer.from('name,phone\n'));
    const waits: number[] = [];
    let checking = true;
    const students = (async () => {
      while (checking) {
        const started = performance.now();
        const answer = await server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: student });
        waits.push(performance.now() - started);
        expect(answer.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    for (const file of files) {
      const started = performance.now();
      const before = waits.length;
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const job = await importAndWait(server, admin, file.name, file.data);
      console.log(`${kind}, ${file.name}: the job ended in ${Math.round(performance.now() - started)} ms; students' slowest ${Math.round(Math.max(0, ...waits.slice(before)))} ms; the server's thread held at most ${Math.round(loop.max / 1e6)} ms`);
      loop.disable();
      expect(job).toMatchObject({ state: 'done', failure: null });
      expect(performance.now() - started).toBeLessThan(15_000);
      const messages = job.outcome!.problems.map((p) => p.message);
      expect(messages.join('\n')).toContain(file.problem);
      for (const message of messages) expect(message.length).toBeLessThan(400);
    }
    checking = false;
    await students;
    waits.sort((a, b) => a - b);
    const p99 = waits[Math.floor(waits.length * 0.99)]!;
    console.log(`${kind}: ${waits.length} students' requests while the files were checked, p50 ${Math.round(waits[Math.floor(waits.length / 2)]!)} ms, p99 ${Math.round(p99)} ms, slowest ${Math.round(waits.at(-1)!)} ms`);
  }, 120_000);
});
