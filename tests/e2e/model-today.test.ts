// The Today strip driven in Chromium by every path of its models (tests/models/today.model.ts): loading,
// the answer, a failure with and without kept lines, Try again, the connection's return and the strip's
// clock, on My Courses against a real server (tests/support/today-screens.ts).
import { browserSuite } from '../support/browser';
import { describeScreenPaths } from '../support/model-driver';
import { todayScreens } from '../support/today-screens';
import { models } from '../models/today.model';

const suite = browserSuite();
for (const model of models) describeScreenPaths(`Today on screen: ${model.name}`, model, todayScreens(suite, { keep: model.input!.kept !== null }));
