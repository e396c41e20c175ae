// Learning content for students: courses > subjects > chapters, lectures and question-solve items,
// their videos and notes, completion, and the tokens that open protected streams and licences.
// Everything is limited to the student's batches; anything else answers 404 'not available'.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { contentContract, type NoteFile, type Video } from '../../src/contracts/content.js';
import { API_PREFIX, ITEM_TYPES, mediaPaths, pathTo, type ItemType } from '../../src/contracts/paths.js';
import { isProtectedVideo } from '../../src/domain/video.js';
import { readJson } from '../db/json.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { DRM_TOKEN_SECONDS, STREAM_TOKEN_SECONDS, issueToken } from '../media/tokens.js';
import { findStoredFile, mimeTypeOf } from '../media/storage.js';
import {
  completionsOf, courseCards, courseIsReachable, coursesOf, reachableCourseIds, groupOf, itemOf, itemsOfSubject, reachableContent,
  reachableVideoByKey, recordCompletion, subjectOf, subjectsOfCourse, visibleContentsOf, type ContentRow,
} from './queries.js';

const notInBatch = (what: string) => notFound(`This ${what} is not available to your batch.`, 'notInBatch');

/** How a refusal names an item of each type. */
const ITEM_LABELS: Record<ItemType, string> = { chapter: 'chapter', lecture: 'lecture', 'question-solve': 'question solve' };

/** An item route's path for one item type: the contract's `:type` placeholder filled in. */
const itemTypePath = (path: string, type: ItemType) => path.replace(':type', type);

/** The bundle allows only these kinds; a row written some other way plays as the default, HLS. */
const videoKindOf = (value: string | null): Video['videoKind'] =>
  value === 'dash-drm' || value === 'iframe' || value === 'youtube' ? value : 'hls';

function videoOf(row: ContentRow): Video {
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
    isDrmEnabled: isProtectedVideo({ isDrmEnabled: row.is_drm_enabled }) ? '1' : '0',
    drmType: row.drm_type,
    videoKind: videoKindOf(row.video_kind),
    subjects: readJson<string[]>(row.subjects, []),
  };
}

function fileOf(row: ContentRow): NoteFile {
  return { _id: row.id, title: row.title, key: row.key, type: 'file' as const, createdAt: row.created_at };
}

export async function contentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const courseSummaries = async (studentId: string) => courseCards(app.db, await reachableCourseIds(app.db, studentId));

  app.route({ ...contentContract.courses, handler: async (request) => {
    return { data: await courseSummaries(request.student.id) };
  } });

  app.route({ ...contentContract.coursesOfStudent, handler: async (request) => {
    if (request.params.studentId !== request.student.id) {
      throw forbidden('You can only view your own courses.', 'notYourAccount');
    }
    return { data: await courseSummaries(request.student.id) };
  } });

  app.route({ ...contentContract.coursesWithChapters, handler: async (request) => {
    const courses = await coursesOf(app.db, request.student.id, true);
    const data = courses.map(({ course, subjects }) => ({
      _id: course.id,
      name: course.name,
      description: course.description,
      image: course.image,
      subjects: subjects.map(({ subject, chapters }) => ({
        _id: subject.id,
        name: subject.name,
        image: subject.image,
        chapters: chapters.map((c) => ({ _id: c.id, name: c.name })),
      })),
    }));
    return { data };
  } });

  app.route({ ...contentContract.subject, handler: async (request) => {
    const subject = await subjectOf(app.db, request.student.id, request.params.subjectId);
    if (!subject) throw notInBatch('subject');
    return { data: { _id: subject.id, name: subject.name, image: subject.image, courseId: subject.course_id, courseName: subject.course_name } };
  } });

  app.route({
    ...contentContract.subjectsOfCourse,
    handler: async (request) => {
      const { courseId } = request.params;
      if (!(await courseIsReachable(app.db, request.student.id, courseId))) throw notInBatch('course');
      const subjects = await subjectsOfCourse(app.db, request.student.id, courseId, request.query.forExam === true);
      return { data: subjects.map((s) => ({ _id: s.id, name: s.name, image: s.image, courseId: s.course_id })) };
    },
  });

  for (const type of ITEM_TYPES) {
    app.route({ ...contentContract.itemsOfSubject, url: itemTypePath(contentContract.itemsOfSubject.url, type), handler: async (request) => {
      const subject = await subjectOf(app.db, request.student.id, request.params.id);
      if (!subject) throw notInBatch('subject');
      const items = await itemsOfSubject(app.db, request.student.id, subject.id, type);
      return { data: items.map((i) => ({ _id: i.id, name: i.name, description: i.description, subjectId: i.subject_id })) };
    } });

    app.route({ ...contentContract.itemContent, url: itemTypePath(contentContract.itemContent.url, type), handler: async (request) => {
      const item = await itemOf(app.db, request.student.id, request.params.itemId, type);
      if (!item) throw notInBatch(ITEM_LABELS[type]);
      const rows = await visibleContentsOf(app.db, item.id);
      return {
        data: {
          item: {
            _id: item.id, name: item.name, description: item.description, subjectId: item.subject_id,
            subjectName: item.subject_name, courseId: item.course_id, courseName: item.course_name, type,
          },
          contents: rows.map((row) => (row.type === 'video' ? videoOf(row) : fileOf(row))),
          videoContents: rows.filter((r) => r.type === 'video').map(videoOf),
          fileContents: rows.filter((r) => r.type === 'file').map(fileOf),
        },
      };
    } });
  }

  app.route({ ...contentContract.noteFile, handler: async (request, reply) => {
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
  } });

  app.route({ ...contentContract.group, handler: async (request) => {
    const found = await groupOf(app.db, request.student.id, request.params.id);
    if (!found) throw notInBatch('batch');
    const { group, ...lists } = found;
    return { data: { _id: group.id, name: group.name, courseId: group.course_id, ...lists } };
  } });

  app.route({ ...contentContract.subjectCompletion, handler: async (request) => {
    const { courseId } = request.params;
    if (!(await courseIsReachable(app.db, request.student.id, courseId))) throw notInBatch('course');
    return { data: await completionsOf(app.db, request.student.id, courseId) };
  } });

  app.route({
    ...contentContract.markComplete,
    handler: async (request) => {
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
      return { data: { completed: true as const, recordedNow } };
    },
  });

  app.route({
    ...contentContract.streamToken,
    handler: async (request) => {
      const found = await reachableVideoByKey(app.db, request.student.id, request.body.key);
      if (!found) throw notInBatch('video');
      const expiresAt = new Date(app.clock.now().getTime() + STREAM_TOKEN_SECONDS * 1000);
      const token = issueToken(app.config.signingSecret, { purpose: 'stream', studentId: request.student.id, contentId: found.content.id, expiresAt });
      return { data: { token, expiresAt: expiresAt.toISOString() } };
    },
  });

  app.route({
    ...contentContract.drmAuth,
    handler: async (request) => {
      const { userId, contentId } = request.body;
      if (userId !== request.student.id) throw forbidden('You can only ask for your own licence.', 'notYourAccount');
      const found = await reachableContent(app.db, request.student.id, contentId);
      if (!found || found.content.type !== 'video') throw notInBatch('video');
      if (!isProtectedVideo({ isDrmEnabled: found.content.is_drm_enabled })) throw badRequest('This video is not protected; it needs no licence.', 'notProtected');
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
            clearKey: `${API_PREFIX}${pathTo(mediaPaths.clearKey, { contentId })}`,
            ...(widevineUrl ? { widevine: widevineUrl } : {}),
            ...(playReadyUrl ? { playReady: playReadyUrl } : {}),
            ...(fairPlayUrl ? { fairPlay: fairPlayUrl } : {}),
            ...(fairPlayCertificateUrl ? { fairPlayCertificate: fairPlayCertificateUrl } : {}),
          },
        },
      };
    },
  });
}
