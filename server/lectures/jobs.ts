// A lecture's packaging as a durable `media` job (server/jobs): probe, transcode, package, then the
// stream is moved into place whole and the student's video written in the transaction that marks the
// job past its point of no return. A job that fails or is cancelled leaves no stream behind and keeps
// the uploaded file, so it can be retried; a ready one lets the file go.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Lecture, LectureState, Rendition } from '../../src/contracts/lectures.js';
import { LECTURE_EVENT } from '../../src/contracts/limits.js';
import { pathTo, mediaSitePaths } from '../../src/contracts/paths.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Dialect } from '../db/connect.js';
import { readJson } from '../db/json.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import { cancelJob, commitJob, insertJob, jobById, unfinishedJobs, type JobRow } from '../jobs/queries.js';
import { MAX_ATTEMPTS, type JobHandler } from '../jobs/runner.js';
import type { Realtime } from '../realtime.js';
import { MEDIA_REFUSALS, MediaRefusal, newClearKey, packageStream, probeVideo, renditionBytes, transcode, writePoster } from './packaging.js';
import { deleteLecture, insertLecture, lectureById, lectureOfJob, placeNames, publishLectureVideo, setLectureJob, itemPlace, type LectureRow } from './queries.js';

/** What the lectures' use cases need of the server: never the Fastify app itself. */
export interface LectureDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  config: Pick<Config, 'storageDir' | 'media'>;
  realtime: Pick<Realtime, 'toStaffOfCourse'>;
  /** Wakes this process's job runner (a job was queued). */
  wake(): void;
}

export interface MediaPayload {
  lectureId: string;
}

interface MediaProgress {
  phase: 'probing' | 'transcoding' | 'packaging';
  percent?: number;
  secondsLeft?: number | null;
}

export const MEDIA_JOB_FAILURES = {
  gaveUp: `The packaging stopped ${MAX_ATTEMPTS} times before it finished (the server restarted or stopped). Retry to package it again.`,
  deleted: 'The lecture was deleted.',
  sourceGone: 'The uploaded file is no longer on the server. Upload the video again.',
} as const;

/** Where a lecture's files live in the storage directory. */
export const lectureFiles = (storageDir: string, id: string) => ({
  stream: path.join(storageDir, 'streams', id),
  poster: path.join(storageDir, 'images', `lecture-${id}.jpg`),
  work: path.join(storageDir, 'lecture-work', id),
});

export const UPLOADS_FOLDER = 'lecture-uploads';

const stateOf = (job: JobRow | undefined, progress: MediaProgress | null): LectureState => {
  if (!job) return 'failed';
  if (job.state === 'done') return 'ready';
  if (job.state === 'running') return progress?.phase ?? 'probing';
  return job.state;
};

export function lectureView(row: LectureRow, job: JobRow | undefined, line: JobRow[], place: string): Lecture {
  const progress = job?.state === 'running' ? readJson<MediaProgress | null>(job.progress, null) : null;
  const state = stateOf(job, progress);
  const index = line.findIndex((waiting) => waiting.id === job?.id && waiting.state === 'queued');
  const running = line.filter((waiting) => waiting.state === 'running').length;
  return {
    id: row.id,
    title: row.title,
    courseId: row.course_id,
    itemId: row.item_id,
    place,
    sourceName: row.source_name,
    sourceBytes: Number(row.source_bytes),
    state,
    ahead: index < 0 ? 0 : Math.max(0, index - running),
    percent: state === 'ready' || state === 'packaging' ? 100 : state === 'transcoding' ? (progress?.percent ?? 0) : 0,
    secondsLeft: state === 'transcoding' ? (progress?.secondsLeft ?? null) : null,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    renditions: readJson<Rendition[]>(row.renditions, []),
    failure: job?.state === 'failed' ? job.failure : job ? null : MEDIA_JOB_FAILURES.deleted,
    createdAt: row.created_at,
  };
}

/** The lectures' views, each with its job and its place in the line. */
export async function lectureViews(deps: Pick<LectureDeps, 'db'>, rows: LectureRow[]): Promise<Lecture[]> {
  const [line, names, jobs] = await Promise.all([
    unfinishedJobs(deps.db, 'media'),
    placeNames(deps.db, rows.map((row) => row.item_id)),
    Promise.all(rows.map((row) => jobById(deps.db, row.job_id))),
  ]);
  return rows.map((row, i) => lectureView(row, jobs[i], line, names.get(row.item_id) ?? ''));
}

export async function viewOfLecture(deps: Pick<LectureDeps, 'db'>, id: string): Promise<Lecture | undefined> {
  const row = await lectureById(deps.db, id);
  return row ? (await lectureViews(deps, [row]))[0] : undefined;
}

/** Tells the desks of the lecture's course (and administrators) where it stands now. */
export async function announceLecture(deps: Pick<LectureDeps, 'db' | 'realtime'>, lectureId: string): Promise<void> {
  const view = await viewOfLecture(deps, lectureId);
  if (view) deps.realtime.toStaffOfCourse(view.courseId, LECTURE_EVENT, view);
}

export async function announceJob(deps: Pick<LectureDeps, 'db' | 'realtime'>, job: JobRow): Promise<void> {
  const lecture = await lectureOfJob(deps.db, job.id);
  if (lecture) await announceLecture(deps, lecture.id);
}

async function newPackagingJob(deps: LectureDeps, lectureId: string, staffId: string | null): Promise<string> {
  const jobId = newId();
  await insertJob(deps.db, { id: jobId, kind: 'media', payload: JSON.stringify({ lectureId } satisfies MediaPayload), input: null, staffId, now: deps.clock.now() });
  return jobId;
}

export interface NewLecture {
  itemId: string;
  title: string;
  sourceName: string;
  /** The uploaded file, relative to the storage directory. */
  sourceKey: string;
  sourceBytes: number;
  staffId: string | null;
}

/** Records the lecture and queues its packaging; the item must exist (the caller checked its course). */
export async function queueLecture(deps: LectureDeps, lecture: NewLecture): Promise<Lecture> {
  const place = await itemPlace(deps.db, lecture.itemId);
  if (!place) throw new Error(`No item has the id ${lecture.itemId}.`);
  const id = newId();
  const jobId = await newPackagingJob(deps, id, lecture.staffId);
  await insertLecture(deps.db, {
    id, item_id: lecture.itemId, course_id: place.course_id, title: lecture.title, source_name: lecture.sourceName, source_key: lecture.sourceKey,
    source_bytes: lecture.sourceBytes, job_id: jobId, duration_seconds: null, renditions: null, staff_id: lecture.staffId, created_at: deps.clock.now().toISOString(),
  });
  deps.wake();
  await announceLecture(deps, id);
  return (await viewOfLecture(deps, id))!;
}

/** Queues the packaging again; null when the lecture is not failed or cancelled, or its file is gone. */
export async function retryLecture(deps: LectureDeps, row: LectureRow): Promise<Lecture | null> {
  const job = await jobById(deps.db, row.job_id);
  if (job && job.state !== 'failed' && job.state !== 'cancelled') return null;
  if (!row.source_key || !fs.existsSync(path.join(deps.config.storageDir, row.source_key))) return null;
  const jobId = await newPackagingJob(deps, row.id, job?.staff_id ?? null);
  await setLectureJob(deps.db, row.id, jobId);
  deps.wake();
  await announceLecture(deps, row.id);
  return (await viewOfLecture(deps, row.id))!;
}

export async function cancelLecture(deps: LectureDeps, row: LectureRow): Promise<Lecture> {
  if (await cancelJob(deps.db, row.job_id, deps.clock.now())) await announceLecture(deps, row.id);
  return (await viewOfLecture(deps, row.id))!;
}

async function removeUpload(storageDir: string, sourceKey: string | null): Promise<void> {
  if (!sourceKey) return;
  const file = path.join(storageDir, sourceKey);
  await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(`${file}.json`, { force: true })]);
}

/** Deletes the lecture: its job stops, its video leaves its item, and its files are removed. */
export async function removeLecture(deps: LectureDeps, row: LectureRow): Promise<void> {
  await cancelJob(deps.db, row.job_id, deps.clock.now());
  await deleteLecture(deps.db, row.id);
  const files = lectureFiles(deps.config.storageDir, row.id);
  await Promise.all([
    fs.promises.rm(files.stream, { recursive: true, force: true }),
    fs.promises.rm(files.poster, { force: true }),
    fs.promises.rm(files.work, { recursive: true, force: true }),
    removeUpload(deps.config.storageDir, row.source_key),
  ]);
  deps.realtime.toStaffOfCourse(row.course_id, LECTURE_EVENT, { id: row.id, deleted: true });
}

/** The words a failure of the packaging is stored with. */
function failureWords(error: unknown): Error {
  if (error instanceof MediaRefusal) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new Error(MEDIA_REFUSALS.diskFull);
  return error as Error;
}

/** The media job's handler for the runner: the whole packaging of one lecture. */
export function mediaJobHandler(deps: LectureDeps): JobHandler {
  return {
    gaveUp: MEDIA_JOB_FAILURES.gaveUp,
    async run({ job, owner, signal, progress }) {
      const { lectureId } = readJson<MediaPayload>(job.payload, { lectureId: '' });
      const lecture = await lectureById(deps.db, lectureId);
      if (!lecture) throw new Error(MEDIA_JOB_FAILURES.deleted);
      const source = lecture.source_key ? path.join(deps.config.storageDir, lecture.source_key) : null;
      if (!source || !fs.existsSync(source)) throw new Error(MEDIA_JOB_FAILURES.sourceGone);
      const files = lectureFiles(deps.config.storageDir, lecture.id);
      let placed = false;
      try {
        progress({ phase: 'probing' } satisfies MediaProgress);
        const probe = await probeVideo(source, deps.config.media.maxSeconds);
        await fs.promises.rm(files.work, { recursive: true, force: true });
        const out = path.join(files.work, 'stream');
        await fs.promises.mkdir(out, { recursive: true });
        progress({ phase: 'transcoding', percent: 0, secondsLeft: null } satisfies MediaProgress);
        const { rungs } = await transcode(source, probe, files.work, { signal, onProgress: (step) => progress({ phase: 'transcoding', ...step } satisfies MediaProgress) });
        progress({ phase: 'packaging' } satisfies MediaProgress);
        const key = newClearKey();
        await packageStream(rungs, files.work, probe.hasAudio, out, key, signal);
        const poster = path.join(files.work, 'poster.jpg');
        await writePoster(source, probe, poster, signal);
        const renditions = await renditionBytes(out, rungs, probe.hasAudio);
        // The stream goes into place whole (a rename on the same disk); students reach it only once
        // its video is written below, so a failure from here on removes it again.
        await fs.promises.mkdir(path.dirname(files.stream), { recursive: true });
        await fs.promises.mkdir(path.dirname(files.poster), { recursive: true });
        await fs.promises.rm(files.stream, { recursive: true, force: true });
        await fs.promises.rename(out, files.stream);
        placed = true;
        await fs.promises.rename(poster, files.poster);
        const outcome = { durationSeconds: probe.durationSeconds, height: probe.height, renditions };
        const place = await itemPlace(deps.db, lecture.item_id);
        await deps.db.transaction().execute(async (trx) => {
          if (!(await commitJob(trx, job.id, owner, deps.clock.now(), JSON.stringify(outcome)))) throw new Error('The packaging was cancelled.');
          const written = await publishLectureVideo(trx, lecture, {
            subjectId: place?.subject_id ?? '',
            url: pathTo(mediaSitePaths.stream, { contentId: lecture.id, file: 'manifest.mpd' }),
            key: `${lecture.id}/lecture`,
            thumbnail: pathTo(mediaSitePaths.image, { name: `lecture-${lecture.id}.jpg` }),
            keys: [key],
            durationSeconds: probe.durationSeconds,
            renditions: JSON.stringify(renditions.map(({ name, bytes }) => ({ name, bytes }))),
            now: deps.clock.now().toISOString(),
          });
          if (!written) throw new Error(MEDIA_JOB_FAILURES.deleted);
        });
        await removeUpload(deps.config.storageDir, lecture.source_key);
        return outcome;
      } catch (error) {
        if (placed) {
          await fs.promises.rm(files.stream, { recursive: true, force: true }).catch(() => undefined);
          await fs.promises.rm(files.poster, { force: true }).catch(() => undefined);
        }
        throw failureWords(error);
      } finally {
        await fs.promises.rm(files.work, { recursive: true, force: true }).catch(() => undefined);
      }
    },
  };
}
