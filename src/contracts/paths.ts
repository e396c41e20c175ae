// Every endpoint's path, written once: the server registers each route at its contract's path and
// the app's client fills the same path's `:name` placeholders, each value URL-encoded.
//
// Plain strings and one function, no schemas: this is the only module of src/contracts the app
// imports at run time (everything else is `import type`), so the app's bundle never carries TypeBox.
// Paths are relative to the API base (/api), as the spec's call list writes them, except
// `mediaSitePaths`, which the browser loads by address at the site root.

/** The API base: the server's prefix for every area and the app's default base. */
export const API_PREFIX = '/api';

export const serverPaths = {
  health: '/health',
  /** Not under /api: where a Prometheus server scrapes (server/metrics.ts). */
  metrics: '/metrics',
} as const;

export const accountPaths = {
  login: '/student/login',
  registrationCode: '/student/otp/:phone',
  resetCode: '/student/forgot-password/:phone',
  setPassword: '/student/set-password',
  checkCode: '/student/check-code',
  logout: '/auth/logout',
  /** The support number the sign-in screen shows (the server's SUPPORT_PHONE setting). */
  support: '/student/support',
  profile: '/student/profile',
  staffLogin: '/staff/login',
  /** The desk's session: the signed-in staff member (src/contracts/deskSession.ts). */
  staffSession: '/staff/session',
} as const;

/** Chapters, lectures and question-solve items: the values of the `:type` in content paths. */
export const ITEM_TYPES = ['chapter', 'lecture', 'question-solve'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const isItemType = (value: string | undefined): value is ItemType => (ITEM_TYPES as readonly (string | undefined)[]).includes(value);

export const contentPaths = {
  courses: '/course',
  coursesOfStudent: '/student/courseByStudent/:studentId',
  coursesWithChapters: '/student/courseByStudentWithSubjectAndChapter',
  subject: '/subject/:subjectId',
  subjectsOfCourse: '/subject/by-course-id/:courseId',
  /** `:type` is one of ITEM_TYPES: the server registers one route per item type. */
  itemsOfSubject: '/:type/by-subject-id/:id',
  /** `:type` is one of ITEM_TYPES: the server registers one route per item type. */
  itemContent: '/:type/:itemId',
  noteFile: '/content/file/:contentId',
  group: '/group/:id',
  subjectCompletion: '/course/:courseId/subject-completion',
  markComplete: '/content/mark-as-complete/:contentId',
  streamToken: '/lecture/getToken',
  drmAuth: '/content/drm-auth',
} as const;

export const examsPaths = {
  list: '/exam/by-course/:courseId',
  namePrompt: '/exam/getExamNamePrompt',
  details: '/exam/id/:examId',
  paper: '/exam/id/:examId/groupId/:groupId',
  start: '/exam/start/:examId/group-id/:groupId',
  addAnswer: '/exam/add-answer/:examId/group/:groupId',
  submit: '/exam/submit/:examId/group/:groupId',
  retake: '/exam/retake/:examId/student-id/:studentId',
  saveSegmentedSelection: '/exam/add-segmented-exam-subject',
  segmentedSelection: '/exam/get-segmented-exam-subject/:examId/:studentId',
  startChoices: '/exam/start-choices',
  /** The student's Today strip: exams running, open and next, results just published. */
  today: '/exam/today',
  figure: '/media/exam/:name',
} as const;

/** A student's results, the scoreboard and merit lists (the retake is an exam action: examsPaths.retake). */
export const resultsPaths = {
  result: '/exam/result/:examId/student/by-groupId/:groupId',
  scoreboard: '/exam/newScoreBoard',
  scoreboardPage: '/exam/scoreboard',
  meritList: '/exam/getMeritListOfExam',
} as const;

/** Practise my mistakes: the wrong and skipped questions of a result or of a subject, as a practice set of their own. */
export const mistakesPaths = {
  /** How many mistakes one result has to practise, and the time they get. */
  ofExam: '/mistakes/exam/:examId/group/:groupId',
  /** Per subject of the student's results (of one course when given): how many mistakes to practise. */
  bySubject: '/mistakes/subjects',
  /** Starts a mistakes practice set (or returns the one already running from the same source). */
  start: '/mistakes/sets',
  /** The set as the review shows it. */
  review: '/mistakes/sets/:setId',
  /** Checks one answer at once: right or wrong, with the key and explanation. */
  check: '/mistakes/sets/:setId/check',
  /** Ends the review (what was not answered stays a mistake). */
  finish: '/mistakes/sets/:setId/finish',
} as const;

/** The teacher desk's API: exam assignments, the grading queue, marking and publishing results. */
export const staffPaths = {
  assignments: '/staff/exam-assignments',
  gradingQueue: '/staff/exam-assignments/:assignmentId/answers',
  markAnswer: '/staff/attempts/:attemptId/answers/:questionId',
  publish: '/staff/exam-assignments/:assignmentId/publish',
  itemAnalysis: '/staff/exam-assignments/:assignmentId/item-analysis',
  itemAnalysisSheet: '/staff/exam-assignments/:assignmentId/item-analysis/sheet',
  forumQuestions: '/staff/qa/questions',
  forumReply: '/staff/qa/questions/:questionId/replies',
  forumComplete: '/staff/qa/questions/:questionId/complete',
  /** Administrators: check (dry run) or import a sheet or bundle (src/contracts/import.ts). */
  import: '/staff/import',
  /** Administrators: their import jobs, newest first; one job; cancelling one (src/contracts/import.ts). */
  importJobs: '/staff/import/jobs',
  importJob: '/staff/import/jobs/:jobId',
  importJobCancel: '/staff/import/jobs/:jobId/cancel',
  /** Administrators: a template sheet built from the academy (exam, students, content). */
  importTemplate: '/staff/import/template',
  /** Administrators: the imports that wrote, newest first, and undoing one (src/contracts/import.ts). */
  importHistory: '/staff/import/history',
  importUndo: '/staff/import/history/:importId/undo',
  forumThread: '/staff/qa/questions/:questionId',
  forumEditReply: '/staff/qa/questions/:questionId/replies/:commentId',
  forumReopen: '/staff/qa/questions/:questionId/reopen',
  /** The reply a teacher marks as the question's answer (or none). */
  forumAnswer: '/staff/qa/questions/:questionId/answer',
  forumPlaces: '/staff/qa/places',
  /** The week's exams of the teacher's courses, each in its state (src/contracts/staffSchedule.ts). */
  schedule: '/staff/schedule',
} as const;

/** Lectures put in as files (src/contracts/lectures.ts): admins and the teachers of the lecture's course. */
export const lecturePaths = {
  /** The places a lecture may go (courses taught, their subjects and items) and the lectures put in. */
  desk: '/staff/lectures',
  lecture: '/staff/lectures/:lectureId',
  retry: '/staff/lectures/:lectureId/retry',
  cancel: '/staff/lectures/:lectureId/cancel',
  /** The resumable upload (the tus protocol): POST creates an upload, PATCH sends bytes from an offset. */
  uploads: '/staff/lecture-uploads',
  upload: '/staff/lecture-uploads/:uploadId',
} as const;

/** The teacher desk's results of one exam assignment: its merit list, one student's result, the sheet. */
export const staffResultsPaths = {
  meritList: '/staff/exam-assignments/:assignmentId/results',
  sheet: '/staff/exam-assignments/:assignmentId/results/sheet',
  studentResult: '/staff/exam-assignments/:assignmentId/results/:studentId',
} as const;

/** The desk's batches and students (src/contracts/staffBatches.ts): teachers read their courses' batches; administrators change them. */
export const staffBatchesPaths = {
  batches: '/staff/batches',
  batchStudents: '/staff/batches/:batchId/students',
  batchStudent: '/staff/batches/:batchId/students/:studentId',
  student: '/staff/students/:studentId',
  studentResetCode: '/staff/students/:studentId/reset-code',
} as const;

/** The desk's staff accounts (src/contracts/staffAccounts.ts): administrators manage them; everyone their own password. */
export const staffAccountsPaths = {
  accounts: '/staff/accounts',
  accountCourse: '/staff/accounts/:staffId/courses/:courseId',
  turnOff: '/staff/accounts/:staffId/turn-off',
  turnOn: '/staff/accounts/:staffId/turn-on',
  resetPassword: '/staff/accounts/:staffId/reset-password',
  ownPassword: '/staff/me/password',
  signOutOthers: '/staff/me/sign-out-others',
} as const;

/** The activity log (src/contracts/activity.ts): read and downloaded, never changed. */
export const activityPaths = {
  activity: '/staff/activity',
  sheet: '/staff/activity/sheet',
} as const;

/** Answer-key challenges: the student's own (by exam and batch) and the teacher desk's (by assignment). */
export const challengePaths = {
  mine: '/exam/challenges/:examId/group/:groupId',
  save: '/exam/challenges/:examId/group/:groupId/question/:questionId',
  desk: '/staff/exam-assignments/:assignmentId/challenges',
  decide: '/staff/exam-assignments/:assignmentId/challenges/:questionId/decision',
} as const;

/** The question-and-answer forum (student calls of the spec, and the courses with forum questions). */
export const forumPaths = {
  courses: '/qa/courses',
  upvotes: '/qa/get-upvotes',
  comments: '/qa/get-comments/:questionId',
  question: '/qa/get-question/:id',
  addComment: '/qa/add-comment',
  addQuestion: '/qa/add-question',
  search: '/qa/search-questions',
  keyword: '/qa/get-question-keyword',
  like: '/qa/like-question',
  upvote: '/qa/upvote-answer',
  bookmark: '/qa/student-bookmark-question',
  bookmarks: '/qa/get-bookmarked-questions/:studentId',
  groupSubjects: '/qa/get-subject-by-group-by-student',
  updateQuestion: '/qa/update-question',
  updateComment: '/qa/update-comment',
} as const;

export const notificationsPaths = {
  list: '/notification',
  markSeen: '/notification/seen/:id',
  /** Every notification of the student seen at once ("Mark all read"). */
  markAllSeen: '/notification/seen',
  delete: '/notification/id/:id',
} as const;

/** Reminders outside the app: the push keys, a device's subscription, the kinds a student takes. */
export const pushPaths = {
  key: '/push/key',
  subscriptions: '/push/subscriptions',
  reminders: '/student/reminders',
} as const;

export const storagePaths = {
  signedRequest: '/content/signed-request',
  upload: '/uploads/:key',
  /** Also served at the same path outside the API, for media tags and links. */
  file: '/media/files/:key',
} as const;

export const mediaPaths = {
  clearKey: '/media/clearkey/:contentId',
} as const;

/** At the site root, not under /api: `<video>`, `<iframe>` and `<img>` load them by address. */
export const mediaSitePaths = {
  stream: '/media/streams/:contentId/:file',
  embed: '/media/embed/:contentId',
  image: '/media/images/:name',
} as const;

/** The placeholder names of a path: '/exam/start/:examId/group-id/:groupId' -> 'examId' | 'groupId'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The arguments after the path: none for a path without placeholders, else one value per placeholder. */
export type PathArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: { [K in ParamNames<P>]: string }];

const PLACEHOLDER = /:([A-Za-z][A-Za-z0-9]*)/g;

/** The path with every placeholder replaced by its URL-encoded value: pathTo(examsPaths.start, { examId, groupId }). */
export function pathTo<P extends string>(path: P, ...args: PathArgs<P>): string {
  const params: Record<string, string> = args[0] ?? {};
  return path.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs a value for :${name}`);
    return encodeURIComponent(value);
  });
}
