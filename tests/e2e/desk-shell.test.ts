// The teacher desk as a whole in real Chromium against the built app and a real server with the demo
// academy: a new teacher signs in at /staff, reloads (still signed in), moves between Marking and
// Forum questions through the desk's navigation (aria-current on the section shown, each page its own
// title), reloads on /staff/forum, signs out and is asked to sign in again; a session that ends on
// /staff/forum says so, leads to the sign-in and back to the page. Every desk screen at 1280 and
// 1024 px has no horizontal overflow and no serious or critical axe finding.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage, type Page } from '../support/browser';
import { DEMO, DEMO_ADMIN, DEMO_TEACHER } from '../support/demo-academy';

const suite = browserSuite();

const deskTitle = (screen: string) => `${screen} · Teacher desk · Medical Academy`;
const escaped = (text: string) => text.replace(/[()]/g, '\\$&');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Teacher desk' });
const current = (page: Page) => nav(page).locator('[aria-current="page"]').innerText();
const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function signInHere(page: Page, who: { username: string; password: string } = DEMO_TEACHER) {
  await page.getByRole('heading', { name: 'Teacher desk' }).waitFor();
  await expect.poll(() => page.title()).toBe(deskTitle('Sign in'));
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByLabel('Password').press('Enter');
}

async function openMarking(page: Page) {
  await page.getByRole('heading', { name: 'Grading queue' }).waitFor();
  await expect.poll(() => page.title()).toBe(deskTitle('Grading queue'));
  expect(await current(page)).toBe('Marking');
}

async function openForum(page: Page) {
  await page.getByRole('heading', { name: 'Forum questions', level: 1 }).waitFor();
  await page.getByRole('list', { name: 'Questions' }).waitFor();
  await expect.poll(() => page.title()).toBe(deskTitle('Forum questions'));
  expect(await current(page)).toBe('Forum questions');
}

describe('the teacher desk as a whole', () => {
  it('keeps a new teacher signed in across reloads and desk pages until they sign out', { timeout: 120_000 }, async () => {
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1280 });
    await desk.goto('/staff');
    await signInHere(desk);
    await openMarking(desk);
    // The header: the academy, the teacher's sections (no Import or Staff for a teacher), the name, Sign out.
    expect(await desk.getByRole('banner').innerText()).toContain('Medical Academy');
    expect(await nav(desk).getByRole('link').allInnerTexts()).toEqual(['Marking', 'Week', 'Forum questions', 'Batches', 'Lectures', 'Activity', 'My account']);
    await desk.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();

    await desk.reload();
    await openMarking(desk);
    expect(await desk.getByLabel('Username').count()).toBe(0);

    await nav(desk).getByRole('link', { name: 'Forum questions' }).click();
    await openForum(desk);
    await nav(desk).getByRole('link', { name: 'Marking' }).click();
    await openMarking(desk);

    await desk.goto('/staff/forum');
    await openForum(desk);
    await desk.reload();
    await openForum(desk);
    expect(await desk.getByLabel('Username').count()).toBe(0);

    // Signing out on Forum questions: the desk asks for the sign-in, and brings the teacher back.
    await desk.getByRole('button', { name: 'Sign out' }).click();
    await signInHere(desk);
    expect(pathOf(desk)).toBe('/staff?next=%2Fstaff%2Fforum');
    expect(await desk.evaluate(() => sessionStorage.getItem('sessionId'))).toBeNull();
    await desk.reload();
    await signInHere(desk);
    await openForum(desk);
    expect(pathOf(desk)).toBe('/staff/forum');
    await desk.context().close();
  });

  it('says a session that ended on Forum questions has ended, and returns there after the sign-in', { timeout: 120_000 }, async () => {
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1024 });
    await desk.goto('/staff/forum');
    // Not signed in: the sign-in at /staff, then back to the page asked for.
    await signInHere(desk);
    await openForum(desk);
    expect(pathOf(desk)).toBe('/staff/forum');

    // The session ends elsewhere (signed out through the server); the next request meets it.
    const sessionId = await desk.evaluate(() => sessionStorage.getItem('sessionId')!);
    expect((await suite.server.call({ method: 'GET', url: '/api/auth/logout', session: sessionId })).statusCode).toBe(200);
    await desk.getByRole('list', { name: 'Questions' }).getByRole('button').first().click();
    await desk.getByText('Your desk session has ended.').waitFor();
    expect(await desk.getByRole('list', { name: 'Questions' }).count()).toBe(0);
    await desk.getByRole('link', { name: 'Sign in again' }).click();
    await signInHere(desk);
    await openForum(desk);
    expect(pathOf(desk)).toBe('/staff/forum');

    // Only the desk's own pages are followed after the sign-in.
    await desk.getByRole('button', { name: 'Sign out' }).click();
    await desk.goto('/staff?next=https://example.com/staff');
    await signInHere(desk);
    await openMarking(desk);
    expect(pathOf(desk)).toBe('/staff');
    await desk.context().close();
  });

  it('shows every desk screen at 1280 and 1024 px without overflow or serious axe findings', { timeout: 180_000 }, async () => {
    // axe is added as a script of its own: the page's policy would refuse it otherwise.
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    const findings: Record<string, string[]> = {};
    const check = async (screen: string) => {
      for (const width of [1280, 1024]) {
        await desk.setViewportSize({ width, height: 800 });
        // Transitions (a button enabled as the page settles) end first, so colours are measured as they end.
        await desk.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        const found = await axeViolations(desk);
        if (await desk.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) found.push('horizontal overflow');
        if (found.length > 0) findings[`${screen} at ${width} px`] = found;
      }
      await desk.setViewportSize({ width: 1280, height: 800 });
    };

    await desk.goto('/staff');
    await desk.getByRole('heading', { name: 'Teacher desk' }).waitFor();
    await check('desk sign-in');
    await signInHere(desk, DEMO_ADMIN);
    await openMarking(desk);
    await desk.getByRole('list', { name: 'Exam assignments' }).waitFor();
    await check('marking list');

    await desk.getByRole('button', { name: new RegExp(`^Open ${escaped(DEMO.awaitingMarkingExamTitle)}`) }).click();
    await desk.getByRole('article', { name: /^Answer \d+ of \d+$/ }).waitFor();
    await check('marking an answer');
    await desk.getByRole('button', { name: '← All assignments' }).click();

    await desk.getByRole('link', { name: new RegExp(`^Item analysis of ${escaped(DEMO.publishedExamTitle)}`) }).first().click();
    await desk.getByRole('heading', { name: `Item analysis: ${DEMO.publishedExamTitle}` }).waitFor();
    await desk.getByRole('table', { name: 'Item analysis by question' }).or(desk.getByText('Not enough attempts yet.')).waitFor();
    expect(await current(desk)).toBe('Marking');
    await check('item analysis');

    await nav(desk).getByRole('link', { name: 'Forum questions' }).click();
    await openForum(desk);
    await desk.getByRole('list', { name: 'Questions' }).getByRole('button').first().click();
    await desk.getByRole('list', { name: 'Replies' }).or(desk.getByRole('form', { name: 'Reply' })).first().waitFor();
    await check('forum queue with a thread open');

    await nav(desk).getByRole('link', { name: 'Import' }).click();
    await desk.getByRole('heading', { name: 'Import content' }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle('Import content'));
    expect(await current(desk)).toBe('Import');
    await check('import page');

    expect(findings).toEqual({});
    await desk.context().close();
  });
});
