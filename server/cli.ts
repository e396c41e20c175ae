// Operators' command line:
//   npm run academy -- import [--dry-run] <file | folder>   add or update content: JSON bundles, XLSX or CSV sheets
//   npm run academy -- template exam|students|content [file]   write a filled example sheet to copy
//   npm run academy -- export [folder]                          write the academy out as sheets
//   npm run academy -- publish <examId>                publish a finished live exam's results
//   npm run academy -- worker                          run jobs (imports) without serving, beside the servers
import { configFrom, type Config } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { BundleError, formatReport, importAcademy } from './import/index.js';
import { readSource } from './import/read.js';
import { NameBook } from './import/names.js';
import { loadNames } from './import/queries.js';
import { exportAcademy } from './import/export.js';
import { TEMPLATE_KINDS, writeTemplate, type TemplateKind } from './import/templates.js';
import { buildApp } from './app.js';
import { ApiError } from './errors.js';
import { depsOf } from './deps.js';
import { publishResults, unpublishedAssignmentsOf } from './results/marking.js';
import type { Connection } from './db/connect.js';

const USAGE = [
  'Usage:',
  '  npm run academy -- import [--dry-run] <bundle.json | sheet.xlsx | sheet.csv | folder of them>',
  '  npm run academy -- template exam|students|content [file.xlsx]',
  '  npm run academy -- export [folder]',
  '  npm run academy -- publish <examId>',
  '  npm run academy -- worker',
].join('\n');

async function importCommand(config: Config, { db }: Connection, location: string, dryRun: boolean): Promise<number> {
  try {
    const { input, places, problems } = await readSource(location, new NameBook(await loadNames(db)));
    const report = await importAcademy(db, input, { now: new Date(), scryptCost: config.scryptCost, challengeWindowHours: config.challengeWindowHours, dryRun, places, problems });
    console.log(formatReport(report));
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

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const [command, argument] = args.filter((a) => a !== '--dry-run');
if (command === 'template') {
  if (!TEMPLATE_KINDS.includes(argument as TemplateKind)) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = args[2] ?? `${argument}-template.xlsx`;
  await writeTemplate(argument as TemplateKind, file);
  console.log(`Wrote ${file}: a filled example of the ${argument} sheet to copy (columns: docs/import-sheets.md).`);
  process.exit(0);
}
if (command !== 'export' && command !== 'worker' && (!argument || (command !== 'import' && command !== 'publish'))) {
  console.error(USAGE);
  process.exit(2);
}

const config = configFrom(process.env);
const connection = await connect(config.databaseUrl);
try {
  await migrate(connection.db, connection.dialect);
  if (command === 'export') {
    const files = await exportAcademy(connection.db, argument ?? 'academy-export');
    console.log(`Wrote ${files.join(', ')}. Importing them again changes nothing.`);
  } else if (command === 'worker') {
    process.exitCode = await workerCommand(config, connection);
  } else {
    process.exitCode = command === 'import' ? await importCommand(config, connection, argument!, dryRun) : await publishCommand(config, connection, argument!);
  }
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await connection.db.destroy();
}
