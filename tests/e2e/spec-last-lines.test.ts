// The spec's last lines, each in a real Chromium on a 390 px phone against a real server with the demo
// academy: the sign-in screen's support number, served by the server at run time, and the countdown in
// the exam's header, and the My Courses / My Exams tabs on the profile, scoreboard and forum pages.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';
import { EXAM, newStudentPage } from '../support/exam-submission-screens';

const SUPPORT = '09612-345678';
const suite = browserSuite({ env: { SUPPORT_PHONE: SUPPORT } });
const PHONE = { width: 390 };
/** A question of the demo academy's forum. */
const FORUM_QUESTION = 'f00000000000000000000002';

describe('the spec’s last lines in the browser', () => {
  it('shows the support number the server is set with on the sign-in screen, callable', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await page.goto('/login');
    const call = page.getByRole('link', { name: SUPPORT });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:09612345678');
    expect(await page.getByText('Need help? Call').isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows the countdown in the exam's header, with the bar's, on a phone", async () => {
    const { page } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
    await page.setViewportSize({ width: 390, height: 740 });
    await page.goto(`/live-exam/${EXAM}/${DEMO.group}`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const bar = page.getByRole('timer');
    await bar.waitFor();
    const header = page.locator('header', { has: page.getByRole('heading', { level: 1 }) }).getByTestId('header-countdown');
    expect(await header.isVisible()).toBe(true);
    expect(await header.innerText()).toMatch(/^\d{2}:\d{2}(:\d{2})?$/);
    // Both count the same attempt's time: a second apart at most while the page renders.
    const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const [fromHeader, fromBar] = [seconds(await header.innerText()), seconds(await bar.innerText())];
    expect(Math.abs(fromHeader - fromBar)).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('offers the My Courses and My Exams tabs on the profile, the scoreboard and the forum pages, stacked on a phone', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    for (const address of ['/student-profile', '/scoreboard', `/qa-forum-list/${DEMO.mbbsCourse}`, `/question-details/${FORUM_QUESTION}`]) {
      await page.goto(address);
      const tabs = page.getByRole('navigation', { name: 'Main sections' });
      await tabs.waitFor();
      const courses = tabs.getByRole('link', { name: 'My Courses' });
      const exams = tabs.getByRole('link', { name: 'My Exams' });
      expect(await courses.isVisible(), address).toBe(true);
      expect(await exams.isVisible(), address).toBe(true);
      // Below 575 px the tabs stack: My Exams sits under My Courses, not beside it.
      const [first, second] = [await courses.boundingBox(), await exams.boundingBox()];
      expect(second!.y, address).toBeGreaterThan(first!.y);
    }
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name: 'My Exams' }).click();
    await page.waitForURL('**/exams');
    await page.context().close();
  });
});
