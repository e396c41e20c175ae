// Local storage under the spec's keys. Exam answers (localSavedAnswers) are keyed by student and exam;
// sign-out leaves that key to the answer store, which deletes the delivered answers and keeps the
// undelivered ones waiting for delivery (answerStore.forgetDelivered).
export const STORAGE_KEYS = {
  sessionId: 'sessionId',
  student: 'student',
  courses: 'courses',
  localSavedAnswers: 'localSavedAnswers',
  /** Written answers being typed, not yet given with Submit Answer (src/services/answerStore.ts). */
  answerDrafts: 'answerDrafts',
  /** Questions flagged for review during a running exam (src/services/answerStore.ts). */
  reviewFlags: 'reviewFlags',
  allExams: 'allExams',
  allSubjects: 'allSubjects',
  isLive: 'isLive',
  subjectOfSelectedExam: 'subjectOfSelectedExam',
  selectedSegmentedExamSubjects: 'selectedSegmentedExamSubjects',
  examCandidateCategory: 'exam_candidateCategory',
  examFaculty: 'exam_faculty',
  examSubject: 'exam_subject',
  /** Running attempts kept so the exam opens offline (src/services/keptAttempts.ts); cleared at sign-out. */
  keptAttempts: 'keptAttempts',
  /** The last Today answer, kept so the home screen's strip shows offline (src/services/today.ts). */
  today: 'today',
  /** Videos watched part-way on this device, for the Today strip (src/services/today.ts). */
  watchedVideos: 'watchedVideos',
  /** The attempts whose connection advisory was shown on this device (src/services/examAdvisory.ts). */
  examAdvisoryShown: 'examAdvisoryShown',
  /** This tab's registration or reset waiting for its code (sessionStorage; src/services/otpFlowStore.ts). */
  pendingOtp: 'pendingCode',
  /** Set in sessionStorage while the tab's session id is a teacher desk's (src/services/staff.ts). */
  deskSession: 'deskSession',
  /** The number sign-in fills in: the last one signed in with Remember me, or whose password was just reset. */
  signInPhone: 'signInPhone',
} as const;

/** Keys that survive sign-out. */
// The advisory's attempts stay too: signing in again during a running exam is no new attempt.
// The remembered number stays: Remember me asked for it, and sign-in after sign-out needs it.
const KEPT_ON_SIGN_OUT = new Set<string>([
  STORAGE_KEYS.localSavedAnswers, STORAGE_KEYS.answerDrafts, STORAGE_KEYS.reviewFlags, STORAGE_KEYS.examAdvisoryShown, STORAGE_KEYS.signInPhone,
]);

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

/** An object stored as JSON text under `key` in the given storage; an empty object when missing or unreadable. */
export function readStoredObject<T extends object>(storage: Storage | null, key: string): T {
  const raw = storage?.getItem(key);
  if (!raw) return {} as T;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return (parsed && typeof parsed === 'object' ? parsed : {}) as T;
  } catch {
    return {} as T;
  }
}

/** Removes `all[student][exam]` and an emptied `all[student]`; false when there was nothing to remove. */
export function removeStudentExam<T>(all: Record<string, Record<string, T>>, studentId: string, examId: string): boolean {
  if (!all[studentId]?.[examId]) return false;
  delete all[studentId][examId];
  if (Object.keys(all[studentId]).length === 0) delete all[studentId];
  return true;
}

export function writeJson(key: string, value: unknown): void {
  store()?.setItem(key, JSON.stringify(value));
}

export function removeKey(key: string): void {
  store()?.removeItem(key);
}

const tabStore = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** The session id: kept in localStorage with Remember me, else only for this tab in sessionStorage. */
export const readSessionId = (): string | null => store()?.getItem(STORAGE_KEYS.sessionId) ?? tabStore()?.getItem(STORAGE_KEYS.sessionId) ?? null;
export function writeSessionId(id: string, remember = true): void {
  // One place only, so an old remembered id never outlives a newer tab-only sign-in.
  store()?.removeItem(STORAGE_KEYS.sessionId);
  tabStore()?.removeItem(STORAGE_KEYS.sessionId);
  tabStore()?.removeItem(STORAGE_KEYS.deskSession);
  (remember ? store() : tabStore())?.setItem(STORAGE_KEYS.sessionId, id);
}

/** The number to fill into sign-in, or '' when none is remembered. */
export const readSignInPhone = (): string => store()?.getItem(STORAGE_KEYS.signInPhone) ?? '';
/** Remembers the number for the next sign-in (null: forgets it, as a sign-in without Remember me asks). */
export function keepSignInPhone(phone: string | null): void {
  if (phone) store()?.setItem(STORAGE_KEYS.signInPhone, phone);
  else store()?.removeItem(STORAGE_KEYS.signInPhone);
}

/** Marks the tab's session id as the teacher desk's: a student's sign-out clean-up leaves it alone. */
export function markDeskSession(): void {
  tabStore()?.setItem(STORAGE_KEYS.deskSession, '1');
}

/** Forgets the session id alone (the teacher desk's sign-out: a student's data on the device is not the desk's). */
export function forgetSessionId(): void {
  store()?.removeItem(STORAGE_KEYS.sessionId);
  tabStore()?.removeItem(STORAGE_KEYS.sessionId);
  tabStore()?.removeItem(STORAGE_KEYS.deskSession);
}

/** Clears everything a signed-in student left, except answers still waiting for delivery, written drafts and the advisory's attempts. */
export function clearOnSignOut(): void {
  const s = store();
  if (!s) return;
  for (const key of Object.keys(s)) if (!KEPT_ON_SIGN_OUT.has(key)) s.removeItem(key);
  // A registration or reset waiting for its code belongs to nobody signed in: it stays for the tab;
  // so does a teacher desk's session (the app's start, finding no student, cleans up here).
  const tab = tabStore();
  if (!tab) return;
  const kept = tab.getItem(STORAGE_KEYS.deskSession) ? [STORAGE_KEYS.pendingOtp, STORAGE_KEYS.deskSession, STORAGE_KEYS.sessionId] : [STORAGE_KEYS.pendingOtp];
  for (const key of Object.keys(tab)) if (!kept.includes(key as (typeof kept)[number])) tab.removeItem(key);
}
