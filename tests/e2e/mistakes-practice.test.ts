// Practise my mistakes on a 390 px phone: from a practice result, "Practise my N mistakes" starts a set
// of the wrong and skipped questions, it is taken as a practice exam, submitted, and its own result
// shows (marks, every question with its explanation); the scoreboard offers the mistakes per subject.
// Each screen: no sideways scroll, axe 0 serious/critical.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('practise my mistakes', () => {
  it('practises the mistakes of a practice result, submits them and shows the new result', async () => {
    // The short practice exam submitted with nothing answered: every question it has is a mistake.
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const api = (method: 'GET' | 'PATCH', url: string) => suite.server.call({ method, url, session, ...(method === 'PATCH' ? { payload: {} } : {}) });
    expect((await api('PATCH', `/api/exam/start/${DEMO.shortPracticeExam}/group-id/${DEMO.group}`)).statusCode).toBe(200);
    expect((await api('PATCH', `/api/exam/submit/${DEMO.shortPracticeExam}/group/${DEMO.group}`)).statusCode).toBe(200);
    const count = (await api('GET', `/api/mistakes/exam/${DEMO.shortPracticeExam}/group/${DEMO.group}`)).json().data;
    expect(count.count).toBeGreaterThan(0);
    const title = (await api('GET', `/api/exam/result/${DEMO.shortPracticeExam}/student/by-groupId/${DEMO.group}`)).json().data.title as string;

    const page = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.shortPracticeExam}/${DEMO.group}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const button = page.getByTestId('result-mistakes').getByRole('button', { name: new RegExp(`^Practise my ${count.count} mistakes? · ${count.duration} minutes?$`) });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);

    await button.click();
    await page.waitForURL(/\/mistakes\/[0-9a-f]{24}$/);
    const questions = page.getByRole('listitem', { name: /^Question \d+$/ });
    // The advisory about a stable connection opens with the attempt, as with any practice exam.
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);

    // One answer, saved through the set's own answer route (the outbox of any practice exam).
    await page.getByRole('article', { name: 'Question 1' }).getByRole('radio').first().check();
    await page.getByTestId('answered-count').filter({ hasText: /^Answered: 1\// }).waitFor();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit exam' }).getByRole('button', { name: 'Submit' }).click();
    const onResult = /\/mistakes\/[0-9a-f]{24}\/result$/;
    await page.waitForURL(onResult);
    await page.getByRole('heading', { level: 1, name: `My mistakes: ${title}` }).waitFor();
    await page.getByTestId('mistakes-cleared').waitFor();
    expect(await questions.count()).toBe(count.count);
    await page.getByTestId('result-marks').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.context().close();
  });

  it('offers the mistakes per subject on the scoreboard', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/scoreboard');
    const offers = page.getByTestId('scoreboard-mistakes');
    await offers.getByRole('button', { name: /^Practise my mistakes in / }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.context().close();
  });
});
