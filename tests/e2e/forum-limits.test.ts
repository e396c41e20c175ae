// The forum's limits as a student meets them in Chromium, against the built app and the demo academy
// with budgets of one: a second question in the hour and a second like are refused by the server,
// and its plain words show as an error toast (the ask dialog stays open with the text kept).
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite({ env: { FORUM_QUESTIONS_PER_HOUR: '1', FORUM_REACTIONS_PER_HOUR: '1' } });
const BENGALI_QUESTION = 'f00000000000000000000002';

describe('forum limits in the browser', () => {
  it('shows the server\'s words when a question or a like is one too many for the hour', { timeout: 120_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1024 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);

    const askOnce = async (text: string) => {
      await page.goto(`${suite.baseUrl}/qa-forum-list/${DEMO.mbbsCourse}`);
      await page.getByRole('button', { name: 'Ask a Question' }).click();
      await page.getByRole('dialog', { name: 'Guidelines for Asking Questions' }).getByRole('button', { name: 'OK' }).click();
      const form = page.getByRole('dialog', { name: 'Create New Question' });
      await form.getByLabel('Subject').selectOption({ label: 'Anatomy' });
      await form.getByLabel('Chapter').selectOption({ label: 'Upper Limb' });
      await form.getByLabel('Question details').fill(text);
      await form.getByRole('button', { name: 'Submit' }).click();
      return form;
    };
    await askOnce('Which nerve supplies the deltoid?');
    await toast(page, 'Question submitted successfully!', 'success').waitFor();
    await page.waitForURL('**/question-details/*');

    const form = await askOnce('And which one the biceps?');
    const refused = toast(page, 'You are asking questions too quickly. Please wait a while and try again.', 'error');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/At most 1 question an hour\. You can go on in \d+ minutes?\./);
    expect(await toast(page, 'Error submitting question. Please try again later.').count()).toBe(0);
    // The form stays with the text, to send later.
    expect(await form.getByLabel('Question details').inputValue()).toBe('And which one the biceps?');

    await page.goto(`${suite.baseUrl}/question-details/${BENGALI_QUESTION}`);
    await page.getByRole('button', { name: 'Like 0' }).click();
    await page.getByRole('button', { name: 'Like 1' }).waitFor();
    await page.getByRole('button', { name: 'Like 1' }).click();
    await toast(page, 'You are liking, upvoting and bookmarking too quickly. Please wait a while and try again.', 'error').waitFor();
    // The like was not taken back.
    await page.getByRole('button', { name: 'Like 1' }).waitFor();
  });
});
