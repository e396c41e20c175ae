// A notification as the API sends it (the list and the live 'notification' event); the server builds
// it, the app reads it.

/** Where a click leads: `on` names the kind of target, `id` the item (see the route table). */
export interface NotificationInfo {
  on?: string;
  id?: string;
  courseId?: string;
  subjectId?: string;
  title?: string;
  isPracticeExam?: boolean;
  examResultId?: string;
  [key: string]: unknown;
}

export interface NotificationBody {
  _id: string;
  type: 'notification' | 'notice';
  message: string;
  createdAt: string;
  info: NotificationInfo;
}

/** One student's notification. */
export interface StudentNotification {
  notificationId: NotificationBody;
  isSeen: boolean;
}
