// The spec's last lines, each in a real Chromium on a 390 px phone against a real server with the demo
// academy: the sign-in screen's support number, served by the server at run time, and the countdown in
// the exam's header.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage } from '../support/browser';
import { DEMO } from '../support/demo-academy';
import { EXAM, newStudentPage } from '../support/exam-submission-screens';

const SUPPORT = '09612-345678';
const suite = browserSuite({ env: { SUPPORT_PHONE: SUPPORT } });
const PHONE = { width: 390 };

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
});
