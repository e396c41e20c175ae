// The first screen of a visitor in real Chromium: /login (and /, which sends a visitor there) shows the
// sign-in form without React and the router's code; the page served for /login already holds the form
// and its styles, usable before its script has run: a press of Sign In is kept until the script has
// bound the form, then carried out. An app whose start cannot be downloaded says so with Retry. React and
// the router's code are fetched once the student starts on the form, and the router takes over at
// sign-in and at the first link as if it had been there all along; a refused sign-in still toasts. A
// stored session opens the router at once; router code that cannot be downloaded says so with Retry.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, toast, type Page } from '../support/browser';
import { DEMO_STUDENT } from '../support/demo-academy';
import { API_PREFIX, accountPaths } from '../../src/contracts/paths';

const suite = browserSuite();

/** The router's chunk (src/views/start/AppRouter.tsx): requested or not. */
function watchRouterCode(page: Page): { requested: () => number } {
  let requested = 0;
  page.on('request', (request) => {
    if (/\/assets\/AppRouter-[^/]+\.js$/.test(new URL(request.url()).pathname)) requested++;
  });
  return { requested: () => requested };
}

/** React's part of the app (src/views/app/ReactApp.tsx): requested or not. */
function watchReactCode(page: Page): { requested: () => number } {
  let requested = 0;
  page.on('request', (request) => {
    if (/\/assets\/ReactApp-[^/]+\.js$/.test(new URL(request.url()).pathname)) requested++;
  });
  return { requested: () => requested };
}

/** The page's Content Security Policy refusals, as the console reports them. */
function watchPolicy(page: Page): () => string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return () => refused;
}

/** Holds back the entry script (index.html's and login.html's) until `release` is called. */
async function holdEntryScript(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  let release = () => {};
  let requested = false;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

describe('the first screen', () => {
  it('is in the page the server sends for /login: the form ready to press, its one inline script allowed by its hash', async () => {
    const response = await fetch(`${suite.baseUrl}/login`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<title>Sign in · Medical Academy</title>');
    expect(html).toMatch(/<div id="sign-in"><div [^>]*>.*<form novalidate>.*<button type="submit" class="[^"]*" elementtiming="sign-in"><span [^>]*hidden><\/span>Sign In<\/button>/s);
    // The form's styles are in the page; the app's stylesheet is only prefetched until the app starts.
    expect(html).toMatch(/<style>[\s\S]*?\.rounded-2xl[\s\S]*?<\/style>/);
    expect(html).toMatch(/<link rel="prefetch" as="style" crossorigin href="\/assets\/index-[^"]+\.css" data-app-styles>/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Every other address gets index.html, whose #sign-in is empty (the entry writes the form there when needed).
    const other = await fetch(`${suite.baseUrl}/register`, { headers: { accept: 'text/html' } });
    expect(await other.text()).toContain('<div id="sign-in"></div>');
    expect(other.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('keeps a press of Sign In made before its script has run, and signs in once the script has bound the form', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const refused = watchPolicy(page);
    const entry = await holdEntryScript(page);
    const react = watchReactCode(page);
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Sign In' });
    await button.waitFor();
    await expect.poll(() => entry.requested()).toBe(true);
    expect(await button.isDisabled()).toBe(false);
    expect(await page.title()).toBe('Sign in · Medical Academy');

    await page.getByLabel('Mobile number').fill(DEMO_STUDENT.phone);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // Kept, and shown as busy: nothing was sent yet and the page stayed where it was, no password in any address.
    await page.getByRole('button', { name: 'Sign In', disabled: true }).waitFor();
    expect(await button.getAttribute('aria-busy')).toBe('true');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    expect(apiRequests).toEqual([]);

    // The script arrives: the kept press signs the student in, with no second press.
    entry.release();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(react.requested()).toBe(1);
    // The first screen has left: one page, the shell's, with the app's whole stylesheet.
    await expect.poll(() => page.locator('#sign-in').innerHTML()).toBe('');
    expect(await page.locator('link[rel="stylesheet"][href^="/assets/index-"]').count()).toBe(1);
    expect(refused()).toEqual([]);
    await page.context().close();
  });

  it('draws the whole form in its first frame on a slow phone, never the background alone', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    // A phone slow enough that reading the page takes longer than a frame: without the page's wait for
    // its body, the first frame would hold its background alone, and the form would come a frame later.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
    await page.addInitScript(() => {
      const seen = { firstPaint: 0, button: 0 };
      (window as unknown as { firstFrame: typeof seen }).firstFrame = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-paint') seen.firstPaint = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]) {
          if (entry.identifier === 'sign-in' && !seen.button) seen.button = entry.renderTime;
        }
      }).observe({ type: 'element', buffered: true });
    });
    await page.goto('/login');
    const frame = await page.waitForFunction(() => {
      const seen = (window as unknown as { firstFrame: { firstPaint: number; button: number } }).firstFrame;
      return seen.firstPaint > 0 && seen.button > 0 && seen;
    });
    const { firstPaint, button } = (await frame.jsonValue()) as { firstPaint: number; button: number };
    // The button was drawn in the very frame that first drew anything of the page.
    expect(Math.abs(button - firstPaint)).toBeLessThan(1);
    await page.context().close();
  });

  it('checks a press made before its script has run as any other: problems under the fields, nothing sent', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const entry = await holdEntryScript(page);
    // What the press could send; the screen's own read of the support number, once its script runs, is not that.
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && pathname !== `${API_PREFIX}${accountPaths.support}`) apiRequests.push(request.url());
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign In', disabled: true }).waitFor();
    entry.release();
    await page.getByRole('alert').filter({ hasText: 'Please enter your phone number' }).waitFor();
    expect(await page.getByLabel('Mobile number').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    expect(apiRequests).toEqual([]);
    await page.context().close();
  });

  it("says so when the app's start cannot be downloaded, keeps the form, and starts once it can", { timeout: 60_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    let refused = 0;
    await page.route('**/assets/appBoot-*.js', (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    await page.goto('/login');
    await page.getByLabel('Mobile number').fill(DEMO_STUDENT.phone);
    // Tried several times (loadWithRetry's pauses), then the notice, above the form.
    const notice = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
    await notice.waitFor({ timeout: 30_000 });
    expect(refused).toBeGreaterThan(1);
    expect(await page.getByLabel('Mobile number').inputValue()).toBe(DEMO_STUDENT.phone);
    await page.unroute('**/assets/appBoot-*.js');
    await notice.getByRole('button', { name: 'Retry' }).click();
    await notice.waitFor({ state: 'detached' });
    // Started: the form is the app's now, and signs in.
    await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.context().close();
  });

  it('loads no React until the student starts on the form, and shows a refused sign-in as its toast', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const react = watchReactCode(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    expect(react.requested()).toBe(0);

    // Problems of the form show under their fields, without asking the server.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter your phone number' }).waitFor();
    expect(await page.getByLabel('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Mobile number').getAttribute('aria-describedby')).toBe('signin-phone-error');
    await expect.poll(() => react.requested()).toBe(1);

    // Letters are not kept in the number.
    await page.getByLabel('Mobile number').pressSequentially('017000000x01');
    await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe('01700000001');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Phone no. or password is incorrect', 'warning').waitFor();
    expect(await page.getByLabel('Mobile number').getAttribute('aria-invalid')).toBeNull();
    // Still the sign-in screen, ready for another try.
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

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

  it('opens the router at once for a stored session: /login sends a signed-in student on to My Courses, never showing the form', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const router = watchRouterCode(page);
    const entry = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    // Before any of the app's code has run, the page itself hides the form from a student with a session.
    await page.locator('#sign-in form').waitFor({ state: 'attached' });
    await expect.poll(() => entry.requested()).toBe(true);
    expect(await page.locator('#sign-in').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    entry.release();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(router.requested()).toBe(1);
    await page.context().close();
  });

  it('shows the form again once started when the stored session id belongs to no student kept on the phone', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await page.addInitScript(() => sessionStorage.setItem('sessionId', 'left-from-an-old-visit'));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    expect(await page.locator('#sign-in').isHidden()).toBe(false);
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
    // Tried several times (loadWithRetry's pauses), then the notice.
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
