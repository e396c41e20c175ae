// Registration driven in Chromium by the paths of its model (tests/models/registration.model.ts): every
// generated path runs on the real app against real servers, and after each step the screen must show the
// state the path says (tests/support/code-flow-screens.ts maps events to actions and states to checks).
import { describeScreenPaths } from '../support/model-driver';
import { codeFlowScreens, codeFlowServers } from '../support/code-flow-screens';
import { models } from '../models/registration.model';

const servers = codeFlowServers();
describeScreenPaths('registration on screen', models[0]!, codeFlowScreens('register', servers));
