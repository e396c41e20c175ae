// Phone-shaped tables on a 390 px phone: the scoreboard is a card an exam (exam, date, type, Pass/Fail,
// marks with 2 decimals; details and the merit list on tap) and the merit list a card a rank (rank, name,
// marks; the student's own place pinned on top; the other columns on tap). Where the table shows (640 px
// and up) but is wider than its frame, the keyboard reaches it and scrolls it.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('tables on a phone', () => {
  it('shows the scoreboard as cards with 2-decimal marks, and the merit list as ranks with "you" on top', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/scoreboard');
    const cards = page.getByRole('list', { name: 'Exam results' }).getByRole('article');
    await cards.first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await overflow(page)).toBe(0);

    // 2 decimals: every card's marks, the summary's marks and the total.
    const marks = await page.getByTestId('card-marks').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const line of marks) expect(line).toMatch(/^Marks: -?\d+\.\d\d \/ \d+\.\d\d$/);
    const summary = page.getByLabel('Summary');
    for (const label of ['Highest Marks', 'Lowest Marks', 'Average Marks']) {
      expect(await summary.locator('div', { hasText: label }).locator('dd').textContent(), label).toMatch(/^-?\d+\.\d\d$/);
    }
    expect(await page.getByTestId('scoreboard-total').textContent()).toMatch(/^Total marks: \d+\.\d\d out of \d+\.\d\d$/);

    // Details on tap.
    const published = page.getByRole('article', { name: DEMO.publishedExamTitle });
    expect(await published.getByText('Merit Position').isVisible()).toBe(false);
    await published.getByText('Details').click();
    await published.getByText('Merit Position').waitFor();
    expect(await published.locator('dd').first().textContent()).toMatch(/^\d+$/);
    expect(await axeViolations(page)).toEqual([]);

    // The merit list: a card a rank, the student's own place first; the other columns on tap.
    await published.getByRole('button', { name: `Merit list of ${DEMO.publishedExamTitle}` }).click();
    const modal = page.getByRole('dialog', { name: `Merit List: ${DEMO.publishedExamTitle}` });
    const ranks = modal.getByRole('list', { name: 'Merit list' });
    await ranks.waitFor();
    expect(await modal.getByRole('table').count()).toBe(0);
    const first = ranks.getByRole('listitem').first();
    expect(await first.getAttribute('aria-label')).toBe('Your place');
    expect(await first.textContent()).toContain('Nusrat Jahan(you)');
    expect(await ranks.getByTestId('merit-card').count()).toBe(24);
    const top = ranks.getByTestId('merit-card').first();
    expect(await top.getByTestId('merit-rank').textContent()).toBe('1');
    expect(await top.getByText('Wrong Answers').isVisible()).toBe(false);
    await top.locator('summary').click();
    await top.getByText('Wrong Answers').waitFor();
    await top.getByText('Category Pos.').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('lets the keyboard reach and scroll the merit table where it is wider than its frame', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 700, bypassCSP: true });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/scoreboard');
    await page.getByRole('button', { name: `Merit list of ${DEMO.publishedExamTitle}` }).click();
    const modal = page.getByRole('dialog', { name: `Merit List: ${DEMO.publishedExamTitle}` });
    await modal.getByRole('table', { name: 'Merit list' }).waitFor();
    const frame = modal.getByRole('region', { name: 'Merit list table' });
    expect(await frame.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    const focused = () => frame.evaluate((node) => node === document.activeElement);
    for (let presses = 0; presses < 10 && !(await focused()); presses++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frame.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
