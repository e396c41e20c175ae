// The notification bell in real Chromium against the built app and a real server with the demo academy:
// the unread badge, the drawer, a live push, opening a lecture notification, deleting one.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, NO_BATCH_STUDENT } from '../support/demo-academy';
import { publishNotification } from '../../server/notifications/publish';

const LECTURE_MESSAGE = 'New lecture video added: Anatomy Lecture 1';
const HOLIDAY_MESSAGE = 'Classes are off on Friday for the national holiday. Live exams continue as scheduled.';
/** The one time format: how long ago within the last day, otherwise 'DD MMM YYYY | hh:mm a' (12-hour). */
const TIME = /^(just now|\d+ min ago|\d+ h ago|\d\d [A-Z][a-z]{2} \d{4} \| (0\d|1[0-2]):\d\d (am|pm))$/;

const suite = browserSuite();

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const badge = (page: Page) => page.getByTestId('unread-count');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const rows = (page: Page) => drawer(page).getByRole('list', { name: 'Notification list' }).getByRole('listitem');

async function storedNotifications(): Promise<Array<{ notificationId: { _id: string; message: string; info: { id?: string } }; isSeen: boolean }>> {
  const session = await suite.server.sessionFor(DEMO_STUDENT.id);
  return (await suite.server.call({ method: 'GET', url: '/api/notification', session })).json().data;
}

describe('notifications in the browser', () => {
  it('shows the unread badge, takes a live push, opens a lecture and deletes one on a 360 px phone', { timeout: 60_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor();
    expect(await badge(page).innerText()).toBe('3');

    // Keyboard: the bell opens the drawer with Enter.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await drawer(page).waitFor();
    const box = await page.locator('#notifications-drawer').boundingBox();
    expect(Math.round(box!.width)).toBe(Math.round(360 * 0.8));
    await expect.poll(() => rows(page).count()).toBe(5);
    const first = rows(page).first();
    expect(await first.innerText()).toContain(LECTURE_MESSAGE);
    expect(await first.getAttribute('data-unseen')).toBe('true');
    expect(await rows(page).filter({ hasText: HOLIDAY_MESSAGE }).getAttribute('data-unseen')).toBe('false');
    for (const time of await drawer(page).locator('time').allInnerTexts()) expect(time).toMatch(TIME);
    // Opening the drawer marks nothing seen.
    expect(await badge(page).innerText()).toBe('3');

    // A live notification, published while the page is open, lands on top and counts.
    await expect.poll(async () => (await suite.server.app.realtime.io.in(`student:${DEMO_STUDENT.id}`).fetchSockets()).length, { message: 'the page opened no socket' }).toBeGreaterThan(0);
    const live = await publishNotification(
      suite.server.app,
      { type: 'notification', message: 'New question solve video added: Anatomy Previous Question Solve', info: { on: 'question-solve', id: '950000000000000000000001', title: 'Anatomy Previous Question Solve' } },
      [DEMO_STUDENT.id],
    );
    await expect.poll(() => badge(page).innerText()).toBe('4');
    await expect.poll(() => rows(page).count()).toBe(6);
    expect(await rows(page).first().innerText()).toContain(live.notificationId.message);
    expect(await rows(page).first().getAttribute('data-unseen')).toBe('true');

    // Delete the holiday notice: gone here and on the server.
    await drawer(page).getByRole('button', { name: `Delete notification: ${HOLIDAY_MESSAGE}` }).click();
    await expect.poll(() => rows(page).count()).toBe(5);
    await expect.poll(async () => (await storedNotifications()).some((n) => n.notificationId.message === HOLIDAY_MESSAGE), { message: 'the notice was not deleted on the server' }).toBe(false);
    expect(await badge(page).innerText()).toBe('4');

    // Opening the lecture notification marks it seen and leads to its videos.
    await rows(page).filter({ hasText: LECTURE_MESSAGE }).getByRole('button').first().click();
    await page.waitForURL(`**/videos/${DEMO.anatomyLecture}/lecture`);
    await drawer(page).waitFor({ state: 'detached' });
    await expect.poll(() => badge(page).innerText()).toBe('3');
    await expect.poll(async () => (await storedNotifications()).find((n) => n.notificationId.message === LECTURE_MESSAGE)?.isSeen, { message: 'the lecture notification was not marked seen' }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A practice result notice leads to the exams page; Escape closes the drawer.
    await bell(page).click();
    await drawer(page).waitFor();
    // Escape is the student's key once the drawer has taken the focus (it moves there as the drawer opens).
    await expect.poll(() => drawer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    await bell(page).click();
    await rows(page).filter({ hasText: 'Practice Review: Anatomy Essentials' }).getByRole('button').first().click();
    await page.waitForURL(`**/exams?course=${DEMO.mbbsCourse}&tab=practice`);
    expect(await badge(page).innerText()).toBe('3');
    await page.context().close();
  });

  it('shows no badge and the empty state to a student without notifications', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signIn(page, suite.baseUrl, NO_BATCH_STUDENT.phone, NO_BATCH_STUDENT.password);
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).click();
    await drawer(page).getByText('No notifications yet').waitFor();
    expect(await badge(page).count()).toBe(0);
    await page.context().close();
  });
});
