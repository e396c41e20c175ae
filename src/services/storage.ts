// Local storage under the spec's keys. Exam answers (localSavedAnswers) are keyed by student and exam
// and are never cleared by sign-out: undelivered answers wait for delivery.
export const STORAGE_KEYS = {
  sessionId: 'sessionId',
  student: 'student',
  courses: 'courses',
  localSavedAnswers: 'localSavedAnswers',
  allExams: 'allExams',
  allSubjects: 'allSubjects',
  isLive: 'isLive',
  subjectOfSelectedExam: 'subjectOfSelectedExam',
  selectedSegmentedExamSubjects: 'selectedSegmentedExamSubjects',
  examCandidateCategory: 'exam_candidateCategory',
  examFaculty: 'exam_faculty',
  examSubject: 'exam_subject',
} as const;

/** Keys that survive sign-out. */
const KEPT_ON_SIGN_OUT = new Set<string>([STORAGE_KEYS.localSavedAnswers]);

const store = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readJson<T>(key: string, fallback: T): T {
  const raw = store()?.getItem(key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  store()?.setItem(key, JSON.stringify(value));
}

export function removeKey(key: string): void {
  store()?.removeItem(key);
}

export const readSessionId = (): string | null => store()?.getItem(STORAGE_KEYS.sessionId) ?? null;
export const writeSessionId = (id: string): void => store()?.setItem(STORAGE_KEYS.sessionId, id);

/** Clears everything a signed-in student left, except answers still waiting for delivery. */
export function clearOnSignOut(): void {
  const s = store();
  if (!s) return;
  for (const key of Object.keys(s)) if (!KEPT_ON_SIGN_OUT.has(key)) s.removeItem(key);
}
