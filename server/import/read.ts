// Reading what staff hand in: a JSON bundle, a folder of JSON files whose lists are joined, or (see
// sheets.ts) spreadsheets. Each reader returns the bundle and where it found each part of it.
import fs from 'node:fs';
import path from 'node:path';
import { BundleSchema } from '../db/seed/bundle.js';
import { BundleError, PlaceMap, shown, type Problem } from './problems.js';
import { gridsToBundle, readCsv, readXlsx, SheetReader, type Grid } from './sheets.js';
import { fileTooLarge } from './limits.js';
import type { NameBook } from './names.js';

export interface Source {
  input: unknown;
  places: PlaceMap;
  /** Problems of values the sheets hold (a letter that is no option, a time that is no time). */
  problems: Problem[];
}

export const IMPORTABLE = /\.(json|xlsx|csv)$/i;

/**
 * Reads uploaded or local files (JSON bundles, XLSX and CSV sheets) into one bundle: the JSON lists
 * first, then each sheet's rows, every part placed in its file, sheet and row. Given the academy's
 * names (names.ts), a sheet may name its course, subjects, batches and chapters as people see them.
 */
export async function readFiles(files: { name: string; data: Buffer }[], names?: NameBook): Promise<Source> {
  const merged = lists();
  const places = new PlaceMap();
  const grids: Grid[] = [];
  for (const { name, data } of files) {
    const tooLarge = fileTooLarge(name, data.length);
    if (tooLarge) throw tooLarge;
    if (/\.json$/i.test(name)) addJson(merged, places, name, data.toString('utf8'));
    else if (/\.csv$/i.test(name)) grids.push(...readCsv(name, data.toString('utf8')));
    else if (/\.xlsx$/i.test(name)) {
      try {
        grids.push(...(await readXlsx(name, data)));
      } catch (error) {
        if (error instanceof BundleError) throw error;
        throw new BundleError([{ file: name, field: '/', message: `${name} is not an XLSX workbook Excel can open: ${shown((error as Error).message)}` }]);
      }
    } else throw new BundleError([{ file: name, field: '/', message: `${name} is neither a JSON bundle nor an XLSX or CSV sheet` }]);
  }
  const reader = gridsToBundle(grids, new SheetReader(merged, places, names));
  return { input: merged, places, problems: reader.problems };
}

/** Reads a file, or a folder of JSON, XLSX and CSV files (in name order). */
export async function readSource(location: string, names?: NameBook): Promise<Source> {
  const stat = fs.statSync(location, { throwIfNoEntry: false });
  if (!stat) throw new BundleError([{ field: '/', message: `${location} does not exist` }]);
  const files = stat.isDirectory() ? fs.readdirSync(location).filter((f) => IMPORTABLE.test(f)).sort().map((f) => path.join(location, f)) : [location];
  // A file too large is refused before it is read into memory.
  for (const name of files) {
    const tooLarge = fileTooLarge(path.basename(name), fs.statSync(name).size);
    if (tooLarge) throw tooLarge;
  }
  return readFiles(files.map((name) => ({ name: path.basename(name), data: fs.readFileSync(name) })), names);
}

/** The lists a bundle may hold: its schema's fields (server/db/seed/bundle.ts). */
const BUNDLE_LISTS = new Set(Object.keys(BundleSchema.properties));

/**
 * The bundle's lists by name, as a map without a prototype: a file's key "__proto__" or "constructor"
 * is one more unknown name, never the map's own machinery.
 */
const lists = (): Record<string, unknown[]> => Object.create(null) as Record<string, unknown[]>;

/** One JSON document's lists, added to those already read, each list entry placed in its file. */
export function addJson(merged: Record<string, unknown[]>, places: PlaceMap, file: string, text: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BundleError([{ file, field: '/', message: `${file} is not valid JSON: ${shown((error as Error).message)}` }]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BundleError([{ file, field: '/', message: `${file} must hold a JSON object` }]);
  }
  const problems: Problem[] = [];
  const entries = Object.entries(parsed);
  for (const [key, value] of entries) {
    const field = `/${key}`;
    if (!BUNDLE_LISTS.has(key)) problems.push({ file, field, message: `${file}: "${shown(key)}" is not a list of a bundle (its lists are ${[...BUNDLE_LISTS].join(', ')})` });
    else if (!Array.isArray(value)) problems.push({ file, field, message: `${file}: "${key}" must be a list` });
  }
  if (problems.length) throw new BundleError(problems);
  for (const [key, value] of entries as [string, unknown[]][]) {
    const list = (merged[key] ??= []);
    for (const entry of value) {
      places.set(`/${key}/${list.length}`, { file });
      list.push(entry);
    }
  }
}

/** Reads a bundle from one JSON file, or from a folder of JSON files whose lists are joined. */
export function readJsonSource(location: string): Source {
  const stat = fs.statSync(location, { throwIfNoEntry: false });
  if (!stat) throw new BundleError([{ field: '/', message: `${location} does not exist` }]);
  const files = stat.isDirectory()
    ? fs.readdirSync(location).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(location, f))
    : [location];
  const merged = lists();
  const places = new PlaceMap();
  for (const file of files) addJson(merged, places, path.basename(file), fs.readFileSync(file, 'utf8'));
  return { input: merged, places, problems: [] };
}

/** The bundle alone, for callers that need no places (the demo seed, tests). */
export const readBundle = (location: string): unknown => readJsonSource(location).input;
