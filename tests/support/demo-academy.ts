// The demo academy (server/db/seed/demo) as the browser tests meet it: its students, ids and titles,
// the way into one of its exams, and the server records the tests read back.
import type { Locator, Page } from 'playwright-core';
import { signIn } from './browser.js';
import type { TestServer } from './test-server.js';

/** In batches with content, exams and notifications. */
export const DEMO_STUDENT = { id: '570000000000000000000001', phone: '01700000001', password: 'student123' } as const;
/** The demo teacher: marks written answers and publishes results at /staff. */
export const DEMO_TEACHER = { id: '5f0000000000000000000001', username: 'teacher@academy.test', password: 'teacher-pass-2026' } as const;
/** The demo administrator: imports sheets at /staff/import. */
export const DEMO_ADMIN = { id: '5f0000000000000000000002', username: 'admin@academy.test', password: 'admin-pass-2026' } as const;
/** In no batch: the empty states. */
export const NO_BATCH_STUDENT = { id: '570000000000000000000002', phone: '01700000002', password: 'student123' } as const;

export const DEMO = {
  group: '900000000000000000000001',
  mbbsCourse: 'c00000000000000000000001',
  mbbsCourseName: 'MBBS Admission 2026',
  residencyCourse: 'c00000000000000000000003',
  anatomySubject: '500000000000000000000001',
  anatomyLecture: '1e0000000000000000000001',
  upperLimbChapter: 'ca0000000000000000000001',
  clearVideo: '7d0000000000000000000001',
  protectedVideo: '7d0000000000000000000002',
  liveExam: 'e10000000000000000000001',
  /** A finished live exam whose results are published: a merit list of 24 with a shared rank. */
  publishedExam: 'e10000000000000000000003',
  publishedExamTitle: 'Live Test: Biochemistry of Enzymes',
  /** A finished live exam whose written answers wait for the teacher's marks. */
  awaitingMarkingExam: 'e10000000000000000000009',
  awaitingMarkingAssignment: 'e30000000000000000000010',
  awaitingMarkingExamTitle: 'Live Test: Cardiac Cycle (Written)',
  liveExamTitle: 'Weekly Live Test: Cardiovascular Physiology',
  upcomingExamTitle: 'Grand Test: Anatomy of the Upper Limb',
  shortPracticeExam: 'e10000000000000000000004',
  practiceExam: 'e10000000000000000000005',
  segmentedExam: 'e10000000000000000000006',
} as const;

/** The card's button of an exam not started yet, or under way ("Resume · 42 min left"). */
export const START_OR_RESUME = /^(Start Exam|Resume · \d+ min left)$/;

/** The student's current (not superseded) attempt of an exam, as the server stored it. */
export function currentAttempt(server: TestServer, examId: string, studentId: string = DEMO_STUDENT.id) {
  return server.app.db
    .selectFrom('attempts')
    .selectAll()
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .where('superseded_at', 'is', null)
    .executeTakeFirst();
}

/** A candidate category, faculty and subject of the demo academy's lists (server/db/seed/demo/60-faculties.json). */
export const DEMO_START_FILTERS = { candidateCategory: 'Govt.', facultyName: 'Basic Science', subjectName: 'Physiology' } as const;

/**
 * Remembers DEMO_START_FILTERS on the device, as a student who chose them at an earlier exam start: a
 * live exam then starts without asking. Call it on the signed-in page before My Exams opens.
 */
export async function rememberStartFilters(page: Page): Promise<void> {
  await page.evaluate((filters) => {
    localStorage.setItem('exam_candidateCategory', JSON.stringify(filters.candidateCategory));
    localStorage.setItem('exam_faculty', JSON.stringify(filters.facultyName));
    localStorage.setItem('exam_subject', JSON.stringify(filters.subjectName));
  }, DEMO_START_FILTERS);
}

/**
 * Signs the demo student in, opens My Exams for the MBBS course and starts the named exam from its
 * card and its instruction; closes the advisory that opens with the exam.
 */
export async function openExam(page: Page, baseUrl: string, title: string, tab: 'Live Exam' | 'Practice Exam'): Promise<void> {
  await signIn(page, baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
  await rememberStartFilters(page);
  await page.goto('/exams');
  await page.getByText('Choose course for exam information').waitFor();
  await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
  await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
  if (tab === 'Practice Exam') await page.getByRole('tab', { name: 'Practice Exam' }).click();
  const card = page.getByRole('article', { name: title });
  // An exam another test of the file started says how long is left to resume it; Resume opens its paper at once.
  const start = card.getByRole('button', { name: START_OR_RESUME });
  const resuming = /^Resume/.test((await start.textContent()) ?? '');
  await start.click();
  if (!resuming) await page.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).click();
  await page.waitForURL(/\/live-exam\//);
  // The advisory about a stable connection opens with the attempt (a new browser context: a new phone).
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
}

/** Gives a written answer: its card's Submit Answer, then Submit in the app's confirmation. */
export async function submitWrittenAnswer(card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await card.page().getByRole('dialog', { name: /^Submit answer \d+$/ }).getByRole('button', { name: 'Submit', exact: true }).click();
}
