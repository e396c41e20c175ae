// The desk's week in real Chromium against the built app and a real server with the demo academy, as a
// new teacher meets it: the demo teacher opens /staff/week, signs in and lands back on the week; the
// running live exam shows its started and submitted students, and when a student starts it the count
// changes on the open page (the desk's realtime channel). The page has its own title, fits 1280 and
// 1024 px and passes axe; Previous week and This week move between weeks; Mark answers on the exam
// awaiting marks opens it at the marking desk.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';
import { weekOfTime } from '../../src/domain/academyWeek';

const suite = browserSuite();

const row = (page: Page, title: string) => page.getByRole('listitem', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}, `) });
const startedOf = async (page: Page, title: string) => Number(/(\d+) started/.exec(await row(page, title).innerText())?.[1] ?? NaN);

describe('the desk week', () => {
  it("walks the week as a new teacher: a running exam's count follows a student who starts it", { timeout: 240_000 }, async () => {
    // axe is added as a script of its own: the page's policy would refuse it otherwise.
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    await desk.goto('/staff/week');
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'This week', level: 1 }).waitFor();
    await expect.poll(() => desk.title()).toBe('This week · Teacher desk · Medical Academy');
    expect(await desk.getByRole('link', { name: 'Week' }).getAttribute('aria-current')).toBe('page');

    const live = row(desk, DEMO.liveExamTitle);
    await live.waitFor();
    expect(await live.innerText()).toContain('Running');
    // Times on the academy's 12-hour clock.
    expect(await live.innerText()).toMatch(/\d{2}:\d{2} (am|pm) – \d{2}:\d{2} (am|pm)/);
    const before = await startedOf(desk, DEMO.liveExamTitle);
    expect(before).toBeGreaterThanOrEqual(0);
    expect(await axeViolations(desk)).toEqual([]);

    // A student starts the exam: the open page's count follows.
    const student = await suite.server.sessionFor(DEMO_STUDENT.id);
    const started = await suite.server.call({ method: 'PATCH', url: `/api/exam/start/${DEMO.liveExam}/group-id/${DEMO.group}`, session: student });
    expect(started.statusCode, started.body).toBe(200);
    await expect.poll(() => startedOf(desk, DEMO.liveExamTitle), { timeout: 30_000 }).toBe(before + 1);

    // 1024 px: nothing runs off the side, and axe still finds nothing.
    await desk.setViewportSize({ width: 1024, height: 800 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(desk)).toEqual([]);

    // Other weeks and back.
    await desk.getByRole('button', { name: '← Previous week' }).click();
    await desk.getByRole('heading', { name: 'Week', level: 1, exact: true }).waitFor();
    await desk.getByRole('button', { name: 'This week' }).click();
    await desk.getByRole('heading', { name: 'This week', level: 1 }).waitFor();
    await row(desk, DEMO.liveExamTitle).waitFor();

    // The exam waiting for marks (it ended a day ago: last week's page on a Monday morning) opens at the marking desk.
    const endedAt = Date.now() - 28 * 3_600_000;
    if (weekOfTime(endedAt).weekOf !== weekOfTime(Date.now()).weekOf) await desk.getByRole('button', { name: '← Previous week' }).click();
    const awaiting = row(desk, DEMO.awaitingMarkingExamTitle);
    await awaiting.waitFor();
    expect(await awaiting.innerText()).toContain('Awaiting marking');
    await awaiting.getByRole('link', { name: /^Mark answers: / }).click();
    await desk.getByRole('heading', { name: DEMO.awaitingMarkingExamTitle, level: 1 }).waitFor();
    expect(new URL(desk.url()).searchParams.get('assignment')).toBe(DEMO.awaitingMarkingAssignment);
    await desk.close();
  });
});
