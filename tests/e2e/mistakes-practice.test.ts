// Practise my mistakes on a 390 px phone: from a published result, "Practise my N mistakes" starts a set
// of the wrong and skipped questions, it is taken as a practice exam, submitted, and its own result
// shows (marks, every question with its explanation); the scoreboard offers the mistakes per subject.
// Each screen: no sideways scroll, axe 0 serious/critical.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('practise my mistakes', () => {
  it('practises the mistakes of a published result, submits them and shows the new result', async () => {
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const count = (await suite.server.call({ method: 'GET', url: `/api/mistakes/exam/${DEMO.publishedExam}/group/${DEMO.group}`, session })).json().data;
    expect(count.count).toBeGreaterThan(0);

    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.publishedExam}/${DEMO.group}`);
    await page.getByRole('heading', { level: 1, name: DEMO.publishedExamTitle }).waitFor();
    const button = page.getByTestId('result-mistakes').getByRole('button', { name: new RegExp(`^Practise my ${count.count} mistakes? · ${count.duration} minutes?$`) });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);

    await button.click();
    await page.waitForURL(/\/mistakes\/[0-9a-f]{24}$/);
    const questions = page.getByRole('listitem', { name: /^Question \d+$/ });
    await page.getByRole('button', { name: 'Submit', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit exam' });
    const onResult = /\/mistakes\/[0-9a-f]{24}\/result$/;
    // With answers kept from an earlier run the confirmation asks first; with none it submits at once.
    await Promise.race([confirm.waitFor().then(() => confirm.getByRole('button', { name: 'Submit' }).click()), page.waitForURL(onResult)]);
    await page.waitForURL(onResult);
    await page.getByRole('heading', { level: 1, name: `My mistakes: ${DEMO.publishedExamTitle}` }).waitFor();
    await page.getByTestId('mistakes-cleared').waitFor();
    expect(await questions.count()).toBe(count.count);
    await page.getByTestId('result-marks').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.context().close();
  });

  it('offers the mistakes per subject on the scoreboard', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/scoreboard');
    const offers = page.getByTestId('scoreboard-mistakes');
    await offers.getByRole('button', { name: /^Practise my mistakes in / }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.context().close();
  });
});
