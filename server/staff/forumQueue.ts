// The teacher desk's forum queue: the questions without a teacher's reply first, then the newest
// activity; filtered by course, subject, chapter, status and the students' text search (whereText),
// with a count per status under the other filters. A question is 'answered' once a teacher (userType
// Admin) has replied and 'completed' once marked COMPLETED; 'open' is the rest.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import type { ForumQuestion } from '../../src/contracts/forum.js';
import type { StaffForumCounts, StaffForumPlace, StaffForumQuestion, StaffForumQueue, StaffForumStatus } from '../../src/contracts/staff.js';
import { COMPLETED, FORUM_SEARCH_COUNT_CAP, searchWords } from '../../src/domain/forum.js';
import { countUpTo, planned, questionsByIds, whereText, type QuestionQuery } from '../forum/queries.js';

type Db = Kysely<Database>;

export interface StaffQueueInput {
  status: StaffForumStatus;
  courseId?: string;
  subjectId?: string;
  chapterId?: string;
  search: string;
  page: number;
  limit: number;
  /** Only these courses' questions (a teacher's courses); every course when absent. */
  courseIds?: string[];
}

/** A teacher has replied to the question (the flag kept with the question, migration 0014). */
const teacherReplied = sql<boolean>`q.teacher_replied = 1`;

function scoped(db: Db, input: Omit<StaffQueueInput, 'status' | 'page' | 'limit' | 'search'>): QuestionQuery {
  let query: QuestionQuery = db.selectFrom('forum_questions as q');
  if (input.courseIds) query = input.courseIds.length ? query.where('q.course_id', 'in', input.courseIds) : query.where(sql<boolean>`1 = 0`);
  if (input.courseId) query = query.where('q.course_id', '=', input.courseId);
  if (input.subjectId) query = query.where('q.subject_id', '=', input.subjectId);
  if (input.chapterId) query = query.where('q.chapter_id', '=', input.chapterId);
  return query;
}

/** 'rest' is every question that is not open: answered or COMPLETED (the queue's second part). */
type Part = StaffForumStatus | 'rest';

function withStatus(query: QuestionQuery, status: Part): QuestionQuery {
  if (status === 'completed') return query.where('q.status', '=', COMPLETED);
  if (status === 'open') return query.where('q.status', '<>', COMPLETED).where(sql<boolean>`not ${teacherReplied}`);
  if (status === 'answered') return query.where('q.status', '<>', COMPLETED).where(teacherReplied);
  if (status === 'rest') return query.where((eb) => eb.or([eb('q.status', '=', COMPLETED), teacherReplied]));
  return query;
}

/** Each question's status in one pass (the literal keeps PostgreSQL's GROUP BY the same expression as its SELECT). */
const statusOf = sql<string>`case when q.status = ${sql.lit(COMPLETED)} then 'completed' when ${teacherReplied} then 'answered' else 'open' end`;

/**
 * One page of the queue, its total under the status asked for, and the count of each status. Without
 * text the counts are one pass grouped by status; with text each status counts up to the cap through
 * the text index. The order (open first, then the newest activity) is read in two parts, each down the
 * index of last activity: the open questions from the page's offset, then the rest.
 */
export async function staffQueue(db: Db, dialect: Dialect, input: StaffQueueInput): Promise<StaffForumQueue> {
  const withText = searchWords(input.search).length > 0;
  const filtered = (on: Db, status: Part) => whereText(withStatus(scoped(on, input), status), dialect, input.search);
  let found: Record<'open' | 'answered' | 'completed', number>;
  if (withText) {
    const count = (status: 'open' | 'answered' | 'completed') => planned(db, dialect, 'count', (on) => countUpTo(on, filtered(on, status), FORUM_SEARCH_COUNT_CAP));
    found = { open: await count('open'), answered: await count('answered'), completed: await count('completed') };
  } else {
    const rows = await scoped(db, input).select([statusOf.as('k'), (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy(statusOf).execute();
    found = { open: 0, answered: 0, completed: 0 };
    for (const row of rows) found[row.k as keyof typeof found] = Number(row.n);
  }
  const totalCapped = withText && Object.values(found).some((n) => n > FORUM_SEARCH_COUNT_CAP);
  const cap = (n: number) => Math.min(n, withText ? FORUM_SEARCH_COUNT_CAP : n);
  const counts: StaffForumCounts = { open: cap(found.open), answered: cap(found.answered), completed: cap(found.completed), all: cap(found.open) + cap(found.answered) + cap(found.completed) };
  const totalRecords = counts[input.status];
  const offset = (input.page - 1) * input.limit;
  if (totalRecords === 0 || (!totalCapped && offset >= totalRecords)) return { questions: [], totalRecords, counts, totalCapped };
  const part = async (status: Part, from: number, limit: number) => {
    const read = (on: Db) => filtered(on, status).select('q.id').orderBy('q.last_activity_at', 'desc').orderBy('q.id', 'desc').limit(limit).offset(from).execute();
    return (withText ? await planned(db, dialect, 'matches', read) : await read(db)).map((r) => r.id);
  };
  let ids: string[];
  if (input.status !== 'all') ids = await part(input.status, offset, input.limit);
  else {
    // Open questions without a teacher's reply first; then the rest.
    ids = offset < counts.open ? await part('open', offset, input.limit) : [];
    if (ids.length < input.limit) ids = [...ids, ...(await part('rest', Math.max(0, offset - counts.open), input.limit - ids.length))];
  }
  return { questions: await staffQuestionsByIds(db, ids), totalRecords, counts, totalCapped };
}

/** Questions by id, in the order given, with whether a teacher replied and the names of where they were asked. */
export async function staffQuestionsByIds(db: Db, ids: string[]): Promise<StaffForumQuestion[]> {
  // The desk has no likes or bookmarks of its own: the viewer is nobody.
  const questions: ForumQuestion[] = await questionsByIds(db, '', ids);
  if (!questions.length) return [];
  const [replied, courses, subjects, chapters] = await Promise.all([
    db.selectFrom('forum_comments').select('question_id').distinct().where('question_id', 'in', ids).where('user_type', '=', 'Admin').execute(),
    db.selectFrom('courses').select(['id', 'name']).where('id', 'in', [...new Set(questions.map((q) => q.courseId))]).execute(),
    db.selectFrom('subjects').select(['id', 'name']).where('id', 'in', [...new Set(questions.map((q) => q.subjectId))]).execute(),
    db.selectFrom('items').select(['id', 'name']).where('id', 'in', [...new Set(questions.map((q) => q.chapterId))]).execute(),
  ]);
  const answered = new Set(replied.map((r) => r.question_id));
  const names = (rows: { id: string; name: string | null }[]) => new Map(rows.map((r) => [r.id, r.name]));
  const [courseNames, subjectNames, chapterNames] = [names(courses), names(subjects), names(chapters)];
  return questions.map((q) => ({
    ...q,
    answeredByTeacher: answered.has(q._id),
    courseName: courseNames.get(q.courseId) ?? null,
    subjectName: subjectNames.get(q.subjectId) ?? null,
    chapterName: chapterNames.get(q.chapterId) ?? null,
  }));
}

/** The courses, subjects and chapters for the queue's filters, in their order, each with its questions. */
export async function staffForumPlaces(db: Db, courseIds?: string[]): Promise<StaffForumPlace[]> {
  if (courseIds && !courseIds.length) return [];
  let courses = db.selectFrom('courses').select(['id', 'name']).orderBy('position').orderBy('id');
  if (courseIds) courses = courses.where('id', 'in', courseIds);
  const [courseRows, subjectRows, chapterRows, counted] = await Promise.all([
    courses.execute(),
    db.selectFrom('subjects').select(['id', 'course_id', 'name']).orderBy('position').orderBy('id').execute(),
    db.selectFrom('items').select(['id', 'subject_id', 'name']).where('item_type', '=', 'chapter').orderBy('position').orderBy('id').execute(),
    db.selectFrom('forum_questions').select(['chapter_id', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('chapter_id').execute(),
  ]);
  const perChapter = new Map(counted.map((r) => [r.chapter_id, Number(r.n)]));
  return courseRows.map((course) => {
    const subjects = subjectRows
      .filter((s) => s.course_id === course.id)
      .map((subject) => {
        const chapters = chapterRows.filter((c) => c.subject_id === subject.id).map((c) => ({ _id: c.id, name: c.name, questions: perChapter.get(c.id) ?? 0 }));
        return { _id: subject.id, name: subject.name ?? '', questions: chapters.reduce((n, c) => n + c.questions, 0), chapters };
      });
    return { _id: course.id, name: course.name ?? '', questions: subjects.reduce((n, s) => n + s.questions, 0), subjects };
  });
}
