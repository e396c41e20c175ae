// The first screen of a visitor in real Chromium: /login (and /, which sends a visitor there) shows the
// sign-in form without the router's code; that code is fetched once the student starts on the form,
// and the router takes over at sign-in and at the first link as if it had been there all along. A
// stored session opens the router at once; router code that cannot be downloaded says so with Retry.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();

/** The router's chunk (src/views/app/AppRouter.tsx): requested or not. */
function watchRouterCode(page: Page): { requested: () => number } {
  let requested = 0;
  page.on('request', (request) => {
    if (/\/assets\/AppRouter-[^/]+\.js$/.test(new URL(request.url()).pathname)) requested++;
  });
  return { requested: () => requested };
}

describe('the first screen', () => {
  it('shows sign-in without the router, fetches it once the student starts on the form, and signs in through it', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const router = watchRouterCode(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    // A visitor at / is sent to /login, as the route table does.
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Medical Academy');
    expect(router.requested()).toBe(0);

    await page.getByLabel('Mobile number').fill(DEMO_STUDENT.phone);
    await expect.poll(() => router.requested()).toBe(1);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expect.poll(() => page.title()).toBe('My Courses · Medical Academy');
    expect(router.requested()).toBe(1);
    await page.context().close();
  });

  it('follows a link of the sign-in screen without loading the page again, and focuses the new heading', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await expect.poll(() => page.title()).toBe('Register · Medical Academy');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Create an account');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // Back returns to the sign-in form, now the router's.
    await page.goBack();
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('opens the router at once for a stored session: /login sends a signed-in student on to My Courses', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const router = watchRouterCode(page);
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(router.requested()).toBe(1);
    await page.context().close();
  });

  it("says so when the router's code cannot be downloaded, and goes on once it can", { timeout: 60_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    let refused = 0;
    await page.route('**/assets/AppRouter-*.js', (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // Tried several times (lazyScreen's pauses), then the notice.
    const notice = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
    await notice.waitFor({ timeout: 30_000 });
    expect(refused).toBeGreaterThan(1);
    await page.unroute('**/assets/AppRouter-*.js');
    await notice.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL((url) => url.pathname === '/forget-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.context().close();
  });
});
