// The first visit on a slow phone, for `npm run bench:web` (issue 27): Chrome's Slow 3G preset
// (400 kbit/s each way, 2,000 ms round trips) and the same link at 400 ms round trips, the CPU 4x
// slower, an empty cache. The student opens /login and the page goes idle on the link, takes 10 s to
// type the phone number and password (the app may use that time to fetch what comes next), presses
// Sign In, and waits until My Courses shows its course cards (and, reported beside it, their covers).
// Then the later visit: the service worker that the signed-in shell registered has the app; a new tab
// opens / and waits for the course cards again.
//
// The link is a throttling proxy in front of the server rather than the DevTools protocol's emulation:
// the service worker's own requests (its precache, the API calls it passes on) go over the same slow
// link as the page's, which the page's emulation does not cover. The proxy charges each chunk its time
// on a link shared by all connections in its direction, then half the round trip; opening a connection
// costs nothing (a real phone pays one round trip more per connection). The CPU slowdown applies to the
// page, not to the service worker.
import net from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { newPage } from '../tests/support/browser.js';
import { DEMO_STUDENT } from '../tests/support/demo-academy.js';

export interface LinkProfile {
  name: string;
  rttMs: number;
  kbitPerSecond: number;
}

export const LINK_PROFILES: LinkProfile[] = [
  { name: 'Slow 3G (400 kbit/s, 2,000 ms RTT)', rttMs: 2_000, kbitPerSecond: 400 },
  { name: '400 kbit/s, 400 ms RTT', rttMs: 400, kbitPerSecond: 400 },
];

const TYPING_MS = 10_000;
const SEGMENT = 1_460;

interface Link {
  port: number;
  /** Bytes delivered to the phone since the last reset. */
  down(): number;
  reset(): void;
  close(): Promise<void>;
}

/** A TCP proxy to the server's port as a slow link: bandwidth shared per direction, then half the round trip. */
function slowLink(serverPort: number, profile: LinkProfile): Promise<Link> {
  const bytesPerMs = (profile.kbitPerSecond * 1000) / 8 / 1000;
  const linkFree = { up: 0, down: 0 };
  let delivered = 0;
  const sockets = new Set<net.Socket>();
  const carry = (from: net.Socket, to: net.Socket, direction: 'up' | 'down') => {
    let last = 0;
    from.on('data', (chunk: Buffer) => {
      for (let at = 0; at < chunk.length; at += SEGMENT) {
        const segment = chunk.subarray(at, at + SEGMENT);
        const sent = Math.max(performance.now(), linkFree[direction]) + segment.length / bytesPerMs;
        linkFree[direction] = sent;
        last = sent + profile.rttMs / 2;
        setTimeout(() => {
          if (direction === 'down') delivered += segment.length;
          if (!to.destroyed) to.write(segment);
        }, last - performance.now());
      }
    });
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, last - performance.now()) + 1));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), Math.max(0, last - performance.now()) + 2));
  };
  const proxy = net.createServer((phone) => {
    const server = net.connect(serverPort, '127.0.0.1');
    sockets.add(phone).add(server);
    phone.on('close', () => sockets.delete(phone));
    server.on('close', () => sockets.delete(server));
    carry(phone, server, 'up');
    carry(server, phone, 'down');
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      resolve({
        port: (proxy.address() as net.AddressInfo).port,
        down: () => delivered,
        reset: () => (delivered = 0),
        close: () => new Promise((done) => {
          for (const socket of sockets) socket.destroy();
          proxy.close(() => done());
        }),
      });
    });
  });
}

export interface RequestSeen {
  url: string;
  /** ms after the press (negative: before it) when the request was sent and when its answer ended. */
  sent: number;
  ended: number;
  /** Bytes of the answer as they came over the link (headers and body), when the browser reports them. */
  bytes: number;
  byWorker: boolean;
}

export interface JourneyResult {
  profile: LinkProfile;
  /** From the navigation to /login until Sign In can be pressed, and until the page was idle on the link. */
  signInReadyMs: number;
  signInIdleMs: number;
  signInKb: number;
  /** Fetched while the student typed. */
  typingKb: number;
  /** From the press until My Courses shows its course cards; until their covers are drawn. */
  coursesMs: number;
  coversMs: number;
  /** Arrived between the press and the course cards. */
  afterPressKb: number;
  /** Requests sent between the press and the cards, in order. */
  waterfall: RequestSeen[];
  /** The later visit: the service worker ready, a new tab opening / until the course cards show (by the page's clock). */
  workerReadyMs: number;
  laterMs: number;
  laterKb: number;
}

const cardsShown = (page: Page) => page.getByRole('list', { name: 'Courses' }).getByRole('link').first().waitFor({ timeout: 180_000 });

/**
 * The page's clock (ms since the navigation began) at the first frame with a course card in it.
 * Playwright's wait for an element asks again at growing intervals, at last every 500 ms, so the moment
 * it returns can be half a second after the cards were drawn: for a measure of a second or two, a check
 * at every animation frame that reads the page's own clock is the one to trust.
 */
async function cardsDrawnAt(page: Page): Promise<number> {
  const found = await page.waitForFunction(() => (document.querySelector('ul[aria-label="Courses"] a') ? performance.now() : false), undefined, {
    polling: 'raf',
    timeout: 180_000,
  });
  return (await found.jsonValue()) as number;
}

/** Whether every cover image of the course cards has loaded (or failed to: a placeholder is drawn then). */
const coversDrawn = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('ul[aria-label="Courses"] img')].every((img) => (img as HTMLImageElement).complete), undefined, { timeout: 180_000 });

async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The journey on one link profile, in a fresh browser context (empty cache, no service worker). */
export async function slowPhoneJourney(browser: Browser, serverPort: number, profile: LinkProfile): Promise<JourneyResult> {
  const link = await slowLink(serverPort, profile);
  const base = `http://127.0.0.1:${link.port}`;
  const page = await newPage(browser, base, { width: 360, serviceWorker: true });
  page.setDefaultTimeout(180_000);
  const context = page.context();
  try {
    await slowPhone(page);
    let pressedAt = Number.POSITIVE_INFINITY;
    const seen: RequestSeen[] = [];
    const sentAt = new Map<unknown, number>();
    context.on('request', (request) => sentAt.set(request, performance.now()));
    context.on('requestfinished', async (request) => {
      const sent = sentAt.get(request) ?? performance.now();
      const sizes = await request.sizes().catch(() => ({ responseHeadersSize: 0, responseBodySize: 0 }));
      seen.push({
        url: request.url().replace(base, ''), sent: sent - pressedAt, ended: performance.now() - pressedAt,
        bytes: Math.max(0, sizes.responseHeadersSize) + Math.max(0, sizes.responseBodySize), byWorker: request.serviceWorker() !== null,
      });
    });

    const opened = performance.now();
    await page.goto(`${base}/login`, { waitUntil: 'commit', timeout: 180_000 });
    await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor();
    const signInReadyMs = performance.now() - opened;
    await page.waitForLoadState('networkidle', { timeout: 180_000 });
    const signInIdleMs = performance.now() - opened;
    const signInKb = link.down() / 1024;

    // 10 s of typing, key by key: the number, then the password.
    link.reset();
    const typingFrom = performance.now();
    const keys = DEMO_STUDENT.phone.length + DEMO_STUDENT.password.length;
    const perKey = TYPING_MS / (keys + 2);
    await page.getByLabel('Mobile number').click();
    await page.getByLabel('Mobile number').pressSequentially(DEMO_STUDENT.phone, { delay: perKey });
    await page.getByLabel('Password', { exact: true }).click();
    await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO_STUDENT.password, { delay: perKey });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, typingFrom + TYPING_MS - performance.now())));
    const typingKb = link.down() / 1024;

    link.reset();
    pressedAt = performance.now();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await cardsShown(page);
    const coursesMs = performance.now() - pressedAt;
    const afterPressKb = link.down() / 1024;
    await coversDrawn(page);
    const coversMs = performance.now() - pressedAt;
    const waterfall = seen.filter((r) => r.sent >= 0 && r.sent <= coursesMs).sort((a, b) => a.sent - b.sent);

    // The later visit: once the service worker has the app, a new tab of the same phone opens the academy.
    const readyFrom = performance.now();
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const workerReadyMs = performance.now() - readyFrom;
    await page.waitForLoadState('networkidle', { timeout: 180_000 }).catch(() => undefined);
    await page.close();
    const later = await context.newPage();
    await slowPhone(later);
    link.reset();
    await later.goto(`${base}/`, { waitUntil: 'commit', timeout: 180_000 });
    const laterMs = await cardsDrawnAt(later);
    return {
      profile, signInReadyMs, signInIdleMs, signInKb, typingKb, coursesMs, coversMs, afterPressKb, waterfall, workerReadyMs, laterMs,
      laterKb: link.down() / 1024,
    };
  } finally {
    await context.close();
    await link.close();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function printJourney(result: JourneyResult): void {
  console.log('');
  console.log(`First visit on a slow phone, ${result.profile.name}, CPU 4x slower, empty cache:`);
  console.log(`  sign-in pressable after ${s(result.signInReadyMs)}, idle on the link after ${s(result.signInIdleMs)} (${result.signInKb.toFixed(1)} KB)`);
  console.log(`  10 s of typing: ${result.typingKb.toFixed(1)} KB fetched meanwhile`);
  console.log(`  Sign In to the course cards: ${s(result.coursesMs)} (${result.afterPressKb.toFixed(1)} KB after the press); covers drawn after ${s(result.coversMs)}`);
  // The sign-in's own request is mostly the server's password hash, which a busy machine stretches.
  const answer = result.waterfall.find((r) => r.url.startsWith('/api/student/login'));
  if (answer) console.log(`  from the sign-in's answer (${s(answer.ended)}) to the cards: ${s(result.coursesMs - answer.ended)}; ${result.waterfall.length} requests sent after the press`);
  for (const r of result.waterfall) {
    console.log(`    ${s(r.sent).padStart(7)} to ${s(r.ended).padStart(7)}  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.byWorker ? '(worker) ' : ''}${r.url.slice(0, 90)}`);
  }
  console.log(`  later visit (service worker ready ${s(result.workerReadyMs)} after the cards): / to the course cards ${s(result.laterMs)} (${result.laterKb.toFixed(1)} KB)`);
}
