// Toasts in real Chromium against a real server with the demo academy: the toast library is fetched
// with the first toast, not with the sign-in screen; a sign-in refusal reads as the spec's warning;
// an exam that loses the connection says 'Due to internet issue, saving locally' once per outage, and
// 'Internet has been restored' stays 10 seconds.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, toast, watchScripts } from '../support/browser';
import { DEMO_STUDENT, openExam } from '../support/demo-academy';
import { MESSAGES } from '../../src/domain/messages';

const suite = browserSuite();

/** A text only the toast library's code contains. */
const TOAST_LIBRARY_MARK = 'data-sonner-toast';

describe('toasts in the browser', () => {
  it('fetches the toast library with the first toast and shows a sign-in refusal as a warning', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const scripts = watchScripts(page);
    const carriesToastLibrary = () => scripts.carries(TOAST_LIBRARY_MARK);

    await page.goto('/login', { waitUntil: 'networkidle' });
    expect(await carriesToastLibrary()).toBe(false);

    await page.getByLabel('Mobile number').fill(DEMO_STUDENT.phone);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The server's title alone: the spec's login rule shows it as a warning.
    await toast(page, 'Phone no. or password is incorrect', 'warning').waitFor();
    expect(await carriesToastLibrary()).toBe(true);
    await page.context().close();
  });

  it("toasts once per outage, not per answer, while offline in an exam, and keeps 'Internet has been restored' on screen for 10 seconds", async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await page.clock.install();
    await openExam(page, suite.baseUrl, 'Practice Set: Physiology Basics', 'Practice Exam');
    await page.getByRole('timer').waitFor();

    await page.context().setOffline(true);
    await page.getByText('You are offline. Your answers are saved on this device.').waitFor();
    await page.getByRole('article', { name: 'Question 1' }).getByRole('radio').first().check();
    // The answer kept on the phone is told by the banner and by the question, and once per outage by the
    // spec's network-error toast, never by a toast per answer.
    await page.getByRole('article', { name: 'Question 1' }).getByText('Saved on this phone; it will be sent when the connection returns.').waitFor();
    await toast(page, MESSAGES.savedLocally, 'warning').waitFor();
    await page.getByRole('article', { name: 'Question 2' }).getByRole('radio').first().check();
    await page.getByRole('article', { name: 'Question 2' }).getByText('Saved on this phone; it will be sent when the connection returns.').waitFor();
    await expect(toast(page).count()).resolves.toBe(1);
    await expect(toast(page, MESSAGES.savedLocally).count()).resolves.toBe(1);

    // Hovering pauses a toast's timer: keep the pointer away from them.
    await page.mouse.move(10, 700);
    await page.context().setOffline(false);
    const restored = toast(page, 'Internet has been restored', 'success');
    await restored.waitFor();
    expect(await restored.innerText()).toContain('You are back to online. We are trying to submit your locally saved answers.');
    // Still there 8 s on (plus the real time this test took since it appeared), gone after 11 s.
    await page.clock.fastForward(8_000);
    expect(await restored.isVisible()).toBe(true);
    await page.clock.fastForward(3_000);
    await restored.waitFor({ state: 'detached' });
    await page.context().close();
  }, 60_000);
});
