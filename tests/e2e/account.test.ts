// Account flows in real Chromium against the built app and a real server (demo academy, codes
// delivered to a file): registration, sign-out and sign-in, password reset, profile edit with a
// picture upload, the 401 sign-out and the shell on a phone-sized screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { browserSuite, holdNextRequest, newPage, signIn, textContrast, toast, type Page } from '../support/browser';
import { DEMO_STUDENT, NO_BATCH_STUDENT } from '../support/demo-academy';

const NEW_PHONE = '01811223344';
const NEW_PASSWORD = 'medic2026';

const smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-')), 'sms.log');
const suite = browserSuite({ env: { SMS_TRANSPORT: `file:${smsFile}` }, config: { scryptCost: 2 ** 14 } });
afterAll(() => fs.rmSync(path.dirname(smsFile), { recursive: true, force: true }));

/** The latest code sent to a phone (file transport: one JSON line per message). */
async function codeFor(phone: string, purpose: 'register' | 'reset', after = 0): Promise<string> {
  return vi.waitFor(
    () => {
      const messages = fs.existsSync(smsFile)
        ? fs
            .readFileSync(smsFile, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { phone: string; code: string; purpose: string })
        : [];
      const mine = messages.filter((m) => m.phone === `88${phone}` && m.purpose === purpose);
      if (mine.length <= after) throw new Error(`no ${purpose} code for ${phone}`);
      return mine.at(-1)!.code;
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Yes, logout' }).click();
  await page.waitForURL(`${suite.baseUrl}/login`);
  await toast(page, 'Log out successfull').waitFor();
}

describe('account in the browser', () => {
  it('registers with a code checked on the code screen (through a reload), signs in automatically, signs out and back in', { timeout: 60_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await page.goto('/');
    await page.waitForURL(`${suite.baseUrl}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${suite.baseUrl}/register`);

    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByText('Please enter phone no.').waitFor();
    await page.getByLabel('Mobile number').fill('01211223344');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByText('Phone no. is not valid').waitFor();

    await page.getByLabel('Mobile number').fill(NEW_PHONE);
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL(`${suite.baseUrl}/otp`);
    const verify = page.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    // Disabled, it still reads clearly.
    expect(await textContrast(verify)).toBeGreaterThanOrEqual(4.5);
    // Nothing typed yet: nothing to correct.
    expect(await page.getByText('Please enter otp first').count()).toBe(0);
    const resend = page.getByRole('button', { name: /Resend code in [45]:\d\d/ });
    expect(await resend.isDisabled()).toBe(true);

    const code = await codeFor(NEW_PHONE, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong.slice(0, 5));
    expect(await verify.isDisabled()).toBe(true);
    await page.getByText('Please enter otp first').waitFor();
    await page.getByLabel('Verification code').fill(wrong);
    expect(await verify.isEnabled()).toBe(true);
    await verify.click();
    // A wrong code is refused on the code screen itself, before any password is typed.
    await toast(page, 'The code is not correct. 4 tries left.', 'error').waitFor();
    expect(page.url()).toBe(`${suite.baseUrl}/otp`);
    await expect(page.getByLabel('New password').count()).resolves.toBe(0);

    // A reload on the code screen keeps the flow: the same number, the same code, the countdown going on.
    await page.reload();
    await page.getByText(`Enter the 6-digit code sent to ${NEW_PHONE}.`).waitFor();
    await page.getByRole('button', { name: /Resend code in [34]:\d\d/ }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('pendingCode'))).not.toContain(code);

    await page.getByLabel('Verification code').fill(code);
    // The code is checked on a slow link (held): the field is read-only meanwhile, so typing is not taken and lost.
    const releaseCheck = await holdNextRequest(page, '**/api/student/check-code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Checking…' }).waitFor();
    expect(await page.getByLabel('Verification code').getAttribute('readonly')).not.toBeNull();
    releaseCheck();
    await page.waitForURL(`${suite.baseUrl}/setpassword`);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    // An empty confirmation asks for the confirmation, not for a password again.
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Please confirm your password').waitFor();
    await page.getByLabel('Confirm password').fill('different1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Passwords dont match').waitFor();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await toast(page, 'Successfully set the password!').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForURL(`${suite.baseUrl}/`);

    await logOut(page);
    expect(await page.evaluate(() => localStorage.getItem('sessionId') ?? sessionStorage.getItem('sessionId'))).toBeNull();
    // Signed in with Remember me (the registration's automatic sign-in): the number is filled in again.
    expect(await page.getByLabel('Mobile number').inputValue()).toBe(NEW_PHONE);

    await page.getByLabel('Mobile number').fill(NEW_PHONE);
    await page.getByLabel('Password', { exact: true }).fill('wrongpass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page).first().waitFor();
    expect(page.url()).toBe(`${suite.baseUrl}/login`);

    await signIn(page, suite.baseUrl, NEW_PHONE, NEW_PASSWORD, { remember: false });
    // Without Remember me the session lives only in this tab.
    expect(await page.evaluate(() => [localStorage.getItem('sessionId'), sessionStorage.getItem('sessionId')])).toEqual([null, expect.stringMatching(/^[0-9a-f]{32}$/)]);
    // A public route sends a signed-in student home.
    await page.goto('/register');
    await page.waitForURL(`${suite.baseUrl}/`);
    await page.context().close();
  });

  it('resets a forgotten password and signs in with the new one', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${suite.baseUrl}/forget-password`);
    await page.getByLabel('Mobile number').fill(NO_BATCH_STUDENT.phone);
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL(`${suite.baseUrl}/otp`);
    await page.getByLabel('Verification code').fill(await codeFor(NO_BATCH_STUDENT.phone, 'reset'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('New password').fill('fresh-pass');
    await page.getByLabel('Confirm password').fill('fresh-pass');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL(`${suite.baseUrl}/login`);
    await toast(page, 'Successfully set the password!').waitFor();
    // Sign-in is filled in with the number whose password was just reset.
    expect(await page.getByLabel('Mobile number').inputValue()).toBe(NO_BATCH_STUDENT.phone);
    await signIn(page, suite.baseUrl, NO_BATCH_STUDENT.phone, 'fresh-pass');
    await page.context().close();
  });

  it('edits the GPA (a bad value first) and uploads a picture', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    // The profile's answer is held, as on a slow link: the stored copy shows meanwhile.
    let releaseProfile!: () => void;
    const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
    // So is the update, later: the GPAs are read-only while it is on its way.
    let releaseUpdate!: () => void;
    const updateHeld = new Promise<void>((resolve) => (releaseUpdate = resolve));
    await page.route('**/api/student/profile', async (route) => {
      if (route.request().method() === 'GET') await profileHeld;
      if (route.request().method() === 'PATCH') await updateHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL(`${suite.baseUrl}/student-profile`);
    await page.getByText('Student ID:').waitFor();
    await page.getByRole('link', { name: 'View scoreboard' }).waitFor();

    // While the profile loads, the toggle waits and says so: a press there is not taken and lost.
    const edit = page.getByRole('button', { name: 'Edit' });
    expect(await edit.isDisabled()).toBe(true);
    expect(await edit.getAttribute('aria-busy')).toBe('true');
    releaseProfile();
    await edit.click();
    await page.getByLabel('SSC GPA').fill('5.5');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('The given number is not valid').waitFor();

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('New picture ready. Press Update to keep it.').waitFor();
    await page.getByLabel('SSC GPA').fill('4.75');
    await page.getByLabel('HSC GPA').fill('5');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('button', { name: 'Updating…' }).waitFor();
    for (const label of ['SSC GPA', 'HSC GPA']) expect(await page.getByLabel(label).getAttribute('readonly'), label).not.toBeNull();
    releaseUpdate();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByText('4.75').waitFor();

    const response = await suite.server.call({ method: 'GET', url: '/api/student/profile', session: await page.evaluate(() => localStorage.getItem('sessionId')!) });
    const profile = response.json().data as { SSCGPA: number; HSCGPA: number; profilePic: string | null };
    expect(profile).toMatchObject({ SSCGPA: 4.75, HSCGPA: 5 });
    expect(profile.profilePic).toBeTruthy();
    // The picture the browser shows is the stored one.
    const picture = await fetch(new URL(profile.profilePic!, suite.baseUrl));
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(png);
    await page.context().close();
  });

  it('signs out with the server title when the session is revoked elsewhere', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    // The home screen's own requests finish first, so the revoked session is met by the profile's.
    await page.getByRole('list', { name: 'Courses' }).waitFor();
    const sessionId = await page.evaluate(() => localStorage.getItem('sessionId')!);
    // Signed out from another tab of the same session: through the server, which forgets the
    // session it had resolved (a revocation written to the database behind its back takes up to 5 s).
    expect((await suite.server.call({ method: 'GET', url: '/api/auth/logout', session: sessionId })).statusCode).toBe(200);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await toast(page, 'You are not logged in. Please sign in again.').waitFor();
    await page.waitForURL(`${suite.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
    await page.context().close();
  });

  it('opens the realtime connection when signed in and shows when the connection is lost', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const before = suite.server.app.realtime.io.of('/').sockets.size;
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await expect.poll(() => suite.server.app.realtime.io.of('/').sockets.size, { message: 'the app opened no socket' }).toBeGreaterThan(before);
    const banner = page.getByText('You are offline. Please check your internet connection.');
    expect(await banner.count()).toBe(0);
    await page.context().setOffline(true);
    await banner.waitFor();
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await logOut(page);
    await expect.poll(() => suite.server.app.realtime.io.of('/').sockets.size, { message: 'the socket stayed open after logout' }).toBe(before);
    await page.context().close();
  });

  it('shows the shell at 360 px: logo, bell with its drawer, account menu, stacked tabs', { timeout: 60_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'Medical Academy home' }).waitFor();

    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await drawer.waitFor();
    const box = await page.locator('#notifications-drawer').boundingBox();
    expect(Math.round(box!.width)).toBe(Math.round(360 * 0.8));
    await drawer.getByRole('button', { name: 'Close notifications' }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Account menu' }).click();
    for (const item of ['My Profile', 'My Courses', 'My Exams', 'Logout']) await page.getByRole('menuitem', { name: item }).waitFor();
    await page.getByText('v1.1.1').waitFor();
    await page.getByRole('menuitem', { name: 'My Exams' }).click();
    await page.waitForURL(`${suite.baseUrl}/exams`);

    // The tab menu stacks below 576 px and lies in a row above.
    // The exams screen loads on demand; until it arrives the previous screen (with its own tabs) stays.
    await page.getByText('Choose course for exam information').waitFor();
    const tabs = page.getByRole('navigation', { name: 'Main sections' });
    const courses = await tabs.getByRole('link', { name: 'My Courses' }).boundingBox();
    const exams = await tabs.getByRole('link', { name: 'My Exams' }).boundingBox();
    expect(exams!.y).toBeGreaterThan(courses!.y);
    await page.setViewportSize({ width: 1280, height: 800 });
    const coursesWide = await tabs.getByRole('link', { name: 'My Courses' }).boundingBox();
    const examsWide = await tabs.getByRole('link', { name: 'My Exams' }).boundingBox();
    expect(examsWide!.y).toBe(coursesWide!.y);
    expect(examsWide!.x).toBeGreaterThan(coursesWide!.x);

    // Keyboard: the logout confirmation opens and closes without a pointer.
    await page.getByRole('button', { name: 'Logout', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await logOut(page);
    await page.context().close();
  });
});
