// The answer outbox driven in Chromium by the paths of its first model (tests/models/answerOutbox.model.ts:
// delivery, retries, the connection and another tab's answers) on the real exam screen against a real
// server; after each step the screen must show the state the path says (tests/support/answer-outbox-screens.ts).
import { browserSuite } from '../support/browser';
import { describeScreenPaths } from '../support/model-driver';
import { outboxScreens } from '../support/answer-outbox-screens';
import { models } from '../models/answerOutbox.model';

const suite = browserSuite();
describeScreenPaths('answer outbox on screen', models[0]!, outboxScreens(suite));
