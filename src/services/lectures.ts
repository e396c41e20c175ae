// The desk's lectures (contract: src/contracts/lectures.ts): the list and its actions through the API
// client, and the video's resumable upload through tus-js-client, which keeps each upload's address on
// this device (by the file's name, size and date) so that choosing the same file after a dropped link or
// a reload continues from the last byte the server has.
import { DetailedError, Upload } from 'tus-js-client';
import { api, refusalOf, resumableTarget } from './api';
import type { lecturesContract, Lecture } from '../contracts/lectures';

/** What the desk does to one lecture (the lectureDesk statechart's actions). */
type LectureAction = 'cancel' | 'retry' | 'delete';
import { lecturePaths } from '../contracts/paths';

type Lectures = typeof lecturesContract;

/** Waits before each new try after a dropped link: quick at first, then up to a minute, many times. */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 15000, 30000, 60000, 60000, 60000, 60000, 60000];
/** Bytes per request: a dropped link loses at most the request under way. */
const CHUNK_BYTES = 4 * 1024 * 1024;

export interface UploadListener {
  resumed(from: number): void;
  progress(sent: number, total: number): void;
  linkDropped(): void;
  done(lectureId: string): void;
  failed(error: unknown): void;
}

/** Whether a failed request is worth another try: no answer, or the server briefly unable. */
function worthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 409 || status === 423 || status >= 500;
}

const failureOf = (error: Error | DetailedError) => {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  return refusalOf(response?.getStatus(), response?.getBody());
};

function uploadOf(file: File | Blob, metadata: Record<string, string>, listener?: Partial<UploadListener>): Upload {
  const target = resumableTarget(lecturePaths.uploads);
  return new Upload(file, {
    // The item goes in the address too: the server checks its course before a byte is taken.
    endpoint: metadata.itemId ? `${target.endpoint}?itemId=${encodeURIComponent(metadata.itemId)}` : target.endpoint,
    headers: target.headers,
    metadata,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error) => {
      const again = worthRetrying(error);
      if (again) listener?.linkDropped?.();
      return again;
    },
    onProgress: (sent, total) => listener?.progress?.(sent, total),
    onSuccess: ({ lastResponse }) => listener?.done?.(lastResponse.getHeader('Lecture-Id') ?? ''),
    onError: (error) => listener?.failed?.(failureOf(error)),
  });
}

export const lecturesApi = {
  desk: () => api.call<Lectures['desk']>('GET', lecturePaths.desk),

  /** Cancels or retries a lecture's packaging (its state after), or deletes it (null). */
  async act(action: LectureAction, lectureId: string): Promise<Lecture | null> {
    if (action === 'delete') {
      await api.call<Lectures['remove']>('DELETE', lecturePaths.lecture, { params: { lectureId } });
      return null;
    }
    return api.call<Lectures['retry'] | Lectures['cancel']>('POST', action === 'retry' ? lecturePaths.retry : lecturePaths.cancel, { params: { lectureId } });
  },

  /**
   * Sends the file (resuming this device's earlier upload of it, if any); the returned function pauses
   * it, keeping what the server has for a later resume.
   */
  send(file: File | Blob, name: string, place: { itemId: string; title: string }, listener: UploadListener): () => void {
    const upload = uploadOf(file, { filename: name, filetype: file.type || 'video/mp4', title: place.title, itemId: place.itemId }, listener);
    let stopped = false;
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (stopped) return;
        const earlier = previous[0];
        if (earlier) {
          upload.resumeFromPreviousUpload(earlier);
          let first = true;
          upload.options.onProgress = (sent, total) => {
            if (first) listener.resumed(sent);
            first = false;
            listener.progress(sent, total);
          };
        }
        upload.start();
      })
      .catch((error: unknown) => listener.failed(error));
    return () => {
      stopped = true;
      void upload.abort(false);
    };
  },

  /** Gives this device's upload of the file up: the server removes its bytes. */
  async cancel(file: File | Blob, name: string): Promise<void> {
    const upload = uploadOf(file, { filename: name });
    const previous = await upload.findPreviousUploads();
    for (const earlier of previous) {
      if (earlier.uploadUrl) await Upload.terminate(earlier.uploadUrl, { headers: resumableTarget(lecturePaths.uploads).headers, retryDelays: [0, 1000] });
      // tus-js-client's own store of upload addresses (localStorage), the one findPreviousUploads reads.
      await upload.options.urlStorage?.removeUpload(earlier.urlStorageKey).catch(() => undefined);
    }
  },
};

