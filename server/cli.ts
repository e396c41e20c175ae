// Operators' command line:
//   npm run academy -- import [--dry-run] [--confirm-large] <file | folder>   add or update content: JSON bundles, XLSX or CSV sheets
//   npm run academy -- template exam|students|content [file]   a sheet built from the academy, with drop-down lists
//   npm run academy -- imports                         the import history, each with what it changed
//   npm run academy -- undo <importId>                 take an import back, as one transaction
//   npm run academy -- export [folder]                          write the academy out as sheets
//   npm run academy -- publish <examId>                publish a finished live exam's results
//   npm run academy -- worker                          run jobs (imports, lecture packaging) without serving, beside the servers
//   npm run academy -- media add <file> --item "<Subject> / <item>" --title "<title>"   put a lecture video in
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
//   npm run academy -- staff add <username> --name … --role admin|teacher   a staff account (the first administrator)
//   npm run academy -- backup <file> | restore <file> [--force]   a consistent backup while serving; its restore
import { configFrom, type Config } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { BundleError, formatReport, importAcademy, largeWords } from './import/index.js';
import { IMPORTABLE, readSource } from './import/read.js';
import { NameBook } from './import/names.js';
import { loadNames } from './import/queries.js';
import { exportAcademy } from './import/export.js';
import { TEMPLATE_KINDS, writeAcademyTemplate, type TemplateKind } from './import/templates.js';
import { COMMAND_LINE, importHistory, undoImport, UndoRefused } from './import/history.js';
import { newId } from './ids.js';
import { formatAcademyTime } from '../src/domain/academyTime.js';
import { buildApp } from './app.js';
import { ApiError } from './errors.js';
import { depsOf } from './deps.js';
import { publishResults, unpublishedAssignmentsOf } from './results/marking.js';
import type { Connection } from './db/connect.js';
import { STAFF_USAGE, staffCommand } from './staffAccounts/command.js';
import { BACKUP_USAGE, backupCommand, restoreCommand } from './backup/command.js';
import { mediaAddCommand } from './lectures/command.js';

const USAGE = [
  'Usage:',
  '  npm run academy -- import [--dry-run] [--confirm-large] <bundle.json | sheet.xlsx | sheet.csv | folder of them>',
  '  npm run academy -- template exam|students|content [file.xlsx]',
  '  npm run academy -- imports',
  '  npm run academy -- undo <importId>',
  '  npm run academy -- export [folder]',
  '  npm run academy -- publish <examId>',
  '  npm run academy -- worker',
  STAFF_USAGE,
  ...BACKUP_USAGE,
  '  npm run academy -- media add <video file> --item "<Subject> / <item name>" (or the item\'s id) --title "<title>"',
].join('\n');

/** The checksum of what an import reads: the file, or the importable files of a folder in name order. */
function checksumOf(location: string): string {
  const hash = createHash('sha256');
  if (fs.statSync(location).isDirectory()) {
    for (const name of fs.readdirSync(location).filter((f) => IMPORTABLE.test(f)).sort()) hash.update(name).update(fs.readFileSync(path.join(location, name)));
  } else hash.update(fs.readFileSync(location));
  return hash.digest('hex');
}

async function importCommand(config: Config, { db }: Connection, location: string, dryRun: boolean, confirmLarge: boolean): Promise<number> {
  try {
    const { input, places, problems } = await readSource(location, new NameBook(await loadNames(db)));
    const record = dryRun ? undefined : { id: newId(), fileName: path.basename(location), checksum: checksumOf(location), by: COMMAND_LINE };
    const report = await importAcademy(db, input, {
      now: new Date(), scryptCost: config.scryptCost, challengeWindowHours: config.challengeWindowHours, dryRun, places, problems,
      changeThreshold: config.importChangeThreshold, confirmLarge, record,
    });
    console.log(formatReport(report));
    for (const large of report.large) console.log(`  Large: ${largeWords(large, config.importChangeThreshold)}; import it with --confirm-large.`);
    if (report.importId) console.log(`Kept in the history as import ${report.importId} (npm run academy -- imports; undo: npm run academy -- undo ${report.importId}).`);
    return 0;
  } catch (error) {
    if (error instanceof BundleError) {
      console.error(error.message);
      console.error('Nothing was imported.');
    } else {
      console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
    }
    return 1;
  }
}

/**
 * Publishes every batch of the exam whose results wait, exactly as the teacher desk does: the same
 * checks, and the same notifications, stored for every student of the batch and sent live through
 * Redis (REDIS_URL) to whichever server process holds their sockets.
 */
async function publishCommand(config: Config, connection: Connection, examId: string): Promise<number> {
  const exam = await connection.db.selectFrom('exams').select(['id', 'title']).where('id', '=', examId).executeTakeFirst();
  if (!exam) {
    console.error(`No exam has the id ${examId}.`);
    return 1;
  }
  const waiting = await unpublishedAssignmentsOf(connection.db, examId);
  if (waiting.length === 0) {
    console.log(`The results of "${exam.title}" are already published for every batch.`);
    return 0;
  }
  const app = await buildApp({ ...config, logLevel: 'silent' }, connection);
  let failed = 0;
  try {
    await app.realtime.ready();
    for (const assignment of waiting) {
      try {
        const done = await publishResults(app, depsOf(app), assignment.id);
        console.log(`Published "${exam.title}" for ${assignment.group_name}: ${done.results} results, ${done.notified} students notified.`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        failed += 1;
        console.error(`Not published for ${assignment.group_name}: ${error.title}${error.message !== error.title ? ` ${error.message}` : ''}`);
      }
    }
  } finally {
    await app.close();
  }
  return failed > 0 ? 1 : 0;
}

/**
 * Runs the job runner without serving (server/jobs): on another machine with the servers'
 * DATABASE_URL (and REDIS_URL, so the desks hear its jobs), it takes jobs as every server process does,
 * until SIGINT or SIGTERM hands its running job back to wait for the next runner.
 */
async function workerCommand(config: Config, connection: Connection): Promise<number> {
  const app = await buildApp(config, connection);
  await app.ready();
  console.log('Running jobs; stop with Ctrl-C.');
  // The runner's own timers do not hold the process open: this one does, until a signal.
  const open = setInterval(() => undefined, 60_000);
  // A signal repeated while the runner hands its job back is not let end the process halfway.
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => resolve());
  });
  clearInterval(open);
  await app.close();
  return 0;
}

/** The import history, newest first, each with what it changed. */
async function importsCommand({ db }: Connection): Promise<number> {
  const runs = await importHistory(db);
  if (!runs.length) console.log('No import has written anything yet.');
  for (const run of runs) {
    const state = run.undoneAt ? ` (undone ${formatAcademyTime(run.undoneAt)} by ${run.undoneBy})` : '';
    console.log(`${run.id}  ${formatAcademyTime(run.createdAt)}  ${run.fileName} by ${run.by}${state}\n  sha256 ${run.checksum}`);
    for (const line of run.summary) console.log(`  ${line}`);
  }
  return 0;
}

async function undoCommand({ db }: Connection, id: string): Promise<number> {
  try {
    const run = await undoImport(db, id, COMMAND_LINE, new Date());
    console.log(`Undid import ${run.id} (${run.fileName}): what it added is removed, what it updated has its earlier values.`);
    return 0;
  } catch (error) {
    if (!(error instanceof UndoRefused)) throw error;
    console.error(error.message);
    return 1;
  }
}

const args = process.argv.slice(2);
if (args[0] === 'media') {
  process.exit(await mediaAddCommand(args.slice(1), USAGE));
}
const dryRun = args.includes('--dry-run');
const confirmLarge = args.includes('--confirm-large');
const [command, argument, third] = args.filter((a) => a !== '--dry-run' && a !== '--confirm-large');
/** Runs a command on the migrated database of DATABASE_URL, closing it after. */
const onDatabase = (run: (config: Config, connection: Connection, rest: string[]) => Promise<number>) => async (config: Config, rest: string[]) => {
  const connection = await connect(config.databaseUrl);
  try {
    await migrate(connection.db, connection.dialect);
    return await run(config, connection, rest);
  } finally {
    await connection.db.destroy();
  }
};
// Operators' commands with flags of their own. A restore opens the database itself: it must find it as it is.
const operatorCommands: Record<string, (config: Config, rest: string[]) => Promise<number>> = {
  staff: onDatabase(staffCommand),
  backup: backupCommand,
  restore: restoreCommand,
};
const operatorCommand = operatorCommands[args[0] ?? ''];
if (operatorCommand) {
  try {
    process.exitCode = await operatorCommand(configFrom(process.env), args.slice(1));
  } catch (error) {
    console.error(`${args[0]} failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
  process.exit();
}
if (command === 'template' && !TEMPLATE_KINDS.includes(argument as TemplateKind)) {
  console.error(USAGE);
  process.exit(2);
}
if (!['export', 'worker', 'imports', 'template'].includes(command ?? '') && (!argument || !['import', 'publish', 'undo'].includes(command ?? ''))) {
  console.error(USAGE);
  process.exit(2);
}

const config = configFrom(process.env);
const connection = await connect(config.databaseUrl);
try {
  await migrate(connection.db, connection.dialect);
  if (command === 'template') {
    const file = third ?? `${argument}-template.xlsx`;
    await writeAcademyTemplate(connection.db, argument as TemplateKind, file, new Date());
    console.log(`Wrote ${file}: the ${argument} sheet with the academy's courses, subjects, chapters and batches in its drop-down lists, one example row and a Columns sheet (docs/import-sheets.md).`);
  } else if (command === 'imports') {
    process.exitCode = await importsCommand(connection);
  } else if (command === 'undo') {
    process.exitCode = await undoCommand(connection, argument!);
  } else if (command === 'export') {
    const files = await exportAcademy(connection.db, argument ?? 'academy-export');
    console.log(`Wrote ${files.join(', ')}. Importing them again changes nothing.`);
  } else if (command === 'worker') {
    process.exitCode = await workerCommand(config, connection);
  } else {
    process.exitCode = command === 'import' ? await importCommand(config, connection, argument!, dryRun, confirmLarge) : await publishCommand(config, connection, argument!);
  }
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await connection.db.destroy();
}
