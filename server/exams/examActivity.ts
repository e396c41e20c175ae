// Tells the teacher desks that an exam's attempts changed (a start or a submit), throttled per exam and
// batch (src/domain/staffSchedule.ts): the first change goes out at once, later ones within the window
// are folded into one sent when it closes. An opening storm of a thousand starts thus costs each desk
// one event every few seconds per exam, never one per student. Each process throttles its own. Only the
// desks of the exam's course hear it (server/realtime.ts).
import type { FastifyInstance } from 'fastify';
import { examCourse } from './queries.js';
import { EXAM_ACTIVITY_EVENT, EXAM_ACTIVITY_THROTTLE_MS, type ExamActivity } from '../../src/domain/staffSchedule.js';

interface Window {
  /** More happened after the event that opened the window. */
  again: boolean;
}

const windows = new WeakMap<FastifyInstance, Map<string, Window>>();

export function tellDesksOfAttempts(app: FastifyInstance, examId: string, groupId: string): void {
  let open = windows.get(app);
  if (!open) windows.set(app, (open = new Map()));
  const key = `${examId}:${groupId}`;
  const window = open.get(key);
  if (window) {
    window.again = true;
    return;
  }
  // The exam's course, read once while the window stays open.
  const course = examCourse(app.db, examId);
  const send = () => {
    course.then(
      (courseId) => {
        if (courseId) app.realtime.toStaffOfCourse(courseId, EXAM_ACTIVITY_EVENT, { examId, groupId } satisfies ExamActivity);
      },
      (error: Error) => app.log.warn({ err: error }, 'the desks were not told of an exam\'s attempts'),
    );
  };
  const opened: Window = { again: false };
  open.set(key, opened);
  send();
  const close = () => {
    if (!opened.again) {
      open.delete(key);
      return;
    }
    opened.again = false;
    send();
    setTimeout(close, EXAM_ACTIVITY_THROTTLE_MS).unref();
  };
  setTimeout(close, EXAM_ACTIVITY_THROTTLE_MS).unref();
}
