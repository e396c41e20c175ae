// The built service worker (Workbox, vite.config.ts) and the web manifest: what is precached for an
// offline opening of the exam, that nothing else is cached (API answers never), and what makes the
// app installable. Reads the build in dist/ (run vite build first).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const appDir = path.resolve(process.env.E2E_APP_DIR ?? 'dist');

function built(file: string): string {
  const full = path.join(appDir, file);
  if (!fs.existsSync(full)) throw new Error(`No ${file} in ${appDir}: run vite build first`);
  return fs.readFileSync(full, 'utf8');
}

/** The precache list written into sw.js. */
function precached(): string[] {
  const list = /precacheAndRoute\((\[[^\]]*\])/.exec(built('sw.js'))?.[1];
  if (!list) throw new Error('sw.js has no precache list');
  return [...list.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
}

/** The entry script, stylesheet and module preloads index.html names. */
const firstLoad = () => [...built('index.html').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);

describe('the service worker', () => {
  it('precaches the page, the first-load files, the router, the shell, the live exam, the toasts and the text font', () => {
    const urls = precached();
    expect(urls).toContain('index.html');
    for (const file of firstLoad()) expect(urls).toContain(file);
    for (const screen of ['AppRouter', 'Shell', 'LiveExamScreen', 'ToastStack']) expect(urls.some((url) => new RegExp(`^assets/${screen}-[^/]+\\.js$`).test(url))).toBe(true);
    for (const face of ['bengali-400', 'bengali-600']) expect(urls.some((url) => url.includes(`noto-sans-bengali-${face}-normal`) && url.endsWith('.woff2'))).toBe(true);
    // Latin text uses the system font: no Latin face is fetched or kept.
    expect(urls.filter((url) => /noto-sans-bengali-latin/.test(url))).toEqual([]);
    expect(urls).toEqual(expect.arrayContaining(['manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png']));
    // Every file the router and the exam screen import statically is there too, or they could not open offline.
    for (const screen of ['AppRouter', 'LiveExamScreen']) {
      const chunk = urls.find((url) => new RegExp(`^assets/${screen}-`).test(url))!;
      const imports = [...built(chunk).matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((match) => `assets/${match[1]}`);
      expect(imports.length).toBeGreaterThan(0);
      expect(imports.filter((file) => !urls.includes(file))).toEqual([]);
    }
  });

  it('does not precache what a student may never open: video player, charts, the teacher desk, source maps, API addresses', () => {
    const urls = precached();
    expect(urls.filter((url) => /shaka-player|charts-|StaffDesk-|\.map$|^\/?api\/|^\/?media\//.test(url))).toEqual([]);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('caches nothing at run time and answers navigations with the app only outside /api, /media and /socket.io', () => {
    const worker = built('sw.js');
    // One route: the navigation fallback. No runtime caching strategy at all, so an API answer is never served from a cache.
    expect(worker.match(/registerRoute\(/g)).toHaveLength(1);
    expect(worker).toMatch(/registerRoute\(new \w+\.NavigationRoute\(\w+\.createHandlerBoundToURL\("index\.html"\)/);
    expect(worker).not.toMatch(/NetworkFirst|CacheFirst|StaleWhileRevalidate|NetworkOnly|CacheOnly|ExpirationPlugin/);
    const denylist = /denylist:\[([^\]]*)\]/.exec(worker)?.[1] ?? '';
    for (const prefix of ['api', 'media', 'socket\\.io']) expect(denylist).toContain(`/^\\/${prefix}`);
  });

  it('takes over only when the app tells it to (no skipWaiting at install, no clients.claim)', () => {
    const worker = built('sw.js');
    expect(worker).toMatch(/"SKIP_WAITING"===\w+\.data\.type&&self\.skipWaiting\(\)/);
    expect(worker.match(/skipWaiting\(\)/g)).toHaveLength(1);
    expect(worker).not.toContain('clientsClaim');
  });

  it('takes the reminders\' pushes: it imports the push handling, which shows a notification and opens its address on a tap', () => {
    expect(built('sw.js')).toContain('importScripts("push-sw.js")');
    const push = built('push-sw.js');
    expect(push).toMatch(/addEventListener\('push'/);
    expect(push).toContain('showNotification(');
    expect(push).toMatch(/addEventListener\('notificationclick'/);
    expect(push).toContain('openWindow(');
    // Not precached: the browser keeps a worker's imported scripts with the worker itself.
    expect(precached()).not.toContain('push-sw.js');
  });

  it('is registered by a chunk of its own, not by the first-load files', () => {
    const firstLoadCode = firstLoad()
      .filter((file) => file.endsWith('.js'))
      .map((file) => built(file))
      .join('\n');
    expect(firstLoadCode).not.toContain('messageSkipWaiting');
    const registering = fs.readdirSync(path.join(appDir, 'assets')).filter((name) => name.endsWith('.js') && built(`assets/${name}`).includes('messageSkipWaiting'));
    expect(registering).toHaveLength(1);
    expect(firstLoad()).not.toContain(`assets/${registering[0]}`);
  });
});

describe('the web manifest', () => {
  it('makes the app installable: names, standalone, start address, theme colour, icons of 192 and 512 px and a maskable one', () => {
    const manifest = JSON.parse(built('manifest.webmanifest')) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Medical Academy', short_name: 'Academy', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) expect(fs.existsSync(path.join(appDir, icon.src))).toBe(true);
    expect(built('index.html')).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});
