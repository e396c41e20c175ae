// The teacher desk's routes (contracts: src/contracts/staff.ts): exam assignments, the grading queue,
// marking one written answer and publishing an assignment's results. Staff sessions only; a teacher
// acts only on the courses they teach, an admin on every course: each contract declares the course
// its route acts on and one hook checks it (server/staff/access.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { staffContract } from '../../src/contracts/staff.js';
import { depsOf } from '../deps.js';
import { gradingQueue, markAnswer, publishResults, staffAssignments } from '../results/marking.js';
import { staffForumPlaces, staffQueue } from './forumQueue.js';
import { deskForum } from './forumDesk.js';
import { itemAnalysisOf, itemAnalysisSheet } from '../results/itemAnalysis.js';
import { FORUM_DEFAULT_PAGE_SIZE } from '../../src/domain/forum.js';
import { coursesOf } from './access.js';
import { importRoutes } from '../import/routes.js';
import { sendSheet, staffResultsRoutes } from './resultsRoutes.js';
import { staffBatchRoutes } from './batches.js';
import { scheduleRoutes } from './schedule.js';
import { deskSessionRoutes } from './session.js';
import { staffAccountRoutes } from '../staffAccounts/routes.js';
import { activityRoutes } from './activityRoutes.js';

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
  // Staff accounts and the activity log (server/staffAccounts, server/activity).
  await app.register(staffAccountRoutes);
  await app.register(activityRoutes);
  const forum = deskForum(app);

  app.route({ ...staffContract.assignments, handler: async (request) => {
    return { data: await staffAssignments(app.db, app.config.examGraceSeconds, await coursesOf(app.db, request.staff)) };
  } });

  app.route({ ...staffContract.gradingQueue, handler: async (request) => {
    return { data: await gradingQueue(depsOf(app), request.params.assignmentId, request.query.status ?? 'pending') };
  } });

  app.route({ ...staffContract.markAnswer, handler: async (request) => {
    const { attemptId, questionId } = request.params;
    return { data: await markAnswer(depsOf(app), app.dialect, request.staff, attemptId, questionId, request.body) };
  } });

  app.route({ ...staffContract.publish, handler: async (request) => {
    return { data: await publishResults(app, depsOf(app), request.params.assignmentId, request.staff) };
  } });

  app.route({ ...staffContract.itemAnalysis, handler: async (request) => {
    return { data: await itemAnalysisOf(depsOf(app), request.params.assignmentId) };
  } });

  app.route({ ...staffContract.itemAnalysisSheet, handler: async (request, reply) => {
    const sheet = await itemAnalysisSheet(await itemAnalysisOf(depsOf(app), request.params.assignmentId), request.query.format);
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
    return { data: await forum.thread(request.staff, request.params.questionId) };
  } });

  app.route({ ...staffContract.forumReply, handler: async (request) => {
    return { data: await forum.reply(request.staff, request.params.questionId, request.body) };
  } });

  app.route({ ...staffContract.forumEditReply, handler: async (request) => {
    return { data: await forum.editReply(request.staff, request.params.questionId, request.params.commentId, request.body) };
  } });

  app.route({ ...staffContract.forumDeleteReply, handler: async (request) => {
    return { data: await forum.deleteReply(request.staff, request.params.questionId, request.params.commentId) };
  } });

  app.route({ ...staffContract.forumMarkAnswer, handler: async (request) => {
    return { data: await forum.markAnswer(request.staff, request.params.questionId, request.body.commentId) };
  } });

  app.route({ ...staffContract.forumComplete, handler: async (request) => {
    return { data: await forum.complete(request.staff, request.params.questionId) };
  } });

  app.route({ ...staffContract.forumReopen, handler: async (request) => {
    return { data: await forum.reopen(request.staff, request.params.questionId) };
  } });
}
