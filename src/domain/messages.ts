// The spec's message catalogue (section 8) and the other words a student reads in more than one
// place, written once. App screens, statecharts and the server import them from here, so the text a
// server refusal carries and the text the app shows for the same case cannot drift apart. The spec's
// spelling is kept on purpose ('successfull', 'Somethink', 'insure'). Form validation messages live
// beside their rules (phone.ts, password.ts, segmentedSelection.ts).
import type { FailureCode } from '../contracts/refusals';

export const MESSAGES = {
  /** The fallback title of any failure that brings no words of its own. */
  unhandledException: 'Unhandled exception',

  // Account
  registerFirst: 'Please register first!',
  passwordSet: 'Successfully set the password!',
  loggedOut: 'Log out successfull',
  logoutConfirm: 'Are you sure you want to logout?',
  logoutDuringExam: 'Your exam is still running. Answers not yet sent stay on this phone and are sent when you sign in and open the exam again; the exam clock does not stop.',
  passwordBlank: 'Password cannot be only spaces',
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another one.',

  // Exams
  examRemoved: 'This exam has been removed from your group',
  examRemovedFromBatch: "This exam has been removed from your batch. Please go back to the 'Exam' page to view other exams.",
  connectionLost: 'Internet connection lost.',
  answerLocked: 'You cannot change the answer',
  submitAnswerError: 'Submit Answer Error',
  provideAnswer: 'Please provide an answer or upload a file',
  confirmSubmit: "Are you sure you want to submit? Once submitted, it can't be changed.",
  nothingAnswered: 'You have not answered any question yet!',
  offlineInConfirm: 'You are currently offline! Please ensure stable internet connection before submitting the exam.',
  offlineAtTimeOver: 'You are offline. Please insure stable internet connection.',
  checkConnection: 'Please check your internet connection then try again.',
  somethingWentWrong: 'Somethink went wrong! Please try again.',
  answerSubmitted: 'Answer submitted successfully!',
  savedLocally: 'Due to internet issue, saving locally',
  timeOver: 'Exam time is over!',
  quitConfirm: 'Are you sure you want to quit? Once quit your submitted answer state will be erased.',
  retakeConfirm: 'Retaking exam will remove the previous submission. Do you want to continue?',
  resultWithoutGroup: 'You cannot view the details of this exam!',
  resultWithoutGroupInfo: 'Info is missing!',
  resultNotPublished: 'The result of this exam has not been published yet.',
  resultNotPublishedInfo: 'Your teacher will publish it after marking; you will get a notification.',

  // Connection
  restored: 'Internet has been restored',
  restoredDescription: 'You are back to online. We are trying to submit your locally saved answers.',

  // The installed app
  newVersionReady: 'A new version is ready',
  newVersionReadyDescription: 'Reload to use it. Nothing you have done is lost.',

  // Videos
  noQualityLevels: 'No quality levels available',
  browserBack: 'Browser back button is clicked.',

  // Forum
  replyAdded: 'Reply added successfully',
  questionSubmitted: 'Question submitted successfully!',
  questionFailed: 'Error submitting question. Please try again later.',
  selectCourse: 'Please select a course',
  selectSubject: 'Please select a subject',
  selectChapter: 'Please select a chapter',
  enterDetails: 'Please enter the question details',
  cameraDenied: 'The camera is blocked for this site. Allow the camera in your browser settings, then press Try again.',
  photoNotMade: 'The edited photo could not be made. Try again, or cancel to keep the photo as it is.',
  photoUnreadable: 'This photo cannot be opened for editing. It will be sent as it is.',
} as const;

/** 'Internet has been restored' stays on screen this long (spec: 10 seconds). */
export const RESTORED_TOAST_MS = 10_000;

/** 'Error uploading file {name}': the file is skipped. */
export const uploadFailedMessage = (name: string): string => `Error uploading file ${name}`;

/** The line above the message in the 'Submit Answer Error' dialog. */
export const questionNumberLabel = (questionNumber: number): string => `Question No ${questionNumber}`;

/** What a failed request carries (the API's errors.title and errors.message, and whether any answer came). */
export interface FailureWords {
  title?: string;
  message?: string;
  network?: boolean;
}

/**
 * The words a student reads for a failure: the server's title (errors.title), its message beneath
 * when it says more than the title, 'Unhandled exception' when there is no title. No answer at all
 * (offline, timeout) reads as the spec's connection message rather than a browser's error text.
 */
/** A page whose code could not be downloaded (the link dropped): it opens by itself when the connection returns. */
export const PAGE_CODE_MISSING = {
  title: 'This page could not be loaded.',
  message: 'The connection dropped while the page was downloading. It opens by itself when the connection returns, or tap Retry.',
} as const;

/** Said instead of a refusal of the address itself (a malformed or unknown id): never the schema's words. */
export const PAGE_MISSING = 'This page does not exist.';

/**
 * One plain sentence for a failed request, for a screen's failure notice: the connection in plain words,
 * a refused address as a page that does not exist, otherwise the server's title. Never a request URL,
 * the fetch library's words or a schema's text.
 */
export function plainFailure(failure: unknown): string {
  const words: FailureWords & { status?: number; code?: FailureCode } = failure && typeof failure === 'object' ? (failure as FailureWords) : {};
  if (words.network) return MESSAGES.checkConnection;
  if (words.code === 'invalidRequest' || words.status === 404) return PAGE_MISSING;
  return typeof words.title === 'string' && words.title.trim() ? words.title : MESSAGES.unhandledException;
}

/** The words a refusal is shown with: the server's title, and its message beneath when it says more. */
export interface RefusalWords {
  title: string;
  description?: string;
}

export function failureWords(failure: unknown): RefusalWords {
  const words: FailureWords = failure && typeof failure === 'object' ? (failure as FailureWords) : {};
  if (words.network) return { title: MESSAGES.checkConnection };
  // A refused request's schema text ('params itemId must match pattern …') is for developers, not students.
  if ((words as { code?: FailureCode }).code === 'invalidRequest') return { title: typeof words.title === 'string' && words.title.trim() ? words.title : MESSAGES.unhandledException };
  const title = typeof words.title === 'string' && words.title.trim() ? words.title : typeof words.message === 'string' && words.message.trim() ? words.message : MESSAGES.unhandledException;
  const description = typeof words.message === 'string' && words.message.trim() && words.message !== title ? words.message : undefined;
  return description ? { title, description } : { title };
}

/**
 * The words of a forum question or reply that was not sent: the server's own when it refused it and
 * said why (too many questions in an hour, a closed question), with its message beneath; otherwise
 * (no answer, the server down) the spec's 'Error submitting question. Please try again later.'.
 */
export function postFailureWords(failure: unknown): { title: string; description?: string } {
  const words: FailureWords & { status?: number } = failure && typeof failure === 'object' ? (failure as FailureWords) : {};
  const refusedWithWords = !words.network && (words.status ?? 0) >= 400 && (words.status ?? 0) < 500 && typeof words.title === 'string' && words.title.trim() !== '';
  return refusedWithWords ? failureWords(failure) : { title: MESSAGES.questionFailed };
}
