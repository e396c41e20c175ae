// Reminders by push in a real Chromium on a 360 px phone, against a real server with the demo academy
// and the built app's service worker. The profile explains first and the browser is not asked until the
// student presses Turn on; granted, the device subscribes with the academy's key and the server keeps the
// subscription. The server then pushes a reminder of the live exam to the local push service
// (web-push-testing), the exact payload it received is delivered to the service worker, which shows it as a
// notification, and the notification's address opens the exam's instruction, through the sign-in when
// signed out. A refusal the browser remembers is said with how to allow notifications again, and Check
// again then turns reminders on; turned off on the device, the server forgets it.
//
// What Chromium cannot do here, and what stands in: a browser context of Playwright is an off-the-record
// profile, where Chromium refuses every push subscription ("AbortError: Registration failed - permission
// denied", notifications granted or not), and a subscription would need Google's push service anyway. So
// PushManager's subscribe/getSubscription are replaced in the page by one that subscribes at the local push
// service with the key the app passes; the push is delivered with the DevTools protocol
// (ServiceWorker.deliverPushMessage); and no tool can tap a notification, so the worker's own tap handling
// (self.academyPush.openTarget, what its notificationclick runs) is called with the shown notification's address.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';
import { startPushService } from '../support/push-service';
import { queueNotices } from '../../server/reminders/reminders';
import { reminderDeps } from '../../server/reminder-deps';
import { examReminderMessage } from '../../src/domain/reminders';

// No quiet hours: the push goes at once whatever the hour of the run.
const suite = browserSuite({ config: { quietHours: { from: 0, to: 0 } } });

/** Replaces the Push API's subscription in every page of the context by one made at the local push service. */
async function localPushManager(page: Page, subscribe: (key: string) => Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }>) {
  await page.context().exposeFunction('localPushSubscribe', subscribe);
  await page.context().addInitScript(() => {
    type Made = { endpoint: string; keys: { p256dh: string; auth: string } };
    let current: (Made & { expirationTime: null; toJSON(): object; unsubscribe(): Promise<boolean> }) | null = null;
    PushManager.prototype.getSubscription = async () => current as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const bytes = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      const key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const made = await (window as unknown as { localPushSubscribe(key: string): Promise<Made> }).localPushSubscribe(key);
      current = { ...made, expirationTime: null, toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }), unsubscribe: async () => ((current = null), true) };
      return current as unknown as PushSubscription;
    };
  });
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })));

describe('reminders by push', () => {
  it('explains, asks only on Turn on, keeps the subscription, shows the pushed reminder and opens the exam from it, through the sign-in too', async () => {
    const push = await startPushService();
    try {
      const page = await newPage(suite.browser, suite.baseUrl, { width: 360, serviceWorker: true });
      const keys: string[] = [];
      let clientHash = '';
      await localPushManager(page, async (key) => {
        keys.push(key);
        const device = await push.subscribe(key);
        clientHash = device.clientHash;
        return { endpoint: device.endpoint, keys: device.keys };
      });
      await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
      // The service worker starts with the signed-in shell; the next page load is under it.
      await expect(page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).resolves.toBe(true);
      await page.goto('/student-profile');

      // The explanation, and the browser not asked: its answer is still to come.
      const reminders = page.getByRole('region', { name: 'Reminders' });
      await reminders.getByText(/A live exam opens at a fixed hour/).waitFor();
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      expect(keys).toEqual([]);
      // The kinds and the quiet hours (none on this server), named.
      for (const label of ['Live exams: 30 minutes before and when they open', 'Results published', 'A teacher answered your question', 'Your answer-key challenge was decided'])
        await expect(reminders.getByRole('switch', { name: label }).isChecked()).resolves.toBe(true);
      await reminders.getByText('No quiet hours: every kind comes at any hour.').waitFor();

      // The student allows notifications when the browser asks (granted here, as a tap on Allow would).
      await page.context().grantPermissions(['notifications'], { origin: suite.baseUrl });
      await reminders.getByRole('button', { name: 'Turn on reminders' }).click();
      await reminders.getByText('Reminders are on for this device.').waitFor();
      const publicKey = (await (await fetch(`${suite.baseUrl}/api/push/key`)).json()).data.publicKey as string;
      expect(keys).toEqual([publicKey]);
      const stored = await suite.server.app.db.selectFrom('push_subscriptions').select(['endpoint']).where('student_id', '=', DEMO_STUDENT.id).execute();
      expect(stored.map((s) => s.endpoint)).toEqual([expect.stringContaining(push.url)]);

      // A switch turned off is saved.
      await reminders.getByRole('switch', { name: 'Results published' }).click();
      await expect.poll(() => reminders.getByRole('switch', { name: 'Results published' }).isEnabled()).toBe(true);
      const saved = await suite.server.app.db.selectFrom('reminder_preferences').select(['kind', 'enabled']).where('student_id', '=', DEMO_STUDENT.id).execute();
      expect(saved.map((row) => ({ kind: row.kind, enabled: Number(row.enabled) }))).toEqual([{ kind: 'results', enabled: 0 }]);
      await page.reload();
      await expect.poll(() => page.getByRole('region', { name: 'Reminders' }).getByRole('switch', { name: 'Results published' }).isChecked()).toBe(false);

      // The server pushes a reminder of the live exam (queued as a notice, at once: an exam reminder's own job
      // waits for its hour); the local push service decrypts what the device gets.
      const words = examReminderMessage('open', DEMO.liveExamTitle);
      await queueNotices(reminderDeps(suite.server.app), 'answers', [
        { notificationId: 'ab00000000000000000000e1', message: words, info: { on: 'exam', reminder: true, id: DEMO.liveExam, courseId: DEMO.mbbsCourse }, studentIds: [DEMO_STUDENT.id] },
      ]);
      suite.server.app.jobs.wake();
      await suite.server.app.jobs.idle();
      const received = await push.received(clientHash);
      expect(received).toEqual([expect.objectContaining({ body: words, url: `/exams?course=${DEMO.mbbsCourse}&exam=${DEMO.liveExam}` })]);

      // Delivered to the service worker: it shows the notification with the server's words.
      const cdp = await page.context().newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.some((r) => r.scopeURL === `${suite.baseUrl}/` && !r.isDeleted)).toBe(true);
      const registrationId = registrations.find((r) => r.scopeURL === `${suite.baseUrl}/` && !r.isDeleted)!.registrationId;
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: suite.baseUrl, registrationId, data: JSON.stringify(received[0]) });
      await expect.poll(() => shownNotifications(page)).toEqual([{ title: 'Medical Academy', body: words, tag: expect.stringMatching(/^exam:/), url: `${suite.baseUrl}/exams?course=${DEMO.mbbsCourse}&exam=${DEMO.liveExam}` }]);
      const [shown] = await shownNotifications(page);

      // Its tap opens the exam's instruction in the open window.
      const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
      const tap = (url: string) => worker.evaluate((address) => (self as unknown as { academyPush: { openTarget(url: string): Promise<void> } }).academyPush.openTarget(address), url);
      await tap(shown!.url);
      await page.waitForURL((url) => url.pathname === '/exams' && url.searchParams.get('exam') === DEMO.liveExam);
      await page.getByRole('dialog', { name: 'Exam Instruction' }).waitFor();

      // Signed out, the same tap goes through the sign-in and on to the instruction.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Logout', exact: true }).click();
      await page.getByRole('dialog', { name: 'Are you sure you want to logout?' }).getByRole('button', { name: 'Yes, logout' }).click();
      await toast(page, 'Log out successfull').waitFor();
      await tap(shown!.url);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Mobile number').fill(DEMO_STUDENT.phone);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/exams' && url.searchParams.get('exam') === DEMO.liveExam);
      await page.getByRole('dialog', { name: 'Exam Instruction' }).waitFor();
      await page.context().close();
    } finally {
      await push.close();
    }
  }, 90_000);

  it("keeps the browser's refusal, says how to allow notifications again, and turns reminders on after Check again", async () => {
    const push = await startPushService();
    try {
      const page = await newPage(suite.browser, suite.baseUrl, { width: 360, serviceWorker: true });
      await localPushManager(page, async (key) => {
        const device = await push.subscribe(key);
        return { endpoint: device.endpoint, keys: device.keys };
      });
      // The student blocked notifications for the academy before: the browser remembers it.
      const { targetInfo } = await (await page.context().newCDPSession(page)).send('Target.getTargetInfo');
      const browserSession = await page.context().browser()!.newBrowserCDPSession();
      await browserSession.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: suite.baseUrl, browserContextId: targetInfo.browserContextId });
      await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
      await expect(page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).resolves.toBe(true);
      await page.goto('/student-profile');
      const reminders = page.getByRole('region', { name: 'Reminders' });
      await reminders.getByText('Notifications are blocked for this app').waitFor();
      await reminders.getByText(/allow Notifications, then press Check again/).waitFor();
      expect(await reminders.getByRole('button', { name: 'Turn on reminders' }).count()).toBe(0);

      // Allowed again in the site settings: Check again turns reminders on without another question.
      await page.context().grantPermissions(['notifications'], { origin: suite.baseUrl });
      await reminders.getByRole('button', { name: 'Check again' }).click();
      await reminders.getByText('Reminders are on for this device.').waitFor();
      const before = await suite.server.app.db.selectFrom('push_subscriptions').select('endpoint').where('student_id', '=', DEMO_STUDENT.id).execute();

      // Turned off on this device: the server forgets it and the explanation shows again.
      await reminders.getByRole('button', { name: 'Turn off on this device' }).click();
      await reminders.getByRole('button', { name: 'Turn on reminders' }).waitFor();
      const after = await suite.server.app.db.selectFrom('push_subscriptions').select('endpoint').where('student_id', '=', DEMO_STUDENT.id).execute();
      expect(before.length - after.length).toBe(1);
      await page.context().close();
    } finally {
      await push.close();
    }
  }, 90_000);
});
