// The videos and notes pages of an item as part of the app, in a real Chromium on a 390 px phone against a
// real server with the demo academy: the shell's My Courses / My Exams tabs, Videos / Notes in the subject
// tabs' look, skeletons while loading, a real fullscreen icon, and a page that failed offline loading by
// itself when the link returns.
import { describe, expect, it } from 'vitest';
import { browserSuite, holdNextRequest, newPage, signIn } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();
const PHONE = { width: 390 };
const VIDEOS = `/videos/${DEMO.upperLimbChapter}/chapter`;
const NOTES = `/notes/${DEMO.upperLimbChapter}/chapter`;

describe('the videos and notes pages', () => {
  it('carry the shell’s tabs, the subject tabs’ look, skeletons while loading and a real fullscreen icon', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);

    // The subject's own tabs, as the look to match.
    await page.goto(`/chapters/${DEMO.anatomySubject}`);
    const subjectTab = page.getByRole('navigation', { name: 'Subject sections' }).getByRole('link', { name: 'Chapters' });
    await subjectTab.waitFor();
    const subjectLook = await subjectTab.getAttribute('class');

    // Videos while its list is on its way: skeleton cards, no "Loading" words.
    const release = await holdNextRequest(page, `**/api/chapter/${DEMO.upperLimbChapter}`);
    await page.goto(VIDEOS);
    await page.getByTestId('skeleton').waitFor();
    expect(await page.getByRole('main').innerText()).not.toMatch(/Loading/);
    release();
    await page.getByRole('list', { name: 'Videos' }).waitFor();
    await expect(page.getByTestId('skeleton').count()).resolves.toBe(0);

    const sections = page.getByRole('navigation', { name: 'Main sections' });
    await sections.getByRole('link', { name: 'My Courses' }).waitFor();
    await sections.getByRole('link', { name: 'My Exams' }).waitFor();
    const videosTab = page.getByRole('navigation', { name: 'Item contents' }).getByRole('link', { name: 'Videos' });
    expect(await videosTab.getAttribute('aria-current')).toBe('page');
    expect(await videosTab.getAttribute('class')).toBe(subjectLook);

    // The player's fullscreen button draws an icon, not a character.
    await page.getByRole('button', { name: /^Play / }).first().click();
    const fullscreen = page.getByRole('button', { name: 'Fullscreen', exact: true });
    await fullscreen.waitFor();
    expect(await fullscreen.locator('svg').count()).toBe(1);
    expect((await fullscreen.innerText()).trim()).toBe('');
    await page.getByRole('button', { name: 'Close video' }).click();

    // Notes: the same head, and a skeleton table while the notes load.
    const releaseNotes = await holdNextRequest(page, `**/api/chapter/${DEMO.upperLimbChapter}`);
    await page.getByRole('navigation', { name: 'Item contents' }).getByRole('link', { name: 'Notes' }).click();
    await page.getByTestId('skeleton').waitFor();
    releaseNotes();
    await page.getByRole('table').waitFor();
    await sections.getByRole('link', { name: 'My Exams' }).waitFor();
    await sections.getByRole('link', { name: 'My Exams' }).click();
    await page.waitForURL(/\/exams$/);
    await page.context().close();
  });

  it('loads a page that failed offline by itself once the link returns', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const openInApp = (to: string) =>
      page.evaluate((address) => {
        history.pushState(null, '', address);
        dispatchEvent(new PopStateEvent('popstate'));
      }, to);
    // The notes page once, so its code is on the phone; then back to My Courses.
    await openInApp(NOTES);
    await page.getByRole('table').waitFor();
    await openInApp('/courses');
    await page.getByRole('list', { name: 'Courses' }).waitFor();

    await page.context().setOffline(true);
    // Opened again while the link is down: the notes cannot load.
    await openInApp(NOTES);
    const failure = page.getByRole('alert').filter({ hasText: 'The contents could not be loaded.' });
    await failure.waitFor();

    // The link returns: the notes show without a tap on Retry.
    await page.context().setOffline(false);
    await page.getByRole('table').waitFor();
    await expect(failure.count()).resolves.toBe(0);
    await page.context().close();
  });
});
