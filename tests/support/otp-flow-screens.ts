// The screens of registration and password reset as the model tests drive them (tests/e2e/model-registration
// and model-forgot-password): what a person does for each event of the code flow and what each state shows.
// Two real servers serve a path: one sends codes to a file (the code screen, codes read from the file), one
// hands the code out in its answer (development transport: no code screen); a path runs on the one whose
// answer its first code request expects.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, pauseClock, startAppServer, type Page } from './browser';
import { eventName, holdRequests, nextEvent, payload, toastShown, type DriverStep, type HeldRequests, type ScreenMapping } from './model-driver';
import type { MachinePath } from './machine-paths';
import type { TestServer } from './test-server';
import { DEMO_STUDENT } from './demo-academy';
import { phoneProblem, toApiPhone } from '../../src/domain/phone';
import { hashPassword } from '../../server/account/passwords';
import { registerStudent } from '../../server/account/queries';
import { isOtpRejection, type OtpFlowContext } from '../../src/machines/otpFlow';
import { OTP_TTL_MS } from '../../server/account/otp';
import { MESSAGES } from '../../src/domain/messages';

type Kind = 'register' | 'reset';

export interface OtpFlowWorld {
  page: Page;
  held: HeldRequests;
  server: TestServer;
  /** The number this path types when the model's number is valid (for a reset, an account's). */
  phone: string;
  /** The server hands the code out in its answer (no code screen). */
  revealsCode: boolean;
  /** The code typed is a wrong one (the server will refuse it). */
  wrongCode: boolean;
  /** The real codes standing for the model's sample codes (typed, or handed out by the server). */
  codes: Map<string, string>;
}

interface Servers {
  browser: Browser;
  file: { server: TestServer; baseUrl: string };
  revealing: { server: TestServer; baseUrl: string };
  smsFile: string;
}

/** Chromium and the two servers for a file of otp-flow paths; many code requests come from one address. */
export function otpFlowServers(): Servers {
  const servers = {} as Servers;
  const env = { CODE_REQUEST_LIMIT_PER_ADDRESS: '10000/1h' };
  beforeAll(async () => {
    servers.smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-')), 'sms.log');
    servers.browser = await launchBrowser();
    servers.file = await startAppServer({ bundle: 'demo', env: { ...env, SMS_TRANSPORT: `file:${servers.smsFile}` }, config: { scryptCost: 2 ** 14 } });
    servers.revealing = await startAppServer({ bundle: 'demo', env: { ...env, SMS_TRANSPORT: 'console' }, config: { scryptCost: 2 ** 14 } });
  }, 60_000);
  afterAll(async () => {
    await servers.browser?.close();
    await servers.file?.server.close();
    await servers.revealing?.server.close();
    fs.rmSync(path.dirname(servers.smsFile), { recursive: true, force: true });
  });
  return servers;
}

/** The latest code the file transport sent to a local number. */
function sentCode(smsFile: string, phone: string): Promise<string> {
  return vi.waitFor(
    () => {
      const lines = fs.existsSync(smsFile) ? fs.readFileSync(smsFile, 'utf8').trim().split('\n').filter(Boolean) : [];
      const mine = lines.map((line) => JSON.parse(line) as { phone: string; code: string }).filter((m) => m.phone === `88${phone}`);
      if (!mine.length) throw new Error(`no code sent to ${phone}`);
      return mine.at(-1)!.code;
    },
    { timeout: 10_000, interval: 50 },
  );
}

let numbers = 0;
/** A fresh unregistered number per path: codes and accounts of one path never meet another's. */
const freshPhone = () => `0191${String(process.pid % 1000).padStart(3, '0')}${String(numbers++).padStart(4, '0')}`;

const CODE_REQUEST = /^\/api\/student\/(otp|forgot-password)\//;
const SET_PASSWORD = /^\/api\/student\/set-password$/;
const SIGN_IN = /^\/api\/student\/login$/;
const CHECK_CODE = /^\/api\/student\/check-code$/;

const contextOf = (step: DriverStep) => step.state.context as OtpFlowContext;
const before = (step: DriverStep) => (step.index > 0 ? step.path.steps[step.index - 1]!.state : step.state);
const minutesSeconds = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
const busyState = (page: Page, name: string) => expect.poll(() => page.getByRole('button', { name, exact: true }).getAttribute('aria-busy'), { message: `${name} busy?` });
const busy = (page: Page, name: string) => busyState(page, name).toBe('true');
const idle = (page: Page, name: string) => busyState(page, name).toBeNull();
const onScreen = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

export function otpFlowScreens(kind: Kind, servers: Servers): ScreenMapping<OtpFlowWorld> {
  const entry = kind === 'register' ? '/register' : '/forget-password';
  return {
    async start(p: MachinePath) {
      // The first code request's answer decides the server: with the code in it, the development transport.
      const firstAnswer = p.steps.find((s) => eventName(s.event) === 'done(requestingOtp)');
      const revealsCode = Boolean((firstAnswer && payload<{ output?: { otp?: string } }>(firstAnswer))?.output?.otp);
      const { server, baseUrl } = revealsCode ? servers.revealing : servers.file;
      const phone = freshPhone();
      // A reset needs an account: each path its own, since a number gets only 5 codes an hour.
      if (kind === 'reset') {
        const passwordHash = await hashPassword('before-reset', 2 ** 14);
        await registerStudent(server.app.db, { username: toApiPhone(phone), localPhone: phone, passwordHash, now: server.clock.now() });
      }
      const page = await newPage(servers.browser, baseUrl);
      // The clock stands still: the resend countdown moves only when a path lets time pass.
      await page.clock.install();
      const held = await holdRequests(page, [CODE_REQUEST, CHECK_CODE, SET_PASSWORD, SIGN_IN]);
      await page.goto(entry);
      await pauseClock(page);
      return { page, held, server, phone, revealsCode, wrongCode: false, codes: new Map() };
    },

    events: {
      'phone.submit': async (world, step) => {
        const typed = payload<{ phone: string }>(step).phone;
        // A refused request is the server's own refusal: a registered number for registration, an unknown one for reset.
        const refused = nextEvent(step, 'error(requestingOtp)');
        const answered = nextEvent(step, 'done(requestingOtp)');
        const refusedNext = refused && (!answered || refused.index < answered.index);
        const phone = phoneProblem(typed) !== null ? typed : !refusedNext ? world.phone : kind === 'register' ? DEMO_STUDENT.phone : freshPhone();
        await world.page.getByLabel('Mobile number').fill(phone);
        await world.page.getByRole('button', { name: 'Proceed' }).click();
      },
      'done(requestingOtp)': async (world, step) => {
        const response = await world.held.answer(CODE_REQUEST);
        expect(response.status()).toBe(200);
        const sample = payload<{ output: { otp?: string } }>(step).output.otp;
        // The code the server handed out stands where the model's sample code does.
        if (sample) world.codes.set(sample, ((await response.json()) as { data: { otp: string } }).data.otp);
      },
      'error(requestingOtp)': async (world) => {
        expect((await world.held.answer(CODE_REQUEST)).status()).toBe(kind === 'register' ? 409 : 404);
      },
      'otp.change': async (world, step) => {
        const typed = payload<{ code: string }>(step).code;
        let code = typed;
        if (/^\d{6}$/.test(typed)) {
          // A whole code: the one sent, or a wrong one when the server is to refuse it.
          const sent = await sentCode(servers.smsFile, world.phone);
          const verdict = step.path.steps.slice(step.index + 1).find((s) => ['done(awaitingOtp.code.checking)', 'error(awaitingOtp.code.checking)', 'done(verifying)', 'error(verifying)'].includes(eventName(s.event)));
          world.wrongCode = Boolean(verdict && isOtpRejection(payload<{ error?: unknown }>(verdict).error));
          code = world.wrongCode ? sent.replace(/\d$/, (d) => String((Number(d) + 1) % 10)) : sent;
          world.codes.set(typed, code);
        }
        await world.page.getByLabel('Verification code').fill(code);
      },
      'otp.verify': async (world) => {
        await world.page.getByRole('button', { name: 'Verify' }).click();
      },
      'otp.resend': async (world) => {
        await world.page.getByRole('button', { name: 'Resend code', exact: true }).click();
      },
      'phone.change': async (world) => {
        await world.page.getByRole('button', { name: 'Change number' }).click();
      },
      'after(resendTick)': async (world) => {
        await world.page.clock.runFor(1_000);
      },
      'after(resendWait)': async (world, step) => {
        // The countdown runs out: the seconds it still showed.
        await world.page.clock.runFor((before(step).context as OtpFlowContext).resendSecondsLeft * 1_000);
      },
      'done(awaitingOtp.code.checking)': async (world) => {
        expect((await world.held.answer(CHECK_CODE)).status()).toBe(200);
      },
      'error(awaitingOtp.code.checking)': async (world, step) => {
        const error = payload<{ error?: unknown }>(step).error;
        if (!isOtpRejection(error)) return world.held.fail(CHECK_CODE);
        if (world.wrongCode) return void expect((await world.held.answer(CHECK_CODE)).status()).toBe(400);
        // The code the server handed out is right: it is refused once it has expired.
        const { clock } = world.server;
        const expired = { before: () => clock.advance(OTP_TTL_MS + 1_000), after: () => clock.advance(-(OTP_TTL_MS + 1_000)) };
        expect((await world.held.answer(CHECK_CODE, expired)).status()).toBe(400);
      },
      'done(awaitingOtp.resend.resending)': async (world) => {
        expect((await world.held.answer(CODE_REQUEST)).status()).toBe(200);
      },
      'error(awaitingOtp.resend.resending)': async (world) => {
        await world.held.fail(CODE_REQUEST);
      },
      'password.submit': async (world, step) => {
        const { password, confirmation } = payload<{ password: string; confirmation: string }>(step);
        await world.page.getByLabel('New password').fill(password);
        await world.page.getByLabel('Confirm password').fill(confirmation);
        await world.page.getByRole('button', { name: 'Set Password' }).click();
      },
      'done(verifying)': async (world) => {
        expect((await world.held.answer(SET_PASSWORD)).status()).toBe(200);
      },
      'error(verifying)': async (world, step) => {
        const error = payload<{ error?: unknown }>(step).error;
        if (!isOtpRejection(error)) return world.held.fail(SET_PASSWORD);
        if (world.wrongCode) return void expect((await world.held.answer(SET_PASSWORD)).status()).toBe(400);
        // The code the server handed out is right: it is refused once it has expired.
        const { clock } = world.server;
        const expired = { before: () => clock.advance(OTP_TTL_MS + 1_000), after: () => clock.advance(-(OTP_TTL_MS + 1_000)) };
        expect((await world.held.answer(SET_PASSWORD, expired)).status()).toBe(400);
      },
      'done(signingIn)': async (world) => {
        expect((await world.held.answer(SIGN_IN)).status()).toBe(200);
      },
      'error(signingIn)': async (world) => {
        await world.held.fail(SIGN_IN);
      },
    },

    states: {
      enteringPhone: async ({ page }, step) => {
        await onScreen(page, entry);
        await idle(page, 'Proceed');
        const { phoneError } = contextOf(step);
        if (phoneError) await page.getByText(phoneError).waitFor();
        else expect(await page.getByText(/Phone no\. is not valid|Please enter phone no\./).count()).toBe(0);
        if (eventName(step.event) === 'error(requestingOtp)') {
          await toastShown(page, kind === 'register' ? 'This phone number is already registered. Please sign in.' : 'No account found with this phone number.', 'error');
        }
      },
      requestingOtp: async ({ page }) => {
        await onScreen(page, entry);
        await busy(page, 'Proceed');
      },
      'awaitingOtp.resend.coolingDown.ticking': async ({ page }, step) => {
        const { resendSecondsLeft } = contextOf(step);
        await onScreen(page, '/otp');
        const resend = page.getByRole('button', { name: `Resend code in ${minutesSeconds(resendSecondsLeft)}` });
        await resend.waitFor();
        expect(await resend.isDisabled()).toBe(true);
      },
      'awaitingOtp.code.typing': async ({ page, codes }, step) => {
        const code = codes.get(contextOf(step).code) ?? contextOf(step).code;
        await onScreen(page, '/otp');
        await expect.poll(() => page.getByLabel('Verification code').inputValue()).toBe(code);
        const verify = page.getByRole('button', { name: 'Verify' });
        await expect.poll(() => verify.isEnabled()).toBe(code.length === 6);
        if (['error(verifying)', 'error(awaitingOtp.code.checking)'].includes(eventName(step.event))) await toastShown(page, undefined, 'error');
      },
      'awaitingOtp.code.checking': async ({ page }) => {
        await onScreen(page, '/otp');
        await busy(page, 'Checking…');
      },
      'awaitingOtp.resend.resendReady': async ({ page }, step) => {
        const resend = page.getByRole('button', { name: 'Resend code', exact: true });
        await resend.waitFor();
        expect(await resend.isEnabled()).toBe(true);
        if (eventName(step.event) === 'error(awaitingOtp.resend.resending)') await toastShown(page, MESSAGES.checkConnection, 'error');
      },
      'awaitingOtp.resend.resending': async ({ page }) => {
        await busy(page, 'Sending…');
      },
      settingPassword: async ({ page }, step) => {
        const { passwordError, confirmationError } = contextOf(step);
        await onScreen(page, '/setpassword');
        await idle(page, 'Set Password');
        for (const error of [passwordError, confirmationError]) if (error) await page.getByText(error).waitFor();
        if (eventName(step.event) === 'error(verifying)') await toastShown(page, MESSAGES.checkConnection, 'error');
      },
      verifying: async ({ page }) => {
        await onScreen(page, '/setpassword');
        await busy(page, 'Set Password');
      },
      signingIn: async ({ page }) => {
        // The password is set; the sign-in with it is under way on the same screen.
        await toastShown(page, MESSAGES.passwordSet, 'success');
        await busy(page, 'Set Password');
      },
      done: async ({ page }, step) => {
        await toastShown(page, MESSAGES.passwordSet, 'success');
        if (eventName(step.event) === 'done(signingIn)') {
          await onScreen(page, '/');
          // The signed-in shell loads on demand; React reveals a screen after a suspense on a timer, and the
          // paused clock would hold it: the flow is over, so time runs again.
          await page.clock.resume();
          await page.getByRole('button', { name: 'Account menu' }).waitFor();
        } else {
          await onScreen(page, '/login');
          await page.getByRole('button', { name: 'Sign In' }).waitFor();
          if (eventName(step.event) === 'error(signingIn)') await toastShown(page, MESSAGES.checkConnection, 'error');
        }
      },
    },
  };
}
