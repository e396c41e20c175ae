// The demo academy (server/db/seed/demo) as the browser tests meet it: its students, ids and titles,
// and the server records the tests read back.
import type { TestServer } from './test-server.js';

/** In batches with content, exams and notifications. */
export const DEMO_STUDENT = { id: '570000000000000000000001', phone: '01700000001', password: 'student123' } as const;
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
  liveExamTitle: 'Weekly Live Test: Cardiovascular Physiology',
  upcomingExamTitle: 'Grand Test: Anatomy of the Upper Limb',
  shortPracticeExam: 'e10000000000000000000004',
  practiceExam: 'e10000000000000000000005',
  segmentedExam: 'e10000000000000000000006',
} as const;

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
