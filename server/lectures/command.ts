// `npm run academy -- media add <file> --item "<Subject> / <item name>" --title "<title>"`: a lecture put
// in from the command line (bulk work), packaged by the same job as the desk's upload. It prints the
// job's steps as they come and ends with the video's id and state; the exit code is 0 only when ready.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Lecture } from '../../src/contracts/lectures.js';
import { LECTURE_FILE_TYPES } from '../../src/contracts/limits.js';
import { buildApp } from '../app.js';
import { configFrom } from '../config.js';
import { connect } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { newId } from '../ids.js';
import { queueLecture, UPLOADS_FOLDER, viewOfLecture } from './jobs.js';
import { findItem } from './queries.js';
import { LECTURE_TITLES } from './routes.js';

const ENDED = new Set<Lecture['state']>(['ready', 'failed', 'cancelled']);

/** One line of where the lecture stands, as the desk says it. */
export function lectureLine(view: Lecture): string {
  if (view.state === 'transcoding') return `transcoding ${view.percent}%${view.secondsLeft === null ? '' : `, about ${view.secondsLeft} s left`}`;
  if (view.state === 'queued') return view.ahead > 0 ? `queued, ${view.ahead} before it` : 'queued';
  if (view.state === 'failed') return `failed: ${view.failure}`;
  return view.state;
}

/** Copies the file into the storage directory (a hard link when it is on the same disk). */
async function storeSource(storageDir: string, file: string): Promise<string> {
  const key = `${UPLOADS_FOLDER}/${newId()}`;
  const target = path.join(storageDir, key);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await fs.promises.link(file, target).catch(() => fs.promises.copyFile(file, target));
  return key;
}

export async function mediaAddCommand(args: string[], usage: string): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { item: { type: 'string' }, title: { type: 'string' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const [verb, file] = parsed.positionals;
  const { item, title } = parsed.values;
  if (verb !== 'add' || !file || !item || !title?.trim()) {
    console.error(usage);
    return 2;
  }
  const config = configFrom(process.env);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) {
    console.error(`There is no file ${file}.`);
    return 1;
  }
  if (!LECTURE_FILE_TYPES.some((ending) => file.toLowerCase().endsWith(ending))) {
    console.error(LECTURE_TITLES.fileType);
    return 1;
  }
  if (stat.size > config.media.maxBytes) {
    console.error(LECTURE_TITLES.tooLarge(config.media.maxBytes));
    return 1;
  }
  const connection = await connect(config.databaseUrl);
  try {
    await migrate(connection.db, connection.dialect);
    const items = await findItem(connection.db, item);
    if (items.length !== 1) {
      console.error(items.length === 0 ? `No item is "${item}": give "<Subject> / <item name>" or the item's id.` : `${items.length} items are "${item}"; give the id of one: ${items.map((found) => found.id).join(', ')}.`);
      return 1;
    }
    const app = await buildApp({ ...config, logLevel: 'silent' }, connection);
    try {
      await app.ready();
      const sourceKey = await storeSource(config.storageDir, file);
      const deps = {
        db: app.db, dialect: app.dialect, clock: app.clock, config: app.config, realtime: app.realtime, wake: () => app.jobs.wake(),
      };
      let view = await queueLecture(deps, { itemId: items[0]!.id, title: title.trim(), sourceName: path.basename(file), sourceKey, sourceBytes: stat.size, staffId: null });
      console.log(`Lecture ${view.id}: "${view.title}" in ${view.place}.`);
      let said = '';
      // The job may run here or on any other runner of the database: its row is the one truth.
      while (!ENDED.has(view.state)) {
        const line = lectureLine(view);
        if (line !== said) console.log(line);
        said = line;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        view = (await viewOfLecture(app, view.id)) ?? { ...view, state: 'cancelled' };
      }
      console.log(lectureLine(view));
      console.log(`Video ${view.id}: ${view.state}${view.state === 'ready' ? `, ${Math.round(view.durationSeconds ?? 0)} s, ${view.renditions.map((r) => r.name).join(', ')}` : ''}.`);
      return view.state === 'ready' ? 0 : 1;
    } finally {
      await app.close();
    }
  } finally {
    await connection.db.destroy();
  }
}
