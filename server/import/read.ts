// Reading what staff hand in: a JSON bundle, a folder of JSON files whose lists are joined, or (see
// sheets.ts) spreadsheets. Each reader returns the bundle and where it found each part of it.
import fs from 'node:fs';
import path from 'node:path';
import { BundleError, PlaceMap } from './problems.js';

export interface Source {
  input: unknown;
  places: PlaceMap;
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
  return { input: merged, places };
}

/** The bundle alone, for callers that need no places (the demo seed, tests). */
export const readBundle = (location: string): unknown => readJsonSource(location).input;
