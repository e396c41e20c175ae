// What the teacher desk's week hears on the realtime channel: a student started or submitted an exam
// of a batch. Ids only (no student, no count): the desk reads the week again for the row. The server
// sends at most one per exam and batch every EXAM_ACTIVITY_THROTTLE_MS, and one more at the end of
// that time when more happened meanwhile, so the last change always arrives.
export const EXAM_ACTIVITY_EVENT = 'examActivity';
export interface ExamActivity {
  examId: string;
  groupId: string;
}
export const EXAM_ACTIVITY_THROTTLE_MS = 3_000;
