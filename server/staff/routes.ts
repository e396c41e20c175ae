// The teacher desk's routes (contracts: src/contracts/staff.ts): exam assignments, the grading queue,
// marking one written answer and publishing an assignment's results. Staff sessions only; a teacher
// acts only on the courses they teach, an admin on every course (server/staff/access.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { staffContract } from '../../src/contracts/staff.js';
import { examDepsOf } from '../exams/attempts.js';
import { gradingQueue, markAnswer, publishResults, staffAssignments } from '../results/marking.js';
import { checkedMedia, details, forumErrors, notifyReply } from '../forum/routes.js';
import { commentById, completeQuestion, insertComment, questionById, questionRow, staffQuestions } from '../forum/queries.js';
import { publishNotification } from '../notifications/publish.js';
import { itemAnalysisOf, itemAnalysisSheet } from '../results/itemAnalysis.js';
import { FORUM_DEFAULT_PAGE_SIZE } from '../../src/domain/forum.js';
import { newId } from '../ids.js';
import { assertTeaches, assignmentCourse, attemptCourse, coursesOf } from './access.js';
import { writeJson } from '../db/json.js';
import { importRoutes } from '../import/routes.js';

export async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Administrators' import of sheets and bundles, in a scope of its own that reads raw bodies.
  await app.register(importRoutes);

  app.route({ ...staffContract.assignments, handler: async (request) => {
    return { data: await staffAssignments(app.db, app.config.examGraceSeconds, await coursesOf(app.db, request.staff)) };
  } });

  app.route({ ...staffContract.gradingQueue, handler: async (request) => {
    await assertTeaches(app.db, request.staff, await assignmentCourse(app.db, request.params.assignmentId));
    return { data: await gradingQueue(examDepsOf(app), request.params.assignmentId, request.query.status ?? 'pending') };
  } });

  app.route({ ...staffContract.markAnswer, handler: async (request) => {
    const { attemptId, questionId } = request.params;
    await assertTeaches(app.db, request.staff, await attemptCourse(app.db, attemptId));
    return { data: await markAnswer(examDepsOf(app), app.dialect, request.staff, attemptId, questionId, request.body) };
  } });

  app.route({ ...staffContract.publish, handler: async (request) => {
    await assertTeaches(app.db, request.staff, await assignmentCourse(app.db, request.params.assignmentId));
    return { data: await publishResults(app, examDepsOf(app), request.params.assignmentId) };
  } });

  app.route({ ...staffContract.itemAnalysis, handler: async (request) => {
    await assertTeaches(app.db, request.staff, await assignmentCourse(app.db, request.params.assignmentId));
    return { data: await itemAnalysisOf(examDepsOf(app), request.params.assignmentId) };
  } });

  app.route({ ...staffContract.itemAnalysisSheet, handler: async (request, reply) => {
    await assertTeaches(app.db, request.staff, await assignmentCourse(app.db, request.params.assignmentId));
    const sheet = await itemAnalysisSheet(await itemAnalysisOf(examDepsOf(app), request.params.assignmentId), request.query.format);
    return reply.type(sheet.type).header('content-disposition', `attachment; filename="${sheet.filename}"`).header('cache-control', 'private, no-store').send(sheet.body);
  } });

  app.route({ ...staffContract.forumQuestions, handler: async (request) => {
    const { status = 'open', page = 1, limit = FORUM_DEFAULT_PAGE_SIZE } = request.query;
    return { data: await staffQuestions(app.db, request.staff.id, status, page, limit, await coursesOf(app.db, request.staff)) };
  } });

  app.route({ ...staffContract.forumReply, handler: async (request) => {
    const question = await questionRow(app.db, request.params.questionId);
    if (!question) throw forumErrors.questionNotFound();
    await assertTeaches(app.db, request.staff, question.course_id);
    const text = details(request.body.reply);
    const media = await checkedMedia(app.db, request.staff.id, request.body.media);
    const id = newId();
    const added = await insertComment(app.db, {
      id, questionId: question.id, userId: request.staff.id, userType: 'Admin', reply: text, media: writeJson(media), now: app.clock.now().toISOString(),
    });
    if (!added) throw forumErrors.completed();
    const comment = (await commentById(app.db, request.staff.id, id))!;
    await notifyReply(app, question, comment, request.staff.id);
    return { data: comment };
  } });

  app.route({ ...staffContract.forumComplete, handler: async (request) => {
    const question = await questionRow(app.db, request.params.questionId);
    if (!question) throw forumErrors.questionNotFound();
    await assertTeaches(app.db, request.staff, question.course_id);
    if (question.status !== 'COMPLETED') {
      await completeQuestion(app.db, question.id, app.clock.now().toISOString());
      await publishNotification(app, { type: 'notification', message: 'Your question was marked as answered', info: { on: 'forum', id: question.id, courseId: question.course_id } }, [question.student_id]);
    }
    return { data: (await questionById(app.db, request.staff.id, question.id))! };
  } });
}
