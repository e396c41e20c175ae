// Every migration, in order. A landed migration is frozen: add a new file instead of editing one.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import * as initial from './20261122-0001-initial.js';
import * as contentsKey from './20261122-0002-contents-key.js';
import * as storedFilesOwner from './20261123-0003-stored-files-owner.js';
import * as oneLiveAttempt from './20261124-0004-one-live-attempt.js';
import * as results from './20261201-0005-results.js';
import * as forum from './20261202-0006-forum.js';
import * as forumSuggestionOrder from './20261210-0007-forum-suggestion-order.js';
import * as faculties from './20261215-0012-faculties.js';
import * as staffCourses from './20261215-0013-staff-courses.js';
import * as forumTeacherReplied from './20261226-0014-forum-teacher-replied.js';
import * as deskWeek from './20261227-0015-desk-week.js';
import * as otpIssuedBy from './20261227-0016-otp-issued-by.js';
import * as answerChallenges from './20261227-0017-answer-challenges.js';
import * as regradeHistory from './20261227-0018-regrade-history.js';
import * as mistakesPractice from './20261228-0019-mistakes-practice.js';
import * as questionChapter from './20261228-0021-question-chapter.js';
import * as jobs from './20261229-0022-jobs.js';
import * as forumAnswer from './20261229-0025-forum-answer.js';
import * as mistakesReview from './20261229-0027-mistakes-review.js';
import * as otpCodeOf from './20261229-0023-otp-code-of.js';
import * as regradeJobs from './20261229-0024-regrade-jobs.js';
import * as importHistory from './20261229-0026-import-history.js';
import * as reminders from './20261229-0028-reminders.js';
import * as staffActivity from './20261229-0029-staff-activity.js';
import * as lectures from './20261229-0030-lectures.js';

export interface Migration {
  name: string;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

export const migrations: Migration[] = [
  { name: '20261122-0001-initial', up: initial.up },
  { name: '20261122-0002-contents-key', up: contentsKey.up },
  { name: '20261123-0003-stored-files-owner', up: storedFilesOwner.up },
  { name: '20261124-0004-one-live-attempt', up: oneLiveAttempt.up },
  { name: '20261201-0005-results', up: results.up },
  { name: '20261202-0006-forum', up: forum.up },
  { name: '20261210-0007-forum-suggestion-order', up: forumSuggestionOrder.up },
  { name: '20261215-0012-faculties', up: faculties.up },
  { name: '20261215-0013-staff-courses', up: staffCourses.up },
  { name: '20261226-0014-forum-teacher-replied', up: forumTeacherReplied.up },
  { name: '20261227-0015-desk-week', up: deskWeek.up },
  { name: '20261227-0016-otp-issued-by', up: otpIssuedBy.up },
  { name: '20261227-0017-answer-challenges', up: answerChallenges.up },
  { name: '20261227-0018-regrade-history', up: regradeHistory.up },
  { name: '20261228-0019-mistakes-practice', up: mistakesPractice.up },
  { name: '20261228-0021-question-chapter', up: questionChapter.up },
  { name: '20261229-0022-jobs', up: jobs.up },
  { name: '20261229-0023-otp-code-of', up: otpCodeOf.up },
  { name: '20261229-0024-regrade-jobs', up: regradeJobs.up },
  { name: '20261229-0025-forum-answer', up: forumAnswer.up },
  { name: '20261229-0026-import-history', up: importHistory.up },
  { name: '20261229-0027-mistakes-review', up: mistakesReview.up },
  { name: '20261229-0028-reminders', up: reminders.up },
  { name: '20261229-0029-staff-activity', up: staffActivity.up },
  { name: '20261229-0030-lectures', up: lectures.up },
];
