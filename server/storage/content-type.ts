// What a file really is, read from its first bytes (file-type), against what the upload declared:
// HTML, scripts or SVG sent as an image, or anything else whose bytes are not the declared type,
// are refused before they are stored.
import { fileTypeFromBuffer } from 'file-type';
import type { UploadType } from './signing.js';

/** The types file-type may report for each allowed upload type (WebM audio is the WebM container). */
const DETECTED_AS: Record<UploadType, readonly string[]> = {
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png', 'image/apng'],
  'application/pdf': ['application/pdf'],
  'audio/mpeg': ['audio/mpeg'],
  'audio/wav': ['audio/wav'],
  'audio/webm': ['audio/webm', 'video/webm'],
};

/** null when the bytes are the declared type; otherwise what they were found to be ('unknown' when nothing known). */
export async function contentMismatch(body: Buffer, declared: UploadType): Promise<string | null> {
  const found = await fileTypeFromBuffer(body);
  if (found && DETECTED_AS[declared].includes(found.mime)) return null;
  return found?.mime ?? 'unknown';
}
