// Loads an academy bundle into the database: validated whole first, then written in one transaction,
// so a malformed bundle changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Value } from '@sinclair/typebox/value';
import { BundleSchema, type Bundle } from './bundle.js';
import { resolveTime } from './times.js';
import type { Database } from '../schema.js';
import type { ItemType } from '../../../src/contracts/paths.js';
import { hashPassword } from '../../account/passwords.js';
import { writeJson } from '../json.js';
import { newId } from '../../ids.js';
import { cleanRichText } from '../../richText.js';
import { gradeAttempt } from '../../exams/grading.js';
import { fixMeritList } from '../../results/queries.js';
import { attemptEndMs } from '../../../src/domain/examTiming.js';

export class BundleError extends Error {
  constructor(readonly problems: string[]) {
    super(`The academy bundle is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads a bundle from one JSON file, or from a folder of JSON files whose lists are joined. */
export function readBundle(location: string): unknown {
  const stat = fs.statSync(location, { throwIfNoEntry: false });
  if (!stat) throw new BundleError([`${location} does not exist`]);
  const files = stat.isDirectory()
    ? fs.readdirSync(location).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(location, f))
    : [location];
  const merged: Record<string, unknown[]> = {};
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new BundleError([`${path.basename(file)} is not valid JSON: ${(error as Error).message}`]);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new BundleError([`${path.basename(file)} must hold a JSON object`]);
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (!Array.isArray(value)) throw new BundleError([`${path.basename(file)}: "${key}" must be a list`]);
      (merged[key] ??= []).push(...value);
    }
  }
  return merged;
}

/** Checks shape and cross references; returns the bundle typed, or throws BundleError listing every problem. */
export function validateBundle(input: unknown): Bundle {
  const problems = [...Value.Errors(BundleSchema, input)].slice(0, 20).map((e) => `${e.path || '/'}: ${e.message}`);
  if (problems.length) throw new BundleError(problems);
  const bundle = input as Bundle;
  const seen = new Set<string>();
  const unique = (kind: string, id: string) => {
    if (seen.has(id)) problems.push(`${kind} ${id}: the id is used twice`);
    seen.add(id);
  };
  const courses = new Map<string, Set<string>>();
  const subjects = new Set<string>();
  const items = new Map<string, string>(); // item id -> course id
  for (const course of bundle.courses ?? []) {
    unique('course', course.id);
    const own = new Set<string>();
    for (const subject of course.subjects ?? []) {
      unique('subject', subject.id);
      subjects.add(subject.id);
      for (const item of [...(subject.chapters ?? []), ...(subject.lectures ?? []), ...(subject.questionSolves ?? [])]) {
        unique('item', item.id);
        items.set(item.id, course.id);
        own.add(item.id);
        for (const content of item.contents ?? []) unique('content', content.id);
      }
    }
    courses.set(course.id, own);
  }
  const groups = new Set<string>();
  for (const group of bundle.groups ?? []) {
    unique('group', group.id);
    groups.add(group.id);
    if (!courses.has(group.courseId)) problems.push(`group ${group.id}: course ${group.courseId} is not in the bundle`);
    if (group.items !== 'all') {
      for (const item of group.items) {
        if (items.get(item) !== group.courseId) problems.push(`group ${group.id}: item ${item} is not in its course`);
      }
    }
  }
  const students = new Set<string>();
  const members = new Set<string>(); // group:student
  const phones = new Set<string>();
  for (const student of bundle.students ?? []) {
    unique('student', student.id);
    students.add(student.id);
    if (phones.has(student.phone)) problems.push(`student ${student.id}: phone ${student.phone} is used twice`);
    phones.add(student.phone);
    for (const group of student.groups ?? []) if (!groups.has(group)) problems.push(`student ${student.id}: group ${group} is not in the bundle`);
    for (const group of student.groups ?? []) members.add(`${group}:${student.id}`);
  }
  const staffIds = new Set<string>();
  for (const member of bundle.staff ?? []) {
    unique('staff', member.id);
    staffIds.add(member.id);
  }
  for (const exam of bundle.exams ?? []) {
    unique('exam', exam.id);
    if (!courses.has(exam.courseId)) problems.push(`exam ${exam.id}: course ${exam.courseId} is not in the bundle`);
    for (const question of exam.questions) unique('question', question.id);
    for (const assignment of exam.assignments ?? []) {
      if (!groups.has(assignment.groupId)) problems.push(`exam ${exam.id}: group ${assignment.groupId} is not in the bundle`);
    }
  }
  for (const question of bundle.forum ?? []) {
    unique('forum question', question.id);
    if (!students.has(question.studentId)) problems.push(`forum question ${question.id}: student ${question.studentId} is not in the bundle`);
    if (!items.has(question.chapterId)) problems.push(`forum question ${question.id}: chapter ${question.chapterId} is not in the bundle`);
    for (const comment of question.comments ?? []) {
      unique('forum comment', comment.id);
      const known = comment.userType === 'Admin' ? staffIds.has(comment.userId) : students.has(comment.userId);
      if (!known) problems.push(`forum comment ${comment.id}: ${comment.userType} ${comment.userId} is not in the bundle`);
    }
  }
  const examsById = new Map((bundle.exams ?? []).map((exam) => [exam.id, exam]));
  for (const [i, submission] of (bundle.submissions ?? []).entries()) {
    const where = `submission ${i} (student ${submission.studentId}, exam ${submission.examId})`;
    const exam = examsById.get(submission.examId);
    if (!exam) problems.push(`${where}: the exam is not in the bundle`);
    if (!students.has(submission.studentId)) problems.push(`${where}: the student is not in the bundle`);
    if (!members.has(`${submission.groupId}:${submission.studentId}`)) problems.push(`${where}: the student is not in group ${submission.groupId}`);
    if (exam && !(exam.assignments ?? []).some((a) => a.groupId === submission.groupId)) problems.push(`${where}: the exam is not assigned to group ${submission.groupId}`);
    if (exam?.isSegmentedExam) problems.push(`${where}: submissions of segmented exams cannot be imported`);
    const questionIds = new Set((exam?.questions ?? []).map((q) => q.id));
    for (const answer of submission.answers) if (exam && !questionIds.has(answer.questionId)) problems.push(`${where}: question ${answer.questionId} is not in the exam`);
    if (new Set(submission.answers.map((a) => a.questionId)).size !== submission.answers.length) problems.push(`${where}: a question is answered twice`);
    const pair = `${submission.examId}:${submission.groupId}:${submission.studentId}`;
    if (members.has(`submitted:${pair}`)) problems.push(`${where}: the student has two submissions for this exam and group`);
    members.add(`submitted:${pair}`);
    // A live exam is sat once, whatever the batch.
    const live = `${submission.examId}:${submission.studentId}`;
    if (exam && exam.isPracticeExam !== true && members.has(`live:${live}`)) problems.push(`${where}: the student has two submissions for this live exam`);
    members.add(`live:${live}`);
  }
  for (const notification of bundle.notifications ?? []) {
    unique('notification', notification.id);
    for (const id of notification.studentIds) if (!students.has(id)) problems.push(`notification ${notification.id}: student ${id} is not in the bundle`);
  }
  if (problems.length) throw new BundleError(problems);
  return bundle;
}

export interface ImportOptions {
  now: Date;
  scryptCost: number;
}

export interface ImportSummary {
  courses: number;
  groups: number;
  students: number;
  staff: number;
  exams: number;
  questions: number;
  forumQuestions: number;
  notifications: number;
  /** Exam instructions whose HTML lost something to the rich-text rule (a script, a handler, a frame). */
  instructionsCleaned: number;
}

export async function importBundle(db: Kysely<Database>, input: unknown, options: ImportOptions): Promise<ImportSummary> {
  const bundle = validateBundle(input);
  const at = (value: string | undefined) => resolveTime(value ?? 'now', options.now);
  // Hash each distinct password once per import: scrypt at full cost is deliberately slow.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password, options.scryptCost));
    return hashes.get(password)!;
  };
  const summary: ImportSummary = { courses: 0, groups: 0, students: 0, staff: 0, exams: 0, questions: 0, forumQuestions: 0, notifications: 0, instructionsCleaned: 0 };
  // Instructions are HTML the app shows as such: they are stored only after the rich-text rule.
  const instructions = new Map<string, string>();
  for (const exam of bundle.exams ?? []) {
    if (!exam.instruction) continue;
    const clean = await cleanRichText(exam.instruction);
    if (clean !== exam.instruction) summary.instructionsCleaned++;
    instructions.set(exam.id, clean);
  }
  const passwordHashes = new Map<string, string>();
  for (const person of [...(bundle.students ?? []), ...(bundle.staff ?? [])]) {
    if (person.password) passwordHashes.set(person.id, await hashOf(person.password));
  }

  await db.transaction().execute(async (trx) => {
    for (const member of bundle.staff ?? []) {
      await trx.insertInto('staff').values({
        id: member.id, name: member.name, username: member.username, role: member.role,
        password_hash: passwordHashes.get(member.id)!, created_at: options.now.toISOString(),
      }).execute();
      summary.staff++;
    }
    const itemCourse = new Map<string, string>();
    for (const [ci, course] of (bundle.courses ?? []).entries()) {
      await trx.insertInto('courses').values({ id: course.id, name: course.name ?? null, description: course.description ?? null, image: course.image ?? null, position: ci }).execute();
      summary.courses++;
      for (const [si, subject] of (course.subjects ?? []).entries()) {
        await trx.insertInto('subjects').values({ id: subject.id, course_id: course.id, name: subject.name ?? null, image: subject.image ?? null, position: si }).execute();
        const kinds: [ItemType, typeof subject.chapters][] = [['chapter', subject.chapters], ['lecture', subject.lectures], ['question-solve', subject.questionSolves]];
        for (const [itemType, list] of kinds) {
          for (const [ii, item] of (list ?? []).entries()) {
            itemCourse.set(item.id, course.id);
            await trx.insertInto('items').values({ id: item.id, item_type: itemType, subject_id: subject.id, name: item.name, description: item.description ?? null, position: ii }).execute();
            for (const [ki, content] of (item.contents ?? []).entries()) {
              await trx.insertInto('contents').values({
                id: content.id, item_id: item.id, type: content.type, title: content.title,
                url: content.url ?? null, key: content.key ?? null, thumbnail: content.thumbnail ?? null,
                video_kind: content.type === 'video' ? (content.videoKind ?? 'hls') : null,
                is_published: content.isPublished === false ? 0 : 1,
                is_vod: content.isVOD ? 1 : 0,
                is_available: content.isAvailable === false ? 0 : 1,
                is_drm_enabled: content.isDrmEnabled ?? '0',
                drm_type: content.drmType ?? null,
                drm_keys: content.drmKeys ? writeJson(content.drmKeys) : null,
                subjects: writeJson([subject.id]),
                position: ki,
                created_at: at(content.createdAt),
              }).execute();
            }
          }
        }
      }
    }
    for (const group of bundle.groups ?? []) {
      await trx.insertInto('groups').values({ id: group.id, name: group.name, course_id: group.courseId }).execute();
      summary.groups++;
      const ids = group.items === 'all' ? [...itemCourse].filter(([, c]) => c === group.courseId).map(([id]) => id) : group.items;
      if (ids.length) {
        const rows = await trx.selectFrom('items').select(['id', 'item_type']).where('id', 'in', ids).execute();
        await trx.insertInto('group_items').values(rows.map((r) => ({ group_id: group.id, item_type: r.item_type, item_id: r.id }))).execute();
      }
    }
    for (const student of bundle.students ?? []) {
      await trx.insertInto('students').values({
        id: student.id, name: student.name, sid: student.sid, username: `88${student.phone}`,
        contact: student.contact ?? null, session: student.session ?? null,
        branch_name: student.branch?.name ?? null, branch_division: student.branch?.division ?? null,
        profile_pic: null, ssc_gpa: student.SSCGPA ?? null, hsc_gpa: student.HSCGPA ?? null,
        password_hash: passwordHashes.get(student.id) ?? null, created_at: options.now.toISOString(),
      }).execute();
      summary.students++;
      for (const group of student.groups ?? []) await trx.insertInto('group_members').values({ group_id: group, student_id: student.id }).execute();
    }
    for (const exam of bundle.exams ?? []) {
      const totalMarks = exam.isSegmentedExam && exam.segmentedExamDetails
        ? segmentedTotal(exam)
        : exam.questions.reduce((sum, q) => sum + q.point, 0);
      await trx.insertInto('exams').values({
        id: exam.id, title: exam.title, course_id: exam.courseId, subject_id: exam.subjectId ?? null,
        is_practice: exam.isPracticeExam ? 1 : 0, is_segmented: exam.isSegmentedExam ? 1 : 0,
        instruction: instructions.get(exam.id) ?? null, total_marks: totalMarks, pass_mark: exam.passMark,
        negative_mark: exam.negativeMark ?? 0,
        segmented_details: exam.segmentedExamDetails ? writeJson(exam.segmentedExamDetails) : null,
        gpa_factor: exam.gpaFactor ? writeJson(exam.gpaFactor) : null, created_at: options.now.toISOString(),
      }).execute();
      summary.exams++;
      for (const [qi, q] of exam.questions.entries()) {
        await trx.insertInto('questions').values({
          id: q.id, exam_id: exam.id, subject_id: q.subjectId ?? exam.subjectId ?? null, position: qi, type: q.type,
          title: q.title, point: q.point, options: writeJson(q.options ?? []), option_type: writeJson(q.optionType ?? {}),
          answer: writeJson(q.answer ?? []), image: writeJson(q.image ?? []), file: writeJson(q.file ?? []),
          explanation: q.explanation ?? null, explanation_ext: writeJson(q.explanationExt ?? []), notes: q.notes ?? null,
        }).execute();
        summary.questions++;
      }
      for (const a of exam.assignments ?? []) {
        await trx.insertInto('exam_assignments').values({
          id: a.id ?? newId(), exam_id: exam.id, group_id: a.groupId,
          starts_at: at(a.startsAt), ends_at: at(a.endsAt), duration: a.duration, cut_marks: a.cutMarks ?? null,
          multiple_times_submission: a.multipleTimesSubmission ? 1 : 0, result_published: a.resultPublished ? 1 : 0,
          published_at: a.resultPublished ? at(a.endsAt) : null, removed_at: null,
        }).execute();
      }
    }
    for (const q of bundle.forum ?? []) {
      const created = at(q.createdAt);
      await trx.insertInto('forum_questions').values({
        id: q.id, student_id: q.studentId, course_id: q.courseId, subject_id: q.subjectId, chapter_id: q.chapterId,
        question_description: q.questionDescription, media: writeJson(q.media ?? []), status: q.status ?? 'OPEN',
        created_at: created, updated_at: created, answers: (q.comments ?? []).length, teacher_replied: (q.comments ?? []).some((c) => c.userType === 'Admin') ? 1 : 0,
        last_activity_at: (q.comments ?? []).map((c) => at(c.createdAt)).reduce((latest, t) => (t > latest ? t : latest), created),
      }).execute();
      summary.forumQuestions++;
      for (const c of q.comments ?? []) {
        const when = at(c.createdAt);
        await trx.insertInto('forum_comments').values({
          id: c.id, question_id: q.id, user_id: c.userId, user_type: c.userType, reply: c.reply,
          media: writeJson(c.media ?? []), created_at: when, updated_at: when,
        }).execute();
      }
    }
    for (const n of bundle.notifications ?? []) {
      await trx.insertInto('notifications').values({ id: n.id, type: n.type, message: n.message, info: writeJson(n.info ?? {}), created_at: at(n.createdAt) }).execute();
      summary.notifications++;
      const seen = new Set(n.seenBy ?? []);
      if (n.studentIds.length) {
        await trx.insertInto('student_notifications').values(
          n.studentIds.map((id) => ({ notification_id: n.id, student_id: id, is_seen: seen.has(id) ? (1 as const) : (0 as const), deleted_at: null })),
        ).execute();
      }
    }
    for (const sub of bundle.submissions ?? []) {
      const exam = bundle.exams!.find((e) => e.id === sub.examId)!;
      const assignment = exam.assignments!.find((a) => a.groupId === sub.groupId)!;
      const startedAt = at(sub.startedAt);
      const window = { startsAt: at(assignment.startsAt), endsAt: at(assignment.endsAt), duration: assignment.duration, isPracticeExam: exam.isPracticeExam === true };
      const attempt = {
        id: newId(), exam_id: sub.examId, group_id: sub.groupId, student_id: sub.studentId, started_at: startedAt,
        deadline_at: new Date(attemptEndMs(window, startedAt)).toISOString(), submitted_at: at(sub.submittedAt), set_code: null,
        candidate_category: sub.candidateCategory ?? null, faculty: sub.faculty ?? null, subject_name: sub.subjectName ?? null, round: 1, superseded_at: null,
        live: exam.isPracticeExam === true ? (0 as const) : (1 as const),
      };
      await trx.insertInto('attempts').values(attempt).execute();
      if (sub.answers.length) {
        await trx.insertInto('answers').values(sub.answers.map((a) => ({
          attempt_id: attempt.id, question_id: a.questionId, answer: writeJson(a.answer), extra: '[]', answer_index: null,
          client_timestamp: Date.parse(attempt.submitted_at), saved_at: attempt.submitted_at, offline: 0 as const,
        }))).execute();
      }
      const examRow = await trx.selectFrom('exams').selectAll().where('id', '=', sub.examId).executeTakeFirstOrThrow();
      await gradeAttempt(trx, examRow, attempt, new Date(attempt.submitted_at));
    }
    // Past live exams imported as published get their merit list fixed, as publishing does.
    for (const exam of bundle.exams ?? []) {
      if (!exam.isPracticeExam && (exam.assignments ?? []).some((a) => a.resultPublished)) await fixMeritList(trx, exam.id);
    }
  });
  return summary;
}

/** A segmented exam's total comes from the question count it asks for, at the average point value. */
function segmentedTotal(exam: NonNullable<Bundle['exams']>[number]): number {
  const count = exam.segmentedExamDetails!.totalQuestions;
  const points = exam.questions.map((q) => q.point);
  const average = points.reduce((a, b) => a + b, 0) / points.length;
  return Math.round(count * average * 100) / 100;
}

export async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const students = await db.selectFrom('students').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) === 0 && Number(students?.n ?? 0) === 0;
}
