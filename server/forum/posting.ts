// Asking, replying, editing and reacting in the forum: the student's own identity, the chapters of
// the student's batches, attachments that are the author's own uploads, the hourly limits, the reply
// notifications and the teacher desks told. The use-case floor under forum/routes.ts (and the desk's
// forum, staff/routes.ts), over forum/queries.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ForumComment, ForumMedia, ForumQuestion } from '../../src/contracts/forum.js';
import { FORUM_ACTIVITY_EVENT, mediaKeyOf, isForumMediaType, type ForumActivity } from '../../src/domain/forum.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors.js';
import type { RefusalCode } from '../../src/contracts/refusals.js';
import { retryAfterSeconds, takeSlots, waitText } from '../account/rate-limit.js';
import type { ForumLimits } from '../config.js';
import { newId } from '../ids.js';
import { writeJson } from '../db/json.js';
import { fileUrl, uploadTypeOf } from '../storage/signing.js';
import { publishFolded } from '../notifications/publish.js';
import { queueNotices } from '../reminders/reminders.js';
import { reminderDeps } from '../reminder-deps.js';
import {
  bookmarksOf, commentById, commentRow, commentsOf, insertComment, insertQuestion, questionById, questionRow, reachableChapters,
  storedFilesOf, studentRepliers, toggleBookmark, toggleLike, toggleUpvote, updateComment, updateQuestion,
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
  notYourReply: () => forbidden('You can only edit or remove your own reply.', 'notYourReply'),
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
  const files = await storedFilesOf(db, ownerId, keys);
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
    const listed = await publishFolded(app, studentId, { on: 'forum', id: question.id }, REPLY_NOTIFICATION_WINDOW_MS, (previous) => {
      const replies = Number(previous?.replies ?? 0) + 1;
      const teacher = byTeacher || previous?.teacher === true;
      return { message: replyNotice(replies, teacher, yours), info: { on: 'forum', id: question.id, courseId: question.course_id, replies, ...(teacher ? { teacher: true } : {}) } };
    });
    // A teacher's answer to the asker reaches their devices too, in the words of their list.
    if (byTeacher && yours) await queueNotices(reminderDeps(app), 'answers', [{ notificationId: listed.notificationId ?? question.id, message: listed.message, info: listed.info, studentIds: [studentId] }]);
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

/** Tells the open desks of the question's course that it changed, so their queue and thread load again. */
export function tellDesks(app: FastifyInstance, question: { id: string; course_id: string }, kind: ForumActivity['kind']): void {
  app.realtime.toStaffOfCourse(question.course_id, FORUM_ACTIVITY_EVENT, { questionId: question.id, kind } satisfies ForumActivity);
}

/** What a student posts: a question's or a reply's words and attachments. */
interface Post {
  text: string;
  media: ForumMedia[] | undefined;
}

export function forumPosting(app: FastifyInstance) {
  const now = () => app.clock.now().toISOString();
  /** The question, when one of the student's batches reaches its chapter. */
  const visibleQuestion = async (studentId: string, questionId: string) => {
    const [question, chapters] = await Promise.all([questionRow(app.db, questionId), reachableChapters(app.db, studentId)]);
    if (!question || !chapters.some((c) => c.id === question.chapter_id)) throw forumErrors.questionNotFound();
    return question;
  };

  return {
    visibleQuestion,

    /** A new question in a chapter of the student's batches. */
    async ask(reply: FastifyReply, studentId: string, where: { courseId: string; subjectId: string; chapterId: string }, post: Post): Promise<ForumQuestion> {
      const text = details(post.text);
      const chapters = await reachableChapters(app.db, studentId);
      const chapter = chapters.find((c) => c.id === where.chapterId);
      if (!chapter || chapter.subject_id !== where.subjectId || chapter.course_id !== where.courseId) throw forumErrors.chapterNotReached();
      const media = await checkedMedia(app.db, studentId, post.media);
      await forumSlot(app, reply, 'questions', studentId);
      const id = newId();
      await insertQuestion(app.db, { id, studentId, ...where, text, media: writeJson(media), now: now() });
      tellDesks(app, { id, course_id: where.courseId }, 'question');
      return (await questionById(app.db, studentId, id))!;
    },

    /** The student's own question, changed while it has no reply and is not closed. */
    async editQuestion(reply: FastifyReply, studentId: string, questionId: string, post: Post): Promise<ForumQuestion> {
      const question = await visibleQuestion(studentId, questionId);
      if (question.student_id !== studentId) throw forumErrors.notYourQuestion();
      const text = details(post.text);
      const media = await checkedMedia(app.db, studentId, post.media);
      await forumSlot(app, reply, 'edits', studentId);
      if (!(await updateQuestion(app.db, question.id, studentId, text, writeJson(media), now()))) {
        const current = await questionRow(app.db, question.id);
        throw current?.status === 'COMPLETED' ? forumErrors.completed() : forumErrors.answered();
      }
      tellDesks(app, question, 'edit');
      return (await questionById(app.db, studentId, question.id))!;
    },

    /** A reply to an open question; the asker and earlier repliers are told. */
    async reply(reply: FastifyReply, studentId: string, questionId: string, post: Post): Promise<ForumComment> {
      const question = await visibleQuestion(studentId, questionId);
      const text = details(post.text);
      const media = await checkedMedia(app.db, studentId, post.media);
      await forumSlot(app, reply, 'replies', studentId);
      const id = newId();
      const added = await insertComment(app.db, { id, questionId: question.id, userId: studentId, userType: 'Student', reply: text, media: writeJson(media), now: now() });
      if (!added) throw forumErrors.completed();
      const comment = (await commentById(app.db, studentId, id))!;
      await notifyReply(app, question, comment, studentId);
      tellDesks(app, question, 'reply');
      return comment;
    },

    /** The student's own reply, changed while it is the last one and the question is open. */
    async editReply(reply: FastifyReply, studentId: string, commentId: string, post: Post): Promise<ForumComment> {
      const comment = await commentRow(app.db, commentId);
      if (!comment) throw forumErrors.replyNotFound();
      const question = await visibleQuestion(studentId, comment.question_id).catch(() => {
        throw forumErrors.replyNotFound();
      });
      if (comment.user_type !== 'Student' || comment.user_id !== studentId) throw forumErrors.notYourReply();
      const text = details(post.text);
      const media = await checkedMedia(app.db, studentId, post.media);
      await forumSlot(app, reply, 'edits', studentId);
      const outcome = await updateComment(app.db, comment.question_id, comment.id, text, writeJson(media), now());
      if (outcome === 'completed') throw forumErrors.completed();
      if (outcome === 'notLast') throw forumErrors.notLastReply();
      tellDesks(app, question, 'edit');
      return (await commentById(app.db, studentId, comment.id))!;
    },

    /** Likes a question, or takes the like back. */
    async like(reply: FastifyReply, studentId: string, questionId: string) {
      await visibleQuestion(studentId, questionId);
      await forumSlot(app, reply, 'reactions', studentId);
      await toggleLike(app.db, questionId, studentId);
      const question = (await questionById(app.db, studentId, questionId))!;
      return { questionId, likes: question.likes, isLiked: question.isLiked };
    },

    /** Upvotes a reply of the question, or takes the upvote back. */
    async upvote(reply: FastifyReply, studentId: string, questionId: string, commentId: string) {
      await visibleQuestion(studentId, questionId);
      const comment = await commentRow(app.db, commentId);
      if (!comment || comment.question_id !== questionId) throw forumErrors.replyNotFound();
      await forumSlot(app, reply, 'reactions', studentId);
      await toggleUpvote(app.db, commentId, studentId);
      const comments = await commentsOf(app.db, studentId, questionId);
      return { comments, updatedComment: comments.find((c) => c._id === commentId)! };
    },

    /** Bookmarks a question, or takes the bookmark away; answers the student's bookmarks. */
    async bookmark(reply: FastifyReply, studentId: string, questionId: string) {
      await visibleQuestion(studentId, questionId);
      await forumSlot(app, reply, 'reactions', studentId);
      await toggleBookmark(app.db, questionId, studentId, now());
      const chapters = await reachableChapters(app.db, studentId);
      return bookmarksOf(app.db, studentId, chapters.map((c) => c.id));
    },
  };
}
