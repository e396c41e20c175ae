// The student's place on the exams page, kept in its address (/exams?course=…&tab=…&type=…) so Back,
// a notification and the return after an exam land on the exact list.
export type ExamTab = 'live' | 'practice';
export type ExamListType = 'previous' | 'upcoming';

export interface ExamPlace {
  /** The chosen course, or null on 'Choose course'. */
  courseId: string | null;
  tab: ExamTab;
  /** Previous or upcoming exams (the Live Exam tab's filter). */
  listType: ExamListType;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads a place from an address's search part; anything unknown falls back to the default. */
export function examPlaceFrom(search: string | URLSearchParams): ExamPlace {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const course = params.get('course');
  return {
    courseId: course && ID.test(course) ? course : null,
    tab: params.get('tab') === 'practice' ? 'practice' : 'live',
    listType: params.get('type') === 'previous' ? 'previous' : 'upcoming',
  };
}

/** The address of a place: /exams with only what differs from the default. */
export function examPlaceAddress(place: Partial<ExamPlace>): string {
  const params = new URLSearchParams();
  if (place.courseId) params.set('course', place.courseId);
  if (place.tab === 'practice') params.set('tab', 'practice');
  if (place.tab !== 'practice' && place.listType === 'previous') params.set('type', 'previous');
  const search = params.toString();
  return search ? `/exams?${search}` : '/exams';
}

/**
 * The address of one exam on its course's list (?exam=): the list opens with that exam's instruction when it
 * can start, else with its card in view. Today's lines lead here.
 */
export function examAddress(exam: { courseId: string; examId: string; isPracticeExam: boolean }): string {
  const list = examPlaceAddress({ courseId: exam.courseId, tab: exam.isPracticeExam ? 'practice' : 'live' });
  return `${list}${list.includes('?') ? '&' : '?'}exam=${encodeURIComponent(exam.examId)}`;
}

/** The exam an address names (?exam=), or null. */
export function addressedExamOf(search: string): string | null {
  const exam = new URLSearchParams(search).get('exam');
  return exam && ID.test(exam) ? exam : null;
}

export const samePlace = (a: ExamPlace, b: ExamPlace): boolean =>
  a.courseId === b.courseId && a.tab === b.tab && (a.tab === 'practice' || a.listType === b.listType);

const LAST_LIST_KEY = 'examListAddress';

/** Remembers the list an exam was started from (for this tab, surviving a reload). */
export function rememberExamList(address: string): void {
  if (typeof sessionStorage !== 'undefined' && address.startsWith('/exams')) sessionStorage.setItem(LAST_LIST_KEY, address);
}

/** The list to return to after an exam: the one it was started from, else My Exams. */
export function examListAddress(): string {
  const stored = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(LAST_LIST_KEY);
  return stored?.startsWith('/exams') ? stored : '/exams';
}
