// What a student may reach is decided by batch membership alone:
// group_members -> groups (course) -> group_items (chapters, lectures, question-solve items).
// A course is reachable when one of the student's batches belongs to it; an item only when one of
// the student's batches lists it; a content only through a reachable item. Videos that are not
// published, or on-demand videos not yet available, are never reachable by a student.
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { ContentsTable, Database } from '../db/schema.js';
import type { ItemType } from '../../src/contracts/paths.js';
import type { CourseSummary } from '../../src/contracts/content.js';

type Db = Kysely<Database>;
export type ContentRow = Selectable<ContentsTable>;

export interface ReachableContent {
  content: ContentRow;
  item: { id: string; name: string; itemType: ItemType };
  subject: { id: string; name: string | null };
  course: { id: string; name: string | null };
}

/** SQL condition: the item (by its id column) is listed for one of the student's batches. */
export const itemInBatch = (studentId: string) => (eb: ExpressionBuilder<Database, 'items'>) =>
  eb.exists(
    eb
      .selectFrom('group_items')
      .innerJoin('group_members', 'group_members.group_id', 'group_items.group_id')
      .select('group_items.item_id')
      .whereRef('group_items.item_id', '=', 'items.id')
      .where('group_members.student_id', '=', studentId),
  );

/** SQL condition: a content a student may see (every note; videos only when published and, if on demand, available). */
export const visibleContent = (eb: ExpressionBuilder<Database, 'contents'>) =>
  eb.or([
    eb('contents.type', '=', 'file'),
    eb.and([eb('contents.is_published', '=', 1), eb.or([eb('contents.is_vod', '=', 0), eb('contents.is_available', '=', 1)])]),
  ]);

export const isVisible = (row: Pick<ContentRow, 'type' | 'is_published' | 'is_vod' | 'is_available'>) =>
  row.type === 'file' || (Number(row.is_published) === 1 && (Number(row.is_vod) === 0 || Number(row.is_available) === 1));

export async function groupsOf(db: Db, studentId: string) {
  return db
    .selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .select(['groups.id', 'groups.name', 'groups.course_id'])
    .where('group_members.student_id', '=', studentId)
    .orderBy('groups.name')
    .execute();
}

export async function reachableCourseIds(db: Db, studentId: string): Promise<string[]> {
  const groups = await groupsOf(db, studentId);
  return [...new Set(groups.map((g) => g.course_id))];
}

export async function courseIsReachable(db: Db, studentId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .select('groups.id')
    .where('group_members.student_id', '=', studentId)
    .where('groups.course_id', '=', courseId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The student's courses with every subject, and optionally the chapters their batches reach. */
export async function coursesOf(db: Db, studentId: string, withChapters: boolean) {
  const courseIds = await reachableCourseIds(db, studentId);
  if (!courseIds.length) return [];
  const courses = await db.selectFrom('courses').selectAll().where('id', 'in', courseIds).orderBy('position').execute();
  const subjects = await db.selectFrom('subjects').selectAll().where('course_id', 'in', courseIds).orderBy('position').execute();
  const chapters = withChapters && subjects.length
    ? await db
        .selectFrom('items')
        .select(['id', 'name', 'subject_id'])
        .where('item_type', '=', 'chapter')
        .where('subject_id', 'in', subjects.map((s) => s.id))
        .where(itemInBatch(studentId))
        .orderBy('position')
        .execute()
    : [];
  return courses.map((course) => ({
    course,
    subjects: subjects
      .filter((s) => s.course_id === course.id)
      .map((subject) => ({ subject, chapters: chapters.filter((c) => c.subject_id === subject.id) })),
  }));
}

/**
 * My Courses' cards for these courses (the student's, as their batches give them), each with its
 * subjects, in the courses' order: one statement, so the sign-in can answer with them too.
 */
export async function courseCards(db: Db, courseIds: readonly string[]): Promise<CourseSummary[]> {
  if (!courseIds.length) return [];
  const rows = await db
    .selectFrom('courses')
    .leftJoin('subjects', 'subjects.course_id', 'courses.id')
    .select([
      'courses.id', 'courses.name', 'courses.description', 'courses.image',
      'subjects.id as subjectId', 'subjects.name as subjectName', 'subjects.image as subjectImage',
    ])
    .where('courses.id', 'in', [...courseIds])
    .orderBy('courses.position')
    .orderBy('courses.id')
    .orderBy('subjects.position')
    .execute();
  const cards = new Map<string, CourseSummary>();
  for (const row of rows) {
    let card = cards.get(row.id);
    if (!card) cards.set(row.id, (card = { _id: row.id, name: row.name, description: row.description, image: row.image, subjects: [] }));
    if (row.subjectId) card.subjects.push({ _id: row.subjectId, name: row.subjectName, image: row.subjectImage });
  }
  return [...cards.values()];
}

/** A subject with its course, when the subject's course is one of the student's batches' courses. */
export async function subjectOf(db: Db, studentId: string, subjectId: string) {
  const row = await db
    .selectFrom('subjects')
    .innerJoin('courses', 'courses.id', 'subjects.course_id')
    .select(['subjects.id', 'subjects.name', 'subjects.image', 'subjects.course_id', 'courses.name as course_name'])
    .where('subjects.id', '=', subjectId)
    .executeTakeFirst();
  if (!row || !(await courseIsReachable(db, studentId, row.course_id))) return undefined;
  return row;
}

/**
 * The subjects of a course. For the exam filters only subjects that have an exam given to one of the
 * student's batches (as the exam's subject or the subject of one of its questions) are listed.
 */
export async function subjectsOfCourse(db: Db, studentId: string, courseId: string, forExam: boolean) {
  let query = db.selectFrom('subjects').select(['id', 'name', 'image', 'course_id']).where('course_id', '=', courseId);
  if (forExam) {
    const examsOfBatches = db
      .selectFrom('exam_assignments')
      .innerJoin('group_members', 'group_members.group_id', 'exam_assignments.group_id')
      .innerJoin('exams', 'exams.id', 'exam_assignments.exam_id')
      .where('group_members.student_id', '=', studentId)
      .where('exam_assignments.removed_at', 'is', null)
      .where('exams.course_id', '=', courseId);
    query = query.where((eb) =>
      eb.or([
        eb('subjects.id', 'in', examsOfBatches.select('exams.subject_id').where('exams.subject_id', 'is not', null).$narrowType<{ subject_id: string }>()),
        eb(
          'subjects.id',
          'in',
          examsOfBatches
            .innerJoin('questions', 'questions.exam_id', 'exams.id')
            .select('questions.subject_id')
            .where('questions.subject_id', 'is not', null)
            .$narrowType<{ subject_id: string }>(),
        ),
      ]),
    );
  }
  return query.orderBy('position').execute();
}

/** Items of one type in a subject that the student's batches reach. */
export async function itemsOfSubject(db: Db, studentId: string, subjectId: string, itemType: ItemType) {
  return db
    .selectFrom('items')
    .select(['id', 'name', 'description', 'subject_id'])
    .where('subject_id', '=', subjectId)
    .where('item_type', '=', itemType)
    .where(itemInBatch(studentId))
    .orderBy('position')
    .execute();
}

/** One item of the given type with its subject and course, when the student's batches reach it. */
export async function itemOf(db: Db, studentId: string, itemId: string, itemType: ItemType) {
  return db
    .selectFrom('items')
    .innerJoin('subjects', 'subjects.id', 'items.subject_id')
    .innerJoin('courses', 'courses.id', 'subjects.course_id')
    .select([
      'items.id', 'items.name', 'items.description', 'items.subject_id', 'items.item_type',
      'subjects.name as subject_name', 'subjects.course_id', 'courses.name as course_name',
    ])
    .where('items.id', '=', itemId)
    .where('items.item_type', '=', itemType)
    .where(itemInBatch(studentId))
    .executeTakeFirst();
}

/** A content by id, whoever may see it (stream and player routes check their token instead). */
export const contentById = (db: Db, contentId: string) => db.selectFrom('contents').selectAll().where('id', '=', contentId).executeTakeFirst();

/** The contents of an item a student may see, in their order. */
export async function visibleContentsOf(db: Db, itemId: string) {
  return db.selectFrom('contents').selectAll().where('item_id', '=', itemId).where(visibleContent).orderBy('position').execute();
}

async function reachableContentWhere(
  db: Db,
  studentId: string,
  match: { id: string } | { videoKey: string },
): Promise<ReachableContent | undefined> {
  let query = db
    .selectFrom('contents')
    .innerJoin('items', 'items.id', 'contents.item_id')
    .innerJoin('subjects', 'subjects.id', 'items.subject_id')
    .innerJoin('courses', 'courses.id', 'subjects.course_id')
    .selectAll('contents')
    .select([
      'items.name as item_name', 'items.item_type', 'subjects.id as subject_id', 'subjects.name as subject_name',
      'courses.id as course_id', 'courses.name as course_name',
    ])
    .where(itemInBatch(studentId))
    .where(visibleContent);
  query = 'id' in match
    ? query.where('contents.id', '=', match.id)
    : query.where('contents.key', '=', match.videoKey).where('contents.type', '=', 'video');
  const row = await query.orderBy('contents.id').executeTakeFirst();
  if (!row) return undefined;
  const { item_name, item_type, subject_id, subject_name, course_id, course_name, ...content } = row;
  return {
    content,
    item: { id: content.item_id, name: item_name, itemType: item_type },
    subject: { id: subject_id, name: subject_name },
    course: { id: course_id, name: course_name },
  };
}

/** A content (video or note) the student may reach, with where it sits. */
export const reachableContent = (db: Db, studentId: string, contentId: string) => reachableContentWhere(db, studentId, { id: contentId });

/** A video the student may reach, found by its stream key. */
export const reachableVideoByKey = (db: Db, studentId: string, videoKey: string) => reachableContentWhere(db, studentId, { videoKey });

/** A batch with what it reaches, only when the student is a member. */
export async function groupOf(db: Db, studentId: string, groupId: string) {
  const group = await db
    .selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .select(['groups.id', 'groups.name', 'groups.course_id'])
    .where('groups.id', '=', groupId)
    .where('group_members.student_id', '=', studentId)
    .executeTakeFirst();
  if (!group) return undefined;
  const items = await db
    .selectFrom('group_items')
    .innerJoin('items', 'items.id', 'group_items.item_id')
    .select(['group_items.item_id', 'group_items.item_type'])
    .where('group_items.group_id', '=', groupId)
    .orderBy('items.position')
    .orderBy('items.id')
    .execute();
  const exams = await db
    .selectFrom('exam_assignments')
    .select('exam_id')
    .where('group_id', '=', groupId)
    .where('removed_at', 'is', null)
    .orderBy('starts_at')
    .execute();
  const ofType = (type: ItemType) => items.filter((i) => i.item_type === type).map((i) => i.item_id);
  return {
    group,
    chapters: ofType('chapter'),
    lectures: ofType('lecture'),
    questionSolves: ofType('question-solve'),
    exams: [...new Set(exams.map((e) => e.exam_id))],
  };
}

/** The student's completions in a course, grouped by subject. */
export async function completionsOf(db: Db, studentId: string, courseId: string) {
  const rows = await db
    .selectFrom('completions')
    .select(['content_id', 'subject_id', 'type'])
    .where('student_id', '=', studentId)
    .where('course_id', '=', courseId)
    .orderBy('completed_at')
    .orderBy('content_id')
    .execute();
  const bySubject = new Map<string, { subjectId: string; videos: string[]; files: string[] }>();
  for (const row of rows) {
    const entry = bySubject.get(row.subject_id) ?? { subjectId: row.subject_id, videos: [], files: [] };
    (row.type === 'video' ? entry.videos : entry.files).push(row.content_id);
    bySubject.set(row.subject_id, entry);
  }
  return [...bySubject.values()];
}

/** Records a completion once; true when this call recorded it, false when it already stood. */
export async function recordCompletion(
  db: Db,
  entry: { studentId: string; contentId: string; courseId: string; subjectId: string; type: 'video' | 'file'; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('completions')
    .values({
      student_id: entry.studentId, content_id: entry.contentId, course_id: entry.courseId,
      subject_id: entry.subjectId, type: entry.type, completed_at: entry.at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['student_id', 'content_id', 'type']).doNothing())
    .returning('content_id')
    .executeTakeFirst();
  return Boolean(inserted);
}
