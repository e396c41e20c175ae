// Practise my mistakes on a 390 px phone: from a practice result, "Practise my N mistakes" starts a set
// of the wrong and skipped questions, it is taken as a practice exam, submitted, and its own result
// shows (marks, every question with its explanation); the scoreboard offers the mistakes per subject.
// Each screen: no sideways scroll, axe 0 serious/critical.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The short practice exam submitted with nothing answered (once; again is the same result): every question of it is a mistake. */
async function practiceResultWithMistakes() {
  const session = await suite.server.sessionFor(DEMO_STUDENT.id);
  const api = (method: 'GET' | 'PATCH', url: string) => suite.server.call({ method, url, session, ...(method === 'PATCH' ? { payload: {} } : {}) });
  expect((await api('PATCH', `/api/exam/start/${DEMO.shortPracticeExam}/group-id/${DEMO.group}`)).statusCode).toBe(200);
  expect((await api('PATCH', `/api/exam/submit/${DEMO.shortPracticeExam}/group/${DEMO.group}`)).statusCode).toBe(200);
  const count = (await api('GET', `/api/mistakes/exam/${DEMO.shortPracticeExam}/group/${DEMO.group}`)).json().data as { count: number; duration: number };
  expect(count.count).toBeGreaterThan(0);
  return { api, count, session };
}

describe('practise my mistakes', () => {
  it('practises the mistakes of a practice result, submits them and shows the new result', async () => {
    const { api, count } = await practiceResultWithMistakes();
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

  it('keeps answers on the phone offline and sends them when the connection returns, as a practice exam does', async () => {
    const { session } = await practiceResultWithMistakes();
    const started = await suite.server.call({ method: 'POST', url: '/api/mistakes/sets', session, payload: { source: 'exam', examId: DEMO.shortPracticeExam, groupId: DEMO.group } });
    expect(started.statusCode, started.body).toBe(200);
    const setId = started.json().data.setId as string;
    const stored = () => suite.server.app.db.selectFrom('mistake_answers').selectAll().where('set_id', '=', setId).execute();

    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/mistakes/${setId}`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('article', { name: 'Question 1' }).waitFor();
    await page.context().setOffline(true);
    await page.getByRole('article', { name: 'Question 1' }).getByRole('radio').first().check();
    await expect.poll(() => page.getByTestId('offline-count').textContent()).toBe('Offline saved: 1');
    expect(await stored()).toHaveLength(0);
    await page.context().setOffline(false);
    await expect.poll(async () => (await stored()).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('offline-count').textContent(), { timeout: 10_000 }).toBe('Offline saved: 0');
    await page.context().close();
  });

  it('offers the mistakes per subject on the scoreboard, and says when a result has none', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    // A published result answered without a mistake says so instead of offering a button.
    await page.goto(`/result/${DEMO.publishedExam}/${DEMO.group}`);
    await page.getByTestId('result-mistakes').getByText('No mistakes to practise in this exam').waitFor();
    expect(await page.getByTestId('result-mistakes').getByRole('button').count()).toBe(0);
    await page.goto('/scoreboard');
    const offers = page.getByTestId('scoreboard-mistakes');
    const subject = offers.getByRole('button', { name: /^Practise my mistakes in / }).first();
    await subject.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    // A subject's button starts a set of that subject's mistakes across the results.
    const name = (await subject.textContent())!.replace(/^Practise my mistakes in (.+?) · .*$/, '$1');
    await subject.click();
    await page.waitForURL(/\/mistakes\/[0-9a-f]{24}$/);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: `My mistakes in ${name}` }).waitFor();
    await page.context().close();
  });
});
