// The bundle's sections, one function each: what a section wants of the academy's tables, as rows to
// upsert by id and links to add. A new section (another kind of content) is one more function here
// and one more entry in SECTIONS.
import type { Kysely } from 'kysely';
import type { Bundle } from '../db/seed/bundle.js';
import type { Database } from '../db/schema.js';
import type { ItemType } from '../../src/contracts/paths.js';
import { writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { challengeClosesAt } from '../../src/domain/challenges.js';
import type { Held } from './held.js';
import { shown } from './problems.js';
import type { LinkPlan, Row, TablePlan, Wanted } from './diff.js';

export interface SectionContext {
  db: Kysely<Database>;
  now: Date;
  /** A bundle time (ISO or "now+90m") as stored. */
  at(value: string | undefined): string;
  held: Held;
  /** Password hashes of the new accounts, by id (an initial password is used only when the account is made). */
  passwordHashes: Map<string, string>;
  /** Exam instructions after the rich-text rule, by exam id. */
  instructions: Map<string, string>;
  /** The academy's answer-key challenge window in hours, for the exams that name none. */
  challengeWindowHours: number;
}

export interface SectionPlan {
  tables: TablePlan[];
  links: LinkPlan[];
}

/** The fields a bundle gives: left-out (undefined) ones are kept as the academy has them. */
const given = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
/** A row wanted; its label (a name or title, in the report and the problems) is shown cut short. */
const want = (id: string, label: string, field: string, insert: Row, set: Row = insert): Wanted => ({ id, label: shown(label), field, insert, set: given(set) });
const orNull = <T>(v: T | undefined): T | null => v ?? null;

export function staffSection(bundle: Bundle, ctx: SectionContext): SectionPlan {
  const wanted = (bundle.staff ?? []).map((m, i) => {
    const set = { id: m.id, name: m.name, username: m.username, role: m.role };
    return want(m.id, m.name, `/staff/${i}`, { ...set, password_hash: ctx.passwordHashes.get(m.id) ?? '', created_at: ctx.now.toISOString() }, set);
  });
  // The courses a teacher teaches (server/staff/access.ts); a course is taken away by no import yet.
  const taught = (bundle.staff ?? []).flatMap((m) => (m.courseIds ?? []).map((course) => ({ staff_id: m.id, course_id: course })));
  return { tables: [{ table: 'staff', kind: 'staff', wanted }], links: [{ table: 'staff_courses', kind: 'course taught', columns: ['staff_id', 'course_id'], rows: taught }] };
}

export function coursesSection(bundle: Bundle, ctx: SectionContext): SectionPlan {
  const courses: Wanted[] = [];
  const subjects: Wanted[] = [];
  const items: Wanted[] = [];
  const contents: Wanted[] = [];
  for (const [ci, course] of (bundle.courses ?? []).entries()) {
    const cat = `/courses/${ci}`;
    const row = { id: course.id, name: course.name, description: course.description, image: course.image };
    courses.push(want(course.id, course.name ?? course.id, cat, { id: course.id, name: orNull(course.name), description: orNull(course.description), image: orNull(course.image), position: 0 }, row));
    for (const [si, subject] of (course.subjects ?? []).entries()) {
      const sat = `${cat}/subjects/${si}`;
      subjects.push(want(subject.id, subject.name ?? subject.id, sat,
        { id: subject.id, course_id: course.id, name: orNull(subject.name), image: orNull(subject.image), position: 0 },
        { course_id: course.id, name: subject.name, image: subject.image }));
      const kinds: [ItemType, string, typeof subject.chapters][] = [['chapter', 'chapters', subject.chapters], ['lecture', 'lectures', subject.lectures], ['question-solve', 'questionSolves', subject.questionSolves]];
      for (const [itemType, key, list] of kinds) {
        for (const [ii, item] of (list ?? []).entries()) {
          const iat = `${sat}/${key}/${ii}`;
          items.push(want(item.id, `${item.name} (${itemType})`, iat,
            { id: item.id, item_type: itemType, subject_id: subject.id, name: item.name, description: orNull(item.description), position: 0 },
            { subject_id: subject.id, name: item.name, description: item.description }));
          for (const [ki, c] of (item.contents ?? []).entries()) {
            const set = {
              item_id: item.id, type: c.type, title: c.title, url: c.url, key: c.key, thumbnail: c.thumbnail,
              video_kind: c.type === 'video' ? c.videoKind : undefined,
              is_published: c.isPublished === undefined ? undefined : c.isPublished ? 1 : 0,
              is_vod: c.isVOD === undefined ? undefined : c.isVOD ? 1 : 0,
              is_available: c.isAvailable === undefined ? undefined : c.isAvailable ? 1 : 0,
              is_drm_enabled: c.isDrmEnabled, drm_type: c.drmType, drm_keys: c.drmKeys ? writeJson(c.drmKeys) : undefined,
              subjects: writeJson([subject.id]),
            };
            contents.push(want(c.id, c.title, `${iat}/contents/${ki}`, {
              id: c.id, item_id: item.id, type: c.type, title: c.title, url: orNull(c.url), key: orNull(c.key), thumbnail: orNull(c.thumbnail),
              video_kind: c.type === 'video' ? (c.videoKind ?? 'hls') : null,
              is_published: c.isPublished === false ? 0 : 1, is_vod: c.isVOD ? 1 : 0, is_available: c.isAvailable === false ? 0 : 1,
              is_drm_enabled: c.isDrmEnabled ?? '0', drm_type: orNull(c.drmType), drm_keys: c.drmKeys ? writeJson(c.drmKeys) : null,
              subjects: writeJson([subject.id]), position: 0, created_at: ctx.at(c.createdAt),
            }, set));
          }
        }
      }
    }
  }
  return {
    tables: [
      { table: 'courses', kind: 'course', wanted: courses },
      { table: 'subjects', kind: 'subject', parent: 'course_id', wanted: subjects },
      { table: 'items', kind: 'item', parent: 'subject_id', wanted: items },
      { table: 'contents', kind: 'content', parent: 'item_id', wanted: contents },
    ],
    links: [],
  };
}

export function groupsSection(bundle: Bundle, ctx: SectionContext): SectionPlan {
  const itemsOfCourse = new Map<string, { id: string; type: ItemType }[]>();
  const add = (course: string, id: string, type: ItemType) => (itemsOfCourse.get(course) ?? itemsOfCourse.set(course, []).get(course)!).push({ id, type });
  for (const [id, item] of ctx.held.items) add(item.course, id, item.type);
  const typeOf = new Map([...ctx.held.items].map(([id, v]) => [id, v.type]));
  for (const course of bundle.courses ?? []) {
    for (const s of course.subjects ?? []) {
      const kinds: [ItemType, typeof s.chapters][] = [['chapter', s.chapters], ['lecture', s.lectures], ['question-solve', s.questionSolves]];
      for (const [type, list] of kinds) for (const item of list ?? []) if (!ctx.held.items.has(item.id)) { add(course.id, item.id, type); typeOf.set(item.id, type); }
    }
  }
  const links: Row[] = [];
  const wanted = (bundle.groups ?? []).map((g, i) => {
    const ids = g.items === 'all' ? (itemsOfCourse.get(g.courseId) ?? []).map((x) => x.id) : g.items;
    for (const id of ids) links.push({ group_id: g.id, item_id: id, item_type: typeOf.get(id) });
    return want(g.id, g.name, `/groups/${i}`, { id: g.id, name: g.name, course_id: g.courseId });
  });
  return { tables: [{ table: 'groups', kind: 'batch', wanted }], links: [{ table: 'group_items', kind: 'batch item', columns: ['group_id', 'item_id'], rows: links }] };
}

export function studentsSection(bundle: Bundle, ctx: SectionContext): SectionPlan {
  const members: Row[] = [];
  const wanted = (bundle.students ?? []).map((s, i) => {
    const id = s.id!;
    for (const g of s.groups ?? []) members.push({ group_id: g, student_id: id });
    const set = {
      name: s.name, sid: s.sid, username: `88${s.phone}`, contact: s.contact, session: s.session,
      branch_name: s.branch?.name || undefined, branch_division: s.branch?.division || undefined, ssc_gpa: s.SSCGPA, hsc_gpa: s.HSCGPA,
    };
    return want(id, `${s.name} (${s.phone})`, `/students/${i}`, {
      id, ...set, contact: orNull(s.contact), session: orNull(s.session), branch_name: s.branch?.name || null, branch_division: s.branch?.division || null,
      ssc_gpa: orNull(s.SSCGPA), hsc_gpa: orNull(s.HSCGPA), profile_pic: null,
      password_hash: ctx.passwordHashes.get(id) ?? null, created_at: ctx.now.toISOString(),
    }, set);
  });
  return { tables: [{ table: 'students', kind: 'student', wanted }], links: [{ table: 'group_members', kind: 'batch member', columns: ['group_id', 'student_id'], rows: members }] };
}

type BundleExam = NonNullable<Bundle['exams']>[number];

/** A segmented exam's total comes from the question count it asks for, at the average point value. */
function segmentedTotal(exam: BundleExam): number {
  const count = exam.segmentedExamDetails!.totalQuestions;
  const points = exam.questions.map((q) => q.point);
  const average = points.reduce((a, b) => a + b, 0) / points.length;
  return Math.round(count * average * 100) / 100;
}

export async function examsSection(bundle: Bundle, ctx: SectionContext): Promise<SectionPlan> {
  const exams: Wanted[] = [];
  const questions: Wanted[] = [];
  const assignments: Wanted[] = [];
  // Questions the academy holds that the bundle leaves out stay, and count in the total.
  const listed = new Set((bundle.exams ?? []).flatMap((e) => e.questions.map((q) => q.id)));
  const kept = new Map<string, number>();
  const heldExams = (bundle.exams ?? []).map((e) => e.id).filter((id) => ctx.held.exams.has(id));
  if (heldExams.length) {
    for (const q of await ctx.db.selectFrom('questions').select(['id', 'exam_id', 'point']).where('exam_id', 'in', heldExams).execute()) {
      if (!listed.has(q.id)) kept.set(q.exam_id, (kept.get(q.exam_id) ?? 0) + Number(q.point));
    }
  }
  for (const [ei, exam] of (bundle.exams ?? []).entries()) {
    const at = `/exams/${ei}`;
    const total = exam.isSegmentedExam && exam.segmentedExamDetails
      ? segmentedTotal(exam)
      : Math.round((exam.questions.reduce((sum, q) => sum + q.point, 0) + (kept.get(exam.id) ?? 0)) * 100) / 100;
    const row = {
      id: exam.id, title: exam.title, course_id: exam.courseId, subject_id: orNull(exam.subjectId),
      is_practice: exam.isPracticeExam ? 1 : 0, is_segmented: exam.isSegmentedExam ? 1 : 0,
      instruction: ctx.instructions.get(exam.id) ?? null, total_marks: total, pass_mark: exam.passMark,
      negative_mark: exam.negativeMark ?? 0,
      segmented_details: exam.segmentedExamDetails ? writeJson(exam.segmentedExamDetails) : null,
      gpa_factor: exam.gpaFactor ? writeJson(exam.gpaFactor) : null,
      ...(exam.challengeHours === undefined ? {} : { challenge_hours: exam.challengeHours }),
    };
    exams.push(want(exam.id, exam.title, at, { ...row, created_at: ctx.now.toISOString() }, row));
    for (const [qi, q] of exam.questions.entries()) {
      const set = {
        exam_id: exam.id, subject_id: q.subjectId ?? exam.subjectId ?? null, chapter_id: q.chapterId ?? null, type: q.type,
        title: q.title, point: q.point, options: writeJson(q.options ?? []), option_type: writeJson(q.optionType ?? {}),
        answer: writeJson(q.answer ?? []), image: writeJson(q.image ?? []), file: writeJson(q.file ?? []),
        explanation: orNull(q.explanation), explanation_ext: writeJson(q.explanationExt ?? []), notes: orNull(q.notes),
      };
      questions.push(want(q.id, `question ${qi + 1} of ${exam.title}`, `${at}/questions/${qi}`, { id: q.id, ...set, position: 0 }, set));
    }
    for (const [ai, a] of (exam.assignments ?? []).entries()) {
      const id = ctx.held.assignments.get(`${exam.id}:${a.groupId}`) ?? a.id ?? newId();
      // Left out, multiple submissions and published results stay as they are (no, for a new schedule).
      // Results imported as published are published at the exam's end; a live exam's answer-key
      // challenge window opens then, as the desk's Publish opens one.
      const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
      const set = {
        starts_at: ctx.at(a.startsAt), ends_at: ctx.at(a.endsAt), duration: a.duration, cut_marks: orNull(a.cutMarks),
        multiple_times_submission: flag(a.multipleTimesSubmission), result_published: flag(a.resultPublished),
      };
      assignments.push(want(id, `${exam.title} for batch ${a.groupId}`, `${at}/assignments/${ai}`, {
        id, exam_id: exam.id, group_id: a.groupId, ...set, multiple_times_submission: flag(a.multipleTimesSubmission) ?? 0,
        result_published: flag(a.resultPublished) ?? 0, published_at: a.resultPublished ? ctx.at(a.endsAt) : null, removed_at: null,
        challenge_closes_at: a.resultPublished && !exam.isPracticeExam ? challengeClosesAt(ctx.at(a.endsAt), exam.challengeHours ?? ctx.challengeWindowHours) : null,
      }, set));
    }
  }
  return {
    tables: [
      { table: 'exams', kind: 'exam', wanted: exams },
      { table: 'questions', kind: 'question', parent: 'exam_id', wanted: questions },
      { table: 'exam_assignments', kind: 'exam schedule', wanted: assignments },
    ],
    links: [],
  };
}

export function forumSection(bundle: Bundle, ctx: SectionContext): SectionPlan {
  const questions: Wanted[] = [];
  const comments: Wanted[] = [];
  for (const [fi, q] of (bundle.forum ?? []).entries()) {
    const created = ctx.at(q.createdAt);
    const set = { question_description: q.questionDescription, media: writeJson(q.media ?? []), status: q.status };
    questions.push(want(q.id, q.questionDescription.slice(0, 40), `/forum/${fi}`, {
      id: q.id, student_id: q.studentId, course_id: q.courseId, subject_id: q.subjectId, chapter_id: q.chapterId,
      ...set, status: q.status ?? 'OPEN', created_at: created, updated_at: created, answers: (q.comments ?? []).length,
      teacher_replied: (q.comments ?? []).some((c) => c.userType === 'Admin') ? 1 : 0,
      last_activity_at: (q.comments ?? []).map((c) => ctx.at(c.createdAt)).reduce((latest, t) => (t > latest ? t : latest), created),
    }, set));
    for (const [ci, c] of (q.comments ?? []).entries()) {
      const when = ctx.at(c.createdAt);
      const cset = { reply: c.reply, media: writeJson(c.media ?? []) };
      comments.push(want(c.id, c.reply.slice(0, 40), `/forum/${fi}/comments/${ci}`, {
        id: c.id, question_id: q.id, user_id: c.userId, user_type: c.userType, ...cset, created_at: when, updated_at: when,
      }, cset));
    }
  }
  return { tables: [{ table: 'forum_questions', kind: 'forum question', wanted: questions }, { table: 'forum_comments', kind: 'forum reply', wanted: comments }], links: [] };
}

export function notificationsSection(bundle: Bundle, ctx: SectionContext): SectionPlan {
  const recipients: Row[] = [];
  const wanted = (bundle.notifications ?? []).map((n, i) => {
    const seen = new Set(n.seenBy ?? []);
    for (const id of n.studentIds) recipients.push({ notification_id: n.id, student_id: id, is_seen: seen.has(id) ? 1 : 0, deleted_at: null });
    const set = { type: n.type, message: n.message, info: writeJson(n.info ?? {}) };
    return want(n.id, n.message.slice(0, 40), `/notifications/${i}`, { id: n.id, ...set, created_at: ctx.at(n.createdAt) }, set);
  });
  return {
    tables: [{ table: 'notifications', kind: 'notification', wanted }],
    links: [{ table: 'student_notifications', kind: 'notification recipient', columns: ['notification_id', 'student_id'], rows: recipients }],
  };
}

/** The sections in the order they are written: what a row refers to is written before it. */
export const SECTIONS: ((bundle: Bundle, ctx: SectionContext) => SectionPlan | Promise<SectionPlan>)[] = [
  staffSection, coursesSection, groupsSection, studentsSection, examsSection, forumSection, notificationsSection,
];
