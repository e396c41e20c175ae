// The results of a published exam for teachers, in real Chromium against the built app and a real
// server: the teacher signs in at /staff on a 1280 px screen, follows the published exam's "See
// results" link, reads the merit list (Bengali names included), searches it by roll, opens a
// student's result as the student sees it, downloads the CSV, and the page fits 1280 and 1024 px with
// no serious or critical axe finding. The refusals (another course, before publication) are API tests.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, type Page } from '../support/browser';
import { signedCalls } from '../support/api-calls';
import { TEACHER } from '../api/results-fixture';
import { ANALYSED_ASSIGNMENT, markAndPublishAnalysed } from '../api/item-analysis-fixture';
import { BENGALI_NAMES, staffResultsBundle } from '../api/staff-results-fixture';

const suite = browserSuite({ bundle: staffResultsBundle() });

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('results of a published exam for teachers', () => {
  it('opens from the desk, shows the merit list, opens a student\'s result and downloads the CSV', { timeout: 180_000 }, async () => {
    await markAndPublishAnalysed(signedCalls(() => suite.server, () => []), await suite.server.sessionFor(TEACHER, 'staff'));

    // bypassCSP: axe-core is injected past the app's Content Security Policy.
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    await page.goto('/staff');
    await page.getByLabel('Username').fill('marker@academy.test');
    await page.getByLabel('Password').fill('marker-pass-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Only published (or practice) exams offer the results: the unpublished finished exam does not.
    await page.getByRole('link', { name: 'See results of Analysed Grand Test, Morning Batch' }).click();
    expect(await page.getByRole('link', { name: /^See results of Finished Cardiology Grand Test/ }).count()).toBe(0);

    await page.getByRole('heading', { name: 'Results: Analysed Grand Test' }).waitFor();
    await expect.poll(() => page.title()).toBe('Results · Analysed Grand Test · Teacher desk · Medical Academy');
    expect(new URL(page.url()).pathname).toBe(`/staff/exams/${ANALYSED_ASSIGNMENT}/results`);
    const table = page.getByRole('table', { name: 'Merit list' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(13);
    const first = await rows.nth(1).innerText();
    expect(first).toContain(BENGALI_NAMES[0]);
    expect(first).toContain('P-0');
    expect(first).toContain('Passed');
    expect(await table.getByText(BENGALI_NAMES[8]!).count()).toBe(1);
    expect(await overflows(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await overflows(page)).toBe(false);

    // Search by roll, then open that student's result: the students' own result view.
    await page.getByLabel('Search by name or roll').fill('p-3');
    await page.getByText('1 of 12 students match “p-3”.').waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByRole('button', { name: `Result of ${BENGALI_NAMES[3]}` }).click();
    const dialog = page.getByRole('dialog', { name: `Result of ${BENGALI_NAMES[3]}` });
    await dialog.getByTestId('result-verdict').waitFor();
    expect(await dialog.getByRole('heading', { name: 'Questions and answers' }).count()).toBe(1);
    expect(await dialog.getByRole('listitem', { name: 'Question 1' }).count()).toBe(1);
    // Asking about a question and studying it are the student's, not the teacher's.
    expect(await dialog.getByRole('button', { name: /^Ask about this/ }).count()).toBe(0);
    expect(await dialog.getByRole('link', { name: /^Study: / }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close the result' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Search by name or roll').fill('');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('results-Analysed-Grand-Test-Morning-Batch.csv');
    const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    expect(text.startsWith('\uFEFFPosition,Rank,Name,Roll,Batch')).toBe(true);
    expect(text).toContain(BENGALI_NAMES[0]);
    expect(text.trim().split('\r\n')).toHaveLength(13);

    // The item analysis of the same exam links back to the results.
    await page.getByRole('link', { name: 'Item analysis' }).click();
    await page.getByRole('heading', { name: 'Item analysis: Analysed Grand Test' }).waitFor();
    await page.getByRole('link', { name: 'See results' }).click();
    await page.getByRole('heading', { name: 'Results: Analysed Grand Test' }).waitFor();
    await page.context().close();
  });
});
