// The forum's reads and writes. A student reaches a question only through its chapter: the chapter
// must be listed for one of the student's batches (group_members -> group_items), whether the
// question is found by list, by id or by search. Counters (likes, answers, upvotes) change in the
// same transaction as the rows they count, and only when a row was really added or removed, so a
// second like is never a second count.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, ForumQuestionsTable } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { readJson } from '../db/json.js';
import { itemInBatch } from '../content/queries.js';
import type { ForumComment, ForumMedia, ForumQuestion, KeywordSuggestion } from '../../src/contracts/forum.js';
import { COMPLETED, FORUM_SEARCH_COUNT_CAP, searchWords, type ForumSort } from '../../src/domain/forum.js';

type Db = Kysely<Database>;

export interface ReachableChapter {
  id: string;
  subject_id: string;
  course_id: string;
}

/** The chapters the student's batches reach, with their subject and course. */
export async function reachableChapters(db: Db, studentId: string): Promise<ReachableChapter[]> {
  return db
    .selectFrom('items')
    .innerJoin('subjects', 'subjects.id', 'items.subject_id')
    .select(['items.id', 'items.subject_id', 'subjects.course_id'])
    .distinct()
    .where('items.item_type', '=', 'chapter')
    .where(itemInBatch(studentId))
    .execute();
}

const flag = (value: unknown): boolean => value === true || Number(value) === 1;

const questionColumns = (db: Db, viewerId: string) =>
  db
    .selectFrom('forum_questions as q')
    .leftJoin('students as s', 's.id', 'q.student_id')
    .select([
      'q.id', 'q.student_id', 's.name as student_name', 'q.question_description', 'q.course_id', 'q.subject_id', 'q.chapter_id',
      'q.media', 'q.status', 'q.answers', 'q.likes', 'q.created_at', 'q.updated_at', 'q.last_activity_at',
    ])
    .select((eb) => [
      eb.exists(eb.selectFrom('forum_likes as l').select('l.question_id').whereRef('l.question_id', '=', 'q.id').where('l.student_id', '=', viewerId)).as('is_liked'),
      eb.exists(eb.selectFrom('forum_bookmarks as b').select('b.question_id').whereRef('b.question_id', '=', 'q.id').where('b.student_id', '=', viewerId)).as('is_bookmarked'),
    ]);

type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionColumns>['executeTakeFirstOrThrow']>>;

const questionView = (row: QuestionRow): ForumQuestion => ({
  _id: row.id,
  studentId: { _id: row.student_id, name: row.student_name ?? null },
  questionDescription: row.question_description,
  courseId: row.course_id,
  subjectId: row.subject_id,
  chapterId: row.chapter_id,
  media: readJson<ForumMedia[]>(row.media, []),
  status: row.status,
  answers: Number(row.answers),
  likes: Number(row.likes),
  isLiked: flag(row.is_liked),
  isBookmarked: flag(row.is_bookmarked),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  lastActivityAt: row.last_activity_at ?? row.created_at,
});

/** Questions by id, in the order given, as the viewer sees them. */
export async function questionsByIds(db: Db, viewerId: string, ids: string[]): Promise<ForumQuestion[]> {
  if (!ids.length) return [];
  const rows = await questionColumns(db, viewerId).where('q.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, questionView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function questionById(db: Db, viewerId: string, id: string): Promise<ForumQuestion | undefined> {
  return (await questionsByIds(db, viewerId, [id]))[0];
}

const commentColumns = (db: Db, viewerId: string) =>
  db
    .selectFrom('forum_comments as c')
    .innerJoin('forum_questions as q', 'q.id', 'c.question_id')
    .leftJoin('students as s', (join) => join.onRef('s.id', '=', 'c.user_id').on('c.user_type', '=', 'Student'))
    .leftJoin('staff as t', (join) => join.onRef('t.id', '=', 'c.user_id').on('c.user_type', '=', 'Admin'))
    .select([
      'c.id', 'c.question_id', 'c.user_id', 'c.user_type', 's.name as student_name', 't.name as teacher_name', 'c.reply', 'c.media', 'c.upvotes', 'c.created_at', 'c.updated_at',
      'q.answer_comment_id',
    ])
    .select((eb) =>
      eb.exists(eb.selectFrom('forum_upvotes as u').select('u.comment_id').whereRef('u.comment_id', '=', 'c.id').where('u.student_id', '=', viewerId)).as('is_upvoted'),
    );

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentColumns>['executeTakeFirstOrThrow']>>;

const commentView = (row: CommentRow): ForumComment => ({
  _id: row.id,
  questionId: row.question_id,
  // Teachers answer as 'Teacher' (spec: Admin replies appear as 'Teacher'); the screens show the
  // teacher's own name beside that badge (issue 39), from teacherName.
  userId: { _id: row.user_id, name: row.user_type === 'Admin' ? 'Teacher' : (row.student_name ?? null) },
  userType: row.user_type,
  reply: row.reply,
  media: readJson<ForumMedia[]>(row.media, []),
  upvotes: Number(row.upvotes),
  isUpvoted: flag(row.is_upvoted),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  teacherName: row.user_type === 'Admin' ? (row.teacher_name ?? null) : null,
  isAnswer: row.answer_comment_id === row.id,
});

/** A question's replies, oldest first (ties by id, so the last one is always the same). */
export async function commentsOf(db: Db, viewerId: string, questionId: string): Promise<ForumComment[]> {
  const rows = await commentColumns(db, viewerId).where('c.question_id', '=', questionId).orderBy('c.created_at').orderBy('c.id').execute();
  return rows.map(commentView);
}

export async function commentById(db: Db, viewerId: string, id: string): Promise<ForumComment | undefined> {
  const row = await commentColumns(db, viewerId).where('c.id', '=', id).executeTakeFirst();
  return row && commentView(row);
}

export interface SearchInput {
  filter: ForumSort | '';
  courseId?: string;
  subjectId?: string;
  chapterId?: string;
  searchString: string;
  page: number;
  limit: number;
}

export type QuestionQuery = SelectQueryBuilder<Database & { q: ForumQuestionsTable }, 'q', object>;

const likePattern = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * How a text search is read. 'matches': from the text index, every match, then sorted (a rare word:
 * few matches). 'order': down the index of the list's order, each question checked against the text
 * index's matches, stopping at the page (a common word: a page is found after a few dozen questions,
 * where sorting would read all of its thousands of matches).
 */
export type TextDrive = 'matches' | 'order';

/**
 * Questions whose text holds every word of the search (case-insensitive substrings). SQLite: words
 * of three or more characters through the FTS5 trigram index, shorter ones by LIKE (which ignores
 * ASCII case) on what remains; PostgreSQL: LIKE on the lower-case text, which the pg_trgm GIN index
 * serves (its planner chooses between the text index and the order's index from its statistics).
 */
export function whereText(query: QuestionQuery, dialect: Dialect, text: string, drive: TextDrive = 'matches'): QuestionQuery {
  const words = searchWords(text);
  if (!words.length) return query;
  if (dialect === 'postgres') {
    for (const word of words) query = query.where(sql<boolean>`q.search_text like lower(${likePattern(word)})`);
    return query;
  }
  const indexed = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3);
  if (indexed.length) {
    const match = indexed.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
    if (drive === 'order') {
      // The matches become a set to check against; the unary + keeps SQLite from looking questions up
      // by search_id, so it walks the order's index.
      query = query.where(sql<boolean>`+q.search_id in (select rowid from forum_questions_fts where forum_questions_fts match ${match})`);
    } else {
      // A join, so the text index drives and hands over its matches one by one: a count that stops at
      // the cap reads no further (an IN list would collect every match first).
      query = query
        .innerJoin(sql<{ rowid: number }>`forum_questions_fts`.as('f'), (join) => join.on(sql<boolean>`f.rowid = q.search_id`))
        .where(sql<boolean>`f.forum_questions_fts match ${match}`) as unknown as QuestionQuery;
    }
  }
  for (const word of short) query = query.where(sql<boolean>`q.question_description like ${likePattern(word)} escape '\\'`);
  return query;
}

/** How many questions the query finds, counting no further than `cap` + 1. */
export async function countUpTo(db: Db, query: QuestionQuery, cap: number): Promise<number> {
  const found = await db
    .selectFrom(query.select(sql<number>`1`.as('one')).limit(cap + 1).as('found'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(found.n);
}

/**
 * Runs a text search's read as `plan` says on PostgreSQL as well ('count': a capped count; 'matches'
 * and 'order' as in TextDrive). Told LIMIT, its planner expects to meet matches early and may read
 * the whole table instead of the trigram index when words are rarer than its estimate: the capped
 * count of "kidney renin" (33 matches of 100,000) took a sequential scan of 73 ms where the trigram
 * index takes 8 ms. So a count goes without sequential scans, and a page of few matches without
 * index walks too (the trigram index, then a sort of those few). SQLite is steered by the query's shape.
 */
export async function planned<T>(db: Db, dialect: Dialect, plan: 'count' | TextDrive, read: (db: Db) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres' || plan === 'order') return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    if (plan === 'matches') await sql`set local enable_indexscan = off`.execute(trx);
    return read(trx);
  });
}

/** The questions of the chapters given, narrowed by course, subject, chapter and the viewer's sort filter. */
function scopedQuestions(db: Db, viewerId: string, chapterIds: string[], input: Omit<SearchInput, 'page' | 'limit' | 'searchString'>): QuestionQuery {
  let query: QuestionQuery = db.selectFrom('forum_questions as q').where('q.chapter_id', 'in', chapterIds);
  if (input.courseId) query = query.where('q.course_id', '=', input.courseId);
  if (input.subjectId) query = query.where('q.subject_id', '=', input.subjectId);
  if (input.chapterId) query = query.where('q.chapter_id', '=', input.chapterId);
  if (input.filter === 'My Questions') query = query.where('q.student_id', '=', viewerId);
  if (input.filter === 'My Bookmarks') {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('forum_bookmarks as b').select('b.question_id').whereRef('b.question_id', '=', 'q.id').where('b.student_id', '=', viewerId)),
    );
  }
  return query;
}

/**
 * One page of the questions a student may see, in the order of the sort filter, and how many there
 * are. A list without text counts exactly, through the chapter index. A text search counts up to
 * FORUM_SEARCH_COUNT_CAP: below it every match is read from the text index and sorted (they are
 * few); at the cap the word is common, so the page is read down the order's index instead.
 */
export async function searchQuestions(db: Db, dialect: Dialect, viewerId: string, chapterIds: string[], input: SearchInput) {
  if (!chapterIds.length) return { questions: [], totalRecords: 0, totalCapped: false };
  const withText = searchWords(input.searchString).length > 0;
  const scoped = (on: Db) => scopedQuestions(on, viewerId, chapterIds, input);
  let found: number;
  let drive: TextDrive = 'matches';
  if (withText) {
    found = await planned(db, dialect, 'count', (on) => countUpTo(on, whereText(scoped(on), dialect, input.searchString), FORUM_SEARCH_COUNT_CAP));
    if (found > FORUM_SEARCH_COUNT_CAP) drive = 'order';
  } else {
    found = Number((await scoped(db).select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()).total);
  }
  const totalCapped = withText && found > FORUM_SEARCH_COUNT_CAP;
  const totalRecords = totalCapped ? FORUM_SEARCH_COUNT_CAP : found;
  const offset = (input.page - 1) * input.limit;
  if (totalRecords === 0 || (!totalCapped && offset >= totalRecords)) return { questions: [], totalRecords, totalCapped };
  const page = (on: Db) => {
    let ordered = whereText(scoped(on), dialect, input.searchString, drive);
    // Each order is one index's columns, ending with the id, so pages never repeat or skip a question.
    if (input.filter === 'Date') ordered = ordered.orderBy('q.last_activity_at', 'desc');
    else {
      if (input.filter === 'Popularity') ordered = ordered.orderBy('q.likes', 'desc').orderBy('q.answers', 'desc');
      ordered = ordered.orderBy('q.created_at', 'desc');
    }
    return ordered.orderBy('q.id', 'desc').limit(input.limit).offset(offset).select('q.id').execute();
  };
  const ids = (withText ? await planned(db, dialect, drive, page) : await page(db)).map((r) => r.id);
  return { questions: await questionsByIds(db, viewerId, ids), totalRecords, totalCapped };
}

/**
 * Suggestions for the search box and the ask form's similar questions: most answered first. A
 * common word is read down the index of that order (forum_questions_answered), as in searchQuestions.
 */
export async function keywordSuggestions(db: Db, dialect: Dialect, viewerId: string, chapterIds: string[], text: string, courseId: string | undefined, limit: number): Promise<KeywordSuggestion[]> {
  if (!chapterIds.length || !searchWords(text).length) return [];
  const scoped = (on: Db) => scopedQuestions(on, viewerId, chapterIds, { filter: '', courseId });
  const found = await planned(db, dialect, 'count', (on) => countUpTo(on, whereText(scoped(on), dialect, text), FORUM_SEARCH_COUNT_CAP));
  const drive: TextDrive = found > FORUM_SEARCH_COUNT_CAP ? 'order' : 'matches';
  const rows = await planned(db, dialect, drive, (on) =>
    whereText(scoped(on), dialect, text, drive)
      .select(['q.id', 'q.question_description', 'q.answers'])
      .orderBy('q.answers', 'desc')
      .orderBy('q.likes', 'desc')
      .orderBy('q.created_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(limit)
      .execute(),
  );
  return rows.map((r) => ({ _id: r.id, questionDescription: r.question_description, answers: Number(r.answers) }));
}

/** The question's row, for the rules: who asked, where, its state. */
export async function questionRow(db: Db, id: string) {
  return db.selectFrom('forum_questions').select(['id', 'student_id', 'course_id', 'subject_id', 'chapter_id', 'status', 'answers', 'question_description']).where('id', '=', id).executeTakeFirst();
}

export async function commentRow(db: Db, id: string) {
  return db.selectFrom('forum_comments').select(['id', 'question_id', 'user_id', 'user_type']).where('id', '=', id).executeTakeFirst();
}

/** Students who replied to a question (for notifications). */
export async function studentRepliers(db: Db, questionId: string): Promise<string[]> {
  const rows = await db.selectFrom('forum_comments').select('user_id').distinct().where('question_id', '=', questionId).where('user_type', '=', 'Student').execute();
  return rows.map((r) => r.user_id);
}

/** The stored uploads of one owner among these keys, with their types (attachments are checked against them). */
export const storedFilesOf = (db: Db, ownerId: string, keys: string[]) =>
  db.selectFrom('stored_files').select(['key', 'mime_type']).where('key', 'in', keys).where('owner_id', '=', ownerId).execute();

/** A new OPEN question, its activity time its creation. */
export async function insertQuestion(
  db: Db,
  question: { id: string; studentId: string; courseId: string; subjectId: string; chapterId: string; text: string; media: string; now: string },
): Promise<void> {
  await db.insertInto('forum_questions').values({
    id: question.id, student_id: question.studentId, course_id: question.courseId, subject_id: question.subjectId, chapter_id: question.chapterId,
    question_description: question.text, media: question.media, status: 'OPEN', created_at: question.now, updated_at: question.now, last_activity_at: question.now,
  }).execute();
}

/** More writes of the caller's (the activity log's entry) in the same transaction, run only when the change is made. */
export type AlsoInTransaction = (trx: Db) => Promise<void>;

/**
 * Adds a reply unless the question is COMPLETED: the question's counter and activity time change in
 * the same transaction, and the row lock this takes orders the reply against edits of the question.
 */
export async function insertComment(
  db: Db,
  comment: { id: string; questionId: string; userId: string; userType: 'Admin' | 'Student'; reply: string; media: string; now: string },
  also?: AlsoInTransaction,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .updateTable('forum_questions')
      .set((eb) => ({ answers: eb('answers', '+', 1), last_activity_at: comment.now, ...(comment.userType === 'Admin' ? { teacher_replied: 1 } : {}) }))
      .where('id', '=', comment.questionId)
      .where('status', '<>', COMPLETED)
      .executeTakeFirst();
    if (Number(open.numUpdatedRows) === 0) return false;
    await trx.insertInto('forum_comments').values({
      id: comment.id, question_id: comment.questionId, user_id: comment.userId, user_type: comment.userType,
      reply: comment.reply, media: comment.media, created_at: comment.now, updated_at: comment.now,
    }).execute();
    await also?.(trx);
    return true;
  });
}

export type CommentEdit = 'edited' | 'completed' | 'notLast';

/** Changes a reply while it is its question's last and the question is open. */
export async function updateComment(db: Db, questionId: string, commentId: string, reply: string, media: string, now: string, also?: AlsoInTransaction): Promise<CommentEdit> {
  return db.transaction().execute(async (trx) => {
    // Locks the question row (PostgreSQL), so no reply can slip in between the check and the change.
    const open = await trx.updateTable('forum_questions').set({ status: sql`status` }).where('id', '=', questionId).where('status', '<>', COMPLETED).executeTakeFirst();
    if (Number(open.numUpdatedRows) === 0) return 'completed';
    const last = await trx
      .selectFrom('forum_comments')
      .select('id')
      .where('question_id', '=', questionId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last?.id !== commentId) return 'notLast';
    await trx.updateTable('forum_comments').set({ reply, media, updated_at: now }).where('id', '=', commentId).execute();
    await also?.(trx);
    return 'edited';
  });
}

export type CommentRemoval = 'removed' | 'completed' | 'gone';

/**
 * Takes a reply off an open question, with its upvotes; the question's count of replies drops, and
 * it counts as answered by a teacher only while another teacher reply stays.
 */
export async function deleteComment(db: Db, questionId: string, commentId: string, also?: AlsoInTransaction): Promise<CommentRemoval> {
  return db.transaction().execute(async (trx) => {
    // Locks the question row (PostgreSQL), so no reply or removal can slip in between.
    const open = await trx.updateTable('forum_questions').set({ status: sql`status` }).where('id', '=', questionId).where('status', '<>', COMPLETED).executeTakeFirst();
    if (Number(open.numUpdatedRows) === 0) return 'completed';
    await trx.deleteFrom('forum_upvotes').where('comment_id', '=', commentId).execute();
    const removed = await trx.deleteFrom('forum_comments').where('id', '=', commentId).where('question_id', '=', questionId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return 'gone';
    await trx
      .updateTable('forum_questions')
      .set((eb) => ({
        answers: eb('answers', '-', 1),
        answer_comment_id: eb.case().when('answer_comment_id', '=', commentId).then(sql<string | null>`null`).else(eb.ref('answer_comment_id')).end(),
        teacher_replied: eb.case().when(eb.exists(eb.selectFrom('forum_comments as c').select('c.id').where('c.question_id', '=', questionId).where('c.user_type', '=', 'Admin'))).then(1).else(0).end(),
      }))
      .where('id', '=', questionId)
      .execute();
    await also?.(trx);
    return 'removed';
  });
}

/** Marks one reply of the question as its answer (or none); false when the reply is not the question's. */
export async function markAnswer(db: Db, questionId: string, commentId: string | null): Promise<boolean> {
  if (commentId !== null) {
    const reply = await db.selectFrom('forum_comments').select('id').where('id', '=', commentId).where('question_id', '=', questionId).executeTakeFirst();
    if (!reply) return false;
  }
  await db.updateTable('forum_questions').set({ answer_comment_id: commentId }).where('id', '=', questionId).execute();
  return true;
}

/** Changes a question while it has no replies and is open; false when it may not change. */
export async function updateQuestion(db: Db, questionId: string, studentId: string, description: string, media: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('forum_questions')
    .set({ question_description: description, media, updated_at: now })
    .where('id', '=', questionId)
    .where('student_id', '=', studentId)
    .where('status', '<>', COMPLETED)
    .where('answers', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Likes a question, or takes the like back; the counter moves only with a row. */
export async function toggleLike(db: Db, questionId: string, studentId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('forum_likes').where('question_id', '=', questionId).where('student_id', '=', studentId).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await trx.updateTable('forum_questions').set((eb) => ({ likes: eb('likes', '-', 1) })).where('id', '=', questionId).execute();
      return;
    }
    const added = await trx.insertInto('forum_likes').values({ question_id: questionId, student_id: studentId }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx.updateTable('forum_questions').set((eb) => ({ likes: eb('likes', '+', 1) })).where('id', '=', questionId).execute();
    }
  });
}

/** Upvotes a reply, or takes the upvote back; the counter moves only with a row. */
export async function toggleUpvote(db: Db, commentId: string, studentId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('forum_upvotes').where('comment_id', '=', commentId).where('student_id', '=', studentId).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await trx.updateTable('forum_comments').set((eb) => ({ upvotes: eb('upvotes', '-', 1) })).where('id', '=', commentId).execute();
      return;
    }
    const added = await trx.insertInto('forum_upvotes').values({ comment_id: commentId, student_id: studentId }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx.updateTable('forum_comments').set((eb) => ({ upvotes: eb('upvotes', '+', 1) })).where('id', '=', commentId).execute();
    }
  });
}

export async function toggleBookmark(db: Db, questionId: string, studentId: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('forum_bookmarks').where('question_id', '=', questionId).where('student_id', '=', studentId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) {
      await trx.insertInto('forum_bookmarks').values({ question_id: questionId, student_id: studentId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
    }
  });
}

/** The student's bookmarks (question ids), newest first, of questions the student still reaches. */
export async function bookmarksOf(db: Db, studentId: string, chapterIds: string[]): Promise<string[]> {
  if (!chapterIds.length) return [];
  const rows = await db
    .selectFrom('forum_bookmarks as b')
    .innerJoin('forum_questions as q', 'q.id', 'b.question_id')
    .select('b.question_id')
    .where('b.student_id', '=', studentId)
    .where('q.chapter_id', 'in', chapterIds)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.question_id')
    .execute();
  return rows.map((r) => r.question_id);
}

export async function upvotesOf(db: Db, studentId: string): Promise<string[]> {
  const rows = await db.selectFrom('forum_upvotes').select('comment_id').where('student_id', '=', studentId).orderBy('comment_id').execute();
  return rows.map((r) => r.comment_id);
}

/** Question counts per course, over the chapters given. */
export async function questionCountsByCourse(db: Db, chapterIds: string[]): Promise<Map<string, number>> {
  if (!chapterIds.length) return new Map();
  const rows = await db
    .selectFrom('forum_questions')
    .select(['course_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('chapter_id', 'in', chapterIds)
    .groupBy('course_id')
    .execute();
  return new Map(rows.map((r) => [r.course_id, Number(r.n)]));
}

/** Opens a COMPLETED question again; false when it was not COMPLETED. */
export async function reopenQuestion(db: Db, questionId: string, now: string): Promise<boolean> {
  const result = await db.updateTable('forum_questions').set({ status: 'OPEN', updated_at: now }).where('id', '=', questionId).where('status', '=', COMPLETED).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function completeQuestion(db: Db, questionId: string, now: string): Promise<boolean> {
  const result = await db.updateTable('forum_questions').set({ status: COMPLETED, updated_at: now }).where('id', '=', questionId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
