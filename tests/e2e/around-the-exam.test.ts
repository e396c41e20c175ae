// What surrounds the exam on a 390 px phone (issue 39, items 6, 9, 10 and 13): a Today line of an exam
// ending on another day names that day and opens the exam's own instruction; the card's Resume opens
// the paper; the advisory's OK leaves the focus on the exam's heading; Submit names the questions not
// answered, each a jump; a written answer confirms in the app's own dialog, never the browser's; View
// Result shows only for published results; the offline toast sits below the offline banner.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, rememberStartFilters } from '../support/demo-academy';
import { MESSAGES } from '../../src/domain/messages';

const PHONE = { width: 390 };
const suite = browserSuite();

const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName);

describe('around the exam on a phone', () => {
  it('names the day an open exam ends, opens its instruction from Today, and Resume opens the paper', async () => {
    // The live exam stays open until this time tomorrow.
    const endsAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
    await suite.server.app.db.updateTable('exam_assignments').set({ ends_at: endsAt }).where('exam_id', '=', DEMO.liveExam).where('group_id', '=', DEMO.group).execute();
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(page);
    await page.goto('/');
    const line = page.getByRole('region', { name: 'Today' }).getByRole('link', { name: new RegExp(`^${DEMO.liveExamTitle}`) });
    await expect.poll(() => line.textContent()).toMatch(/Open now · ends tomorrow \d\d:\d\d [ap]m$/);

    // A tap opens that exam: its instruction over its course's list, and the address keeps the list alone.
    await line.click();
    const instruction = page.getByRole('dialog', { name: 'Exam Instruction' });
    await instruction.getByTestId('instruction-exam').getByRole('heading', { name: DEMO.liveExamTitle }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe(`?course=${DEMO.mbbsCourse}`);
    await instruction.getByRole('button', { name: 'Start Exam' }).click();
    await page.waitForURL(/\/live-exam\//);

    // The advisory's OK gives the focus to the exam's heading, not to the page's body.
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await focusedText(page)).toBe(DEMO.liveExamTitle);

    // Submit names what is not answered, each number a jump to its question.
    await question(page, 1).getByRole('radio').first().check();
    await expect.poll(() => page.getByTestId('answered-count').textContent()).toBe('Answered: 1/8');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit exam' });
    await expect.poll(() => confirm.getByTestId('unanswered').innerText()).toMatch(/^7 of 8 questions not answered:\s*2\s*3\s*4\s*5\s*6\s*7\s*8$/);
    await confirm.getByRole('button', { name: 'Go to question 6' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => question(page, 6).evaluate((card) => card === document.activeElement)).toBe(true);

    // A written answer asks in the app's own dialog: Cancel gives nothing, Submit gives it.
    await question(page, 7).getByRole('textbox').fill('Digoxin toxicity');
    await question(page, 7).getByRole('button', { name: 'Submit Answer' }).click();
    const ask = page.getByRole('dialog', { name: 'Submit answer 7' });
    await ask.getByText(MESSAGES.confirmSubmit).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByTestId('answered-count').textContent()).toBe('Answered: 1/8');
    await question(page, 7).getByRole('button', { name: 'Submit Answer' }).click();
    await ask.getByRole('button', { name: 'Submit', exact: true }).click();
    await question(page, 7).getByRole('button', { name: 'Answer Submitted' }).waitFor();
    expect(nativeDialogs).toEqual([]);

    // Offline, the toast of answers kept on the phone sits below the offline banner, not over it.
    await page.context().setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await banner.waitFor();
    await question(page, 2).getByRole('radio').first().check();
    const savedLocally = toast(page, MESSAGES.savedLocally, 'warning');
    await savedLocally.waitFor();
    await expect.poll(async () => (await savedLocally.boundingBox())!.y).toBeGreaterThanOrEqual((await banner.boundingBox())!.y + (await banner.boundingBox())!.height);
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });

    // Back on the list, Resume opens the paper itself: no instruction again.
    await page.goto(`/exams?course=${DEMO.mbbsCourse}`);
    await page.getByRole('article', { name: DEMO.liveExamTitle }).getByRole('button', { name: /^Resume · \d+ min left$/ }).click();
    await page.waitForURL(new RegExp(`/live-exam/${DEMO.liveExam}/${DEMO.group}`));
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('dialog', { name: 'Exam Instruction' }).count()).toBe(0);
    await page.context().close();
  });

  it('offers View Result only for a published result', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/exams?course=${DEMO.mbbsCourse}&type=previous`);
    const published = page.getByRole('article', { name: DEMO.publishedExamTitle });
    await published.getByRole('button', { name: 'View Result' }).waitFor();
    const waiting = page.getByRole('article', { name: DEMO.awaitingMarkingExamTitle });
    await waiting.getByText('The result is not published yet.').waitFor();
    expect(await waiting.getByRole('button', { name: 'View Result' }).count()).toBe(0);
    await page.context().close();
  });
});
