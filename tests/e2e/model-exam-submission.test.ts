// The exam submission driven in Chromium by the paths of its model (tests/models/examSubmission.model.ts):
// confirm, cancel, offline, time over, failures and retries on the real exam screen against a real server;
// after each step the screen must show the state the path says (tests/support/exam-submission-screens.ts).
import { browserSuite } from '../support/browser';
import { describeScreenPaths } from '../support/model-driver';
import { submissionScreens } from '../support/exam-submission-screens';
import { models } from '../models/examSubmission.model';

const suite = browserSuite();
describeScreenPaths('exam submission on screen', models[0]!, submissionScreens(suite));
