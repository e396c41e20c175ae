// The teacher desk's routes (contracts: src/contracts/staff.ts): exam assignments, the grading queue,
// marking one written answer and publishing an assignment's results. Staff sessions only; a teacher
// acts only on the courses they teach, an admin on every course (server/staff/access.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { staffContract } from '../../src/contracts/staff.js';
import { examDepsOf } from '../exams/attempts.js';
import { gradingQueue, markAnswer, publishResults, staffAssignments } from '../results/marking.js';
import { checkedMedia, details, forumErrors, notifyReply, tellDesks } from '../forum/posting.js';
import { commentById, commentRow, commentsOf, completeQuestion, insertComment, questionById, questionRow, reopenQuestion, updateComment } from '../forum/queries.js';
import { staffForumPlaces, staffQuestionsByIds, staffQueue } from './forumQueue.js';
import { publishNotification } from '../notifications/publish.js';
import { itemAnalysisOf, itemAnalysisSheet } from '../results/itemAnalysis.js';
import { FORUM_DEFAULT_PAGE_SIZE } from '../../src/domain/forum.js';
import { newId } from '../ids.js';
import { assertTeaches, assignmentCourse, attemptCourse, coursesOf } from './access.js';
import { writeJson } from '../db/json.js';
import { importRoutes } from '../import/routes.js';
import { sendSheet, staffResultsRoutes } from './resultsRoutes.js';
import { staffBatchRoutes } from './batches.js';
import { scheduleRoutes } from './schedule.js';
import { deskSessionRoutes } from './session.js';

export async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Administrators' import of sheets and bundles, in a scope of its own that reads raw bodies.
  await app.register(importRoutes);
  await app.register(staffResultsRoutes);
  await app.register(deskSessionRoutes);
  // Batches and students (server/staff/batches.ts).
  await app.register(staffBatchRoutes);
  // The week's exams of the teacher's courses, each in its state.
  await app.register(scheduleRoutes);

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
    return sendSheet(reply, sheet);
  } });

  app.route({ ...staffContract.forumQuestions, handler: async (request) => {
    const { status = 'all', courseId, subjectId, chapterId, search = '', page = 1, limit = FORUM_DEFAULT_PAGE_SIZE } = request.query;
    const courseIds = (await coursesOf(app.db, request.staff)) ?? undefined;
    return { data: await staffQueue(app.db, app.dialect, { status, courseId, subjectId, chapterId, search, page, limit, courseIds }) };
  } });

  app.route({ ...staffContract.forumPlaces, handler: async (request) => {
    return { data: await staffForumPlaces(app.db, (await coursesOf(app.db, request.staff)) ?? undefined) };
  } });

  app.route({ ...staffContract.forumThread, handler: async (request) => {
    const row = await questionRow(app.db, request.params.questionId);
    if (!row) throw forumErrors.questionNotFound();
    await assertTeaches(app.db, request.staff, row.course_id);
    const [question] = await staffQuestionsByIds(app.db, [row.id]);
    if (!question) throw forumErrors.questionNotFound();
    return { data: { question, comments: await commentsOf(app.db, request.staff.id, question._id), viewerId: request.staff.id } };
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
    tellDesks(app, question.id, 'reply');
    return { data: comment };
  } });

  app.route({ ...staffContract.forumEditReply, handler: async (request) => {
    const { questionId, commentId } = request.params;
    const comment = await commentRow(app.db, commentId);
    if (!comment || comment.question_id !== questionId) throw forumErrors.replyNotFound();
    if (comment.user_type !== 'Admin' || comment.user_id !== request.staff.id) throw forumErrors.notYourReply();
    const text = details(request.body.reply);
    const media = await checkedMedia(app.db, request.staff.id, request.body.media);
    const outcome = await updateComment(app.db, questionId, commentId, text, writeJson(media), app.clock.now().toISOString());
    if (outcome === 'completed') throw forumErrors.completed();
    if (outcome === 'notLast') throw forumErrors.notLastReply();
    tellDesks(app, questionId, 'edit');
    return { data: (await commentById(app.db, request.staff.id, commentId))! };
  } });

  app.route({ ...staffContract.forumComplete, handler: async (request) => {
    const question = await questionRow(app.db, request.params.questionId);
    if (!question) throw forumErrors.questionNotFound();
    await assertTeaches(app.db, request.staff, question.course_id);
    if (question.status !== 'COMPLETED') {
      await completeQuestion(app.db, question.id, app.clock.now().toISOString());
      await publishNotification(app, { type: 'notification', message: 'Your question was marked as answered', info: { on: 'forum', id: question.id, courseId: question.course_id } }, [question.student_id]);
      tellDesks(app, question.id, 'completed');
    }
    return { data: (await questionById(app.db, request.staff.id, question.id))! };
  } });

  app.route({ ...staffContract.forumReopen, handler: async (request) => {
    const question = await questionRow(app.db, request.params.questionId);
    if (!question) throw forumErrors.questionNotFound();
    await assertTeaches(app.db, request.staff, question.course_id);
    if (await reopenQuestion(app.db, question.id, app.clock.now().toISOString())) tellDesks(app, question.id, 'reopened');
    return { data: (await questionById(app.db, request.staff.id, question.id))! };
  } });
}
