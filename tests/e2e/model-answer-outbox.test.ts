// The answer outbox driven in Chromium by the paths of every model of it (tests/models/answerOutbox.model.ts)
// on the real exam screen against a real server; after each step the screen must show the state the path says
// (tests/support/answer-outbox-screens.ts). The models of one submission only (a 409 for a changed answer, a
// second choice refused) run on the live exam, which takes one submission; the others on a practice exam.
import { browserSuite } from '../support/browser';
import { DEMO } from '../support/demo-academy';
import { describeScreenPaths } from '../support/model-driver';
import { outboxScreens } from '../support/answer-outbox-screens';
import { models } from '../models/answerOutbox.model';

const suite = browserSuite();
const variants = [
  'delivery, retries and the connection',
  'a changed answer refused (409)',
  'the exam removed (403)',
  'the session ended (401)',
  'one submission only',
  'after the exam closed',
  'after a reload',
];
// The server locks an answer (409) only on an exam of one submission.
const locks = (model: (typeof models)[number]) =>
  !model.input!.multipleTimesSubmission || (model.outcomes?.sendAnswer?.error ?? []).some((error) => (error as { status?: number }).status === 409);
models.forEach((model, index) => {
  const exam = locks(model) ? DEMO.liveExam : DEMO.shortPracticeExam;
  describeScreenPaths(`answer outbox on screen: ${variants[index]}`, model, outboxScreens(suite, model, exam));
});
