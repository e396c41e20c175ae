// The forum's student routes (contracts: src/contracts/forum.ts). Every route finds the chapters the
// student's batches reach first: a question outside them does not exist for this student (404), and
// a studentId or userId that is not the signed-in student is refused (403). Thin: posting.ts asks,
// replies, edits and reacts; search.ts searches; the lists come from queries.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { forumContract } from '../../src/contracts/forum.js';
import { KEYWORD_SUGGESTIONS } from '../../src/domain/forum.js';
import { coursesOf } from '../content/queries.js';
import { bookmarksOf, commentsOf, keywordSuggestions, questionById, questionCountsByCourse, reachableChapters, upvotesOf } from './queries.js';
import { forumErrors, forumPosting } from './posting.js';
import { searchForum } from './search.js';

export { checkedMedia, details, forumErrors, notifyReply, replyNotice, REPLY_NOTIFICATION_WINDOW_MS, tellDesks } from './posting.js';

export async function forumRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const posting = forumPosting(app);
  const asSelf = (studentId: string, claimed: string) => {
    if (claimed !== studentId) throw forumErrors.notYou();
  };
  const { visibleQuestion } = posting;

  app.route({ ...forumContract.courses, handler: async (request) => {
    const [courses, chapters] = await Promise.all([coursesOf(app.db, request.student.id, false), reachableChapters(app.db, request.student.id)]);
    const counts = await questionCountsByCourse(app.db, chapters.map((c) => c.id));
    return { data: courses.map(({ course }) => ({ _id: course.id, name: course.name ?? '', image: course.image ?? null, questions: counts.get(course.id) ?? 0 })) };
  } });

  app.route({ ...forumContract.groupSubjects, handler: async (request) => {
    const chapters = await reachableChapters(app.db, request.student.id);
    return { data: [...new Set(chapters.map((c) => c.subject_id))].sort() };
  } });

  app.route({ ...forumContract.search, handler: async (request) => {
    asSelf(request.student.id, request.body.studentId);
    return { data: await searchForum(app.db, app.dialect, request.student.id, request.body) };
  } });

  app.route({ ...forumContract.keyword, handler: async (request) => {
    const { searchString, courseId, limit } = request.body;
    const chapters = await reachableChapters(app.db, request.student.id);
    return { data: await keywordSuggestions(app.db, app.dialect, request.student.id, chapters.map((c) => c.id), searchString, courseId, limit ?? KEYWORD_SUGGESTIONS) };
  } });

  app.route({ ...forumContract.question, handler: async (request) => {
    await visibleQuestion(request.student.id, request.params.id);
    return { data: (await questionById(app.db, request.student.id, request.params.id))! };
  } });

  app.route({ ...forumContract.comments, handler: async (request) => {
    await visibleQuestion(request.student.id, request.params.questionId);
    return { data: await commentsOf(app.db, request.student.id, request.params.questionId) };
  } });

  app.route({ ...forumContract.upvotes, handler: async (request) => {
    return { data: await upvotesOf(app.db, request.student.id) };
  } });

  app.route({ ...forumContract.bookmarks, handler: async (request) => {
    asSelf(request.student.id, request.params.studentId);
    const chapters = await reachableChapters(app.db, request.student.id);
    return { data: await bookmarksOf(app.db, request.student.id, chapters.map((c) => c.id)) };
  } });

  app.route({ ...forumContract.addQuestion, handler: async (request, reply) => {
    const { studentId, courseId, subjectId, chapterId, questionDescription, media } = request.body;
    asSelf(request.student.id, studentId);
    return { data: await posting.ask(reply, studentId, { courseId, subjectId, chapterId }, { text: questionDescription, media }) };
  } });

  app.route({ ...forumContract.updateQuestion, handler: async (request, reply) => {
    const { studentId, questionId, questionDescription, media } = request.body;
    asSelf(request.student.id, studentId);
    return { data: await posting.editQuestion(reply, studentId, questionId, { text: questionDescription, media }) };
  } });

  app.route({ ...forumContract.addComment, handler: async (request, reply) => {
    const { userId, questionId, reply: text, media } = request.body;
    asSelf(request.student.id, userId);
    return { data: await posting.reply(reply, userId, questionId, { text, media }) };
  } });

  app.route({ ...forumContract.updateComment, handler: async (request, reply) => {
    const { userId, commentId, reply: text, media } = request.body;
    asSelf(request.student.id, userId);
    return { data: await posting.editReply(reply, userId, commentId, { text, media }) };
  } });

  app.route({ ...forumContract.like, handler: async (request, reply) => {
    const { studentId, questionId } = request.body;
    asSelf(request.student.id, studentId);
    return { data: await posting.like(reply, studentId, questionId) };
  } });

  app.route({ ...forumContract.upvote, handler: async (request, reply) => {
    const { studentId, questionId, commentId } = request.body;
    asSelf(request.student.id, studentId);
    return { data: await posting.upvote(reply, studentId, questionId, commentId) };
  } });

  app.route({ ...forumContract.bookmark, handler: async (request, reply) => {
    const { studentId, questionId } = request.body;
    asSelf(request.student.id, studentId);
    return { data: await posting.bookmark(reply, studentId, questionId) };
  } });
}
