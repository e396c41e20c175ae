// An XLSX workbook is a zip of XML parts. Before the spreadsheet library inflates any of it, the
// importer reads the zip's central directory (a list at the end of the file, a few bytes per part) for
// each part's sizes, and inflates a part itself only with a cap on its output: a few hundred kilobytes
// of zip can hold gigabytes of XML, and a part may claim a small size and inflate to a large one.
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only two an XLSX uses. */
  method: number;
  compressedSize: number;
  /** What the directory says the part inflates to; inflate() holds the part to it. */
  size: number;
  /** Where the part's bytes start in the file. */
  start: number;
}

/** Why a file is not a zip this reader takes, in words for the staff. */
export class ZipError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
/** The end record is 22 bytes and may be followed by a comment of at most 65,535 bytes. */
const END_SEARCH = 22 + 0xffff;
/** Sizes and offsets too large for 32 bits are written as this, with the real value elsewhere (zip64). */
const ZIP64 = 0xffffffff;

/** The parts of a zip, from its central directory: nothing is inflated. */
export function zipEntries(data: Buffer): ZipEntry[] {
  const notZip = new ZipError('it is not a zip file (an XLSX workbook is one)');
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - END_SEARCH); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notZip;
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryStart = data.readUInt32LE(end + 16);
  if (directoryStart === ZIP64 || count === 0xffff) throw new ZipError('its parts are too large for a sheet (a zip64 archive)');
  if (directoryStart + directorySize > end) throw notZip;
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw notZip;
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    if (compressedSize === ZIP64 || size === ZIP64 || local === ZIP64) throw new ZipError(`its part ${name} is too large for a sheet (a zip64 archive)`);
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL_ENTRY) throw notZip;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + compressedSize > data.length) throw notZip;
    entries.push({ name, method, compressedSize, size, start });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * A part's bytes, inflated to at most the size the directory gives: a part that would inflate to more
 * (or less) is refused, so the sizes checked before are the sizes the spreadsheet library meets.
 */
export function inflate(data: Buffer, entry: ZipEntry): Buffer {
  const raw = data.subarray(entry.start, entry.start + entry.compressedSize);
  let out: Buffer;
  if (entry.method === 0) out = raw;
  else if (entry.method === 8) {
    try {
      // One byte more than claimed, so a part that inflates to more shows it.
      out = zlib.inflateRawSync(raw, { maxOutputLength: entry.size + 1 });
    } catch {
      throw new ZipError(`its part ${entry.name} is damaged or larger than the workbook says`);
    }
  } else throw new ZipError(`its part ${entry.name} is compressed in a way a workbook is not (method ${entry.method})`);
  if (out.length !== entry.size) throw new ZipError(`its part ${entry.name} is damaged or larger than the workbook says`);
  return out;
}
