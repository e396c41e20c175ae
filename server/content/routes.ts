// Learning content for students: courses > subjects > chapters, lectures and question-solve items,
// their videos and notes, completion, and the tokens that open protected streams and licences.
// Everything is limited to the student's batches; anything else answers 404 'not available'.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ItemType } from '../db/schema.js';
import { readJson } from '../db/json.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { DRM_TOKEN_SECONDS, STREAM_TOKEN_SECONDS, issueToken } from '../media/tokens.js';
import { findStoredFile, mimeTypeOf } from '../media/storage.js';
import {
  completionsOf, courseIsReachable, coursesOf, groupOf, itemOf, itemsOfSubject, reachableContent,
  reachableVideoByKey, recordCompletion, subjectOf, subjectsOfCourse, visibleContentsOf, type ContentRow,
} from './queries.js';

const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });
const IdParam = (name: string) => Type.Object({ [name]: Id });

const notInBatch = (what: string) => notFound(`This ${what} is not available to your batch.`, 'notInBatch');

const itemRoutes: { type: ItemType; path: string; label: string }[] = [
  { type: 'chapter', path: 'chapter', label: 'chapter' },
  { type: 'lecture', path: 'lecture', label: 'lecture' },
  { type: 'question-solve', path: 'question-solve', label: 'question solve' },
];

export function videoOf(row: ContentRow) {
  return {
    _id: row.id,
    title: row.title,
    URL: row.url,
    key: row.key,
    thumbnail: row.thumbnail,
    type: 'video' as const,
    isPublished: Number(row.is_published) === 1,
    isVOD: Number(row.is_vod) === 1,
    isAvailable: Number(row.is_available) === 1,
    isDrmEnabled: row.is_drm_enabled === '1' ? '1' : '0',
    drmType: row.drm_type,
    videoKind: row.video_kind ?? 'hls',
    subjects: readJson<string[]>(row.subjects, []),
  };
}

export function fileOf(row: ContentRow) {
  return { _id: row.id, title: row.title, key: row.key, type: 'file' as const, createdAt: row.created_at };
}

export async function contentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const courseList = async (studentId: string, withChapters: boolean) => {
    const courses = await coursesOf(app.db, studentId, withChapters);
    return courses.map(({ course, subjects }) => ({
      _id: course.id,
      name: course.name,
      description: course.description,
      image: course.image,
      subjects: subjects.map(({ subject, chapters }) => ({
        _id: subject.id,
        name: subject.name,
        image: subject.image,
        ...(withChapters ? { chapters: chapters.map((c) => ({ _id: c.id, name: c.name })) } : {}),
      })),
    }));
  };

  app.get('/course', async (request) => ({ data: await courseList(request.student.id, false) }));

  app.get('/student/courseByStudent/:studentId', { schema: { params: IdParam('studentId') } }, async (request) => {
    if (request.params.studentId !== request.student.id) {
      throw forbidden('You can only view your own courses.', 'notYourAccount');
    }
    return { data: await courseList(request.student.id, false) };
  });

  app.get('/student/courseByStudentWithSubjectAndChapter', async (request) => ({ data: await courseList(request.student.id, true) }));

  app.get('/subject/:subjectId', { schema: { params: IdParam('subjectId') } }, async (request) => {
    const subject = await subjectOf(app.db, request.student.id, request.params.subjectId);
    if (!subject) throw notInBatch('subject');
    return { data: { _id: subject.id, name: subject.name, image: subject.image, courseId: subject.course_id, courseName: subject.course_name } };
  });

  app.get(
    '/subject/by-course-id/:courseId',
    { schema: { params: IdParam('courseId'), querystring: Type.Object({ forExam: Type.Optional(Type.Boolean()) }) } },
    async (request) => {
      const { courseId } = request.params;
      if (!(await courseIsReachable(app.db, request.student.id, courseId))) throw notInBatch('course');
      const subjects = await subjectsOfCourse(app.db, request.student.id, courseId, request.query.forExam === true);
      return { data: subjects.map((s) => ({ _id: s.id, name: s.name, image: s.image, courseId: s.course_id })) };
    },
  );

  for (const { type, path: segment, label } of itemRoutes) {
    app.get(`/${segment}/by-subject-id/:id`, { schema: { params: IdParam('id') } }, async (request) => {
      const subject = await subjectOf(app.db, request.student.id, request.params.id);
      if (!subject) throw notInBatch('subject');
      const items = await itemsOfSubject(app.db, request.student.id, subject.id, type);
      return { data: items.map((i) => ({ _id: i.id, name: i.name, description: i.description, subjectId: i.subject_id })) };
    });

    app.get(`/${segment}/:itemId`, { schema: { params: IdParam('itemId') } }, async (request) => {
      const item = await itemOf(app.db, request.student.id, request.params.itemId, type);
      if (!item) throw notInBatch(label);
      const rows = await visibleContentsOf(app.db, item.id);
      const contents = rows.map((row) => (row.type === 'video' ? videoOf(row) : fileOf(row)));
      return {
        data: {
          item: {
            _id: item.id, name: item.name, description: item.description, subjectId: item.subject_id,
            subjectName: item.subject_name, courseId: item.course_id, courseName: item.course_name, type,
          },
          contents,
          videoContents: rows.filter((r) => r.type === 'video').map(videoOf),
          fileContents: rows.filter((r) => r.type === 'file').map(fileOf),
        },
      };
    });
  }

  app.get('/content/file/:contentId', { schema: { params: IdParam('contentId') } }, async (request, reply) => {
    const found = await reachableContent(app.db, request.student.id, request.params.contentId);
    if (!found || found.content.type !== 'file') throw notInBatch('note');
    const file = found.content.key ? findStoredFile(app.config, found.content.key) : null;
    if (!file) throw notFound('The file of this note is missing. Please tell the academy.', 'fileMissing');
    const extension = path.extname(file);
    const filename = `${found.content.title.replace(/[^\w .()-]+/g, '').trim() || 'note'}${extension}`;
    return reply
      .type(mimeTypeOf(file))
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(file));
  });

  app.get('/group/:id', { schema: { params: IdParam('id') } }, async (request) => {
    const found = await groupOf(app.db, request.student.id, request.params.id);
    if (!found) throw notInBatch('batch');
    const { group, ...lists } = found;
    return { data: { _id: group.id, name: group.name, courseId: group.course_id, ...lists } };
  });

  app.get('/course/:courseId/subject-completion', { schema: { params: IdParam('courseId') } }, async (request) => {
    const { courseId } = request.params;
    if (!(await courseIsReachable(app.db, request.student.id, courseId))) throw notInBatch('course');
    return { data: await completionsOf(app.db, request.student.id, courseId) };
  });

  app.patch(
    '/content/mark-as-complete/:contentId',
    {
      schema: {
        params: IdParam('contentId'),
        body: Type.Object(
          { courseId: Id, subjectId: Id, type: Type.Union([Type.Literal('video'), Type.Literal('file')]) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const { courseId, subjectId, type } = request.body;
      const found = await reachableContent(app.db, request.student.id, request.params.contentId);
      if (!found) throw notInBatch(type === 'video' ? 'video' : 'note');
      if (found.content.type !== type) throw badRequest(`This content is not a ${type}.`, 'wrongContentType');
      if (found.course.id !== courseId || found.subject.id !== subjectId) {
        throw badRequest('This content does not belong to the given course and subject.', 'wrongSubject');
      }
      const recordedNow = await recordCompletion(app.db, {
        studentId: request.student.id, contentId: found.content.id, courseId, subjectId, type, at: app.clock.now(),
      });
      return { data: { completed: true, recordedNow } };
    },
  );

  app.post(
    '/lecture/getToken',
    { schema: { body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false }) } },
    async (request) => {
      const found = await reachableVideoByKey(app.db, request.student.id, request.body.key);
      if (!found) throw notInBatch('video');
      const expiresAt = new Date(app.clock.now().getTime() + STREAM_TOKEN_SECONDS * 1000);
      const token = issueToken(app.config.signingSecret, { purpose: 'stream', studentId: request.student.id, contentId: found.content.id, expiresAt });
      return { data: { token, expiresAt: expiresAt.toISOString() } };
    },
  );

  app.post(
    '/content/drm-auth',
    {
      schema: {
        body: Type.Object(
          { userId: Id, contentId: Id, platform: Type.String({ minLength: 1, maxLength: 40 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const { userId, contentId } = request.body;
      if (userId !== request.student.id) throw forbidden('You can only ask for your own licence.', 'notYourAccount');
      const found = await reachableContent(app.db, request.student.id, contentId);
      if (!found || found.content.type !== 'video') throw notInBatch('video');
      if (found.content.is_drm_enabled !== '1') throw badRequest('This video is not protected; it needs no licence.', 'notProtected');
      const expiresAt = new Date(app.clock.now().getTime() + DRM_TOKEN_SECONDS * 1000);
      const token = issueToken(app.config.signingSecret, { purpose: 'drm', studentId: request.student.id, contentId, expiresAt });
      const { widevineUrl, playReadyUrl, fairPlayUrl, fairPlayCertificateUrl } = app.config.drm;
      return {
        data: {
          // One signed token per request; a configured provider's licence proxy checks the same signature.
          widevineToken: token,
          fairplayToken: token,
          playReadyToken: token,
          clearKeyToken: token,
          expiresAt: expiresAt.toISOString(),
          licenseServers: {
            clearKey: `/api/media/clearkey/${contentId}`,
            ...(widevineUrl ? { widevine: widevineUrl } : {}),
            ...(playReadyUrl ? { playReady: playReadyUrl } : {}),
            ...(fairPlayUrl ? { fairPlay: fairPlayUrl } : {}),
            ...(fairPlayCertificateUrl ? { fairPlayCertificate: fairPlayCertificateUrl } : {}),
          },
        },
      };
    },
  );
}
