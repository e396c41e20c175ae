// The teacher desk's forum work: a thread, a teacher's reply and its edit, closing and reopening a
// question, each for a course the teacher teaches. The use-case floor under staff/routes.ts, over
// forum/queries.ts, with the forum's own checks (forum/posting.ts).
import type { FastifyInstance } from 'fastify';
import type { ForumMedia } from '../../src/contracts/forum.js';
import type { Staff } from '../db/schema.js';
import { checkedMedia, details, forumErrors, notifyReply, tellDesks } from '../forum/posting.js';
import { commentById, commentRow, commentsOf, completeQuestion, deleteComment, insertComment, markAnswer, questionById, questionRow, reopenQuestion, updateComment } from '../forum/queries.js';
import { publishNotification } from '../notifications/publish.js';
import { newId } from '../ids.js';
import { writeJson } from '../db/json.js';
import { staffQuestionsByIds } from './forumQueue.js';
import { recordActivity } from '../activity/record.js';
import type { ActivityKind } from '../../src/contracts/activityKinds.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The first words of a question, to name it in the activity log. */
const questionWords = (text: string) => {
  const words = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return words.length > 60 ? `"${words.slice(0, 57)}…"` : `"${words}"`;
};

export function deskForum(app: FastifyInstance) {
  const now = () => app.clock.now().toISOString();
  /** The activity log's entry of a forum action, written in the action's transaction. */
  const logged = (staff: Staff, kind: ActivityKind, question: { id: string; course_id: string; question_description: string }, what: string) => (trx: Kysely<Database>) =>
    recordActivity(trx, { at: app.clock.now(), staff, kind, summary: `${what} ${questionWords(question.question_description)}`, courseId: question.course_id, subjectId: question.id });
  /** The question, when it exists (the route's declared access checked that the teacher teaches its course). */
  const existingQuestion = async (questionId: string) => {
    const question = await questionRow(app.db, questionId);
    if (!question) throw forumErrors.questionNotFound();
    return question;
  };

  /** A question with its replies, as the desk shows it. */
  const thread = async (staff: Staff, questionId: string) => {
    const row = await existingQuestion(questionId);
    const [question] = await staffQuestionsByIds(app.db, [row.id]);
    if (!question) throw forumErrors.questionNotFound();
    return { question, comments: await commentsOf(app.db, staff.id, question._id), viewerId: staff.id };
  };

  return {
    thread,

    /** A teacher's reply: the asker and earlier repliers are told, and every desk. */
    async reply(staff: Staff, questionId: string, post: { reply: string; media?: ForumMedia[] }) {
      const question = await existingQuestion(questionId);
      const text = details(post.reply);
      const media = await checkedMedia(app.db, staff.id, post.media);
      const id = newId();
      const added = await insertComment(app.db, { id, questionId: question.id, userId: staff.id, userType: 'Admin', reply: text, media: writeJson(media), now: now() }, logged(staff, 'forumReply', question, 'Replied to'));
      if (!added) throw forumErrors.completed();
      const comment = (await commentById(app.db, staff.id, id))!;
      await notifyReply(app, question, comment, staff.id);
      tellDesks(app, question, 'reply');
      return comment;
    },

    /** The teacher's own reply, changed while it is the last one and the question is open. */
    async editReply(staff: Staff, questionId: string, commentId: string, post: { reply: string; media?: ForumMedia[] }) {
      const [comment, question] = await Promise.all([commentRow(app.db, commentId), questionRow(app.db, questionId)]);
      if (!comment || !question || comment.question_id !== questionId) throw forumErrors.replyNotFound();
      if (comment.user_type !== 'Admin' || comment.user_id !== staff.id) throw forumErrors.notYourReply();
      const text = details(post.reply);
      const media = await checkedMedia(app.db, staff.id, post.media);
      const outcome = await updateComment(app.db, questionId, commentId, text, writeJson(media), now(), logged(staff, 'forumEdit', question, 'Edited the reply to'));
      if (outcome === 'completed') throw forumErrors.completed();
      if (outcome === 'notLast') throw forumErrors.notLastReply();
      tellDesks(app, question, 'edit');
      return (await commentById(app.db, staff.id, commentId))!;
    },

    /**
     * Takes the teacher's own reply (any of them, say one posted under the wrong question) off an open
     * question: the asker is told, as they were told of the reply, and every desk.
     */
    async deleteReply(staff: Staff, questionId: string, commentId: string) {
      const question = await existingQuestion(questionId);
      const comment = await commentRow(app.db, commentId);
      if (!comment || comment.question_id !== question.id) throw forumErrors.replyNotFound();
      if (comment.user_type !== 'Admin' || comment.user_id !== staff.id) throw forumErrors.notYourReply();
      const outcome = await deleteComment(app.db, question.id, commentId, logged(staff, 'forumRemove', question, 'Removed the reply to'));
      if (outcome === 'completed') throw forumErrors.completed();
      if (outcome === 'gone') throw forumErrors.replyNotFound();
      await publishNotification(app, { type: 'notification', message: 'A teacher removed their reply to your question', info: { on: 'forum', id: question.id, courseId: question.course_id } }, [question.student_id]);
      tellDesks(app, question, 'removed');
      return thread(staff, question.id);
    },

    /** Marks one reply (a teacher's or a student's) as the question's answer, or none: students see it first. */
    async markAnswer(staff: Staff, questionId: string, commentId: string | null) {
      const question = await existingQuestion(questionId);
      const marked = await app.db.transaction().execute(async (trx) => {
        const done = await markAnswer(trx, question.id, commentId);
        if (done) await logged(staff, 'forumAnswer', question, commentId ? 'Chose the answer of' : 'Took back the answer of')(trx);
        return done;
      });
      if (!marked) throw forumErrors.replyNotFound();
      tellDesks(app, question, 'edit');
      return thread(staff, question.id);
    },

    /** Marks a question answered (once): the asker is told. */
    async complete(staff: Staff, questionId: string) {
      const question = await existingQuestion(questionId);
      if (question.status !== 'COMPLETED') {
        await app.db.transaction().execute(async (trx) => {
          if (await completeQuestion(trx, question.id, now())) await logged(staff, 'forumComplete', question, 'Completed')(trx);
        });
        await publishNotification(app, { type: 'notification', message: 'Your question was marked as answered', info: { on: 'forum', id: question.id, courseId: question.course_id } }, [question.student_id]);
        tellDesks(app, question, 'completed');
      }
      return (await questionById(app.db, staff.id, question.id))!;
    },

    /** Opens a closed question again. */
    async reopen(staff: Staff, questionId: string) {
      const question = await existingQuestion(questionId);
      const reopened = await app.db.transaction().execute(async (trx) => {
        const done = await reopenQuestion(trx, question.id, now());
        if (done) await logged(staff, 'forumReopen', question, 'Reopened')(trx);
        return done;
      });
      if (reopened) tellDesks(app, question, 'reopened');
      return (await questionById(app.db, staff.id, question.id))!;
    },
  };
}
