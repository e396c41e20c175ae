// The exam navigator on a 390 px phone: the exam bar's Questions opens a grid 1…n coloured by each
// answer's true state (sent, on this phone, draft, not answered) with the questions flagged for review;
// a number shows its question. Offline, an answer stays on the phone and the grid says so, through an
// offline reload; before Submit one line says where the answers are.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, type Page } from '../support/browser';
import { DEMO, openExam } from '../support/demo-academy';

const suite = browserSuite();
const PHONE = { width: 390, serviceWorker: true, bypassCSP: true };

const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });
const bar = (page: Page) => page.getByRole('region', { name: 'Exam bar' });
const grid = (page: Page) => page.getByRole('dialog', { name: 'Questions' });
const cell = (page: Page, n: number) => grid(page).getByRole('button', { name: new RegExp(`^Question ${n}:`) });

async function openGrid(page: Page) {
  await bar(page).getByRole('button', { name: 'Questions' }).click();
  await grid(page).waitFor();
}

describe('the exam navigator', () => {
  it("shows every answer's true state, flags and jumps, online and offline, and says before Submit where the answers are", async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await openExam(page, suite.baseUrl, DEMO.liveExamTitle, 'Live Exam');
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    const count = await page.getByRole('article', { name: /^Question \d+$/ }).count();

    // Online: question 1 answered and sent; question 7 typed but not given (a draft); question 3 flagged.
    await question(page, 1).getByRole('radio').first().check();
    await question(page, 1).getByText('Sent').waitFor();
    await question(page, 7).getByRole('textbox').fill('Digoxin');
    await question(page, 7).getByText('Draft kept on this phone').waitFor();
    const flag = question(page, 3).getByRole('button', { name: 'Flag for review' });
    await flag.click();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('true');

    await openGrid(page);
    expect(await grid(page).getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Question \d+:/ }) }).count()).toBe(count);
    await expect(cell(page, 1).getAttribute('aria-label')).resolves.toBe('Question 1: sent');
    await expect(cell(page, 3).getAttribute('aria-label')).resolves.toBe('Question 3: not answered, flagged for review');
    await expect(cell(page, 7).getAttribute('aria-label')).resolves.toBe('Question 7: draft');
    await expect(cell(page, 2).getAttribute('aria-label')).resolves.toBe('Question 2: not answered');
    expect(await axeViolations(page)).toEqual([]);
    // The grid fits the phone: no cell beyond the screen's width.
    const widest = await grid(page).getByRole('button', { name: /^Question \d+:/ }).evaluateAll((cells) => Math.max(...cells.map((c) => c.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(390);

    // A tap on a number shows that question with the focus.
    await cell(page, 3).click();
    await grid(page).waitFor({ state: 'detached' });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focused).toBe('Question 3');

    // Offline: question 2's answer stays on this phone, and the grid says so, through an offline reload.
    await page.context().setOffline(true);
    await question(page, 2).getByRole('radio').first().check();
    await question(page, 2).getByText(/Saved on this phone/).waitFor();
    await page.reload();
    await page.getByRole('timer').waitFor({ timeout: 20_000 });
    await openGrid(page);
    await expect.poll(() => cell(page, 2).getAttribute('aria-label')).toBe('Question 2: on this phone');
    await expect(cell(page, 1).getAttribute('aria-label')).resolves.toBe('Question 1: sent');
    await expect(cell(page, 3).getAttribute('aria-label')).resolves.toBe('Question 3: not answered, flagged for review');
    await expect(cell(page, 7).getAttribute('aria-label')).resolves.toBe('Question 7: draft');
    await page.keyboard.press('Escape');
    await grid(page).waitFor({ state: 'detached' });

    // Before Submit, offline: the answer still on the phone is named.
    await bar(page).getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit exam' });
    await confirm.getByText('1 answer is still on this phone: it will be sent first').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // Back online the answer is sent; the grid and the confirmation say every answer is on the server.
    await page.context().setOffline(false);
    await question(page, 2).getByText('Sent').waitFor({ timeout: 20_000 });
    await openGrid(page);
    await expect.poll(() => cell(page, 2).getAttribute('aria-label')).toBe('Question 2: sent');
    await grid(page).getByRole('button', { name: 'Close', exact: true }).click();
    await bar(page).getByRole('button', { name: 'Submit' }).click();
    await confirm.getByText('All 2 answers are on the server').waitFor();
    await page.context().close();
  });
});
