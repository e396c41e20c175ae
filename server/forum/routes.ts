// The forum's student routes (contracts: src/contracts/forum.ts). Every route finds the chapters the
// student's batches reach first: a question outside them does not exist for this student (404), and
// a studentId or userId that is not the signed-in student is refused (403).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { forumContract, type ForumComment, type ForumMedia } from '../../src/contracts/forum.js';
import { FORUM_ACTIVITY_EVENT, FORUM_DEFAULT_PAGE_SIZE, KEYWORD_SUGGESTIONS, mediaKeyOf, isForumMediaType, type ForumActivity } from '../../src/domain/forum.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors.js';
import type { RefusalCode } from '../../src/contracts/refusals.js';
import { retryAfterSeconds, takeSlots, waitText } from '../account/rate-limit.js';
import type { ForumLimits } from '../config.js';
import { newId } from '../ids.js';
import { writeJson } from '../db/json.js';
import { fileUrl, uploadTypeOf } from '../storage/signing.js';
import { publishFolded } from '../notifications/publish.js';
import { coursesOf } from '../content/queries.js';
import {
  bookmarksOf, commentById, commentRow, commentsOf, insertComment, keywordSuggestions, questionById, questionCountsByCourse,
  questionRow, reachableChapters, searchQuestions, studentRepliers, toggleBookmark, toggleLike, toggleUpvote, updateComment,
  updateQuestion, upvotesOf,
} from './queries.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export const forumErrors = {
  notYou: () => forbidden('You can only act as yourself in the forum.', 'notYourAccount'),
  questionNotFound: () => notFound('This question was not found.', 'questionNotFound'),
  replyNotFound: () => notFound('This reply was not found.', 'replyNotFound'),
  chapterNotReached: () => forbidden('You can only ask in the chapters of your batches.', 'chapterNotInBatch'),
  emptyDetails: () => badRequest(MESSAGES.enterDetails, 'emptyDetails'),
  completed: () => conflict('This question is closed: it takes no more replies or edits.', 'questionCompleted'),
  answered: () => conflict('A question cannot be edited once it has a reply.', 'questionAnswered'),
  notLastReply: () => conflict('Only the last reply can be edited.', 'notLastReply'),
  notYourQuestion: () => forbidden('You can only edit your own question.', 'notYourQuestion'),
  notYourReply: () => forbidden('You can only edit your own reply.', 'notYourReply'),
  mediaType: (type: string) => badRequest('This type of file cannot be attached.', 'mediaTypeNotAllowed', `${type} is not an image (JPEG, PNG), a PDF or audio.`),
  mediaNotYours: () => badRequest('This attachment is not one of your uploads.', 'uploadNotYours'),
};

/**
 * Attachments must be the author's own stored uploads of an allowed type; they are stored by the
 * stored file's own type and canonical address, whatever the request said beyond the key.
 */
export async function checkedMedia(db: Kysely<Database>, ownerId: string, media: ForumMedia[] | undefined): Promise<ForumMedia[]> {
  const items = media ?? [];
  const keys: string[] = [];
  for (const item of items) {
    if (!isForumMediaType(item.mediaType)) throw forumErrors.mediaType(item.mediaType);
    const key = mediaKeyOf(item.mediaUrl);
    if (!key) throw forumErrors.mediaNotYours();
    keys.push(key);
  }
  if (!keys.length) return [];
  const files = await db.selectFrom('stored_files').select(['key', 'mime_type']).where('key', 'in', keys).where('owner_id', '=', ownerId).execute();
  const byKey = new Map(files.map((f) => [f.key, f.mime_type]));
  return items.map((item, i) => {
    const stored = byKey.get(keys[i]!);
    if (!stored) throw forumErrors.mediaNotYours();
    if (uploadTypeOf(item.mediaType) !== stored || !isForumMediaType(stored)) throw forumErrors.mediaType(item.mediaType);
    return { mediaType: stored, mediaUrl: fileUrl(keys[i]!) };
  });
}

/** Text as written, without surrounding blanks; empty text is refused. */
export function details(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw forumErrors.emptyDetails();
  return trimmed;
}

/** Replies to one question within this time of the last notification about it fold into that notification. */
export const REPLY_NOTIFICATION_WINDOW_MS = 10 * 60_000;

/** The words of a reply notification: one reply as before, a burst as its count ("3 new replies to your question"). */
export function replyNotice(replies: number, teacher: boolean, yours: boolean): string {
  if (replies === 1) {
    if (teacher) return yours ? 'A teacher answered your question' : 'A teacher answered a question you replied to';
    return yours ? 'Your question has a new reply' : 'A question you replied to has a new reply';
  }
  return `${replies} new replies to ${yours ? 'your question' : 'a question you replied to'}${teacher ? ", a teacher's answer among them" : ''}`;
}

/**
 * Tells the asker and every student who replied before (not the author of the new reply) that the
 * question has a new reply; the notification leads to /question-details/{id}. Each student has one
 * notification per question and burst: replies that follow while it is unseen, within
 * REPLY_NOTIFICATION_WINDOW_MS of the last, fold into it as a count.
 */
export async function notifyReply(app: FastifyInstance, question: { id: string; student_id: string; course_id: string }, comment: ForumComment, authorId: string) {
  const byTeacher = comment.userType === 'Admin';
  const repliers = await studentRepliers(app.db, question.id);
  const recipients = [...new Set([question.student_id, ...repliers])].filter((id) => id !== authorId);
  for (const studentId of recipients) {
    const yours = studentId === question.student_id;
    await publishFolded(app, studentId, { on: 'forum', id: question.id }, REPLY_NOTIFICATION_WINDOW_MS, (previous) => {
      const replies = Number(previous?.replies ?? 0) + 1;
      const teacher = byTeacher || previous?.teacher === true;
      return { message: replyNotice(replies, teacher, yours), info: { on: 'forum', id: question.id, courseId: question.course_id, replies, ...(teacher ? { teacher: true } : {}) } };
    });
  }
}

/** The words of a refusal by a forum limit, by what was limited. */
const FORUM_LIMIT_WORDS: Record<keyof ForumLimits, { title: string; code: RefusalCode<429>; what: string; one: string }> = {
  questions: { title: 'You are asking questions too quickly. Please wait a while and try again.', code: 'tooManyQuestions', what: 'questions', one: 'question' },
  replies: { title: 'You are replying too quickly. Please wait a while and try again.', code: 'tooManyReplies', what: 'replies', one: 'reply' },
  edits: { title: 'You are editing too quickly. Please wait a while and try again.', code: 'tooManyEdits', what: 'edits', one: 'edit' },
  reactions: {
    title: 'You are liking, upvoting and bookmarking too quickly. Please wait a while and try again.', code: 'tooManyReactions', what: 'likes, upvotes and bookmarks', one: 'like, upvote or bookmark',
  },
};

/**
 * Takes one of the student's hourly slots for a forum write (kept in rate_events, so every process
 * counts the same), or refuses with 429, Retry-After and plain words.
 */
async function forumSlot(app: FastifyInstance, reply: FastifyReply, kind: keyof ForumLimits, studentId: string): Promise<void> {
  const limit = app.config.forumLimits[kind];
  const now = app.clock.now();
  const taken = await takeSlots(app.db, app.dialect, [{ bucket: `forum-${kind}:${studentId}`, limit }], now);
  if (taken.allowed) return;
  const words = FORUM_LIMIT_WORDS[kind];
  reply.header('retry-after', String(retryAfterSeconds(taken.retryAt, now)));
  throw tooManyRequests(words.title, words.code, `At most ${limit.max} ${limit.max === 1 ? words.one : words.what} an hour. You can go on in ${waitText(taken.retryAt, now)}.`);
}

/** Tells every open teacher desk that a question changed, so its queue and thread load again. */
export function tellDesks(app: FastifyInstance, questionId: string, kind: ForumActivity['kind']): void {
  app.realtime.toStaff(FORUM_ACTIVITY_EVENT, { questionId, kind } satisfies ForumActivity);
}

export async function forumRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const now = () => app.clock.now().toISOString();
  const asSelf = (studentId: string, claimed: string) => {
    if (claimed !== studentId) throw forumErrors.notYou();
  };
  /** The question, when one of the student's batches reaches its chapter. */
  const visibleQuestion = async (studentId: string, questionId: string) => {
    const [question, chapters] = await Promise.all([questionRow(app.db, questionId), reachableChapters(app.db, studentId)]);
    if (!question || !chapters.some((c) => c.id === question.chapter_id)) throw forumErrors.questionNotFound();
    return question;
  };

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
    const body = request.body;
    asSelf(request.student.id, body.studentId);
    const chapters = await reachableChapters(app.db, request.student.id);
    const data = await searchQuestions(app.db, app.dialect, request.student.id, chapters.map((c) => c.id), {
      filter: body.filter ?? '',
      courseId: body.courseId || undefined,
      subjectId: body.subjectId || undefined,
      chapterId: body.chapterId || undefined,
      searchString: body.searchString ?? '',
      page: body.page ?? 1,
      limit: body.limit ?? FORUM_DEFAULT_PAGE_SIZE,
    });
    return { data };
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
    const body = request.body;
    const studentId = request.student.id;
    asSelf(studentId, body.studentId);
    const text = details(body.questionDescription);
    const chapters = await reachableChapters(app.db, studentId);
    const chapter = chapters.find((c) => c.id === body.chapterId);
    if (!chapter || chapter.subject_id !== body.subjectId || chapter.course_id !== body.courseId) throw forumErrors.chapterNotReached();
    const media = await checkedMedia(app.db, studentId, body.media);
    await forumSlot(app, reply, 'questions', studentId);
    const id = newId();
    const at = now();
    await app.db.insertInto('forum_questions').values({
      id, student_id: studentId, course_id: body.courseId, subject_id: body.subjectId, chapter_id: body.chapterId,
      question_description: text, media: writeJson(media), status: 'OPEN', created_at: at, updated_at: at, last_activity_at: at,
    }).execute();
    tellDesks(app, id, 'question');
    return { data: (await questionById(app.db, studentId, id))! };
  } });

  app.route({ ...forumContract.updateQuestion, handler: async (request, reply) => {
    const body = request.body;
    const studentId = request.student.id;
    asSelf(studentId, body.studentId);
    const question = await visibleQuestion(studentId, body.questionId);
    if (question.student_id !== studentId) throw forumErrors.notYourQuestion();
    const text = details(body.questionDescription);
    const media = await checkedMedia(app.db, studentId, body.media);
    await forumSlot(app, reply, 'edits', studentId);
    if (!(await updateQuestion(app.db, question.id, studentId, text, writeJson(media), now()))) {
      const current = await questionRow(app.db, question.id);
      throw current?.status === 'COMPLETED' ? forumErrors.completed() : forumErrors.answered();
    }
    tellDesks(app, question.id, 'edit');
    return { data: (await questionById(app.db, studentId, question.id))! };
  } });

  app.route({ ...forumContract.addComment, handler: async (request, reply) => {
    const body = request.body;
    const studentId = request.student.id;
    asSelf(studentId, body.userId);
    const question = await visibleQuestion(studentId, body.questionId);
    const text = details(body.reply);
    const media = await checkedMedia(app.db, studentId, body.media);
    await forumSlot(app, reply, 'replies', studentId);
    const id = newId();
    const added = await insertComment(app.db, { id, questionId: question.id, userId: studentId, userType: 'Student', reply: text, media: writeJson(media), now: now() });
    if (!added) throw forumErrors.completed();
    const comment = (await commentById(app.db, studentId, id))!;
    await notifyReply(app, question, comment, studentId);
    tellDesks(app, question.id, 'reply');
    return { data: comment };
  } });

  app.route({ ...forumContract.updateComment, handler: async (request, reply) => {
    const body = request.body;
    const studentId = request.student.id;
    asSelf(studentId, body.userId);
    const comment = await commentRow(app.db, body.commentId);
    if (!comment) throw forumErrors.replyNotFound();
    await visibleQuestion(studentId, comment.question_id).catch(() => {
      throw forumErrors.replyNotFound();
    });
    if (comment.user_type !== 'Student' || comment.user_id !== studentId) throw forumErrors.notYourReply();
    const text = details(body.reply);
    const media = await checkedMedia(app.db, studentId, body.media);
    await forumSlot(app, reply, 'edits', studentId);
    const outcome = await updateComment(app.db, comment.question_id, comment.id, text, writeJson(media), now());
    if (outcome === 'completed') throw forumErrors.completed();
    if (outcome === 'notLast') throw forumErrors.notLastReply();
    tellDesks(app, comment.question_id, 'edit');
    return { data: (await commentById(app.db, studentId, comment.id))! };
  } });

  app.route({ ...forumContract.like, handler: async (request, reply) => {
    const { studentId, questionId } = request.body;
    asSelf(request.student.id, studentId);
    await visibleQuestion(studentId, questionId);
    await forumSlot(app, reply, 'reactions', studentId);
    await toggleLike(app.db, questionId, studentId);
    const question = (await questionById(app.db, studentId, questionId))!;
    return { data: { questionId, likes: question.likes, isLiked: question.isLiked } };
  } });

  app.route({ ...forumContract.upvote, handler: async (request, reply) => {
    const { studentId, questionId, commentId } = request.body;
    asSelf(request.student.id, studentId);
    await visibleQuestion(studentId, questionId);
    const comment = await commentRow(app.db, commentId);
    if (!comment || comment.question_id !== questionId) throw forumErrors.replyNotFound();
    await forumSlot(app, reply, 'reactions', studentId);
    await toggleUpvote(app.db, commentId, studentId);
    const comments = await commentsOf(app.db, studentId, questionId);
    return { data: { comments, updatedComment: comments.find((c) => c._id === commentId)! } };
  } });

  app.route({ ...forumContract.bookmark, handler: async (request, reply) => {
    const { studentId, questionId } = request.body;
    asSelf(request.student.id, studentId);
    await visibleQuestion(studentId, questionId);
    await forumSlot(app, reply, 'reactions', studentId);
    await toggleBookmark(app.db, questionId, studentId, now());
    const chapters = await reachableChapters(app.db, studentId);
    return { data: await bookmarksOf(app.db, studentId, chapters.map((c) => c.id)) };
  } });
}
