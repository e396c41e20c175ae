// The exams page driven in Chromium by every path of its models (tests/models/examList.model.ts): choosing a
// course, the tabs, the filters, the search with its suggestion, failures, the connection's return and the
// address moved by Back, Forward or a link, on /exams against a real server (tests/support/exam-list-screens.ts).
import { browserSuite } from '../support/browser';
import { describeScreenPaths } from '../support/model-driver';
import { examListScreens } from '../support/exam-list-screens';
import { models } from '../models/examList.model';

const suite = browserSuite();
for (const model of models) {
  const { courseId, tab } = model.input!;
  describeScreenPaths(`the exams page on screen: ${model.name}`, model, examListScreens(suite, courseId ? { arriveAt: { courseId, tab: tab ?? 'live' } } : {}));
}
