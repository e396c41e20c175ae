// Table types for Kysely. Conventions shared by SQLite and PostgreSQL:
// ids are 24-hex text, times are ISO-8601 UTC text (sortable), flags are integers 0/1,
// lists and objects are JSON text (see server/db/json.ts).
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ItemType } from '../../src/contracts/paths.js';
import type { QuestionType } from '../../src/contracts/exams.js';

export type Flag = 0 | 1;

export interface StudentsTable {
  id: string;
  name: string;
  sid: string; // roll
  username: string; // registered mobile, with the 88 prefix
  contact: string | null; // alternative mobile
  session: string | null; // academic session, e.g. 2025-26
  branch_name: string | null;
  branch_division: string | null;
  profile_pic: string | null; // storage key
  ssc_gpa: number | null;
  hsc_gpa: number | null;
  password_hash: string | null; // null until a password is set
  created_at: string;
}

export interface StaffTable {
  id: string;
  name: string;
  username: string;
  role: 'teacher' | 'admin';
  password_hash: string;
  created_at: string;
  /** Set when an administrator turned the account off: it cannot sign in and its sessions ended. */
  disabled_at: string | null;
}

/** The courses a teacher teaches (admins need no rows: they act on every course). */
export interface StaffCoursesTable {
  staff_id: string;
  course_id: string;
}

export interface SessionsTable {
  id_hash: string; // sha-256 of the 128-bit session id; the id itself is never stored
  user_id: string;
  user_kind: 'student' | 'staff';
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface OtpRequestsTable {
  id: string; // the "hash" handed to the client
  phone: string;
  purpose: 'register' | 'reset';
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  used_at: string | null;
  /** The staff member who sent a reset code from the desk; null for the student's own request. */
  issued_by: string | null;
  /** The desk request whose code this forgot-password request holds (server/account/otp.ts); null for a code of its own. */
  code_of: string | null;
}

/** Counted events for rate limits (OTP sends per phone, login attempts). */
export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  at: string;
}

export interface GroupsTable {
  id: string;
  name: string;
  course_id: string;
}

export interface GroupMembersTable {
  group_id: string;
  student_id: string;
}

/** Which chapters, lectures and question-solve items a group may reach. */
export interface GroupItemsTable {
  group_id: string;
  item_type: ItemType;
  item_id: string;
}

export interface CoursesTable {
  id: string;
  name: string | null;
  description: string | null;
  image: string | null;
  position: number;
}

export interface SubjectsTable {
  id: string;
  course_id: string;
  name: string | null;
  image: string | null;
  position: number;
}

/** Chapters, lectures and question-solve items share one shape and one table. */
export interface ItemsTable {
  id: string;
  item_type: ItemType;
  subject_id: string;
  name: string;
  description: string | null;
  position: number;
}

export interface ContentsTable {
  id: string;
  item_id: string;
  type: 'video' | 'file';
  title: string;
  url: string | null; // stream address (video) or null
  key: string | null; // storage key (file) or stream key (video)
  thumbnail: string | null;
  /** hls | dash-drm | iframe | youtube for videos; null for files */
  video_kind: string | null;
  is_published: Flag;
  is_vod: Flag;
  is_available: Flag;
  is_drm_enabled: string; // '1' means protected
  drm_type: string | null; // Widevine | PlayReady | FairPlay | ClearKey
  /** JSON: ClearKey key ids and keys (hex) for protected demo streams; never sent to clients. */
  drm_keys: string | null;
  subjects: string; // JSON list of subject ids
  position: number;
  created_at: string;
}

export interface CompletionsTable {
  student_id: string;
  content_id: string;
  course_id: string;
  subject_id: string;
  type: 'video' | 'file';
  completed_at: string;
}

export interface ExamsTable {
  id: string;
  title: string;
  course_id: string;
  subject_id: string | null;
  is_practice: Flag;
  is_segmented: Flag;
  instruction: string | null; // HTML
  total_marks: number;
  pass_mark: number; // percent
  negative_mark: number; // marks taken per wrong MCQ/checkbox answer, and per wrong MCA option share
  segmented_details: string | null; // JSON SegmentedExamDetails
  gpa_factor: string | null; // JSON {hsc, ssc}
  created_at: string;
  /** Hours a live exam's answer-key challenge window stays open after publication; null: the academy's default. */
  challenge_hours: number | null;
}

/** An exam given to a group: the "exam assignment" of the spec. */
export interface ExamAssignmentsTable {
  id: string;
  exam_id: string;
  group_id: string;
  starts_at: string;
  ends_at: string;
  duration: number; // minutes
  cut_marks: number | null;
  multiple_times_submission: Flag;
  result_published: Flag;
  /** When a teacher published the results (live exams); the marks are final from then on. */
  published_at: string | null;
  removed_at: string | null;
  /** When the answer-key challenge window of a published live exam closes; null: no window. */
  challenge_closes_at: string | null;
}

export interface QuestionsTable {
  id: string;
  exam_id: string;
  subject_id: string | null;
  /** The question's chapter (an item of type chapter of its subject), set by the import; null: the subject only. */
  chapter_id: ColumnType<string | null, string | null | undefined, string | null>;
  position: number;
  type: QuestionType;
  title: string;
  point: number;
  options: string; // JSON string[]
  option_type: string; // JSON Record<optionIndex, 'image'>
  answer: string; // JSON; the key: never sent before the student's submission
  image: string; // JSON string[] of storage keys or URLs
  file: string; // JSON string[]
  explanation: string | null;
  explanation_ext: string; // JSON string[]
  notes: string | null;
  /** JSON number[]: the options an MCQ accepts after a key decision (any of them scores); null: the key alone. */
  accepted_options: string | null;
  /** 1 when a key decision dropped the question: it counts for no one, in neither marks nor full marks. */
  dropped: Generated<Flag>;
}

export interface AttemptsTable {
  id: string;
  exam_id: string;
  group_id: string;
  student_id: string;
  started_at: string; // server clock
  deadline_at: string; // server-computed end of the attempt
  submitted_at: string | null;
  set_code: string | null;
  candidate_category: string | null;
  faculty: string | null;
  subject_name: string | null;
  /** Incremented by a practice retake; only the newest attempt counts. */
  round: number;
  superseded_at: string | null;
  /** 1 for an attempt of a live exam: one per (exam, student) whatever the batch (unique index). */
  live: 0 | 1;
}

export interface AnswersTable {
  attempt_id: string;
  question_id: string;
  answer: string; // JSON
  extra: string; // JSON attachments [{name,key,type}]
  answer_index: number | null; // MCA option touched last
  client_timestamp: number; // ms since epoch on the student's device; newest wins
  saved_at: string;
  offline: Flag;
  /** A teacher's marks for a written answer (shortAns/paragraph); null until marked. */
  review_marks: number | null;
  /** The teacher's comment, shown to the student on the result. */
  review_comment: string | null;
  reviewed_by: string | null; // staff id
  reviewed_at: string | null;
}

/** A result's places in its exam's merit list, as the results table stores them (the
 * regrade, in server/exams and server/challenges, and the merit list's queries in server/results). */
export interface ResultPlaces {
  merit_position: number | null;
  merit_rank: number | null;
  faculty_position: number | null;
  subject_position: number | null;
  category_position: number | null;
}

export interface ResultsTable {
  id: string;
  attempt_id: string;
  exam_id: string;
  group_id: string;
  student_id: string;
  marks_obtained: number;
  negative_marks: number;
  total_marks: number;
  correct: number;
  incorrect: number;
  skipped: number;
  passed: Flag;
  /** Per-question marks as JSON [{questionId, marks, negativeMarks, correct, answered, total, pendingReview}] */
  detail: string;
  pending_review: Flag; // shortAns/paragraph awaiting a teacher's mark
  /** GPA marks (HSCGPA x hsc + SSCGPA x ssc) taken when the attempt was graded; 0 without a GPA factor. */
  gpa_marks: number;
  /** marks_obtained + gpa_marks: what the merit list ranks by. */
  overall_marks: number;
  /** A live exam's merit list, fixed when its results are published; null before (and for practice exams). */
  merit_position: number | null;
  merit_rank: number | null;
  faculty_position: number | null;
  subject_position: number | null;
  category_position: number | null;
  created_at: string;
}

export interface SegmentedSelectionsTable {
  exam_id: string;
  student_id: string;
  mandatory_subjects: string; // JSON [{subjectId,count}]
  compulsory_optional_subjects: string;
  optional_subjects: string;
  updated_at: string;
}

export interface ForumQuestionsTable {
  id: string;
  student_id: string;
  course_id: string;
  subject_id: string;
  chapter_id: string;
  question_description: string;
  media: string; // JSON [{mediaType, mediaUrl}]
  status: string; // OPEN | COMPLETED
  created_at: string;
  updated_at: string;
  /** Students who like the question (rows of forum_likes), kept in step with them. */
  likes: Generated<number>;
  /** Replies (rows of forum_comments), kept in step with them. */
  answers: Generated<number>;
  /** The question's or its newest reply's time. */
  last_activity_at: string | null;
  /** 1 once a teacher (userType Admin) has replied: the desk's queue reads it. */
  teacher_replied: Generated<number>;
  /** The reply a teacher marked as the answer (migration 0025), shown first to students. */
  answer_comment_id: string | null;
}

export interface ForumCommentsTable {
  id: string;
  question_id: string;
  user_id: string;
  user_type: 'Admin' | 'Student';
  reply: string;
  media: string;
  created_at: string;
  updated_at: string;
  /** Students who upvoted the reply (rows of forum_upvotes). */
  upvotes: Generated<number>;
}

export interface ForumLikesTable {
  question_id: string;
  student_id: string;
}

export interface ForumUpvotesTable {
  comment_id: string;
  student_id: string;
}

export interface ForumBookmarksTable {
  question_id: string;
  student_id: string;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  type: 'notification' | 'notice';
  message: string;
  info: string; // JSON {on, id, courseId, subjectId, title, isPracticeExam, examResultId}
  created_at: string;
}

export interface StudentNotificationsTable {
  notification_id: string;
  student_id: string;
  is_seen: Flag;
  deleted_at: string | null;
}

export interface StoredFilesTable {
  key: string;
  mime_type: string;
  size: number;
  owner_id: string;
  created_at: string;
}

/** A faculty's subjects for the exam start (the bundle's `faculties`). */
export interface FacultiesTable {
  name: string;
  /** JSON list of subject names. */
  subjects: string;
}

/** A student's challenge of one question's key on their submitted attempt of a published live exam. */
export interface AnswerChallengesTable {
  id: string;
  attempt_id: string;
  question_id: string;
  exam_id: string;
  group_id: string;
  student_id: string;
  options: string; // JSON number[]
  flawed: Flag;
  reason: string;
  media: string; // JSON ForumMedia[]
  status: 'open' | 'accepted' | 'rejected';
  reply: string | null;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
}

/** A teacher's decision on a question's key: keep it, change it, or drop the question. */
export interface KeyDecisionsTable {
  id: string;
  exam_id: string;
  question_id: string;
  kind: 'keep' | 'change' | 'drop';
  options: string; // JSON number[]
  old_answer: string; // JSON: the key before the decision
  reply: string;
  decided_by: string;
  decided_at: string;
}

export interface RegradesTable {
  id: string;
  exam_id: string;
  question_id: string;
  decision_id: string;
  kind: 'change' | 'drop';
  question_number: number;
  regraded_at: string;
  results: number;
  changed: number;
}

export interface RegradeChangesTable {
  regrade_id: string;
  result_id: string;
  student_id: string;
  old_marks: number;
  new_marks: number;
  old_rank: number | null;
  new_rank: number | null;
}

/** A regrade being written in short transactions (server/exams/regrading.ts): planning, then applying once its decision is committed. */
export interface RegradeJobsTable {
  id: string;
  exam_id: string;
  state: 'planning' | 'applying';
  created_at: string;
}

/** What a regrade job still has to write of one result: figures, places, history line, notification. */
export interface RegradeStagedTable {
  job_id: string;
  result_id: string;
  figures: number;
  marks_obtained: number | null;
  negative_marks: number | null;
  total_marks: number | null;
  correct: number | null;
  incorrect: number | null;
  skipped: number | null;
  overall_marks: number | null;
  passed: number | null;
  pending_review: number | null;
  detail: string | null;
  old_line: string | null;
  new_line: string | null;
  places: number;
  merit_position: number | null;
  merit_rank: number | null;
  faculty_position: number | null;
  subject_position: number | null;
  category_position: number | null;
  student_id: string;
  old_marks: number | null;
  new_marks: number | null;
  old_rank: number | null;
  new_rank: number | null;
  history: number;
  notice_id: string | null;
  message: string | null;
  info: string | null;
}

/** A student's practice set of their wrong and skipped questions (of one result, or of a subject). */
export interface MistakeSetsTable {
  id: string;
  student_id: string;
  kind: 'exam' | 'subject';
  exam_id: string | null;
  group_id: string | null;
  subject_id: string | null;
  course_id: string;
  title: string;
  question_ids: string; // JSON string[] in paper order
  exam_ids: string; // JSON string[]: the exams the questions come from
  duration: number; // minutes
  pass_mark: number; // percent
  /** 1: the student asked for the time (deadline_at is the end); 0: untimed (deadline_at is how long it stays open). */
  timed: Flag;
  started_at: string;
  deadline_at: string;
  submitted_at: string | null;
  marks_obtained: number | null;
  negative_marks: number | null;
  total_marks: number | null;
  detail: string | null; // JSON QuestionScore[] once submitted
  cleared: string | null; // JSON string[]: questions this submission took out of the set
}

export interface MistakeAnswersTable {
  set_id: string;
  question_id: string;
  answer: string; // JSON
  extra: string; // JSON attachments
  answer_index: number | null;
  client_timestamp: number;
  saved_at: string;
  offline: Generated<Flag>;
}

/** Right answers in a row in mistakes practice, per student and question; two and the question leaves the set. */
export interface QuestionStreaksTable {
  student_id: string;
  question_id: string;
  streak: number;
  updated_at: string;
}

/** One import that wrote something, with what undoing it takes (server/import/history.ts). */
export interface ImportRunsTable {
  id: string;
  job_id: string | null;
  staff_id: string | null;
  by_name: string;
  file_name: string;
  checksum: string;
  created_at: string;
  counts: string; // JSON
  summary: string; // JSON: string[]
  undo: string; // JSON: the undo plan
  undone_at: string | null;
  undone_by: string | null;
}

/** Long work, one row per job of any kind (server/jobs): queued, taken with a lease, then ended. */
export interface JobsTable {
  id: string;
  kind: 'import' | 'reminder' | 'media';
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  payload: string; // JSON
  input: Uint8Array | null; // the bytes the job works on, until it ends
  progress: string | null; // JSON
  result: string | null; // JSON
  failure: string | null;
  staff_id: string | null;
  created_at: string;
  started_at: string | null;
  committed_at: string | null;
  finished_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  /** Not taken before this time (a reminder waits for its hour); null: at once. */
  run_at: string | null;
  /** What the job is about (`exam:<assignmentId>`), to cancel it when that changes. */
  topic: string | null;
}

/** One device of a student that takes pushes (its browser's PushSubscription). */
export interface PushSubscriptionsTable {
  id: string;
  student_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A kind of reminder a student turned on or off (no row: on). */
export interface ReminderPreferencesTable {
  student_id: string;
  kind: string;
  enabled: Flag;
}

/** A reminder handed over (or passed by) for one student and event: never twice. */
export interface ReminderDeliveriesTable {
  event: string;
  student_id: string;
  channel: 'push' | 'sms' | 'none';
  delivered_at: string;
}

/** Keys the server made itself and keeps (the development's push keys). */
export interface ServerKeysTable {
  name: string;
  value: string;
}

/** The activity log: one row per staff action that changed the academy; never updated or deleted. */
export interface ActivityTable {
  id: string;
  at: string;
  /** Null for the command line. */
  staff_id: string | null;
  staff_name: string;
  kind: string;
  summary: string;
  course_id: string | null;
  course_name: string | null;
  subject_id: string | null;
}

/** Scheduled backups (server/backup/schedule.ts): one row per slot of BACKUP_EVERY. */
export interface BackupsTable {
  slot: string;
  started_at: string;
  finished_at: string | null;
  file: string;
  bytes: number | null;
  failure: string | null;
}

/** A lecture put in as a file; its packaging is the `media` job `job_id` (server/lectures). */
export interface LecturesTable {
  id: string;
  item_id: string;
  course_id: string;
  title: string;
  source_name: string;
  source_key: string | null;
  source_bytes: number;
  job_id: string;
  duration_seconds: number | null;
  renditions: string | null; // JSON
  staff_id: string | null;
  created_at: string;
}

export interface Database {
  students: StudentsTable;
  staff: StaffTable;
  staff_courses: StaffCoursesTable;
  sessions: SessionsTable;
  otp_requests: OtpRequestsTable;
  rate_events: RateEventsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_items: GroupItemsTable;
  courses: CoursesTable;
  subjects: SubjectsTable;
  items: ItemsTable;
  contents: ContentsTable;
  completions: CompletionsTable;
  exams: ExamsTable;
  exam_assignments: ExamAssignmentsTable;
  questions: QuestionsTable;
  attempts: AttemptsTable;
  answers: AnswersTable;
  results: ResultsTable;
  segmented_selections: SegmentedSelectionsTable;
  forum_questions: ForumQuestionsTable;
  forum_comments: ForumCommentsTable;
  forum_likes: ForumLikesTable;
  forum_upvotes: ForumUpvotesTable;
  forum_bookmarks: ForumBookmarksTable;
  notifications: NotificationsTable;
  student_notifications: StudentNotificationsTable;
  stored_files: StoredFilesTable;
  faculties: FacultiesTable;
  answer_challenges: AnswerChallengesTable;
  key_decisions: KeyDecisionsTable;
  regrades: RegradesTable;
  regrade_changes: RegradeChangesTable;
  regrade_jobs: RegradeJobsTable;
  regrade_staged: RegradeStagedTable;
  mistake_sets: MistakeSetsTable;
  mistake_answers: MistakeAnswersTable;
  question_streaks: QuestionStreaksTable;
  jobs: JobsTable;
  import_runs: ImportRunsTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_preferences: ReminderPreferencesTable;
  reminder_deliveries: ReminderDeliveriesTable;
  server_keys: ServerKeysTable;
  activity: ActivityTable;
  backups: BackupsTable;
  lectures: LecturesTable;
}

export type Student = Selectable<StudentsTable>;
export type Staff = Selectable<StaffTable>;
