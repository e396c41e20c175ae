// Learning content: courses > subjects > chapters, lectures and question-solve items, their videos and
// notes, completion, batches, and the tokens that open protected streams and licences. Paths are
// relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Binary, Data, failures, Id, IdParams, Nullable, type RouteContract } from './common';
import { contentPaths, ITEM_TYPES } from './paths';

/** Chapters, lectures and question-solve items (ITEM_TYPES): the `{type}` of the item, video and note routes. */
export const ItemType = Type.Union(ITEM_TYPES.map((type) => Type.Literal(type)));

/** How a video is played: an HLS stream, a DRM-protected DASH stream, the hosted player page, or a video-sharing site. */
export const VideoKind = Type.Union([Type.Literal('hls'), Type.Literal('dash-drm'), Type.Literal('iframe'), Type.Literal('youtube')]);
export type VideoKind = Static<typeof VideoKind>;

const SubjectCard = Type.Object({ _id: Type.String(), name: Nullable(Type.String()), image: Nullable(Type.String()) });

export const CourseSummary = Type.Object({
  _id: Type.String(),
  name: Nullable(Type.String()),
  description: Nullable(Type.String()),
  image: Nullable(Type.String()),
  subjects: Type.Array(SubjectCard),
});
export type CourseSummary = Static<typeof CourseSummary>;

export const CourseWithChapters = Type.Composite([
  Type.Omit(CourseSummary, ['subjects']),
  Type.Object({ subjects: Type.Array(Type.Composite([SubjectCard, Type.Object({ chapters: Type.Array(Type.Object({ _id: Type.String(), name: Type.String() })) })])) }),
]);
export type CourseWithChapters = Static<typeof CourseWithChapters>;

export const SubjectSummary = Type.Composite([SubjectCard, Type.Object({ courseId: Type.String() })]);
export type SubjectSummary = Static<typeof SubjectSummary>;

export const SubjectDetail = Type.Composite([SubjectSummary, Type.Object({ courseName: Nullable(Type.String()) })]);
export type SubjectDetail = Static<typeof SubjectDetail>;

export const ItemSummary = Type.Object({ _id: Type.String(), name: Type.String(), description: Nullable(Type.String()), subjectId: Type.String() });
export type ItemSummary = Static<typeof ItemSummary>;

export const ItemDetail = Type.Composite([
  ItemSummary,
  Type.Object({ subjectName: Nullable(Type.String()), courseId: Type.String(), courseName: Nullable(Type.String()), type: ItemType }),
]);
export type ItemDetail = Static<typeof ItemDetail>;

export const Video = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  URL: Nullable(Type.String()),
  key: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  type: Type.Literal('video'),
  isPublished: Type.Boolean(),
  isVOD: Type.Boolean(),
  isAvailable: Type.Boolean(),
  /** '1' for a protected video (watermark, licence); the rule is isProtectedVideo in src/domain/video.ts. */
  isDrmEnabled: Type.Union([Type.Literal('1'), Type.Literal('0')]),
  drmType: Nullable(Type.String()),
  videoKind: VideoKind,
  subjects: Type.Array(Type.String()),
});
export type Video = Static<typeof Video>;

export const NoteFile = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  key: Nullable(Type.String()),
  type: Type.Literal('file'),
  createdAt: Type.String(),
});
export type NoteFile = Static<typeof NoteFile>;

export const ItemContent = Type.Object({
  item: ItemDetail,
  contents: Type.Array(Type.Union([Video, NoteFile])),
  videoContents: Type.Array(Video),
  fileContents: Type.Array(NoteFile),
});
export type ItemContent = Static<typeof ItemContent>;

/** A batch with the ids of what it reaches. */
export const Group = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  courseId: Type.String(),
  chapters: Type.Array(Type.String()),
  lectures: Type.Array(Type.String()),
  questionSolves: Type.Array(Type.String()),
  exams: Type.Array(Type.String()),
});
export type Group = Static<typeof Group>;

export const SubjectCompletion = Type.Object({ subjectId: Type.String(), videos: Type.Array(Type.String()), files: Type.Array(Type.String()) });
export type SubjectCompletion = Static<typeof SubjectCompletion>;

const CompletionBody = Type.Object(
  { courseId: Id, subjectId: Id, type: Type.Union([Type.Literal('video'), Type.Literal('file')]) },
  { additionalProperties: false },
);
/** What a completion is recorded for: the content and where it sits. */
export type CompletionTarget = Static<typeof CompletionBody> & { contentId: string };

export const StreamToken = Type.Object({ token: Type.String(), expiresAt: Type.String() });
export type StreamToken = Static<typeof StreamToken>;

export const DrmAuth = Type.Object({
  widevineToken: Type.String(),
  fairplayToken: Type.String(),
  playReadyToken: Type.String(),
  clearKeyToken: Type.String(),
  expiresAt: Type.String(),
  /** ClearKey is licensed by the server itself; the others appear when a provider is configured. */
  licenseServers: Type.Object({
    clearKey: Type.String(),
    widevine: Type.Optional(Type.String()),
    playReady: Type.Optional(Type.String()),
    fairPlay: Type.Optional(Type.String()),
    fairPlayCertificate: Type.Optional(Type.String()),
  }),
});
export type DrmAuth = Static<typeof DrmAuth>;

export const contentContract = {
  courses: {
    method: 'GET',
    url: contentPaths.courses,
    config: { access: 'student' },
    schema: { response: { 200: Data(Type.Array(CourseSummary)), ...failures(401, 403) } },
  },
  coursesOfStudent: {
    method: 'GET',
    url: contentPaths.coursesOfStudent,
    config: { access: 'student' },
    schema: { params: IdParams('studentId'), response: { 200: Data(Type.Array(CourseSummary)), ...failures(400, 401, { 403: ['notYourAccount'] }) } },
  },
  coursesWithChapters: {
    method: 'GET',
    url: contentPaths.coursesWithChapters,
    config: { access: 'student' },
    schema: { response: { 200: Data(Type.Array(CourseWithChapters)), ...failures(401, 403) } },
  },
  subject: {
    method: 'GET',
    url: contentPaths.subject,
    config: { access: 'student' },
    schema: { params: IdParams('subjectId'), response: { 200: Data(SubjectDetail), ...failures(400, 401, 403, { 404: ['notInBatch'] }) } },
  },
  subjectsOfCourse: {
    method: 'GET',
    url: contentPaths.subjectsOfCourse,
    config: { access: 'student' },
    schema: {
      params: IdParams('courseId'),
      querystring: Type.Object({ forExam: Type.Optional(Type.Boolean()) }),
      response: { 200: Data(Type.Array(SubjectSummary)), ...failures(400, 401, 403, { 404: ['notInBatch'] }) },
    },
  },
  itemsOfSubject: {
    method: 'GET',
    url: contentPaths.itemsOfSubject,
    config: { access: 'student' },
    schema: { params: IdParams('id'), response: { 200: Data(Type.Array(ItemSummary)), ...failures(400, 401, 403, { 404: ['notInBatch'] }) } },
  },
  itemContent: {
    method: 'GET',
    url: contentPaths.itemContent,
    config: { access: 'student' },
    schema: { params: IdParams('itemId'), response: { 200: Data(ItemContent), ...failures(400, 401, 403, { 404: ['notInBatch'] }) } },
  },
  noteFile: {
    method: 'GET',
    url: contentPaths.noteFile,
    config: { access: 'student' },
    // Sent as an attachment named after the note.
    schema: { params: IdParams('contentId'), response: { 200: Binary('application/pdf'), ...failures(400, 401, 403, { 404: ['notInBatch', 'fileMissing'] }) } },
  },
  group: {
    method: 'GET',
    url: contentPaths.group,
    config: { access: 'student' },
    schema: { params: IdParams('id'), response: { 200: Data(Group), ...failures(400, 401, 403, { 404: ['notInBatch'] }) } },
  },
  subjectCompletion: {
    method: 'GET',
    url: contentPaths.subjectCompletion,
    config: { access: 'student' },
    schema: { params: IdParams('courseId'), response: { 200: Data(Type.Array(SubjectCompletion)), ...failures(400, 401, 403, { 404: ['notInBatch'] }) } },
  },
  markComplete: {
    method: 'PATCH',
    url: contentPaths.markComplete,
    config: { access: 'student' },
    schema: {
      params: IdParams('contentId'),
      body: CompletionBody,
      response: { 200: Data(Type.Object({ completed: Type.Literal(true), recordedNow: Type.Boolean() })), ...failures(401, 403, { 400: ['wrongContentType', 'wrongSubject'], 404: ['notInBatch'] }) },
    },
  },
  streamToken: {
    method: 'POST',
    url: contentPaths.streamToken,
    config: { access: 'student' },
    schema: {
      body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false }),
      response: { 200: Data(StreamToken), ...failures(400, 401, 403, { 404: ['notInBatch'] }) },
    },
  },
  drmAuth: {
    method: 'POST',
    url: contentPaths.drmAuth,
    config: { access: 'student' },
    schema: {
      body: Type.Object({ userId: Id, contentId: Id, platform: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false }),
      response: { 200: Data(DrmAuth), ...failures(401, { 400: ['notProtected'], 403: ['notYourAccount'], 404: ['notInBatch'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
