// Lectures put in as files (docs/decisions.md, "Lectures in"): a teacher of the course, or an
// administrator, uploads a video with the tus protocol (resumable from the last byte), and the upload's
// end queues its packaging, a durable job (server/lectures). The desk follows each lecture's state by
// its live events (`lecture`) and GET; students see the video in its item only once it is ready.
// Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, Id, IdParams, NoBody, Nullable, type RouteContract } from './common';
import { lecturePaths } from './paths';

/** Where a lecture stands; the job's own states, with the running one told by its step. */
export const LectureState = Type.Union([
  Type.Literal('queued'),
  Type.Literal('probing'),
  Type.Literal('transcoding'),
  Type.Literal('packaging'),
  Type.Literal('ready'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
]);
export type LectureState = Static<typeof LectureState>;

export const Rendition = Type.Object({
  /** '360p', '720p', or 'audio'. */
  name: Type.String(),
  bytes: Type.Number(),
});
export type Rendition = Static<typeof Rendition>;

export const Lecture = Type.Object({
  id: Type.String(),
  title: Type.String(),
  courseId: Type.String(),
  itemId: Type.String(),
  /** 'Physiology / Cardiovascular System': the subject and the item it is in. */
  place: Type.String(),
  /** The file's name on the teacher's device, and its size. */
  sourceName: Type.String(),
  sourceBytes: Type.Number(),
  state: LectureState,
  /** Lectures waiting before this one; 0 once it runs. */
  ahead: Type.Number(),
  /** Of the transcoding, 0 to 100 (100 once packaging). */
  percent: Type.Number(),
  /** Seconds left of the transcoding at its pace so far. */
  secondsLeft: Nullable(Type.Number()),
  durationSeconds: Nullable(Type.Number()),
  renditions: Type.Array(Rendition),
  /** Why it failed, in plain words. */
  failure: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type Lecture = Static<typeof Lecture>;

/** Where a lecture may go: the courses the staff member acts on, their subjects and items. */
export const LecturePlace = Type.Object({
  courseId: Type.String(),
  courseName: Type.String(),
  subjects: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      items: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), type: Type.String() })),
    }),
  ),
});
export type LecturePlace = Static<typeof LecturePlace>;

export const LectureDesk = Type.Object({
  places: Type.Array(LecturePlace),
  /** The lectures of those courses, newest first (at most LECTURES_LISTED, src/contracts/limits.ts). */
  lectures: Type.Array(Lecture),
  /** The largest file the upload takes (MEDIA_MAX_MB), in bytes. */
  maxBytes: Type.Number(),
});
export type LectureDesk = Static<typeof LectureDesk>;


const LectureParams = IdParams('lectureId');
/** The item the new upload's lecture goes in (its course is checked before a byte is taken). */
const UploadQuery = Type.Object({ itemId: Id }, { additionalProperties: false });
const UploadParams = IdParams('uploadId');
const lectureFailures = failures(400, 401, { 403: ['notYourCourse'], 404: ['lectureNotFound'] });
/** Every refusal of the upload, in the one error envelope (the tus library's own are mapped to these). */
const uploadFailures = failures(400, 401, {
  400: ['lectureUploadInvalid', 'lectureFileType', 'lectureTitle'],
  403: ['notYourCourse'],
  404: ['lectureUploadNotFound', 'itemNotFound'],
  409: ['lectureUploadOffset'],
  410: ['lectureUploadGone'],
  412: ['lectureUploadProtocol'],
  413: ['lectureTooLarge'],
  415: ['unsupportedMediaType'],
  507: ['storageFull'],
});

export const lecturesContract = {
  desk: {
    method: 'GET',
    url: lecturePaths.desk,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { response: { 200: Data(LectureDesk), ...failures(401, 403) } },
  },
  lecture: {
    method: 'GET',
    url: lecturePaths.lecture,
    config: { access: 'staff', staff: { course: 'lecture', from: 'params.lectureId' } },
    schema: { params: LectureParams, response: { 200: Data(Lecture), ...lectureFailures } },
  },
  /** Deletes the lecture: its job is cancelled, its video leaves its item, its files are removed. */
  remove: {
    method: 'DELETE',
    url: lecturePaths.lecture,
    config: { access: 'staff', staff: { course: 'lecture', from: 'params.lectureId' } },
    schema: { params: LectureParams, response: { 200: Data(Type.Object({ deleted: Type.Boolean() })), ...lectureFailures } },
  },
  /** Packages a failed or cancelled lecture again from its uploaded file. */
  retry: {
    method: 'POST',
    url: lecturePaths.retry,
    config: { access: 'staff', staff: { course: 'lecture', from: 'params.lectureId' } },
    schema: { params: LectureParams, response: { 200: Data(Lecture), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['lectureNotFound'], 409: ['lectureNotRetryable'] }) } },
  },
  cancel: {
    method: 'POST',
    url: lecturePaths.cancel,
    config: { access: 'staff', staff: { course: 'lecture', from: 'params.lectureId' } },
    schema: { params: LectureParams, response: { 200: Data(Lecture), ...lectureFailures } },
  },
  /**
   * tus creation, `?itemId=`: `Upload-Length` and `Upload-Metadata` (filename, title, base64 as tus says);
   * 201 with `Location`. The item's course is checked before a byte is taken.
   */
  createUpload: {
    method: 'POST',
    url: lecturePaths.uploads,
    config: { access: 'staff', staff: { course: 'item', from: 'query.itemId' } },
    schema: { querystring: UploadQuery, response: { 201: NoBody, ...uploadFailures } },
  },
  /** tus: HEAD (served by this route) tells the offset to resume from; GET itself is not offered. */
  uploadOffset: {
    method: 'GET',
    url: lecturePaths.upload,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { params: UploadParams, response: { 200: NoBody, ...uploadFailures } },
  },
  /**
   * tus: bytes from `Upload-Offset`. The last PATCH queues the packaging and answers the lecture's id
   * in `Lecture-Id`.
   */
  sendUpload: {
    method: 'PATCH',
    url: lecturePaths.upload,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { params: UploadParams, response: { 204: NoBody, ...uploadFailures } },
  },
  /** tus termination: the upload is given up and its bytes removed. */
  endUpload: {
    method: 'DELETE',
    url: lecturePaths.upload,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { params: UploadParams, response: { 204: NoBody, ...uploadFailures } },
  },
} satisfies Record<string, RouteContract>;
