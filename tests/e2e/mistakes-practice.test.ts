// Practise my mistakes on a 390 px phone: from a practice result, "Practise my N mistakes" starts a
// review of the wrong and skipped questions, untimed unless "Time me" is ticked; each answer is checked at
// once (Right or Wrong, the key and the explanation, focus on the verdict) and "N of M mastered" moves;
// nothing of an exam's verdict (pass/fail, negative marks, merit position) shows. The scoreboard offers
// the mistakes per subject. Each screen: no sideways scroll, axe 0 serious/critical.
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
  it('reviews the mistakes of a practice result: untimed, each answer told right or wrong at once, progress as mastered', async () => {
    const { api, count } = await practiceResultWithMistakes();
    const title = (await api('GET', `/api/exam/result/${DEMO.shortPracticeExam}/student/by-groupId/${DEMO.group}`)).json().data.title as string;

    const page = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.shortPracticeExam}/${DEMO.group}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const offer = page.getByTestId('result-mistakes');
    // Untimed by default: the button names no minutes until "Time me" is ticked.
    const button = offer.getByRole('button', { name: new RegExp(`^Practise my ${count.count} mistakes?$`) });
    await button.waitFor();
    const timeMe = offer.getByRole('checkbox', { name: /^Time me/ });
    expect(await timeMe.isChecked()).toBe(false);
    await timeMe.check();
    await offer.getByRole('button', { name: new RegExp(`^Practise my ${count.count} mistakes? · ${count.duration} minutes?$`) }).waitFor();
    await timeMe.uncheck();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);

    await button.click();
    await page.waitForURL(/\/mistakes\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { level: 1, name: `My mistakes: ${title}` }).waitFor();
    await page.getByText('Untimed: take the time you need.', { exact: false }).waitFor();
    const progress = page.getByTestId('mistakes-progress').getByRole('status');
    expect(await progress.textContent()).toBe(`0 of ${count.count} mastered`);
    // No exam verdict: no countdown, pass/fail, negative marks or merit position.
    for (const word of ['PASSED', 'FAILED', 'Negative Marks', 'Merit Pos.', 'Submit']) expect(await page.getByText(word, { exact: true }).count(), word).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);

    // The first question answered with its key: Right at once, the explanation beside it, the progress moves.
    const first = page.getByRole('region', { name: 'Question 1' });
    const check = first.getByRole('button', { name: 'Check' });
    expect(await check.isDisabled()).toBe(true);
    const firstId = (await first.getAttribute('data-question-id'))!;
    const key = (await suite.server.app.db.selectFrom('questions').select(['answer', 'type']).where('id', '=', firstId).executeTakeFirstOrThrow());
    expect(key.type).toBe('MCQ');
    const keyIndex = Number(JSON.parse(key.answer)[0]);
    await first.getByRole('radio').nth(keyIndex).check();
    await check.click();
    const verdict = first.getByTestId('verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/^Right/);
    // Focus lands on the verdict, so the outcome is heard and the next Tab goes on from there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('verdict');
    await first.getByText('Correct answer').first().waitFor();
    await expect.poll(() => progress.textContent()).toBe(`1 of ${count.count} mastered`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);

    // A wrong answer to the second (if there is one) says Wrong at once.
    if (count.count > 1) {
      const second = page.getByRole('region', { name: 'Question 2' });
      const secondId = (await second.getAttribute('data-question-id'))!;
      const secondKey = (await suite.server.app.db.selectFrom('questions').select(['answer', 'type']).where('id', '=', secondId).executeTakeFirstOrThrow());
      if (secondKey.type === 'MCQ') {
        const wrongIndex = Number(JSON.parse(secondKey.answer)[0]) === 0 ? 1 : 0;
        await second.getByRole('radio').nth(wrongIndex).check();
        await second.getByRole('button', { name: 'Check' }).click();
        await expect.poll(() => second.getByTestId('verdict').textContent()).toBe('Wrong');
        await expect.poll(() => progress.textContent()).toBe(`1 of ${count.count} mastered`);
      }
    }

    await page.getByRole('button', { name: 'Finish practice' }).click();
    const summary = page.getByTestId('mistakes-summary');
    await summary.getByRole('heading', { name: 'Practice finished' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('summary-title');
    await summary.getByTestId('mistakes-cleared').waitFor();
    expect(await page.getByText('PASSED', { exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    // Read again (a reload), the finished review opens on its summary.
    await page.reload();
    await page.getByTestId('mistakes-summary').waitFor();
    await page.context().close();
  });

  it('a timed review shows its end and the checks need the connection', async () => {
    const { session } = await practiceResultWithMistakes();
    const started = await suite.server.call({ method: 'POST', url: '/api/mistakes/sets', session, payload: { source: 'exam', examId: DEMO.shortPracticeExam, groupId: DEMO.group, timed: true } });
    expect(started.statusCode, started.body).toBe(200);
    const setId = started.json().data.setId as string;

    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/mistakes/${setId}`);
    await page.getByText(/^Timed: \d+ minutes?, ends at \d{1,2}:\d{2} [ap]m\./).waitFor();
    const first = page.getByRole('region', { name: 'Question 1' });
    await first.getByRole('radio').first().check();
    await page.context().setOffline(true);
    await page.getByText('Checking an answer needs the connection', { exact: false }).waitFor();
    await expect.poll(() => first.getByRole('button', { name: 'Check' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => first.getByRole('button', { name: 'Check' }).isDisabled(), { timeout: 20_000 }).toBe(false);
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
    // A subject's button starts a review of that subject's mistakes across the results.
    const name = (await subject.textContent())!.replace(/^Practise my mistakes in (.+?) · .*$/, '$1');
    await subject.click();
    await page.waitForURL(/\/mistakes\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { level: 1, name: `My mistakes in ${name}` }).waitFor();
    await page.context().close();
  });
});
