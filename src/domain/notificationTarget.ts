// Where a notification leads in the app (the spec's route table): the bell's list and a push's tap
// open the same address.
import { examAddress, examPlaceAddress } from './examPlace';
import type { NotificationInfo } from '../contracts/notifications';

export interface NotificationTarget {
  to: string;
}

const VIDEO_KINDS = ['lecture', 'chapter', 'question-solve'];

/** Where a notification leads (spec route table), or null for a notice with nothing to open. */
export function notificationTarget(info: NotificationInfo | undefined): NotificationTarget | null {
  if (!info?.on) return null;
  // An exam reminder opens that exam's instruction on its list (or its card, once it cannot start).
  if (info.on === 'exam' && info.reminder === true && info.id && info.courseId) return { to: examAddress({ courseId: info.courseId, examId: info.id, isPracticeExam: false }) };
  // Another exam notification opens its course's list: practice, or the live exams past (a result) or to come.
  if (info.on === 'exam') return { to: examPlaceAddress({ courseId: info.courseId ?? null, tab: info.isPracticeExam === true ? 'practice' : 'live', listType: info.examResultId ? 'previous' : 'upcoming' }) };
  if (!info.id) return null;
  if (VIDEO_KINDS.includes(info.on)) return { to: `/videos/${info.id}/${info.on}` };
  if (info.on === 'forum') return { to: `/question-details/${info.id}` };
  // A published live result: the notification names the exam and the batch of the result.
  if (info.on === 'result' && info.groupId) return { to: `/result/${info.id}/${info.groupId}` };
  return null;
}
