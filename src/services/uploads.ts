// The app's one way to upload a file (contracts: src/contracts/storage.ts): a signed link from the
// server, then a PUT of the raw bytes to it. Also the offline side of answer attachments: files
// chosen without a connection are kept as data URLs until they can be uploaded.
import { api, type UploadProgress } from './api';
import { pathTo, storagePaths } from '../contracts/paths';
import type { storageContract } from '../contracts/storage';
import type { PendingFile } from './answerStore';

type Storage = typeof storageContract;

/** An uploaded file: its key, name and type (what an answer attaches) and where the browser loads it. */
export interface UploadedFile {
  name: string;
  key: string;
  type: string;
  url: string;
}

/** Where the browser loads a stored file or figure: its key's address, or the address it already is. */
export const mediaUrl = (value: string): string => (/^(https?:|data:|\/)/.test(value) ? value : pathTo(storagePaths.file, { key: value }));

/**
 * Uploads one file. A refused upload throws the server's ApiRequestError (title, code, message)
 * and a lost connection one with `network` set, so a caller can tell "skip this file" from "try later".
 * `onProgress` hears the bytes sent as they go (a progress bar per file).
 */
export async function uploadFile(file: Blob, name = 'file', onProgress?: UploadProgress): Promise<UploadedFile> {
  const type = file.type || 'application/octet-stream';
  const { signedUrl, key } = await api.call<Storage['signedRequest']>('GET', storagePaths.signedRequest, { query: { mimeType: type } });
  await api.upload<Storage['upload']>(signedUrl, file, type, onProgress);
  return { name, key, type, url: mediaUrl(key) };
}

/** Reads a chosen file into a data URL so an offline answer keeps it across a reload. */
export function fileToPending(file: File): Promise<PendingFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, type: file.type, dataUrl: String(reader.result) });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The bytes of a file kept for a later upload. The data URL is decoded here rather than fetched: the
 * Content Security Policy lets the app connect only to its server, not to data: addresses.
 */
export async function pendingToBlob(file: PendingFile): Promise<Blob> {
  const comma = file.dataUrl.indexOf(',');
  const header = file.dataUrl.slice(0, comma);
  const data = file.dataUrl.slice(comma + 1);
  const bytes = header.endsWith(';base64') ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(data));
  return new Blob([bytes], { type: file.type });
}
