// The academy's clock in real Chromium on a 390 px phone whose time zone is New York: notification,
// forum and desk times, an upcoming exam's card and the live exam's start and end all show Dhaka time in
// the one format ('DD MMM YYYY | hh:mm a', or how long ago within the last day), the exam's countdown is
// mm:ss or hh:mm:ss; the date library stays off the sign-in screen.
import { describe, expect, it } from 'vitest';
import { animationsEnded, browserSuite, newPage, signIn, watchScripts, type Locator, type Page } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';
import { formatAcademyTime, formatClockTime, formatSince } from '../../src/domain/academyTime';

const ACADEMY = 'Asia/Dhaka';
const DEVICE = 'America/New_York';
/** A text only the date library's code contains. */
const DATE_LIBRARY_MARK = 'Invalid DateTime';

const suite = browserSuite();

/**
 * Every <time> in `scope` says when it was in the one format, read against the page's own clock (read
 * before and after, so a minute turning over between the two reads is no failure); a moment older than a
 * day shows Dhaka's date and time, not the device's. Returns how many were read.
 */
async function expectAcademyTimes(page: Page, scope: Locator): Promise<number> {
  const before = await page.evaluate(() => Date.now());
  const times = await scope.locator('time').evaluateAll((nodes) => nodes.map((node) => ({ at: node.getAttribute('datetime')!, shown: node.textContent!, title: node.getAttribute('title') })));
  const after = await page.evaluate(() => Date.now());
  for (const { at, shown, title } of times) {
    expect([formatSince(at, before, ACADEMY), formatSince(at, after, ACADEMY)], at).toContain(shown);
    expect(shown).toMatch(/^(just now|\d+ min ago|\d+ h ago|\d\d [A-Z][a-z]{2} \d{4} \| (0\d|1[0-2]):\d\d (am|pm))$/);
    expect(title).toBe(formatAcademyTime(at, ACADEMY));
    if (after - Date.parse(at) > 86_400_000) expect(shown).not.toBe(formatAcademyTime(at, DEVICE));
  }
  return times.length;
}

describe('the academy clock in the browser', () => {
  it('shows notification, forum, exam card and exam screen times in one format in Dhaka time on a phone set to New York', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390, timezoneId: DEVICE });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(DEVICE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);

    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await drawer.getByRole('list', { name: 'Notification list' }).waitFor();
    expect(await expectAcademyTimes(page, drawer)).toBeGreaterThan(0);
    // Escape closes the drawer once it has opened whole (its transition ended, the focus inside it).
    await animationsEnded(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.goto(`/qa-forum-list/${DEMO.mbbsCourse}`);
    await page.getByRole('heading', { name: DEMO.mbbsCourseName }).waitFor();
    await page.locator('main time').first().waitFor();
    expect(await expectAcademyTimes(page, page.locator('main'))).toBeGreaterThan(0);

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
    await expect.poll(() => card.getByRole('button').textContent()).toBe(`Start Time: ${formatAcademyTime(upcoming.starts_at, ACADEMY)}`);
    expect(formatAcademyTime(upcoming.starts_at, ACADEMY)).not.toBe(formatAcademyTime(upcoming.starts_at, DEVICE));

    await page.goto(`/live-exam/${DEMO.liveExam}/${DEMO.group}`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('timer').waitFor();
    const attempt = (await currentAttempt(suite.server, DEMO.liveExam))!;
    const line = `Start: ${formatClockTime(attempt.started_at, ACADEMY)} · End: ${formatClockTime(attempt.deadline_at, ACADEMY)}`;
    await page.getByText(line, { exact: true }).waitFor();
    expect(line).toMatch(/^Start: (0\d|1[0-2]):\d\d (am|pm) · End: (0\d|1[0-2]):\d\d (am|pm)$/);
    expect(formatClockTime(attempt.started_at, ACADEMY)).not.toBe(formatClockTime(attempt.started_at, DEVICE));
    // The countdown: mm:ss under an hour, hh:mm:ss from an hour.
    expect(await page.getByRole('timer').textContent()).toMatch(/^(\d\d:)?\d\d:\d\d$/);
    await page.context().close();
  }, 60_000);

  it("writes the teacher desk's times the same way", async () => {
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 390, timezoneId: DEVICE });
    await desk.goto('/staff');
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
    const ends = await desk.getByText(/^Ends /).allTextContents();
    expect(ends.length).toBeGreaterThan(0);
    for (const line of ends) expect(line).toMatch(/^Ends \d\d [A-Z][a-z]{2} \d{4} \| (0\d|1[0-2]):\d\d (am|pm)$/);
    await desk.getByRole('button', { name: new RegExp(`^Open ${DEMO.awaitingMarkingExamTitle.replace(/[()]/g, '\\$&')}`) }).click();
    const answer = desk.getByRole('article', { name: /^Answer \d+ of \d+$/ });
    await answer.locator('time').first().waitFor();
    expect(await expectAcademyTimes(desk, answer)).toBeGreaterThan(0);
    await desk.context().close();
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
