// Registration driven in Chromium by the paths of its model (tests/models/registration.model.ts): every
// generated path runs on the real app against real servers, and after each step the screen must show the
// state the path says (tests/support/otp-flow-screens.ts maps events to actions and states to checks).
import { describeScreenPaths } from '../support/model-driver';
import { otpFlowScreens, otpFlowServers } from '../support/otp-flow-screens';
import { models } from '../models/registration.model';

const servers = otpFlowServers();
/**
 * The model without `otp.resume`: that event is the app itself restoring the flow after a reload on /otp,
 * not something a person does in a running flow; tests/e2e/account.test.ts reloads /otp and checks it.
 */
const onScreen = <M extends { events: unknown }>(model: M): M => ({ ...model, events: (model.events as Array<{ type: string }>).filter((event) => event.type !== 'otp.resume') });
describeScreenPaths('registration on screen', onScreen(models[0]!), otpFlowScreens('register', servers));
