// The offline app shell in a real Chromium on a 390 px phone, against a real server and the built app
// with its service worker: a running live exam survives a reload and a cold open with no connection
// (questions, answers, the clock from the kept deadline), the answer given offline reaches the server
// when the link returns, API answers never come from a cache, and app addresses open offline.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT, openExam } from '../support/demo-academy';

const suite = browserSuite();
const PHONE = { width: 390, serviceWorker: true };

const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });

/** The countdown as shown, in seconds ('12:34' or '01:02:03'). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Time remaining' }).textContent()) ?? '';
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

async function answersOnServer(examId: string) {
  const attempt = await currentAttempt(suite.server, examId);
  if (!attempt) return [];
  return suite.server.app.db.selectFrom('answers').selectAll().where('attempt_id', '=', attempt.id).execute();
}

/** Waits until the service worker is active with its precache filled (its install finished). */
const workerReady = (page: Page) => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active));

describe('the offline app shell', () => {
  it('reopens the running exam offline after a reload and a cold open, with its answers and clock, and sends the offline answer when the link returns', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await openExam(page, suite.baseUrl, DEMO.liveExamTitle, 'Live Exam');
    await expect(workerReady(page)).resolves.toBe(true);

    // Two answers online, acknowledged by the server.
    await question(page, 1).getByRole('radio').nth(0).check();
    await question(page, 2).getByRole('radio').nth(1).check();
    for (const n of [1, 2]) await expect.poll(() => question(page, n).getByTestId('answer-state').getAttribute('data-state')).toBe('sent');
    await expect.poll(async () => (await answersOnServer(DEMO.liveExam)).length).toBe(2);

    // Offline: a third answer stays on the phone.
    await page.context().setOffline(true);
    await expect.poll(() => page.getByTestId('connection-state').innerText()).toContain('Offline');
    await question(page, 3).getByRole('radio').nth(2).check();
    await expect.poll(() => question(page, 3).getByTestId('answer-state').getAttribute('data-state')).toBe('saved');
    const before = await secondsLeft(page);
    expect(before).toBeGreaterThan(60);

    // A reload with no connection: the exam opens from the phone, the clock counts on from the kept deadline.
    await page.reload();
    await page.getByRole('timer', { name: 'Time remaining' }).waitFor({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: DEMO.liveExamTitle }).count()).resolves.toBe(1);
    await expect(question(page, 1).getByRole('radio').nth(0).isChecked()).resolves.toBe(true);
    await expect(question(page, 2).getByRole('radio').nth(1).isChecked()).resolves.toBe(true);
    await expect(question(page, 3).getByRole('radio').nth(2).isChecked()).resolves.toBe(true);
    await expect(question(page, 3).getByTestId('answer-state').getAttribute('data-state')).resolves.toBe('saved');
    const afterReload = await secondsLeft(page);
    // Wide slack for a loaded machine: the reload took some seconds, never minutes, and the clock never went up.
    expect(afterReload).toBeLessThanOrEqual(before);
    expect(afterReload).toBeGreaterThan(before - 60);
    // It counts down.
    await expect.poll(() => secondsLeft(page), { timeout: 15_000 }).toBeLessThan(afterReload);
    expect(page.url()).toContain(`/live-exam/${DEMO.liveExam}/`);

    // A cold open of the exam's address in a new page, still offline.
    const cold = await page.context().newPage();
    await cold.goto(page.url());
    await cold.getByRole('timer', { name: 'Time remaining' }).waitFor({ timeout: 20_000 });
    await expect(question(cold, 3).getByRole('radio').nth(2).isChecked()).resolves.toBe(true);
    const coldLeft = await secondsLeft(cold);
    expect(coldLeft).toBeLessThanOrEqual(before);
    expect(coldLeft).toBeGreaterThan(before - 90);
    await cold.close();

    // An API request offline fails: it is never answered from a cache.
    const offlineApi = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/health');
        return `answered ${response.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(offlineApi).toBe('failed');

    // The link returns: the answer given offline reaches the server.
    await page.context().setOffline(false);
    await expect.poll(() => question(page, 3).getByTestId('answer-state').getAttribute('data-state'), { timeout: 20_000 }).toBe('sent');
    await expect.poll(async () => (await answersOnServer(DEMO.liveExam)).length, { timeout: 20_000 }).toBe(3);
    await page.context().close();
  }, 120_000);

  it('sets up the offline app only after sign-in, and then opens the sign-in screen offline from it', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    // A visitor's sign-in screen registers nothing: it stays light on a slow link.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).resolves.toBe(0);
    // Signed in once, the phone holds the app; signed out again, the sign-in screen opens with no link.
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await expect(workerReady(page)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to logout?' }).getByRole('button', { name: 'Yes, logout' }).click();
    await page.waitForURL('**/login');
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // The installable app: its manifest is linked and served.
    await expect(page.locator('link[rel="manifest"]').getAttribute('href')).resolves.toBe('/manifest.webmanifest');
    await page.context().close();
  }, 60_000);
});
