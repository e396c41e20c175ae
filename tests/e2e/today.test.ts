// The Today strip on a 390 px phone: the demo student opens the app on the exams open now and the next
// one, a tap opens that exam's instruction, a started exam comes back as "Resume · N min left" one tap from the
// exam, and offline the strip shows what the phone kept with when it was last updated.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, rememberStartFilters } from '../support/demo-academy';

const suite = browserSuite();
const PHONE = { width: 390, serviceWorker: true, bypassCSP: true };

const strip = (page: Page) => page.getByRole('region', { name: 'Today' });
const line = (page: Page, title: string) => strip(page).getByRole('link', { name: new RegExp(`^${title.replace(/[:()]/g, '.')}`) });

describe('the Today strip', () => {
  it('leads to the exam open now, brings a started exam back to resume, and shows offline what the phone kept', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(page);
    await page.goto('/');
    await strip(page).waitFor();
    // The demo exam ends a few hours from now: late in the academy's evening that is after midnight ("ends tomorrow").
    await expect(line(page, DEMO.liveExamTitle).textContent()).resolves.toMatch(/Open now · ends (tomorrow |\d{1,2} [A-Z][a-z]{2} \| )?\d\d:\d\d [ap]m/);
    await expect(line(page, DEMO.upcomingExamTitle).textContent()).resolves.toMatch(/tomorrow \d\d:\d\d [ap]m/);
    // The strip comes first, the courses below it.
    await page.getByRole('list', { name: 'Courses' }).waitFor();
    const [stripBox, coursesBox] = [await strip(page).boundingBox(), await page.getByRole('list', { name: 'Courses' }).boundingBox()];
    expect(stripBox!.y).toBeLessThan(coursesBox!.y);
    expect(stripBox!.x + stripBox!.width).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    // A tap opens that exam: its instruction, over the exam list of its course.
    await line(page, DEMO.liveExamTitle).click();
    await page.waitForURL(new RegExp(`/exams\\?course=${DEMO.mbbsCourse}`));
    await page.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).click();
    await page.waitForURL(/\/live-exam\//);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('timer').waitFor();

    // Home again: the running exam is first, with the minutes left, one tap from the exam.
    await page.goto('/');
    const resume = line(page, DEMO.liveExamTitle);
    await expect.poll(() => resume.textContent()).toMatch(/Resume · \d+ min left/);
    await expect(strip(page).getByRole('link').first().textContent()).resolves.toContain(DEMO.liveExamTitle);
    await resume.click();
    await page.waitForURL(new RegExp(`/live-exam/${DEMO.liveExam}/${DEMO.group}`));
    await page.getByRole('timer').waitFor();

    // Offline, the app opens from the phone: the strip shows the kept lines and when they were updated.
    await page.goto('/');
    await expect.poll(() => line(page, DEMO.liveExamTitle).textContent()).toMatch(/Resume · \d+ min left/);
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await strip(page).waitFor({ timeout: 20_000 });
    await expect(line(page, DEMO.liveExamTitle).textContent()).resolves.toMatch(/Resume · \d+ min left/);
    await expect.poll(() => strip(page).getByTestId('today-updated').textContent()).toMatch(/^Updated (just now|\d+ min ago)/);
    await page.context().setOffline(false);
    // The connection returns: asked again, and the line of when it was updated goes.
    await strip(page).getByTestId('today-updated').waitFor({ state: 'detached', timeout: 20_000 });
    await page.context().close();
  });
});
