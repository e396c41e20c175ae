// The document title of each address (the tab, the history list and a screen reader's first words).
// Without the router, so the first sign-in screen can name itself before the router has loaded.
export const APP_NAME = 'Medical Academy';

/** The title of each address of the route table (src/views/start/routes.tsx), by its pattern; the first match wins. */
export const PAGE_TITLES: [pattern: string, title: string][] = [
  ['/login', 'Sign in'],
  ['/register', 'Register'],
  ['/forget-password', 'Forgot password'],
  ['/otp', 'Enter the code'],
  ['/setpassword', 'Set password'],
  ['/', 'My Courses'],
  ['/courses', 'My Courses'],
  ['/exams', 'My Exams'],
  ['/subjects/:courseId', 'Course'],
  ['/chapters/:subjectId', 'Chapters'],
  ['/lectures/:subjectId', 'Lectures'],
  ['/question-solve/:subjectId', 'Question solve'],
  ['/videos/:chapterId/:type', 'Videos'],
  ['/notes/:chapterId/:type', 'Notes'],
  ['/live-exam/:examId/:groupId', 'Exam'],
  ['/result/:examId/:groupId', 'Result'],
  ['/scoreboard', 'Scoreboard'],
  ['/qa-forum-list/:id', 'Questions and answers'],
  ['/question-details/:id', 'Question'],
  ['/my-qa', 'My questions'],
  ['/student-profile', 'My Profile'],
  ['/staff/import', 'Import content · Teacher desk'],
  ['/staff/exams/:assignmentId/analysis', 'Item analysis · Teacher desk'],
  ['/staff/exams/:assignmentId/results', 'Results · Teacher desk'],
  ['/staff/exams/:assignmentId/challenges', 'Challenges · Teacher desk'],
  ['/staff/forum', 'Forum questions · Teacher desk'],
  ['/staff/batches', 'Batches · Teacher desk'],
  ['/staff/batches/:batchId', 'Batch · Teacher desk'],
  ['/staff/students/:studentId', 'Student · Teacher desk'],
  ['/staff/week', 'This week · Teacher desk'],
  ['/staff', 'Teacher desk'],
];

/** A page's document title: its own title, then the academy's name. */
export const documentTitleOf = (title: string): string => `${title} · ${APP_NAME}`;

/** The teacher desk's screens share /staff, so each names itself: 'Grading queue · Teacher desk · Medical Academy'. */
export const staffDeskTitleOf = (screen: string | null): string => documentTitleOf(screen ? `${screen} · Teacher desk` : 'Teacher desk');

/** The document title of an address without placeholders ('/login'), known without the router. */
export function plainAddressTitle(address: string): string {
  const found = PAGE_TITLES.find(([pattern]) => pattern === address);
  return documentTitleOf(found ? found[1] : 'Page not found');
}
