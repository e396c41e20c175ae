// The checks of an import, all run before anything is written: the bundle's shape, ids used once,
// references to things in the bundle or already in the academy, and each question's key against its
// options. Every problem is collected with its field; the reader's place map turns a field into the
// file, sheet, row and column the staff wrote it in.
import { Value } from '@sinclair/typebox/value';
import type { ValueError } from '@sinclair/typebox/value';
import { BundleSchema, type Bundle } from '../db/seed/bundle.js';
import type { ItemType } from '../../src/contracts/paths.js';
import { newId } from '../ids.js';
import { emptyHeld, type Held } from './held.js';
import { PlaceMap, Problems, shown } from './problems.js';
import { optionLetter } from '../../src/domain/scoring.js';

type Exam = NonNullable<Bundle['exams']>[number];
type Question = Exam['questions'][number];

/** A value of the bundle as a message shows it: text cut short, a list or an object by what it is. */
function shownValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  return typeof value === 'string' ? JSON.stringify(shown(value)) : String(value);
}

/** A shape error in plain words: the field's name and what it should be. */
function plainShapeMessage(error: ValueError): string {
  const name = error.path.split('/').filter((p) => !/^\d+$/.test(p)).pop() ?? 'the bundle';
  const value = shownValue(error.value);
  const description = (error.schema as { description?: string }).description;
  if (error.value === undefined) return `${name} is missing`;
  if (description) return `${name} ${value} is not ${description}`;
  if (error.message.startsWith('Unexpected property')) return `${name} is not a known field`;
  const choices = ((error.schema as { anyOf?: { const?: unknown }[] }).anyOf ?? []).map((s) => s.const);
  if (choices.length && choices.every((c) => typeof c === 'string')) return `${name} ${value} is not one of ${choices.join(', ')}`;
  return `${name} ${value}: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
}

/** The problems of one question's options and key, in the words a teacher reads. */
export function checkQuestion(q: Question, label: string, add: (field: string, message: string) => void): void {
  const options = q.options ?? [];
  const n = options.length;
  const answer = q.answer ?? [];
  const isIndex = (a: unknown): a is number => typeof a === 'number' && Number.isInteger(a);
  const optionsNeeded = q.type === 'MCQ' || q.type === 'checkbox' ? 2 : q.type === 'MCA' ? 1 : 0;
  if (n < optionsNeeded) add('options', `${label}: a ${q.type} question needs at least ${optionsNeeded} options, it has ${n}`);
  options.forEach((o, i) => {
    if (optionsNeeded && o.trim() === '') add(`options/${i}`, `${label}: option ${optionLetter(i)} is empty`);
  });
  if (q.type === 'MCQ' || q.type === 'checkbox') {
    if (q.type === 'MCQ' && answer.length !== 1) add('answer', `${label}: an MCQ has exactly one answer, ${answer.length} given`);
    if (q.type === 'checkbox' && answer.length < 1) add('answer', `${label}: a checkbox question needs at least one answer`);
    for (const a of answer) {
      if (!isIndex(a)) add('answer', `${label}: answer ${shownValue(a)} is not an option number`);
      else if (a < 0 || a >= n) add('answer', `${label}: answer ${a} is not one of the ${n} options`);
    }
    if (new Set(answer).size !== answer.length) add('answer', `${label}: an answer is given twice`);
  }
  if (q.type === 'MCA') {
    if (answer.length !== n) add('answer', `${label}: an MCA question needs a true or false for each of its ${n} options, ${answer.length} given`);
    for (const a of answer) if (a !== 'true' && a !== 'false') add('answer', `${label}: answer ${shownValue(a)} is neither true nor false`);
  }
  if (q.type === 'shortAns' || q.type === 'paragraph') {
    for (const a of answer) if (typeof a !== 'string') add('answer', `${label}: the model answer of a written question is text`);
  }
  for (const index of Object.keys(q.optionType ?? {})) {
    if (Number(index) >= n) add('optionType', `${label}: option ${index} is marked as an image but there are only ${n} options`);
  }
}

/**
 * What is wrong with a question's chapter, in plain words, or nothing: it must be a chapter (not a
 * lecture or question-solve item) the bundle or the academy holds, of the question's subject (its own,
 * else its exam's).
 */
export function chapterProblem(
  chapterId: string, subjectId: string | undefined, items: Map<string, { subject: string; type: ItemType; name: string }>, subjectNames: Map<string, string>,
): string | undefined {
  const item = items.get(chapterId);
  if (!item) return `chapter ${chapterId} is not in the bundle nor in the academy`;
  const subjectName = (id: string) => shown(subjectNames.get(id) ?? id);
  if (item.type !== 'chapter') return `${shown(item.name)} (${chapterId}) is a ${item.type}, not a chapter`;
  if (!subjectId) return `chapter ${shown(item.name)} needs the question's subject: give the question a subject (or the exam one)`;
  if (item.subject !== subjectId) return `chapter ${shown(item.name)} is a chapter of ${subjectName(item.subject)}, not of the question's subject ${subjectName(subjectId)}`;
  return undefined;
}

/**
 * Checks shape and references against the bundle and what the academy holds (nothing, for a bundle
 * checked on its own). Returns the bundle typed, with every student given its id (the one it has, the
 * one its phone already has in the academy, or a new one); throws BundleError listing every problem,
 * or, given `collect`, throws only for a bundle of the wrong shape and leaves the rest in `collect`.
 */
export function validateBundle(input: unknown, held: Held = emptyHeld(), places: PlaceMap = new PlaceMap(), collect?: Problems): Bundle {
  const problems = collect ?? new Problems(places);
  // A value the sheet reader already found wrong is not reported again as missing.
  const placeKey = (p: { file?: string; sheet?: string; row?: number; column?: string }) => `${p.file}|${p.sheet}|${p.row}|${p.column}`;
  const placed = new Set(problems.list.filter((p) => p.row !== undefined).map(placeKey));
  for (const error of Value.Errors(BundleSchema, input)) {
    if (placed.has(placeKey(places.placeOf(error.path || '/')))) continue;
    problems.add(error.path || '/', plainShapeMessage(error));
    if (problems.list.length >= 200) break;
  }
  problems.throwIfAny();
  const bundle = structuredClone(input) as Bundle;
  const seen = new Map<string, string>();
  const unique = (kind: string, id: string, field: string) => {
    if (seen.has(id)) problems.add(field, `${kind} ${id}: the id is used twice (also ${seen.get(id)})`);
    else seen.set(id, field);
  };
  const notHeld = (what: string) => `${what} is not in the bundle nor in the academy`;

  const courses = new Set(held.courses);
  const subjects = new Map(held.subjects);
  const subjectNames = new Map(held.subjectNames);
  const items = new Map<string, string>([...held.items].map(([id, v]) => [id, v.course])); // item -> course
  // Every item by id, as the bundle leaves it: a question's chapter is checked against its subject.
  const itemsById = new Map<string, { subject: string; type: ItemType; name: string }>(held.items);
  for (const [ci, course] of (bundle.courses ?? []).entries()) {
    const at = `/courses/${ci}`;
    unique('course', course.id, at);
    courses.add(course.id);
    for (const [si, subject] of (course.subjects ?? []).entries()) {
      const sat = `${at}/subjects/${si}`;
      unique('subject', subject.id, sat);
      const owner = held.subjects.get(subject.id);
      if (owner && owner !== course.id) problems.add(`${sat}/id`, `subject ${subject.id} belongs to another course (${owner})`);
      subjects.set(subject.id, course.id);
      if (subject.name) subjectNames.set(subject.id, subject.name);
      const kinds: [ItemType, string, typeof subject.chapters][] = [['chapter', 'chapters', subject.chapters], ['lecture', 'lectures', subject.lectures], ['question-solve', 'questionSolves', subject.questionSolves]];
      for (const [type, key, list] of kinds) {
        for (const [ii, item] of (list ?? []).entries()) {
          const iat = `${sat}/${key}/${ii}`;
          unique('item', item.id, iat);
          const had = held.items.get(item.id);
          if (had && had.type !== type) problems.add(`${iat}/id`, `${shown(item.name)}: ${item.id} is a ${had.type} in the academy, not a ${type}`);
          items.set(item.id, course.id);
          itemsById.set(item.id, { subject: subject.id, type, name: item.name });
          for (const [ki, content] of (item.contents ?? []).entries()) {
            unique('content', content.id, `${iat}/contents/${ki}`);
            if (content.type === 'video' && !content.url && !content.key) problems.add(`${iat}/contents/${ki}/url`, `${shown(content.title)}: a video needs its address (url) or stream key`);
          }
        }
      }
    }
  }
  const groups = new Map(held.groups);
  for (const [gi, group] of (bundle.groups ?? []).entries()) {
    const at = `/groups/${gi}`;
    unique('group', group.id, at);
    groups.set(group.id, group.courseId);
    if (!courses.has(group.courseId)) problems.add(`${at}/courseId`, `batch ${shown(group.name)}: ${notHeld(`course ${group.courseId}`)}`);
    const owner = held.groups.get(group.id);
    if (owner && owner !== group.courseId) problems.add(`${at}/courseId`, `batch ${shown(group.name)} belongs to another course (${owner})`);
    if (group.items !== 'all') {
      for (const [ii, item] of group.items.entries()) {
        if (items.get(item) !== group.courseId) problems.add(`${at}/items/${ii}`, `batch ${shown(group.name)}: item ${item} is not in its course`);
      }
    }
  }
  const students = new Set(held.students.keys());
  const members = new Set(held.members);
  const phones = new Map<string, string>();
  for (const [i, student] of (bundle.students ?? []).entries()) {
    const at = `/students/${i}`;
    const username = `88${student.phone}`;
    const byPhone = held.studentsByUsername.get(username);
    if (student.id) {
      unique('student', student.id, at);
      if (byPhone && byPhone !== student.id) problems.add(`${at}/phone`, `${shown(student.name)}: phone ${student.phone} already belongs to student ${byPhone}`);
    } else {
      student.id = byPhone ?? newId();
      if (!phones.has(student.phone)) unique('student', student.id, at);
    }
    if (phones.has(student.phone)) problems.add(`${at}/phone`, `${shown(student.name)}: phone ${student.phone} is used twice (also ${phones.get(student.phone)})`);
    phones.set(student.phone, at);
    students.add(student.id);
    for (const [gi, group] of (student.groups ?? []).entries()) {
      if (!groups.has(group)) problems.add(`${at}/groups/${gi}`, `${shown(student.name)}: ${notHeld(`batch ${group}`)}`);
      members.add(`${group}:${student.id}`);
    }
  }
  const staffIds = new Set(held.staff);
  for (const [i, member] of (bundle.staff ?? []).entries()) {
    unique('staff', member.id, `/staff/${i}`);
    staffIds.add(member.id);
    // A teacher acts on the courses listed; an admin on every course, so lists none.
    if (member.role === 'admin' && member.courseIds?.length) problems.add(`/staff/${i}/courseIds`, `staff ${member.id}: an admin acts on every course and takes no courseIds`);
    for (const [ci, course] of (member.courseIds ?? []).entries()) {
      if (!courses.has(course)) problems.add(`/staff/${i}/courseIds/${ci}`, `staff ${member.id}: ${notHeld(`course ${course}`)}`);
    }
  }
  const assignments = new Set(held.assignments.keys());
  const assignmentOf = new Map([...held.assignments].map(([key, id]) => [id, key]));
  for (const [ei, exam] of (bundle.exams ?? []).entries()) {
    const at = `/exams/${ei}`;
    unique('exam', exam.id, at);
    if (!courses.has(exam.courseId)) problems.add(`${at}/courseId`, `${shown(exam.title)}: ${notHeld(`course ${exam.courseId}`)}`);
    if (exam.subjectId && !subjects.has(exam.subjectId)) problems.add(`${at}/subjectId`, `${shown(exam.title)}: ${notHeld(`subject ${exam.subjectId}`)}`);
    const heldExam = held.exams.get(exam.id);
    if (heldExam && heldExam.course !== exam.courseId) problems.add(`${at}/courseId`, `${shown(exam.title)} belongs to another course (${heldExam.course})`);
    for (const [qi, question] of exam.questions.entries()) {
      const qat = `${at}/questions/${qi}`;
      unique('question', question.id, qat);
      const owner = held.questions.get(question.id);
      if (owner && owner !== exam.id) problems.add(`${qat}/id`, `question ${qi + 1}: ${shown(question.id)} is a question of another exam (${owner})`);
      if (question.subjectId && !subjects.has(question.subjectId)) problems.add(`${qat}/subjectId`, `question ${qi + 1}: ${notHeld(`subject ${question.subjectId}`)}`);
      if (question.chapterId) {
        const problem = chapterProblem(question.chapterId, question.subjectId ?? exam.subjectId, itemsById, subjectNames);
        if (problem) problems.add(`${qat}/chapterId`, `question ${qi + 1}: ${problem}`);
      }
      checkQuestion(question, `question ${qi + 1}`, (field, message) => problems.add(`${qat}/${field}`, message));
    }
    const given = new Set<string>();
    for (const [ai, assignment] of (exam.assignments ?? []).entries()) {
      const aat = `${at}/assignments/${ai}`;
      if (!groups.has(assignment.groupId)) problems.add(`${aat}/groupId`, `${shown(exam.title)}: ${notHeld(`batch ${assignment.groupId}`)}`);
      else if (groups.get(assignment.groupId) !== exam.courseId) problems.add(`${aat}/groupId`, `${shown(exam.title)}: batch ${assignment.groupId} is of another course`);
      if (given.has(assignment.groupId)) problems.add(`${aat}/groupId`, `${shown(exam.title)}: batch ${assignment.groupId} is given twice`);
      given.add(assignment.groupId);
      const owner = assignment.id ? assignmentOf.get(assignment.id) : undefined;
      if (owner && owner !== `${exam.id}:${assignment.groupId}`) problems.add(`${aat}/id`, `${shown(exam.title)}: schedule ${assignment.id} is the schedule of another exam or batch`);
      assignments.add(`${exam.id}:${assignment.groupId}`);
      if (/^\d/.test(assignment.startsAt) && /^\d/.test(assignment.endsAt) && Date.parse(assignment.endsAt) <= Date.parse(assignment.startsAt)) {
        problems.add(`${aat}/endsAt`, `${shown(exam.title)}: the end ${assignment.endsAt} is not after the start ${assignment.startsAt}`);
      }
    }
  }
  for (const [fi, question] of (bundle.forum ?? []).entries()) {
    const at = `/forum/${fi}`;
    unique('forum question', question.id, at);
    if (!students.has(question.studentId)) problems.add(`${at}/studentId`, `forum question ${shown(question.id)}: ${notHeld(`student ${question.studentId}`)}`);
    if (!items.has(question.chapterId)) problems.add(`${at}/chapterId`, `forum question ${shown(question.id)}: ${notHeld(`chapter ${question.chapterId}`)}`);
    for (const [ci, comment] of (question.comments ?? []).entries()) {
      unique('forum comment', comment.id, `${at}/comments/${ci}`);
      const known = comment.userType === 'Admin' ? staffIds.has(comment.userId) : students.has(comment.userId);
      if (!known) problems.add(`${at}/comments/${ci}/userId`, `forum comment ${shown(comment.id)}: ${notHeld(`${comment.userType} ${comment.userId}`)}`);
    }
  }
  for (const [ni, n] of (bundle.notifications ?? []).entries()) {
    unique('notification', n.id, `/notifications/${ni}`);
    for (const [si, id] of n.studentIds.entries()) if (!students.has(id)) problems.add(`/notifications/${ni}/studentIds/${si}`, `notification ${n.id}: ${notHeld(`student ${id}`)}`);
  }
  const examsById = new Map((bundle.exams ?? []).map((exam) => [exam.id, exam]));
  const liveSubmissions = new Set<string>();
  for (const [i, submission] of (bundle.submissions ?? []).entries()) {
    const at = `/submissions/${i}`;
    const where = `submission ${i} (student ${submission.studentId}, exam ${submission.examId})`;
    const exam = examsById.get(submission.examId);
    if (!exam) problems.add(`${at}/examId`, `${where}: the exam is not in the bundle`);
    if (!students.has(submission.studentId)) problems.add(`${at}/studentId`, `${where}: the student is not in the bundle`);
    if (!members.has(`${submission.groupId}:${submission.studentId}`)) problems.add(`${at}/groupId`, `${where}: the student is not in group ${submission.groupId}`);
    if (exam && !(exam.assignments ?? []).some((a) => a.groupId === submission.groupId)) problems.add(`${at}/groupId`, `${where}: the exam is not assigned to group ${submission.groupId}`);
    if (exam?.isSegmentedExam) problems.add(`${at}/examId`, `${where}: submissions of segmented exams cannot be imported`);
    const questionIds = new Set((exam?.questions ?? []).map((q) => q.id));
    for (const [ai, answer] of submission.answers.entries()) if (exam && !questionIds.has(answer.questionId)) problems.add(`${at}/answers/${ai}`, `${where}: question ${answer.questionId} is not in the exam`);
    if (exam && !exam.isPracticeExam) {
      // A live exam is taken once per student, whatever the batch (one live attempt each).
      const key = `${submission.examId}:${submission.studentId}`;
      if (liveSubmissions.has(key)) problems.add(at, `${where}: two submissions for this live exam; a student sits a live exam once`);
      liveSubmissions.add(key);
    }
  }
  const exams = new Set([...held.exams.keys(), ...examsById.keys()]);
  const questions = new Map(held.questions);
  for (const exam of bundle.exams ?? []) for (const q of exam.questions) questions.set(q.id, exam.id);
  const contents = new Set([...held.contents.keys()]);
  for (const course of bundle.courses ?? []) for (const s of course.subjects ?? []) for (const item of [...(s.chapters ?? []), ...(s.lectures ?? []), ...(s.questionSolves ?? [])]) for (const c of item.contents ?? []) contents.add(c.id);
  for (const [ri, removal] of (bundle.remove ?? []).entries()) {
    const at = `/remove/${ri}`;
    const need = (field: 'id' | 'examId' | 'groupId') => {
      if (!removal[field]) problems.add(`${at}/${field}`, `removing a ${removal.kind} needs its ${field}`);
      return removal[field] ?? '';
    };
    const known = (set: { has(id: string): boolean }, what: string, id: string) => {
      if (id && !set.has(id)) problems.add(at, `cannot remove ${what} ${id}: it is not in the academy`);
    };
    if (removal.kind === 'exam') known(exams, 'exam', need('id'));
    if (removal.kind === 'question') known(questions, 'question', need('id'));
    if (removal.kind === 'item') known(items, 'item', need('id'));
    if (removal.kind === 'content') known(contents, 'content', need('id'));
    if (removal.kind === 'assignment') {
      const exam = need('examId');
      const group = need('groupId');
      if (exam && group && !assignments.has(`${exam}:${group}`)) problems.add(at, `cannot remove the exam ${exam} from batch ${group}: it is not given to that batch`);
    }
    if (removal.kind === 'membership') {
      const group = need('groupId');
      const student = removal.studentId ?? (removal.phone ? held.studentsByUsername.get(`88${removal.phone}`) : undefined);
      if (!removal.studentId && !removal.phone) problems.add(at, 'removing a student from a batch needs the studentId or the phone');
      else if (!student || !students.has(student)) problems.add(at, `cannot remove student ${removal.studentId ?? removal.phone} from batch ${group}: no such student`);
      else {
        removal.studentId = student;
        if (group && !members.has(`${group}:${student}`)) problems.add(at, `student ${removal.studentId ?? removal.phone} is not in batch ${group}`);
      }
    }
  }
  if (!collect) problems.throwIfAny();
  return bundle;
}
