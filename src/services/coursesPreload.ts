// My Courses' list asked for as soon as the student is known (the sign-in's answer, or the stored session
// of a later visit) rather than once the course list's code has run: on a slow phone that code runs a
// second or more after the answer, and the list's request is one more round trip after that
// (docs/performance.md, "The first visit on a slow phone"). The answer is kept for the course list's
// first load only, and not for long: a Retry or a later visit to the list asks the server again. The
// sign-in's own answer carries the list (keepCourses), so after a sign-in no request is needed at all.
import type { CourseSummary } from '../contracts/content';
import { contentApi } from './content';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

/** A kept answer older than this is not used; the list asks again. */
const KEPT_MS = 30_000;
/** Where the student lands with the course list first: My Courses, or the sign-in that leads to it. */
const LANDS_ON_COURSES = new Set(['/', '/courses', '/login']);

let kept: { studentId: string; at: number; answer: Promise<CourseSummary[]> } | null = null;

/** Asks for the student's courses now, when the page is on its way to My Courses. */
export function preloadCourses(studentId: string): void {
  if (!LANDS_ON_COURSES.has(window.location.pathname) || kept?.studentId === studentId) return;
  const answer = contentApi.coursesOfStudent(studentId);
  // A failure is the course list's to show, if it uses this answer at all.
  answer.catch(() => undefined);
  kept = { studentId, at: Date.now(), answer };
}

/**
 * Keeps the course list the sign-in answered with (src/contracts/account.ts, `myCourses`), so My
 * Courses needs no request of its own after signing in; used once, as an answer asked for ahead is.
 */
export function keepCourses(studentId: string, courses: CourseSummary[]): void {
  kept = { studentId, at: Date.now(), answer: Promise.resolve(courses) };
}

/** The student's courses: the answer asked for ahead (once), else a new request. */
export function coursesOfStudent(studentId: string): Promise<CourseSummary[]> {
  const ahead = kept;
  kept = null;
  if (ahead && ahead.studentId === studentId && Date.now() - ahead.at < KEPT_MS) return ahead.answer;
  return contentApi.coursesOfStudent(studentId);
}

/** My Courses' list as the phone kept it from the last answer (the spec's `courses` key; cleared at sign-out). */
interface KeptCourses {
  studentId: string;
  courses: CourseSummary[];
  /** When the answer came (device time, ms). */
  at: number;
}

/**
 * The list kept on the phone from the student's last answer, so a later visit draws My Courses at once
 * while the fresh list is asked for; null when none is kept for this student.
 */
export function keptCourses(studentId: string): { courses: CourseSummary[]; at: number } | null {
  const kept = readJson<KeptCourses | null>(STORAGE_KEYS.courses, null);
  return kept && kept.studentId === studentId && Array.isArray(kept.courses) && typeof kept.at === 'number' ? { courses: kept.courses, at: kept.at } : null;
}

/** Keeps the fresh list on the phone for the next visit. */
export function keepCoursesOnPhone(studentId: string, courses: CourseSummary[]): void {
  writeJson(STORAGE_KEYS.courses, { studentId, courses, at: Date.now() } satisfies KeptCourses);
}
