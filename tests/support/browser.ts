// Browser tests: Debian's Chromium through playwright-core, against the built app and a real server.
//
//   launchBrowser(): Promise<Browser>
//       Headless Chromium at /usr/bin/chromium. Close it in afterAll.
//   browserSuite(options?: TestServerOptions & { browserArgs?: string[] }): BrowserSuite
//       Registers beforeAll/afterAll that start Chromium and an app server (demo academy unless
//       `bundle` says otherwise) for the calling suite and stop both; read suite.browser, .server,
//       .baseUrl inside tests.
//   startAppServer(options?: TestServerOptions): Promise<{ server: TestServer; baseUrl: string }>
//       startTestServer(options) serving the built app (config.appDir = E2E_APP_DIR or ./dist) on a free
//       loopback port. Throws "run vite build first" when the build is missing. Close with server.close().
//   newPage(browser, baseUrl, { width?: 360 | 1280 | number; height?: number; timezoneId?: string; bypassCSP?: boolean; serviceWorker?: boolean }): Promise<Page>
//       A fresh context (own storage) with a phone-sized (360, default) or desktop viewport; baseURL set,
//       so page.goto('/login') works. timezoneId sets the device's time zone (e.g. 'America/New_York').
//       bypassCSP lets a test inject its own script (axe-core) past the app's Content Security Policy.
//       The app's service worker is blocked unless serviceWorker is true: requests a service worker
//       answers never reach page.route, which other tests use to hold or fail the app's requests.
//   axeViolations(page): Promise<string[]>
//       Runs axe-core (injected with page.addScriptTag; the page needs bypassCSP) on the page once its
//       transitions have ended (animationsEnded) and lists its serious and critical violations, one line
//       each with the elements concerned.
//   smallTargets(page, minimum = 40): Promise<string[]>
//       Visible buttons, links, form fields and tabs less than `minimum` CSS pixels high or wide.
//   signIn(page, baseUrl, phone, password, { remember?: boolean }): Promise<void>
//       Fills the sign-in form with an 11-digit phone ("01700000001"), signs in and waits for the shell.
//   watchScripts(page): { count(): number; carries(text): Promise<boolean> }
//       Records the JavaScript files the page fetches from then on; carries(text) tells whether any holds the text.
//   textContrast(locator): Promise<number>
//       The WCAG contrast ratio of an element's text on its background as painted (0 when faded by opacity).
//   toast(page, text?, kind?: 'success' | 'error' | 'warning' | 'info'): Locator
//   animationsEnded(page): Promise<void>
//       Waits until every finite CSS animation and transition running on the page (dialogs, toasts) has
//       finished, so colours and sizes are measured as they end; endless ones (spinners) are not waited for.
//       The app's toasts (sonner), narrowed to those containing `text` and of one kind.
//
// Waiting on anything else (files, server state, counts): `expect.poll(read, { message }).toBe(...)`, or
// `vi.waitFor(() => value ?? throw, { timeout })` when the value itself is needed. expect.poll waits up
// to 10 s by default (vite.config.ts), like a locator.
//   appDir(): string — the directory the app is served from.
//
// The demo bundle ('demo') signs in with 01700000001 / student123.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js';
import { CHROMIUM_PATH } from './tiers.js';

export type { Browser, Locator, Page } from 'playwright-core';

export { CHROMIUM_PATH };
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(options: { extraArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])] });
}

export const appDir = (): string => process.env.E2E_APP_DIR ?? path.resolve('dist');

/** Fails loudly when there is no build: browser tests test the built app, never a dev server. */
function requireBuiltApp(dir: string): void {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`No built app in ${dir}: run vite build first (npx vite build --outDir ${dir}, then E2E_APP_DIR=${dir}).`);
  }
}

export async function startAppServer(options: TestServerOptions = {}): Promise<{ server: TestServer; baseUrl: string }> {
  const dir = appDir();
  requireBuiltApp(dir);
  const server = await startTestServer({ ...options, config: { appDir: dir, ...options.config } });
  const baseUrl = await server.listen();
  return { server, baseUrl };
}

export interface BrowserSuite {
  browser: Browser;
  server: TestServer;
  baseUrl: string;
}

export function browserSuite(options: TestServerOptions & { browserArgs?: string[] } = {}): BrowserSuite {
  const { browserArgs, ...serverOptions } = options;
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.browser = await launchBrowser({ extraArgs: browserArgs });
    Object.assign(suite, await startAppServer({ bundle: 'demo', ...serverOptions }));
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: { width?: number; height?: number; timezoneId?: string; bypassCSP?: boolean; serviceWorker?: boolean } = {},
): Promise<Page> {
  const width = options.width ?? 360;
  const height = options.height ?? (width <= 600 ? 740 : 800);
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height },
    hasTouch: width <= 600,
    timezoneId: options.timezoneId,
    bypassCSP: options.bypassCSP,
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  // Shorter than the test timeout, so a missing element fails with its locator instead of a bare timeout.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    // Uncaught errors in the app make a browser test fail loudly instead of silently timing out.
    console.error(`[page error] ${error.message}`);
  });
  return page;
}

/**
 * Stops the page's installed clock a moment ahead of the page's own time. The page's time, not this process's: on a
 * busy machine the two drift apart, and pausing at a moment the page has already passed is refused. On a machine
 * busy enough that the page's time passes that moment between reading it and pausing, it is read again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const pageNow = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(pageNow + 1_000);
      return;
    } catch (error) {
      if (attempt === 3 || !/fast-forward to the past/.test(String(error))) throw error;
    }
  }
}

/** Holds the page's next request to `url` (a slow link) until the returned release is called; later ones pass. */
export async function holdNextRequest(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

export function watchScripts(page: Page): { count: () => number; carries: (text: string) => Promise<boolean> } {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    // A body the page navigated away from is gone from the browser: the static file is fetched again.
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.set(response.url(), response.text().catch(() => fetch(response.url()).then((again) => again.text())));
  });
  return {
    count: () => scripts.size,
    carries: async (text) => (await Promise.all(scripts.values())).some((body) => body.includes(text)),
  };
}

/**
 * The contrast ratio (WCAG) of an element's text colour on its background, both as Chromium paints
 * them (a canvas turns any CSS colour, oklch included, into sRGB). A faded element (opacity below 1)
 * counts as 0: its painted colours are not the computed ones.
 */
export function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    if (Number(style.opacity) < 1) return 0;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgb = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (channels: number[]) => {
      const [r, g, b] = channels.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first: an animation started by the last action is listed from the next frame on.
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

export function toast(page: Page, text?: string, kind?: 'success' | 'error' | 'warning' | 'info'): Locator {
  const toasts = page.locator(kind ? `[data-sonner-toast][data-type="${kind}"]` : '[data-sonner-toast]');
  return text === undefined ? toasts : toasts.filter({ hasText: text });
}

export async function signIn(page: Page, baseUrl: string, phone: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const remember = page.getByLabel('Remember me');
  if ((options.remember ?? true) !== (await remember.isChecked())) await remember.click();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The shell's account menu shows on every signed-in page.
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** Signs the student in and opens the Ask dialog of a course's forum, past its guidelines, with a subject and chapter chosen. */
export async function openAskForm(
  page: Page,
  baseUrl: string,
  ask: { phone: string; password: string; courseId: string; subject: string; chapter: string },
): Promise<Locator> {
  await signIn(page, baseUrl, ask.phone, ask.password);
  await page.goto(`${baseUrl}/qa-forum-list/${ask.courseId}`);
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  await page.getByRole('dialog', { name: 'Guidelines for Asking Questions' }).getByRole('button', { name: 'OK' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Question' });
  await form.getByLabel('Subject').selectOption({ label: ask.subject });
  await form.getByLabel('Chapter').selectOption({ label: ask.chapter });
  return form;
}

const AXE_SCRIPT = path.resolve('node_modules/axe-core/axe.min.js');

export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged as they end: a button that has just been enabled is still fading from its
  // disabled grey (transition-colors), and axe would read the mix of both.
  await animationsEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  return violations;
}

export function smallTargets(page: Page, minimum = 40): Promise<string[]> {
  return page.evaluate((least) => {
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="menuitem"]');
    return [...controls]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[aria-hidden="true"], [inert]'))
      .map((element) => {
        // A radio or checkbox counts with its label, which takes the tap too.
        const target = (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox' || element.type === 'file') && element.closest('label')) || element;
        const box = target.getBoundingClientRect();
        return { box, element };
      })
      .filter(({ box }) => box.height < least || box.width < least)
      .map(({ box, element }) => `${Math.round(box.width)}x${Math.round(box.height)} ${element.outerHTML.slice(0, 100)}`);
  }, minimum);
}
