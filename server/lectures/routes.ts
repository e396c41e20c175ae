// The desk's lectures (contract: src/contracts/lectures.ts): admins and the teachers of a lecture's
// course upload its video resumably (tus, through @tus/server and its file store in the storage
// directory), follow its packaging, cancel, retry and delete it.
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Server as TusServer } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { lecturesContract, type LecturePlace } from '../../src/contracts/lectures.js';
import { LECTURE_FILE_TYPES, LECTURES_LISTED } from '../../src/contracts/limits.js';
import { API_PREFIX, lecturePaths } from '../../src/contracts/paths.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { DISK_TITLES } from '../storage/disk.js';
import { coursesOf } from '../staff/access.js';
import { cancelLecture, lectureViews, queueLecture, removeLecture, retryLecture, UPLOADS_FOLDER, viewOfLecture, type LectureDeps } from './jobs.js';
import { itemPlace, lectureById, lecturesOf, placesOf } from './queries.js';

export const LECTURE_TITLES = {
  notFound: 'There is no such lecture.',
  uploadNotFound: 'There is no such upload. Choose the file again to start a new one.',
  itemNotFound: 'There is no such chapter, lecture or question-solve item.',
  fileType: `Send the lecture as an MP4, MOV, MKV or WebM video.`,
  title: 'Give the lecture a title.',
  invalid: 'The upload request is not valid.',
  notRetryable: 'Only a lecture whose packaging failed or was cancelled can be retried, while its uploaded file is still on the server.',
  tooLarge: (maxBytes: number) => `The video is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most a lecture may be.`,
} as const;


/** tus metadata: "key base64,key base64" (values may be absent). */
function readMetadata(header: string | string[] | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of String(header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) found.set(key, Buffer.from(value, 'base64').toString('utf8'));
  }
  return found;
}


/** The error envelope as the body of a tus answer. */
const envelope = (status: number, title: string, code: string, message = title) => ({ status_code: status, body: JSON.stringify({ errors: { title, message, code } }) });

/** tus's file store, without its own making of the folder at start, which throws out of a callback (a crash) when the storage cannot be written. */
class LectureFileStore extends FileStore {}
// The method is private to the library's types only; the server makes the folder itself (above) and each upload's create does again.
(LectureFileStore.prototype as unknown as { checkOrCreateDirectory: () => void }).checkOrCreateDirectory = () => {};

export async function lectureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Read when used: the realtime channel and the job runner are attached after the routes.
  const deps: LectureDeps = {
    db: fastify.db, dialect: fastify.dialect, clock: fastify.clock, config: fastify.config,
    realtime: { toStaffOfCourse: (courseId, event, payload) => fastify.realtime.toStaffOfCourse(courseId, event, payload) },
    wake: () => fastify.jobs.wake(),
  };
  const directory = path.join(fastify.config.storageDir, UPLOADS_FOLDER);
  /** The staff member of each upload's creation request, checked before tus sees it. */
  const uploaders = new WeakMap<IncomingMessage, string>();
  const uploadItems = new WeakMap<IncomingMessage, string>();
  try {
    fs.mkdirSync(directory, { recursive: true });
  } catch (error) {
    // A storage directory that cannot be written is reported by /api/health; uploads are refused meanwhile.
    fastify.log.warn({ err: error }, `lecture uploads: ${directory} cannot be made`);
  }

  const tus = new TusServer({
    path: `${API_PREFIX}${lecturePaths.uploads}`,
    datastore: new LectureFileStore({ directory }),
    relativeLocation: true,
    maxSize: fastify.config.media.maxBytes,
    namingFunction: () => newId(),
    // Who uploads it is the server's to say, never the client's: the signed-in staff member.
    async onUploadCreate(request, upload) {
      const raw = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req as IncomingMessage;
      const staffId = uploaders.get(raw);
      if (!staffId) throw envelope(401, 'You are not logged in. Please sign in again.', 'notLoggedIn');
      return { metadata: { ...upload.metadata, title: (upload.metadata?.title ?? '').trim(), staffId, itemId: uploadItems.get(raw) ?? '' } };
    },
    exposedHeaders: ['Lecture-Id'],
    // The desk is on the server's own origin: no other origin is let read an answer.
    allowedOrigins: () => false,
    async onUploadFinish(_request, upload) {
      const metadata = upload.metadata ?? {};
      const lecture = await queueLecture(deps, {
        itemId: metadata.itemId ?? '', title: metadata.title ?? '', sourceName: metadata.filename ?? 'video',
        sourceKey: `${UPLOADS_FOLDER}/${upload.id}`, sourceBytes: upload.size ?? upload.offset, staffId: metadata.staffId ?? null,
      });
      return { headers: { 'Lecture-Id': lecture.id } };
    },
    // Every refusal in the one error envelope, in words; a full disk is 507 as for every upload.
    onResponseError(_request, error) {
      if ('body' in error && error.body.startsWith('{"errors"')) return error;
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOSPC' || code === 'EDQUOT' || /ENOSPC|no space left/i.test(String((error as Error).message ?? ''))) return envelope(507, DISK_TITLES.full, 'storageFull', 'The storage directory is full.');
      const status = 'status_code' in error ? error.status_code : 500;
      const said = 'body' in error ? error.body.trim() : '';
      if (status === 404) return envelope(404, LECTURE_TITLES.uploadNotFound, 'lectureUploadNotFound');
      if (status === 409) return envelope(409, 'The upload and the server disagree on how much was sent. It resumes from the server\'s count.', 'lectureUploadOffset', said);
      if (status === 410) return envelope(410, 'This upload has ended. Choose the file again to start a new one.', 'lectureUploadGone', said);
      if (status === 412) return envelope(412, 'This upload needs the tus protocol (Tus-Resumable: 1.0.0).', 'lectureUploadProtocol', said);
      if (status === 413) return envelope(413, LECTURE_TITLES.tooLarge(fastify.config.media.maxBytes), 'lectureTooLarge', said);
      if (status === 415) return envelope(415, 'This kind of request body is not accepted.', 'unsupportedMediaType', said);
      if (status < 500) return envelope(400, LECTURE_TITLES.invalid, 'lectureUploadInvalid', said || LECTURE_TITLES.invalid);
      fastify.log.error({ err: error }, 'lecture upload');
      return envelope(500, 'Something went wrong on our side. Please try again.', 'internal', 'Internal server error');
    },
  });

  // The upload's bytes are tus's to read: the body is left unread for it.
  fastify.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /** A new upload: its place, title and file type checked, and its course, before a byte is taken. */
  async function checkCreation(request: FastifyRequest): Promise<void> {
    const metadata = readMetadata(request.headers['upload-metadata']);
    const name = metadata.get('filename')?.trim() ?? '';
    const title = metadata.get('title')?.trim() ?? '';
    if (!LECTURE_FILE_TYPES.some((ending) => name.toLowerCase().endsWith(ending))) throw badRequest(LECTURE_TITLES.fileType, 'lectureFileType', `${name || 'The file'} ends with none of ${LECTURE_FILE_TYPES.join(', ')}.`);
    if (title === '' || title.length > 200) throw badRequest(LECTURE_TITLES.title, 'lectureTitle', 'A title of 1 to 200 characters.');
    // The item's course was checked by the route's declared access (its contract's config.staff).
    const itemId = (request.query as { itemId: string }).itemId;
    if (!(await itemPlace(fastify.db, itemId))) throw notFound(LECTURE_TITLES.itemNotFound, 'itemNotFound');
    uploadItems.set(request.raw, itemId);
    const length = Number(request.headers['upload-length']);
    if (Number.isFinite(length) && length > fastify.config.media.maxBytes) throw ApiError.of(413, LECTURE_TITLES.tooLarge(fastify.config.media.maxBytes), 'lectureTooLarge');
    uploaders.set(request.raw, request.staff.id);
  }

  /** An existing upload: only the staff member who started it sends to it, asks for it or ends it. */
  async function checkOwner(request: FastifyRequest, uploadId: string): Promise<void> {
    const info = await fs.promises.readFile(path.join(directory, `${uploadId}.json`), 'utf8').catch(() => null);
    const owner = info ? (JSON.parse(info) as { metadata?: Record<string, string> }).metadata?.staffId : undefined;
    if (owner !== request.staff.id) throw notFound(LECTURE_TITLES.uploadNotFound, 'lectureUploadNotFound');
  }

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    // tus answers this itself in plain text; here it is said in the envelope like every refusal.
    if (request.headers['tus-resumable'] !== '1.0.0') throw ApiError.of(412, 'This upload needs the tus protocol (Tus-Resumable: 1.0.0).', 'lectureUploadProtocol');
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.route({
    ...lecturesContract.createUpload,
    handler: async (request, reply) => {
      await checkCreation(request);
      return handOver(request, reply);
    },
  });

  app.route({
    ...lecturesContract.uploadOffset,
    handler: async (request, reply) => {
      // HEAD (the offset to resume from) reaches tus; a GET of the bytes is not offered.
      if (request.raw.method !== 'HEAD') throw notFound(LECTURE_TITLES.uploadNotFound, 'lectureUploadNotFound');
      await checkOwner(request, request.params.uploadId);
      return handOver(request, reply);
    },
  });

  app.route({
    ...lecturesContract.sendUpload,
    handler: async (request, reply) => {
      await checkOwner(request, request.params.uploadId);
      return handOver(request, reply);
    },
  });

  app.route({
    ...lecturesContract.endUpload,
    handler: async (request, reply) => {
      await checkOwner(request, request.params.uploadId);
      return handOver(request, reply);
    },
  });

  app.route({
    ...lecturesContract.desk,
    handler: async (request) => {
      const courses = await coursesOf(fastify.db, request.staff);
      const [items, rows] = await Promise.all([placesOf(fastify.db, courses), lecturesOf(fastify.db, courses, LECTURES_LISTED)]);
      const places: LecturePlace[] = [];
      for (const item of items) {
        let course = places.find((place) => place.courseId === item.course_id);
        if (!course) places.push((course = { courseId: item.course_id, courseName: item.course_name ?? 'Course', subjects: [] }));
        let subject = course.subjects.find((entry) => entry.id === item.subject_id);
        if (!subject) course.subjects.push((subject = { id: item.subject_id, name: item.subject_name ?? 'Subject', items: [] }));
        subject.items.push({ id: item.id, name: item.name, type: item.item_type });
      }
      return { data: { places, lectures: await lectureViews(fastify, rows), maxBytes: fastify.config.media.maxBytes } };
    },
  });

  /** The lecture (its course was checked by the route's declared access), or 404. */
  const lectureFor = async (_request: FastifyRequest, lectureId: string) => {
    const row = await lectureById(fastify.db, lectureId);
    if (!row) throw notFound(LECTURE_TITLES.notFound, 'lectureNotFound');
    return row;
  };

  app.route({
    ...lecturesContract.lecture,
    handler: async (request) => {
      const row = await lectureFor(request, request.params.lectureId);
      return { data: (await viewOfLecture(fastify, row.id))! };
    },
  });

  app.route({
    ...lecturesContract.remove,
    handler: async (request) => {
      await removeLecture(deps, await lectureFor(request, request.params.lectureId));
      return { data: { deleted: true } };
    },
  });

  app.route({
    ...lecturesContract.retry,
    handler: async (request) => {
      const view = await retryLecture(deps, await lectureFor(request, request.params.lectureId));
      if (!view) throw conflict(LECTURE_TITLES.notRetryable, 'lectureNotRetryable');
      return { data: view };
    },
  });

  app.route({
    ...lecturesContract.cancel,
    handler: async (request) => ({ data: await cancelLecture(deps, await lectureFor(request, request.params.lectureId)) }),
  });
}
