// Every entity of the product, created at once so later features add behaviour, not tables.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = (name: string) => db.schema.createTable(name).ifNotExists();

  await table('students')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('contact', 'text')
    .addColumn('session', 'text')
    .addColumn('branch_name', 'text')
    .addColumn('branch_division', 'text')
    .addColumn('profile_pic', 'text')
    .addColumn('ssc_gpa', 'double precision')
    .addColumn('hsc_gpa', 'double precision')
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await table('otp_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('otp_requests_phone').ifNotExists().on('otp_requests').columns(['phone', 'created_at']).execute();

  // The one place the dialects differ: an auto-incrementing key.
  await (dialect === 'postgres'
    ? table('rate_events').addColumn('id', 'serial', (c) => c.primaryKey())
    : table('rate_events').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_bucket').ifNotExists().on('rate_events').columns(['bucket', 'at']).execute();

  await table('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id'))
    .execute();

  await table('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'student_id'])
    .execute();
  await db.schema.createIndex('group_members_student').ifNotExists().on('group_members').column('student_id').execute();

  await table('subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id'))
    .addColumn('name', 'text')
    .addColumn('image', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('subjects_course').ifNotExists().on('subjects').column('course_id').execute();

  await table('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('items_subject').ifNotExists().on('items').columns(['subject_id', 'item_type']).execute();

  await table('group_items')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
    .addPrimaryKeyConstraint('group_items_pk', ['group_id', 'item_id'])
    .execute();

  await table('contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('key', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('video_kind', 'text')
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_vod', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_drm_enabled', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('drm_type', 'text')
    .addColumn('drm_keys', 'text')
    .addColumn('subjects', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contents_item').ifNotExists().on('contents').column('item_id').execute();

  await table('completions')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('content_id', 'text', (c) => c.notNull().references('contents.id'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('completions_pk', ['student_id', 'content_id', 'type'])
    .execute();

  await table('exams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id'))
    .addColumn('subject_id', 'text')
    .addColumn('is_practice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_segmented', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instruction', 'text')
    .addColumn('total_marks', 'double precision', (c) => c.notNull())
    .addColumn('pass_mark', 'double precision', (c) => c.notNull())
    .addColumn('negative_mark', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('segmented_details', 'text')
    .addColumn('gpa_factor', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('exam_assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('cut_marks', 'double precision')
    .addColumn('multiple_times_submission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed_at', 'text')
    .addUniqueConstraint('exam_assignments_exam_group', ['exam_id', 'group_id'])
    .execute();
  await db.schema.createIndex('exam_assignments_group').ifNotExists().on('exam_assignments').column('group_id').execute();

  await table('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id'))
    .addColumn('subject_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('point', 'double precision', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('option_type', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('file', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('explanation', 'text')
    .addColumn('explanation_ext', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .execute();
  await db.schema.createIndex('questions_exam').ifNotExists().on('questions').columns(['exam_id', 'position']).execute();

  await table('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('set_code', 'text')
    .addColumn('candidate_category', 'text')
    .addColumn('faculty', 'text')
    .addColumn('subject_name', 'text')
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('superseded_at', 'text')
    .addUniqueConstraint('attempts_round', ['exam_id', 'group_id', 'student_id', 'round'])
    .execute();
  await db.schema.createIndex('attempts_student').ifNotExists().on('attempts').columns(['student_id', 'exam_id']).execute();

  await table('answers')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('attempts.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer_index', 'integer')
    .addColumn('client_timestamp', 'bigint', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('answers_pk', ['attempt_id', 'question_id'])
    .execute();

  await table('results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('attempt_id', 'text', (c) => c.notNull().unique().references('attempts.id'))
    .addColumn('exam_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('marks_obtained', 'double precision', (c) => c.notNull())
    .addColumn('negative_marks', 'double precision', (c) => c.notNull())
    .addColumn('total_marks', 'double precision', (c) => c.notNull())
    .addColumn('correct', 'double precision', (c) => c.notNull())
    .addColumn('incorrect', 'double precision', (c) => c.notNull())
    .addColumn('skipped', 'double precision', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('pending_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('results_exam').ifNotExists().on('results').columns(['exam_id', 'group_id']).execute();
  await db.schema.createIndex('results_student').ifNotExists().on('results').column('student_id').execute();

  await table('segmented_selections')
    .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('mandatory_subjects', 'text', (c) => c.notNull())
    .addColumn('compulsory_optional_subjects', 'text', (c) => c.notNull())
    .addColumn('optional_subjects', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('segmented_selections_pk', ['exam_id', 'student_id'])
    .execute();

  await table('forum_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'text', (c) => c.notNull())
    .addColumn('question_description', 'text', (c) => c.notNull())
    .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_questions_course').ifNotExists().on('forum_questions').columns(['course_id', 'created_at']).execute();

  await table('forum_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('forum_questions.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_comments_question').ifNotExists().on('forum_comments').columns(['question_id', 'created_at']).execute();

  await table('forum_likes')
    .addColumn('question_id', 'text', (c) => c.notNull().references('forum_questions.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addPrimaryKeyConstraint('forum_likes_pk', ['question_id', 'student_id'])
    .execute();

  await table('forum_upvotes')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('forum_comments.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addPrimaryKeyConstraint('forum_upvotes_pk', ['comment_id', 'student_id'])
    .execute();

  await table('forum_bookmarks')
    .addColumn('question_id', 'text', (c) => c.notNull().references('forum_questions.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('forum_bookmarks_pk', ['question_id', 'student_id'])
    .execute();

  await table('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('info', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('student_notifications')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('is_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addPrimaryKeyConstraint('student_notifications_pk', ['notification_id', 'student_id'])
    .execute();

  await table('stored_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
