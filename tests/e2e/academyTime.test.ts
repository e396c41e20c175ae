// The academy's clock in real Chromium whose time zone is New York: notification times, an upcoming
// exam's card and the live exam's start and end show Dhaka time; the date library stays off the
// sign-in screen.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, watchScripts } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT } from '../support/demo-academy';
import { formatExamClock, formatExamStart, formatNotificationTime } from '../../src/domain/academyTime';

const ACADEMY = 'Asia/Dhaka';
const DEVICE = 'America/New_York';
/** A text only the date library's code contains. */
const DATE_LIBRARY_MARK = 'Invalid DateTime';

const suite = browserSuite();

describe('the academy clock in the browser', () => {
  it('shows notification, exam card and exam screen times in Dhaka time on a phone set to New York', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360, timezoneId: DEVICE });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(DEVICE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);

    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await drawer.getByRole('list', { name: 'Notification list' }).waitFor();
    const times = await drawer.locator('time').evaluateAll((nodes) => nodes.map((node) => ({ at: node.getAttribute('datetime')!, shown: node.textContent })));
    expect(times.length).toBeGreaterThan(0);
    for (const { at, shown } of times) {
      expect(shown).toBe(formatNotificationTime(at, ACADEMY));
      expect(shown).not.toBe(formatNotificationTime(at, DEVICE));
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    const upcoming = await suite.server.app.db
      .selectFrom('exam_assignments')
      .innerJoin('exams', 'exams.id', 'exam_assignments.exam_id')
      .select('exam_assignments.starts_at')
      .where('exams.title', '=', DEMO.upcomingExamTitle)
      .where('exam_assignments.group_id', '=', DEMO.group)
      .executeTakeFirstOrThrow();
    await page.goto('/exams');
    await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
    const card = page.getByRole('article', { name: DEMO.upcomingExamTitle });
    await expect.poll(() => card.getByRole('button').textContent()).toBe(`Start Time: ${formatExamStart(upcoming.starts_at, ACADEMY)}`);
    expect(formatExamStart(upcoming.starts_at, ACADEMY)).not.toBe(formatExamStart(upcoming.starts_at, DEVICE));

    await page.goto(`/live-exam/${DEMO.liveExam}/${DEMO.group}`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('timer').waitFor();
    const attempt = (await currentAttempt(suite.server, DEMO.liveExam))!;
    const line = `Start: ${formatExamClock(attempt.started_at, ACADEMY)} · End: ${formatExamClock(attempt.deadline_at, ACADEMY)}`;
    await page.getByText(line, { exact: true }).waitFor();
    expect(formatExamClock(attempt.started_at, ACADEMY)).not.toBe(formatExamClock(attempt.started_at, DEVICE));
    await page.context().close();
  }, 60_000);

  it('loads the date library only after sign-in, never for the sign-in screen', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const scripts = watchScripts(page);
    const carriesDateLibrary = () => scripts.carries(DATE_LIBRARY_MARK);

    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(scripts.count()).toBeGreaterThan(0);
    expect(await carriesDateLibrary()).toBe(false);

    // Signed in, the shell brings the notification drawer and with it the date library.
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await expect.poll(carriesDateLibrary).toBe(true);
    await page.context().close();
  }, 30_000);
});
