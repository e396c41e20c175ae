// Reading what staff hand in: a JSON bundle, a folder of JSON files whose lists are joined, or (see
// sheets.ts) spreadsheets. Each reader returns the bundle and where it found each part of it.
import fs from 'node:fs';
import path from 'node:path';
import { BundleError, PlaceMap, type Problem } from './problems.js';
import { gridsToBundle, readCsv, readXlsx, SheetReader, type Grid } from './sheets.js';

export interface Source {
  input: unknown;
  places: PlaceMap;
  /** Problems of values the sheets hold (a letter that is no option, a time that is no time). */
  problems: Problem[];
}

export const IMPORTABLE = /\.(json|xlsx|csv)$/i;

/**
 * Reads uploaded or local files (JSON bundles, XLSX and CSV sheets) into one bundle: the JSON lists
 * first, then each sheet's rows, every part placed in its file, sheet and row.
 */
export async function readFiles(files: { name: string; data: Buffer }[]): Promise<Source> {
  const merged: Record<string, unknown[]> = {};
  const places = new PlaceMap();
  const grids: Grid[] = [];
  for (const { name, data } of files) {
    if (/\.json$/i.test(name)) addJson(merged, places, name, data.toString('utf8'));
    else if (/\.csv$/i.test(name)) grids.push(...readCsv(name, data.toString('utf8')));
    else if (/\.xlsx$/i.test(name)) {
      try {
        grids.push(...(await readXlsx(name, data)));
      } catch (error) {
        throw new BundleError([{ file: name, field: '/', message: `${name} is not an XLSX workbook Excel can open: ${(error as Error).message}` }]);
      }
    } else throw new BundleError([{ file: name, field: '/', message: `${name} is neither a JSON bundle nor an XLSX or CSV sheet` }]);
  }
  const reader = gridsToBundle(grids, new SheetReader(merged, places));
  return { input: merged, places, problems: reader.problems };
}

/** Reads a file, or a folder of JSON, XLSX and CSV files (in name order). */
export async function readSource(location: string): Promise<Source> {
  const stat = fs.statSync(location, { throwIfNoEntry: false });
  if (!stat) throw new BundleError([{ field: '/', message: `${location} does not exist` }]);
  const names = stat.isDirectory() ? fs.readdirSync(location).filter((f) => IMPORTABLE.test(f)).sort().map((f) => path.join(location, f)) : [location];
  return readFiles(names.map((name) => ({ name: path.basename(name), data: fs.readFileSync(name) })));
}

/** One JSON document's lists, added to those already read, each list entry placed in its file. */
export function addJson(merged: Record<string, unknown[]>, places: PlaceMap, file: string, text: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BundleError([{ file, field: '/', message: `${file} is not valid JSON: ${(error as Error).message}` }]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BundleError([{ file, field: '/', message: `${file} must hold a JSON object` }]);
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (!Array.isArray(value)) throw new BundleError([{ file, field: `/${key}`, message: `${file}: "${key}" must be a list` }]);
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
  const merged: Record<string, unknown[]> = {};
  const places = new PlaceMap();
  for (const file of files) addJson(merged, places, path.basename(file), fs.readFileSync(file, 'utf8'));
  return { input: merged, places, problems: [] };
}

/** The bundle alone, for callers that need no places (the demo seed, tests). */
export const readBundle = (location: string): unknown => readJsonSource(location).input;
