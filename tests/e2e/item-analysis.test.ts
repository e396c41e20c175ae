// Item analysis in real Chromium against the built app and a real server: the teacher signs in at
// /staff on a 1280 px screen, follows the published exam's "Item analysis" link, reads the table and
// the flags in plain words (no page overflow at 1280 and 1024 px), downloads the CSV and XLSX sheets;
// a practice drill with one attempt says "Not enough attempts yet"; a failed load (the connection
// lost) says why with Try again, and a reload keeps the desk signed in. The refusal before publication is an API test.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, type Page } from '../support/browser';
import { signedCalls } from '../support/api-calls';
import { TEACHER } from '../api/results-fixture';
import { ANALYSED_ASSIGNMENT, DRILL_ASSIGNMENT, itemAnalysisBundle, markAndPublishAnalysed } from '../api/item-analysis-fixture';
import { ITEM_FLAG_TEXT } from '../../src/domain/itemAnalysis';

const suite = browserSuite({ bundle: itemAnalysisBundle() });

async function signInAtDesk(page: Page) {
  await page.getByLabel('Username').fill('marker@academy.test');
  await page.getByLabel('Password').fill('marker-pass-2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Grading queue' }).waitFor();
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('item analysis for teachers', () => {
  it('opens from the desk on a published exam, shows the figures and flags, and downloads the sheet', { timeout: 120_000 }, async () => {
    await markAndPublishAnalysed(signedCalls(() => suite.server, () => []), await suite.server.sessionFor(TEACHER, 'staff'));

    const page = await newPage(suite.browser, suite.baseUrl, { width: 1280 });
    await page.goto('/staff');
    await signInAtDesk(page);
    // Only published (or practice) exams offer the analysis: the unpublished finished exam does not.
    expect(await page.getByRole('link', { name: /^Item analysis of Finished Cardiology Grand Test/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Item analysis of Analysed Grand Test, Morning Batch' }).click();

    await page.getByRole('heading', { name: 'Item analysis: Analysed Grand Test' }).waitFor();
    await expect.poll(() => page.title()).toBe('Item analysis: Analysed Grand Test · Teacher desk · Medical Academy');
    expect(new URL(page.url()).pathname).toBe(`/staff/exams/${ANALYSED_ASSIGNMENT}/analysis`);
    expect(await page.getByText('Morning Batch · 12 submitted attempts · upper and lower groups of 3').count()).toBe(1);
    const table = page.getByRole('table', { name: 'Item analysis by question' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(6);
    const first = await rows.nth(1).innerText();
    expect(first).toContain('Which valve?');
    expect(first).toMatch(/0\.50\s+1\.00/);
    expect(await rows.nth(2).innerText()).toContain(ITEM_FLAG_TEXT.keyPossiblyWrong);
    expect(await rows.nth(3).innerText()).toContain('A true ✓: 3 / 0');
    expect(await overflows(page)).toBe(false);
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await overflows(page)).toBe(false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('item-analysis-Analysed-Grand-Test-Morning-Batch.csv');
    const text = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8')).toContain('No.,Question,Type,Marks,Attempts,Facility');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toBe('item-analysis-Analysed-Grand-Test-Morning-Batch.xlsx');

    // Back to the desk (still signed in), then a practice drill with one attempt: not enough
    // attempts, in plain words.
    await page.getByRole('link', { name: '← Teacher desk' }).click();
    await page.getByRole('heading', { name: 'Grading queue' }).waitFor();
    await page.getByRole('link', { name: 'Item analysis of Small Drill, Morning Batch' }).click();
    await page.getByText('Not enough attempts yet.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/staff/exams/${DRILL_ASSIGNMENT}/analysis`);
    expect(await page.getByText('needs at least 10 submitted attempts; this exam has 1.', { exact: false }).count()).toBe(1);

    // The connection lost on a reload: the failure says so, with Try again, which loads it once back.
    await page.route('**/item-analysis', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('Please check your internet connection then try again.').waitFor();
    await page.unroute('**/item-analysis');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Not enough attempts yet.').waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await page.context().close();
  });
});
