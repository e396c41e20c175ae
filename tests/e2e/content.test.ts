// Learning content in real Chromium against the built app and a real server with the demo academy:
// browsing, the empty states, clear and ClearKey playback, the watermark, completion and notes.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, holdNextRequest, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, NO_BATCH_STUDENT } from '../support/demo-academy';


const NO_BATCH =
  'You are not added to a batch yet, To view contents you must be added to a student batch. Please ask Medical Academy Administration to add you to a batch.';
const NOTHING_ADDED = "Nothing added yet. You'll see contents immediately after contents will be updated.";

const suite = browserSuite({ browserArgs: ['--autoplay-policy=no-user-gesture-required'] });

async function studentPage(width = 360): Promise<Page> {
  const page = await newPage(suite.browser, suite.baseUrl, { width });
  await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
  return page;
}

/** The modal's <video> time, polled until it has advanced past `seconds`. */
async function waitForPlayback(page: Page, seconds: number): Promise<number> {
  const handle = await page.waitForFunction(
    (limit) => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video"]');
      return video && video.currentTime > limit ? video.currentTime : null;
    },
    seconds,
    { timeout: 20_000, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

async function completedVideos(): Promise<string[]> {
  const session = await suite.server.sessionFor(DEMO_STUDENT.id);
  const response = await suite.server.call({ method: 'GET', url: `/api/course/${DEMO.mbbsCourse}/subject-completion`, session });
  const entries = response.json().data as Array<{ subjectId: string; videos: string[] }>;
  return entries.flatMap((entry) => entry.videos);
}

describe('learning content in the browser', () => {
  it('browses My Courses > course > subject > lectures and chapters > videos on a 360 px phone, by keyboard too', async () => {
    const page = await studentPage(360);
    await page.goto('/courses');
    const courses = page.getByRole('list', { name: 'Courses' });
    await expect.poll(() => courses.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // One picture of the student, the top bar's account menu, which leads to My Profile.
    expect(await page.getByRole('link', { name: 'My Profile' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe('/student-profile');
    await page.keyboard.press('Escape');

    // Keyboard: focus the course card and open it with Enter.
    const mbbs = courses.getByRole('link', { name: /MBBS Admission 2026/ });
    await mbbs.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/subjects/${DEMO.mbbsCourse}`);
    await page.getByRole('heading', { name: 'MBBS Admission 2026', level: 1 }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.innerText()).toContain('My Courses');

    await page.getByRole('link', { name: 'Anatomy' }).click();
    await page.waitForURL(`**/lectures/${DEMO.anatomySubject}`);
    await page.getByRole('link', { name: 'Videos of Anatomy Lecture 1' }).waitFor();
    expect(await crumbs.innerText()).toMatch(/My Courses\s*>\s*MBBS Admission 2026\s*>\s*Anatomy/);

    await page.getByRole('link', { name: 'Chapters' }).click();
    await page.waitForURL(`**/chapters/${DEMO.anatomySubject}`);
    await page.getByRole('link', { name: 'Videos of Upper Limb' }).click();
    await page.waitForURL(`**/videos/${DEMO.upperLimbChapter}/chapter`);
    await page.getByRole('button', { name: 'Play Brachial Plexus: Roots to Branches' }).waitFor();
    // Unpublished and not-yet-available videos stay hidden.
    expect(await page.getByRole('button', { name: /Cubital Fossa|processing/ }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Right-click is blocked on the videos page.
    const prevented = await page.evaluate(() => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
    await page.context().close();
  });

  it('plays the clear HLS clip, records completion at 80 % and closes on the browser back button', async () => {
    expect(await completedVideos()).not.toContain(DEMO.clearVideo);
    const page = await studentPage(1280);
    // Reached inside the app, so the browser back button stays within it.
    await page.goto(`/chapters/${DEMO.anatomySubject}`);
    await page.getByRole('link', { name: 'Videos of Upper Limb' }).click();
    // A slow link: the stream token is held, and while the stream gets ready the skip icons wait, disabled.
    const releaseToken = await holdNextRequest(page, '**/api/lecture/getToken');
    await page.getByRole('button', { name: 'Play Brachial Plexus: Roots to Branches' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Brachial Plexus: Roots to Branches' }).waitFor();
    const skipIcons = [dialog.getByTestId('skip-icon-back'), dialog.getByTestId('skip-icon-forward')];
    for (const icon of skipIcons) expect(await icon.isDisabled()).toBe(true);
    releaseToken();
    expect(await waitForPlayback(page, 0.5)).toBeGreaterThan(0.5);
    for (const icon of skipIcons) expect(await icon.isDisabled()).toBe(false);
    // A clear video has no watermark.
    expect(await page.getByTestId('watermark').count()).toBe(0);

    // Paused at 85 % (moved there with the seek bar), the video is recorded as completed before it ends.
    await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
    await dialog.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await completedVideos()).not.toContain(DEMO.clearVideo);
    const duration = await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="video"]')!.duration);
    const seekBar = dialog.getByLabel('Seek');
    const bar = (await seekBar.boundingBox())!;
    // A click on the seek bar at 85 % of its width, as a student would.
    await seekBar.click({ position: { x: bar.width * 0.85, y: bar.height / 2 } });
    await expect.poll(completedVideos, { timeout: 15_000, message: 'completion was not recorded at 80 %' }).toContain(DEMO.clearVideo);
    expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="video"]')!.ended)).toBe(false);
    expect(Number((await dialog.getByTestId('player-progress').innerText()).replace('%', ''))).toBeGreaterThanOrEqual(80);
    await dialog.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForPlayback(page, duration * 0.86);

    // Speed and quality menus.
    await dialog.getByRole('button', { name: '1x playback speed' }).click();
    await page.getByRole('menuitem', { name: '1.5x', exact: true }).click();
    expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="video"]')!.playbackRate)).toBe(1.5);
    await dialog.getByRole('button', { name: 'Auto quality' }).click();
    // The chosen quality carries a ✓; choosing another moves it and names the button after it.
    const qualityItem = (name: string) => page.getByRole('menuitem', { name, exact: true });
    expect(await qualityItem('Auto').innerText()).toContain('✓');
    expect(await qualityItem('360p').innerText()).not.toContain('✓');
    await qualityItem('360p').click();
    await dialog.getByRole('button', { name: '360p quality' }).click();
    expect(await qualityItem('360p').innerText()).toContain('✓');
    expect(await qualityItem('Auto').innerText()).not.toContain('✓');
    await page.keyboard.press('Escape');

    const alerts: string[] = [];
    page.on('dialog', (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });
    await page.goBack();
    await expect.poll(() => alerts.length, { message: 'no alert on browser back' }).toBeGreaterThan(0);
    expect(alerts).toEqual(['Browser back button is clicked.']);
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/videos/${DEMO.upperLimbChapter}/chapter`);
    // The card now shows the video as completed.
    await expect.poll(() => page.getByRole('button', { name: 'Play Brachial Plexus: Roots to Branches' }).getByTestId('video-progress').innerText()).toBe('100%');
    await page.context().close();
  });

  it('plays the ClearKey-protected clip with a moving watermark, and fails without a licence', async () => {
    const page = await studentPage(1280);
    await page.goto(`/videos/${DEMO.upperLimbChapter}/chapter`);
    const card = page.getByRole('button', { name: 'Play Shoulder Joint and Rotator Cuff (protected)' });

    const streamRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/media/streams/${DEMO.protectedVideo}/`)) streamRequests.push(request.url());
    });

    // Without a licence (the licence request is aborted) the player ends in its failed state.
    await page.route('**/api/media/clearkey/**', (route) => route.abort());
    await card.click();
    const failure = page.getByRole('dialog').getByRole('alert');
    await failure.waitFor({ timeout: 20_000 });
    expect(await failure.innerText()).toContain('This video could not be played.');
    // Plain words only: no request address, no library text.
    expect(await failure.innerText()).not.toMatch(/\/api\/|http|Failed to fetch|undefined/);
    expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="video"]')?.currentTime ?? 0)).toBe(0);

    // With the licence server reachable again, a retry plays.
    await page.unroute('**/api/media/clearkey/**');
    const licences: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`/api/media/clearkey/${DEMO.protectedVideo}`)) licences.push(response.status());
    });
    await failure.getByRole('button', { name: 'Try again' }).click();
    expect(await waitForPlayback(page, 0.5)).toBeGreaterThan(0.5);
    expect(licences).toContain(200);
    // The DASH manifest itself is played (no .m3u8 swap for ClearKey) and every stream request carries the token.
    expect(streamRequests.some((url) => new URL(url).pathname.endsWith('/manifest.mpd'))).toBe(true);
    expect(streamRequests.filter((url) => !new URL(url).searchParams.get('token'))).toEqual([]);

    const watermark = page.getByTestId('watermark');
    expect(await watermark.innerText()).toContain('8801700000001');
    const firstSpot = await watermark.getAttribute('data-spot');
    const firstBox = await watermark.boundingBox();
    await expect.poll(() => watermark.getAttribute('data-spot'), { timeout: 6000, message: 'the watermark did not move' }).not.toBe(firstSpot);
    await expect.poll(async () => {
      const box = await watermark.boundingBox();
      return !!box && !!firstBox && (box.x !== firstBox.x || box.y !== firstBox.y);
    }).toBe(true);

    await page.getByRole('button', { name: 'Close video' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('opens the hosted-player video in its iframe with a stream token, and the video-sharing one in its embed', async () => {
    const page = await studentPage(1280);
    await page.goto(`/videos/${DEMO.upperLimbChapter}/chapter`);
    await page.getByRole('button', { name: 'Play Axilla Dissection (hosted player)' }).click();
    const hosted = page.getByRole('dialog').locator('iframe');
    await hosted.waitFor();
    const src = new URL((await hosted.getAttribute('src'))!, suite.baseUrl);
    expect(src.pathname).toBe('/media/embed/7d0000000000000000000003');
    expect(src.searchParams.get('token')).toBeTruthy();
    const frame = page.frameLocator('[role="dialog"] iframe');
    // The hosted page's own <video> loads the clip with that token.
    await expect.poll(() => frame.locator('video').evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close video' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Play Upper Limb Rapid Revision' }).click();
    const sharing = page.getByRole('dialog').locator('iframe');
    await sharing.waitFor();
    expect(new URL((await sharing.getAttribute('src'))!).pathname).toBe('/embed/dQw4w9WgXcQ');
    await page.context().close();
  });

  it('downloads a note as a file', async () => {
    const page = await studentPage(360);
    await page.goto(`/videos/${DEMO.upperLimbChapter}/chapter`);
    await page.getByRole('navigation', { name: 'Item contents' }).getByRole('link', { name: 'Notes' }).click();
    await page.waitForURL(`**/notes/${DEMO.upperLimbChapter}/chapter`);
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Sl.', 'Title', 'Year', 'Resource']);
    const firstRow = table.getByRole('row').nth(1);
    expect(await firstRow.getByRole('cell').nth(2).innerText()).toMatch(/^\d{4}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Upper Limb Notes' }).click()]);
    expect(download.suggestedFilename()).toBe('Upper Limb Notes.pdf');
    const file = await download.path();
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(fs.readFileSync(file).subarray(0, 4).toString()).toBe('%PDF');
    await page.context().close();
  });

  it('shows the no-batch notice to a student in no batch', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signIn(page, suite.baseUrl, NO_BATCH_STUDENT.phone, NO_BATCH_STUDENT.password);
    await page.goto('/courses');
    await page.getByText(NO_BATCH, { exact: true }).waitFor();
    await page.goto(`/lectures/${DEMO.anatomySubject}`);
    await page.getByText(NO_BATCH, { exact: true }).waitFor();
    await page.context().close();
  });

  it('shows nothing-added-yet for a course whose subjects have no items, and recovers from a failed load', async () => {
    const page = await studentPage(1280);
    await page.goto(`/subjects/${DEMO.residencyCourse}`);
    await page.getByRole('link', { name: 'Community Medicine' }).click();
    await page.getByText(NOTHING_ADDED, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Chapters' }).click();
    await page.waitForURL('**/chapters/**');
    await page.getByText(NOTHING_ADDED, { exact: true }).waitFor();

    await page.route('**/api/student/courseByStudent/**', (route) => route.abort());
    await page.goto('/courses');
    // The list the phone kept stays, with when it was updated and Retry; with nothing kept, the failure shows.
    await page.getByTestId('list-updated').getByRole('button', { name: 'Retry' }).waitFor();
    expect(await page.getByRole('list', { name: 'Courses' }).getByRole('listitem').count()).toBe(3);
    await page.evaluate(() => localStorage.removeItem('courses'));
    await page.reload();
    const failure = page.getByRole('alert').filter({ hasText: 'The contents could not be loaded.' });
    await failure.waitFor();
    await page.unroute('**/api/student/courseByStudent/**');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Courses' }).getByRole('listitem').count()).toBe(3);
    await page.context().close();
  });

  it('draws My Courses at once on a later visit from the list kept on the phone, while the fresh one is asked for', async () => {
    const page = await studentPage(360);
    await expect.poll(() => page.getByRole('list', { name: 'Courses' }).getByRole('listitem').count()).toBe(3);
    // The later visit: a new tab of the same phone, the course list's answer held back by the network.
    const later = await page.context().newPage();
    const release = await holdNextRequest(later, '**/api/student/courseByStudent/**');
    const asked = later.waitForRequest('**/api/student/courseByStudent/**');
    await later.goto(`${suite.baseUrl}/`);
    await asked;
    const courses = later.getByRole('list', { name: 'Courses' });
    await expect.poll(() => courses.getByRole('listitem').count()).toBe(3);
    expect(await later.getByTestId('list-updated').innerText()).toMatch(/Updated/);
    release();
    await later.getByTestId('list-updated').waitFor({ state: 'detached' });
    expect(await courses.getByRole('listitem').count()).toBe(3);
    await page.context().close();
  });
});
