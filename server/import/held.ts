// What the academy already holds, as far as an import needs it: the ids a bundle may reference, and
// the owner of each (a subject's course, a question's exam), so a bundle is checked against the
// academy as well as against itself.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ItemType } from '../../src/contracts/paths.js';

export interface Held {
  courses: Set<string>;
  subjects: Map<string, string>; // subject -> course
  subjectNames: Map<string, string>;
  items: Map<string, { subject: string; course: string; type: ItemType; name: string }>;
  contents: Map<string, string>; // content -> item
  groups: Map<string, string>; // group -> course
  students: Map<string, string>; // student -> username (88 + phone)
  studentsByUsername: Map<string, string>;
  staff: Set<string>;
  exams: Map<string, { course: string; practice: boolean }>;
  questions: Map<string, string>; // question -> exam
  /** group:student */
  members: Set<string>;
  /** exam:group -> id of the assignments not removed */
  assignments: Map<string, string>;
  forumQuestions: Set<string>;
  forumComments: Set<string>;
  notifications: Set<string>;
}

export const emptyHeld = (): Held => ({
  courses: new Set(), subjects: new Map(), subjectNames: new Map(), items: new Map(), contents: new Map(), groups: new Map(), students: new Map(),
  studentsByUsername: new Map(), staff: new Set(), exams: new Map(), questions: new Map(), members: new Set(),
  assignments: new Map(), forumQuestions: new Set(), forumComments: new Set(), notifications: new Set(),
});

export async function loadHeld(db: Kysely<Database>): Promise<Held> {
  const held = emptyHeld();
  for (const r of await db.selectFrom('courses').select('id').execute()) held.courses.add(r.id);
  for (const r of await db.selectFrom('subjects').select(['id', 'course_id', 'name']).execute()) {
    held.subjects.set(r.id, r.course_id);
    if (r.name) held.subjectNames.set(r.id, r.name);
  }
  for (const r of await db.selectFrom('items').select(['id', 'subject_id', 'item_type', 'name']).execute()) {
    held.items.set(r.id, { subject: r.subject_id, course: held.subjects.get(r.subject_id) ?? '', type: r.item_type, name: r.name });
  }
  for (const r of await db.selectFrom('contents').select(['id', 'item_id']).execute()) held.contents.set(r.id, r.item_id);
  for (const r of await db.selectFrom('groups').select(['id', 'course_id']).execute()) held.groups.set(r.id, r.course_id);
  for (const r of await db.selectFrom('students').select(['id', 'username']).execute()) {
    held.students.set(r.id, r.username);
    held.studentsByUsername.set(r.username, r.id);
  }
  for (const r of await db.selectFrom('staff').select('id').execute()) held.staff.add(r.id);
  for (const r of await db.selectFrom('exams').select(['id', 'course_id', 'is_practice']).execute()) held.exams.set(r.id, { course: r.course_id, practice: Number(r.is_practice) === 1 });
  for (const r of await db.selectFrom('questions').select(['id', 'exam_id']).execute()) held.questions.set(r.id, r.exam_id);
  for (const r of await db.selectFrom('group_members').select(['group_id', 'student_id']).execute()) held.members.add(`${r.group_id}:${r.student_id}`);
  for (const r of await db.selectFrom('exam_assignments').select(['id', 'exam_id', 'group_id']).where('removed_at', 'is', null).execute()) held.assignments.set(`${r.exam_id}:${r.group_id}`, r.id);
  for (const r of await db.selectFrom('forum_questions').select('id').execute()) held.forumQuestions.add(r.id);
  for (const r of await db.selectFrom('forum_comments').select('id').execute()) held.forumComments.add(r.id);
  for (const r of await db.selectFrom('notifications').select('id').execute()) held.notifications.add(r.id);
  return held;
}
