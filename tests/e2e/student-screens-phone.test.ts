// The student's screens on a 390 px phone (issue 39, items 7, 12 and 14): a result question's text
// takes the full width with its status and marks on a line of their own; the forum list's controls fold
// behind one Filters button and a single question is "1 question"; the question page has an h1 and
// names its course, subject and chapter; the drawer marks all read; the course page's tab carries the
// course's name; My Courses shows the student's picture once.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const PHONE = { width: 390 };
const suite = browserSuite();
const BENGALI_QUESTION = 'f00000000000000000000002';

describe("the student's screens on a phone", () => {
  it('gives a result question the full width, with its status and marks beneath', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.publishedExam}/${DEMO.group}`);
    const first = page.getByRole('listitem', { name: 'Question 1' });
    await first.waitFor();
    const [card, stem, status] = await Promise.all([first.boundingBox(), first.locator('p').first().boundingBox(), first.getByTestId('question-status').boundingBox()]);
    // The stem spans the card's content box (16 px padding each side), not a column beside the pills.
    expect(stem!.width).toBeGreaterThanOrEqual(card!.width - 34);
    expect(status!.y).toBeGreaterThanOrEqual(stem!.y + stem!.height);
    expect(await first.getByTestId('question-status').innerText()).toMatch(/marks/);
    await page.context().close();
  });

  it('folds the forum filters, counts one question, heads the question page with its place, and marks all read', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/qa-forum-list/${DEMO.mbbsCourse}`);
    const filters = page.getByRole('button', { name: 'Filters' });
    await filters.waitFor();
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Popularity' }).isVisible()).toBe(false);
    await filters.click();
    await page.getByRole('button', { name: 'Popularity' }).click();
    // The folded button says how many are in use.
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();

    await page.getByLabel('Search questions').fill('নিলয়');
    await expect.poll(() => page.getByTestId('question-cards').getByRole('link').count()).toBe(1);
    await expect.poll(() => page.getByRole('navigation', { name: 'Pages' }).innerText()).toContain('Page 1 of 1 · 1 question');
    expect(await page.getByRole('navigation', { name: 'Pages' }).innerText()).not.toContain('1 questions');

    await page.goto(`/question-details/${BENGALI_QUESTION}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toMatch(/^Question on .+/);
    const place = page.getByTestId('question-place');
    await expect.poll(() => place.innerText()).toMatch(new RegExp(`^${DEMO.mbbsCourseName} › .+ › .+$`));
    expect(await place.getByRole('link', { name: DEMO.mbbsCourseName }).getAttribute('href')).toBe(`/qa-forum-list/${DEMO.mbbsCourse}`);

    // The drawer: Mark all read clears the badge, here and on the server.
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await drawer.getByRole('button', { name: 'Mark all read' }).click();
    await drawer.getByRole('status').filter({ hasText: 'All read' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Close notifications' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const stored = (await suite.server.call({ method: 'GET', url: '/api/notification', session })).json().data as { isSeen: boolean }[];
    expect(stored.every((n) => n.isSeen)).toBe(true);
    await page.context().close();
  });

  it("titles the course page's tab by the course, and shows the student's picture once on My Courses", async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/courses');
    await page.getByRole('list', { name: 'Courses' }).waitFor();
    expect(await page.getByRole('main').locator('[data-initials], img[width="40"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(1);
    await page.goto(`/subjects/${DEMO.mbbsCourse}`);
    await page.getByRole('heading', { level: 1, name: DEMO.mbbsCourseName }).waitFor();
    await expect.poll(() => page.title()).toBe(`${DEMO.mbbsCourseName} · Medical Academy`);
    await page.context().close();
  });
});
