// What opens a student's media: a note's file, the short-lived token of a protected stream, and the
// licence token of a DRM video, each only for content reachable through the student's batches; and
// a content marked complete. The use-case floor under content/routes.ts, over content/queries.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CompletionTarget } from '../../src/contracts/content.js';
import { API_PREFIX, mediaPaths, pathTo } from '../../src/contracts/paths.js';
import { isProtectedVideo } from '../../src/domain/video.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { DRM_TOKEN_SECONDS, STREAM_TOKEN_SECONDS, issueToken } from '../media-tokens.js';
import { findStoredFile, mimeTypeOf } from '../media-files.js';
import { reachableContent, reachableVideoByKey, recordCompletion } from './queries.js';

export const notInBatch = (what: string) => notFound(`This ${what} is not available to your batch.`, 'notInBatch');

export function studentMedia(app: FastifyInstance) {
  return {
    /** Sends a note's file as a download named after the note. */
    async sendNote(studentId: string, contentId: string, reply: FastifyReply) {
      const found = await reachableContent(app.db, studentId, contentId);
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
    },

    /** Records a video watched or a note read, once; the course and subject must be the content's own. */
    async markComplete(studentId: string, contentId: string, body: Omit<CompletionTarget, 'contentId'>) {
      const { courseId, subjectId, type } = body;
      const found = await reachableContent(app.db, studentId, contentId);
      if (!found) throw notInBatch(type === 'video' ? 'video' : 'note');
      if (found.content.type !== type) throw badRequest(`This content is not a ${type}.`, 'wrongContentType');
      if (found.course.id !== courseId || found.subject.id !== subjectId) {
        throw badRequest('This content does not belong to the given course and subject.', 'wrongSubject');
      }
      const recordedNow = await recordCompletion(app.db, { studentId, contentId: found.content.id, courseId, subjectId, type, at: app.clock.now() });
      return { completed: true as const, recordedNow };
    },

    /** A stream token for a video the student may watch, by its key. */
    async streamToken(studentId: string, key: string) {
      const found = await reachableVideoByKey(app.db, studentId, key);
      if (!found) throw notInBatch('video');
      const expiresAt = new Date(app.clock.now().getTime() + STREAM_TOKEN_SECONDS * 1000);
      const token = issueToken(app.config.signingSecret, { purpose: 'stream', studentId, contentId: found.content.id, expiresAt });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /** The licence tokens and servers of a protected video, for the student's own account. */
    async drmLicence(studentId: string, body: { userId: string; contentId: string }) {
      const { userId, contentId } = body;
      if (userId !== studentId) throw forbidden('You can only ask for your own licence.', 'notYourAccount');
      const found = await reachableContent(app.db, studentId, contentId);
      if (!found || found.content.type !== 'video') throw notInBatch('video');
      if (!isProtectedVideo({ isDrmEnabled: found.content.is_drm_enabled })) throw badRequest('This video is not protected; it needs no licence.', 'notProtected');
      const expiresAt = new Date(app.clock.now().getTime() + DRM_TOKEN_SECONDS * 1000);
      const token = issueToken(app.config.signingSecret, { purpose: 'drm', studentId, contentId, expiresAt });
      const { widevineUrl, playReadyUrl, fairPlayUrl, fairPlayCertificateUrl } = app.config.drm;
      return {
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
      };
    },
  };
}
