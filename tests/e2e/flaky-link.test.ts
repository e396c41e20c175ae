// The exam on a flaky phone link, in a real Chromium on a 390 px phone against a real server with the
// demo academy: a screen's code that fails to download never takes the shell down and recovers by itself.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, openExam, rememberStartFilters, submitWrittenAnswer } from '../support/demo-academy';
import { MESSAGES } from '../../src/domain/messages';

const suite = browserSuite();
const PHONE = { width: 390 };

/** Makes downloads of a screen's code fail as on a dropped link; returns the function that lets them through again. */
async function blockChunk(page: Page, screen: string): Promise<{ attempts: () => number; allow: () => Promise<void> }> {
  let attempts = 0;
  const pattern = new RegExp(`/assets/${screen}-[^/]+\\.js$`);
  const handler = (route: import('playwright-core').Route) => {
    attempts++;
    return route.abort('internetdisconnected');
  };
  await page.route(pattern, handler);
  return { attempts: () => attempts, allow: () => page.unroute(pattern, handler) };
}

describe('a flaky link in the browser', () => {
  it('keeps the shell when a course page cannot download, offers Back and Retry, and opens by itself when the link returns', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const chunk = await blockChunk(page, 'CourseSubjectsScreen');
    await page.getByRole('link', { name: new RegExp(DEMO.mbbsCourseName) }).first().click();
    await page.waitForURL(new RegExp(`/subjects/${DEMO.mbbsCourse}`));

    const failure = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
    await failure.waitFor({ timeout: 20_000 });
    // The download was tried more than once before the notice, and the shell is still there.
    expect(chunk.attempts()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await failure.getByRole('button', { name: 'Back' }).waitFor();
    await failure.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await failure.textContent()).not.toMatch(/Failed to fetch|dynamically imported|\.js/);

    // Retry while the link is still down: the notice stays (after its tries) and nothing crashes.
    await failure.getByRole('button', { name: 'Retry' }).click();
    await failure.waitFor({ timeout: 20_000 });

    // The link returns: the page opens without a tap and without a reload.
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await chunk.allow();
    await page.getByRole('heading', { level: 1, name: DEMO.mbbsCourseName }).waitFor({ timeout: 15_000 });
    await expect(failure.count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBe(true);

    // Back on the notice returns to the previous page.
    await page.goto('/courses');
    const blocked = await blockChunk(page, 'StudentProfile');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await failure.waitFor({ timeout: 20_000 });
    await failure.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/courses$/);
    await blocked.allow();
    await page.context().close();
  }, 90_000);

  it('prefetches the exam screen on My Exams, and a Start Exam during a drop opens the exam once the link returns', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);

    // Opening My Exams downloads the exam screen's code before any exam is started.
    const examCode = page.waitForResponse((response) => /\/assets\/LiveExamScreen-[^/]+\.js$/.test(response.url()) && response.ok());
    await page.goto('/exams');
    await examCode;
    await page.context().close();

    // With the link down as My Exams opens (the prefetch fails too), Start Exam still ends in the exam.
    const second = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(second, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(second);
    const chunk = await blockChunk(second, 'LiveExamScreen');
    await second.goto('/exams');
    await second.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
    await expect.poll(() => chunk.attempts()).toBeGreaterThan(0);
    const card = second.getByRole('article', { name: DEMO.liveExamTitle });
    await card.getByRole('button', { name: 'Start Exam' }).click();
    await second.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).click();
    await second.waitForURL(/\/live-exam\//);
    await second.getByRole('button', { name: 'Account menu' }).waitFor();
    await chunk.allow();
    await second.getByRole('dialog').getByRole('button', { name: 'OK' }).click({ timeout: 20_000 });
    await second.getByRole('timer').first().waitFor();
    await second.context().close();
  });

  it('keeps time, counts, Next unanswered and Submit in the exam bar while the questions scroll', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await openExam(page, suite.baseUrl, DEMO.liveExamTitle, 'Live Exam');
    const bar = page.getByRole('region', { name: 'Exam bar' });
    const timer = bar.getByRole('timer', { name: 'Time remaining' });
    await timer.waitFor();
    await expect(page.getByRole('timer').count()).resolves.toBe(1);

    // Scrolled to the last question, the bar with the time is still on the screen.
    await page.getByRole('article', { name: 'Question 8' }).scrollIntoViewIfNeeded();
    const box = (await timer.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    await bar.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await bar.getByTestId('answered-count').isVisible()).toBe(true);
    expect(await bar.getByTestId('offline-count').isVisible()).toBe(true);

    // Next unanswered goes round to question 1 from the end, then past an answered question.
    await page.getByRole('article', { name: 'Question 1' }).getByRole('radio').first().check();
    await expect.poll(() => page.getByTestId('answered-count').textContent()).toMatch(/^Answered: [1-9]/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole('button', { name: 'Next unanswered' }).click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focused).toBe('Question 2');
    await page.context().close();
  });

  it('tells screen readers the time once at 1 minute left', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await page.clock.install();
    await openExam(page, suite.baseUrl, 'Quick Practice: Pharmacology in 2 Minutes', 'Practice Exam');
    const announcement = page.getByTestId('time-announcement');
    await page.getByRole('timer').waitFor();
    // Two minutes at the start: below the 5-minute warning already, so nothing is said yet.
    await expect(announcement.textContent()).resolves.toBe('');
    await expect(announcement.getAttribute('aria-live')).resolves.toBe('assertive');
    await page.clock.fastForward('01:02');
    await expect.poll(() => announcement.textContent()).toBe('1 minute left in the exam.');
    await page.context().close();
  });

  it('gives ten offline answers one banner, one network-error toast, and each question its own honest state', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    page.on('dialog', (dialog) => void dialog.accept());
    await openExam(page, suite.baseUrl, 'Practice Set: Physiology Basics', 'Practice Exam');
    await page.getByRole('timer').waitFor();
    // A practice exam: the connection is Online, and nothing says Live.
    await expect(page.getByTestId('connection-state').innerText()).resolves.toContain('Online');
    await expect(page.getByTestId('live-badge').count()).resolves.toBe(0);

    // Every toast that appears from now on, by its text (each closes by itself after a few seconds).
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { toastsSeen: string[] }).toastsSeen = []);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            const toasts = node.matches('[data-sonner-toast]') ? [node] : [...node.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
            for (const item of toasts) seen.push(item.textContent ?? '');
          }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const toastsSeen = () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
    await page.context().setOffline(true);
    await expect.poll(() => page.getByTestId('connection-state').innerText()).toContain('Offline');
    const q = (n: number) => page.getByRole('article', { name: `Question ${n}` });
    await q(1).getByRole('radio').nth(0).check();
    await q(1).getByRole('radio').nth(1).check();
    await q(2).getByRole('radio').nth(1).check();
    await q(2).getByRole('radio').nth(0).check();
    for (const group of await q(3).getByRole('radiogroup').all()) {
      await group.getByLabel('True').check();
      await group.getByLabel('False').check();
    }
    await q(4).getByRole('checkbox').first().check();
    await q(4).getByRole('button', { name: 'Submit Answer' }).click();
    await q(5).getByRole('textbox').fill('The SA node');
    await submitWrittenAnswer(q(5));
    await expect.poll(() => page.getByTestId('offline-count').textContent()).toBe('Offline saved: 5');

    await expect(page.getByText('You are offline.', { exact: false }).count()).resolves.toBe(1);
    // The spec's network-error toast once for the whole outage, never one per answer.
    const seen = await toastsSeen();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain(MESSAGES.savedLocally);
    for (const n of [1, 2, 3, 4, 5]) await expect(q(n).getByTestId('answer-state').getAttribute('data-state')).resolves.toBe('saved');
    await expect(q(6).getByTestId('answer-state').count()).resolves.toBe(0);
    // A written answer kept only on the phone never claims to be submitted.
    await q(5).getByRole('button', { name: 'Saved on this phone' }).waitFor();
    await expect(q(5).getByRole('button', { name: 'Answer Submitted' }).count()).resolves.toBe(0);

    await page.context().setOffline(false);
    for (const n of [1, 2, 3, 4, 5]) await expect.poll(() => q(n).getByTestId('answer-state').getAttribute('data-state'), { timeout: 20_000 }).toBe('sent');
    await q(5).getByRole('button', { name: 'Answer Submitted' }).waitFor();
    await expect(page.getByText('You are offline.', { exact: false }).count()).resolves.toBe(0);
    await page.context().close();
  }, 60_000);

  it("names a live exam's kind Live on its card, with its state beside it", async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/exams');
    await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
    const running = page.getByRole('article', { name: DEMO.liveExamTitle });
    const upcoming = page.getByRole('article', { name: DEMO.upcomingExamTitle });
    await expect(running.getByTestId('exam-badge').textContent()).resolves.toBe('Live');
    await expect(running.getByTestId('exam-state').textContent()).resolves.toBe('Open now');
    await expect(upcoming.getByTestId('exam-badge').textContent()).resolves.toBe('Live');
    await expect(upcoming.getByTestId('exam-state').textContent()).resolves.toBe('Upcoming');
    await page.context().close();
  });

  it('never answers by arrow keys in a live exam that allows no changes: Space or Enter chooses', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await openExam(page, suite.baseUrl, DEMO.liveExamTitle, 'Live Exam');
    let saves = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/exam/add-answer/')) saves++;
    });
    const q2 = page.getByRole('article', { name: 'Question 2' });
    const options = q2.getByRole('radio');
    await options.first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => q2.getByTestId('answer-state').getAttribute('data-state')).toBe('sent');
    expect(saves).toBe(1);

    // ArrowDown moves the focus to the next option and chooses nothing.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.nth(1).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForTimeout(1_000);
    expect(saves).toBe(1);
    await expect(options.first().isChecked()).resolves.toBe(true);
    await expect(options.nth(1).isChecked()).resolves.toBe(false);
    await expect(toast(page).count()).resolves.toBe(0);
    // Enter on another option is a deliberate change: this exam refuses it on the device.
    await page.keyboard.press('Enter');
    await toast(page, 'You cannot change the answer').waitFor();
    expect(saves).toBe(1);
    await expect(options.first().isChecked()).resolves.toBe(true);
    await page.context().close();
  });

  it('gives every address its title and moves focus to the heading after a navigation', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await page.goto('/login');
    await expect.poll(() => page.title()).toBe('Sign in · Medical Academy');
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await expect.poll(() => page.title()).toBe('My Courses · Medical Academy');
    await page.getByRole('link', { name: new RegExp(DEMO.mbbsCourseName) }).first().click();
    await expect.poll(() => page.title()).toBe('Course · Medical Academy');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(DEMO.mbbsCourseName);
    await page.context().close();
  });

  it('says errors in plain words with Retry and Back, and a malformed or unknown address is a page that does not exist', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    // A phone with no course list kept from an earlier answer (with one, that list shows: content.test.ts).
    await page.getByRole('list', { name: 'Courses' }).waitFor();
    await page.evaluate(() => localStorage.removeItem('courses'));

    // No connection while the course list loads: plain words, Retry and Back, no request address.
    await page.route('**/api/student/courseByStudent/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/courses');
    const failure = page.getByRole('alert').filter({ hasText: 'The contents could not be loaded.' });
    await failure.getByText('Please check your internet connection then try again.').waitFor();
    await failure.getByRole('button', { name: 'Retry' }).waitFor();
    await failure.getByRole('button', { name: 'Back' }).waitFor();
    expect(await failure.innerText()).not.toMatch(/\/api\/|Failed to fetch|GET/);
    await page.unroute('**/api/student/courseByStudent/**');

    // A malformed id in the address: the page does not exist, not the schema's words.
    await page.goto('/chapters/not-an-id');
    const malformed = page.getByRole('alert').filter({ hasText: 'This page does not exist.' });
    await malformed.waitFor();
    expect(await malformed.innerText()).not.toMatch(/must match|pattern|params/);
    await malformed.getByRole('button', { name: 'Back' }).waitFor();

    // An address the app does not know.
    await page.goto('/no-such-page');
    const missing = page.getByRole('alert').filter({ hasText: 'This page does not exist.' });
    await missing.getByRole('link', { name: 'Go to My Courses' }).waitFor();
    await missing.getByRole('button', { name: 'Back' }).click();
    // Opened directly (no earlier page in this tab's history): Back leads to My Courses.
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.title()).toBe('My Courses · Medical Academy');
    await page.context().close();
  });
});
