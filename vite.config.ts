import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { TIERS } from './tests/support/tiers.js';
import { SIGNED_IN_START_META } from './src/views/app/signedInPrefetch';

/** Writes .br and .gz beside every text asset so the server can send them compressed without work per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'academy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the service worker is written, so sw.js and its Workbox runtime are sent compressed too.
    closeBundle: { order: 'post', sequential: true, handler: compressAll },
  };
  function compressAll() {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    for (const file of walk(outDir)) {
      if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
      const body = fs.readFileSync(file);
      if (body.length < 1024) continue;
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    }
  }
}

type Chunk = { facadeModuleId: string | null; moduleIds: readonly string[] };
/** Whether a chunk holds the module (its facade, or one of a group's modules). */
const holds = (chunk: Chunk, module: RegExp) => module.test(chunk.facadeModuleId ?? '') || chunk.moduleIds.some((id) => module.test(id));

/** The app's start, fetched by the entry once the page is drawn (src/main.ts); the pages preload it. */
const APP_BOOT = /src\/views\/start\/appBoot\.ts$/;

/**
 * What a student sees right after signing in, by source file: React's part of the app, the router, the
 * shell with the code it loads as it starts, and My Courses (src/views/start/AppRouter.tsx,
 * preloadSignedInStart, fetches the same by import). The pages name these chunks and everything they
 * import in a meta element (SIGNED_IN_START_META), so the first sign-in screen can fetch them all at
 * once while the student types (src/views/app/signedInPrefetch.ts) rather than in three round trips:
 * React's part, then the router, then the screens.
 */
const SIGNED_IN_START = [
  /src\/views\/app\/ReactApp\.tsx$/, /src\/views\/start\/AppRouter\.tsx$/, /src\/views\/app\/Shell\.tsx$/, /src\/views\/courses\/CoursesScreen\.tsx$/,
  /src\/views\/app\/NotificationDrawer\.tsx$/, /src\/views\/ui\/ToastStack\.tsx$/, /src\/views\/app\/appWorker\.ts$/, /node_modules\/socket\.io-client\//,
];

/**
 * The page the server sends for /login, so that a phone on a slow link can use the sign-in form within
 * a second (docs/performance.md):
 * - every page (index.html and login.html) asks for the app's start (appBoot.ts and what it imports) as
 *   a module preload beside the entry, so it arrives with the entry rather than after it;
 * - login.html is index.html with the sign-in screen's markup in #sign-in, ready to use before any script
 *   has arrived, and its title; right after it, the one inline script that keeps an early press of Sign
 *   In for the view (signInView.ts, EARLY_PRESS_SCRIPT; the server allows it by its hash);
 * - login.html carries the styles its markup needs in the page (picked from the app's stylesheet by
 *   Beasties), and only a prefetch of the whole stylesheet, so that neither its download nor its
 *   reading holds back the first paint; the app's start makes it the page's stylesheet (src/views/start/appBoot.ts).
 * - the logo of the sign-in view loads lazily (signInView.ts): drawing an SVG picture first cost a slow
 *   phone a fifth of a second before the form showed.
 * - login.html is not drawn before its body has been read up to the app's root (RENDER_AFTER_FORM): a
 *   slow phone would otherwise draw a first frame of the page's background alone, halfway through
 *   reading it, and the form in a second frame a fifth of a second later; the early-press script has
 *   run by then too, so a signed-in student's form is never drawn at all.
 * The service worker keeps answering navigations with index.html, where the entry writes the same markup itself.
 */
function signInPage(): Plugin {
  const EMPTY_HOST = '<div id="sign-in"></div>';
  const APP_ROOT = '<div id="root"></div>';
  // Rendering waits until the element with that id has been read (the HTML standard's "expect" link);
  // a browser without it draws as before.
  const RENDER_AFTER_FORM = '<link rel="expect" href="#root" blocking="render">';
  const ENTRY_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;
  const STYLESHEET = /<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/;
  let supportPhone: string | null = null;
  let root = process.cwd();
  return {
    name: 'academy-sign-in-page',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      supportPhone = (config.env.VITE_SUPPORT_PHONE as string | undefined)?.trim() || null;
      root = config.root;
    },
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle: login.html is written from it');
      let html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      if (!html.includes(EMPTY_HOST)) return this.error(`index.html has no ${EMPTY_HOST} for the sign-in screen`);
      if (!ENTRY_SCRIPT.test(html)) return this.error('index.html has no entry script to preload the app\'s start beside');

      // The app's start and its static imports, less what the entry loads anyway.
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const boot = chunks.find((chunk) => holds(chunk, APP_BOOT));
      if (!boot) return this.error('The app\'s start (src/views/start/appBoot.ts) is not a chunk of its own');
      const staticImports = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach((file) => staticImports(file, seen));
        return seen;
      };
      const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...staticImports(chunk.fileName)]));
      const preloads = [...staticImports(boot.fileName)].filter((file) => !entryFiles.has(file));
      html = html.replace(ENTRY_SCRIPT, (script) => script + preloads.map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`).join(''));

      // What follows sign-in, as one flat list the first sign-in screen fetches while the student types.
      const loaded = new Set([...entryFiles, ...preloads]);
      const missing = SIGNED_IN_START.filter((module) => !chunks.some((chunk) => holds(chunk, module)));
      if (missing.length > 0) return this.error(`What follows sign-in is not in the bundle: ${missing.join(', ')}`);
      const signedInStart = new Set(chunks.filter((chunk) => SIGNED_IN_START.some((module) => holds(chunk, module))).flatMap((chunk) => [...staticImports(chunk.fileName)]));
      const next = [...signedInStart].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
      html = html.replace('</head>', `  <meta name="${SIGNED_IN_START_META}" content="${next.join(' ')}">\n  </head>`);
      index.source = html;

      // The app's own view writes the markup, run through Vite as the app's code is (TypeScript, its imports).
      const { module: view } = await runnerImport<typeof import('./src/views/auth/signInView')>(path.join(root, 'src/views/auth/signInView.ts'), {
        root,
        configFile: false,
        logLevel: 'silent',
      });
      if (html.indexOf(APP_ROOT) < html.indexOf(EMPTY_HOST)) return this.error(`index.html has no ${APP_ROOT} after the sign-in screen's host`);
      const page = html
        .replace(EMPTY_HOST, `<div id="sign-in">${view.signInMarkup({ supportPhone })}</div><script>${view.EARLY_PRESS_SCRIPT}</script>`)
        .replace(/<title>[^<]*<\/title>/, `${RENDER_AFTER_FORM}<title>${view.SIGN_IN_TITLE}</title>`);

      const stylesheet = STYLESHEET.exec(page)?.[1];
      const css = stylesheet ? bundle[stylesheet.slice(1)] : undefined;
      if (css?.type !== 'asset') return this.error('index.html has no stylesheet of the bundle to take the sign-in styles from');
      const sheet = css.source;
      const { default: Beasties } = await import('beasties');
      const styles = new (class extends Beasties {
        override readFile(): string {
          return typeof sheet === 'string' ? sheet : new TextDecoder().decode(sheet);
        }
        // preload false: the link stays where it is (its declared type leaves the value out).
      })({ path: '/', publicPath: '/', preload: false as unknown as undefined, pruneSource: false, reduceInlineStyles: false, mergeStylesheets: true, inlineFonts: false, preloadFonts: false, compress: true, logLevel: 'silent' });
      // Fetched at low priority and not read until the app's start makes it the page's stylesheet.
      const styled = (await styles.process(page)).replace(STYLESHEET, (_link, href: string) => `<link rel="prefetch" as="style" crossorigin href="${href}" ${view.DEFERRED_STYLES_ATTRIBUTE}>`);
      if (!/<style>/.test(styled) || !styled.includes(view.DEFERRED_STYLES_ATTRIBUTE)) return this.error('The sign-in page\'s styles were not written into it');
      this.emitFile({ type: 'asset', fileName: 'login.html', source: styled });
    },
  };
}

/**
 * The screens a student must be able to open with no connection, by their source files: the app
 * shell (top bar, offline banner), the live exam, and the toast library the exam speaks through.
 * The entry and what it imports are always kept, and so are React's part of the app and the router
 * (both loaded by the entry on demand, so that a visitor's sign-in screen needs neither). Everything else (videos, charts, the forum, the
 * teacher desk) is fetched when first opened, as before: a phone should not download the whole app.
 */
/**
 * Loaded by the entry after the first screen: the app's start, React's part of the app and the router. Their static
 * imports are kept; the router's own on-demand imports are every screen, so not followed.
 */
const OFFLINE_START = [APP_BOOT, /src\/views\/app\/ReactApp\.tsx$/, /src\/views\/start\/AppRouter\.tsx$/];
const isOfflineStart = (chunk: Chunk) => OFFLINE_START.some((start) => holds(chunk, start));
const OFFLINE_SCREENS = [/src\/views\/app\/Shell\.tsx$/, /src\/views\/live-exam\/LiveExamScreen\.tsx$/, /src\/views\/ui\/ToastStack\.tsx$/];

/**
 * Learns from the finished bundle which chunks and styles the offline screens need (the entry, the
 * router and what they import statically; the offline screens and everything they import, on demand too, such
 * as the shell's notification drawer), so the service worker precaches exactly those; `keep(url)`
 * answers for the precache manifest.
 */
function offlineShellFiles(): Plugin & { keep: (url: string) => boolean } {
  const needed = new Set<string>();
  return {
    name: 'academy-offline-shell-files',
    apply: 'build',
    generateBundle(_, bundle) {
      needed.clear();
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const visited = new Set<string>();
      const visit = (fileName: string, onDemandToo: boolean) => {
        if (visited.has(`${fileName} ${onDemandToo}`)) return;
        visited.add(`${fileName} ${onDemandToo}`);
        const chunk = chunks.find((c) => c.fileName === fileName);
        if (!chunk) return;
        needed.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => needed.add(css));
        // The entry's and the router's own on-demand imports are every screen of the app: not followed.
        const followOnDemand = onDemandToo && !chunk.isEntry && !isOfflineStart(chunk);
        chunk.imports.forEach((file) => visit(file, followOnDemand));
        if (followOnDemand) chunk.dynamicImports.forEach((file) => visit(file, true));
      };
      for (const chunk of chunks) {
        if (chunk.isEntry || isOfflineStart(chunk)) visit(chunk.fileName, false);
        if (OFFLINE_SCREENS.some((screen) => holds(chunk, screen))) visit(chunk.fileName, true);
      }
      const missing = [...OFFLINE_START, ...OFFLINE_SCREENS].filter((screen) => !chunks.some((chunk) => holds(chunk, screen)));
      if (missing.length > 0) this.error(`Offline screens not found in the bundle: ${missing.join(', ')}`);
    },
    keep: (url) => !/\.(js|css)$/.test(url) || needed.has(url),
  };
}

const offlineShell = offlineShellFiles();

/** The modules the app's start (src/views/start/appBoot.ts) imports, directly or not, in one bundling pass. */
const appStartSets = new WeakMap<object, Set<string>>();
function appStartModules(context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }): Set<string> {
  let found = appStartSets.get(context);
  if (found) return found;
  found = new Set<string>();
  const pending = [path.resolve(import.meta.dirname, 'src/views/start/appBoot.ts')];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  appStartSets.set(context, found);
  return found;
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    offlineShell,
    signInPage(),
    // The service worker (Workbox, generated at build): it precaches the offline shell and answers
    // navigations to app addresses with index.html. API answers, media and the realtime connection
    // never go through a cache. A new version waits until the app tells it to take over, which the
    // app does only when no exam is running (src/services/appUpdate.ts). Registered by the app
    // itself in production builds only (src/views/app/appWorkerStart.ts).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      // The manifest's icons are precached by the plugin itself; the logo is the splash picture.
      includeAssets: ['logo.svg'],
      manifest: {
        name: 'Medical Academy',
        short_name: 'Academy',
        description: 'Courses, lectures, live and practice exams of the medical academy.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Bengali and Latin faces of the text font (the Latin-extended face and the old woff files
        // are fetched only by a device that needs them).
        globPatterns: ['index.html', 'assets/*.{js,css}', 'assets/noto-sans-bengali-{bengali,latin}-{400,600}-normal-*.woff2'],
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => offlineShell.keep(entry.url)), warnings: [] })],
        // Hashed names carry their version: no cache-busting query needed.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        navigateFallback: 'index.html',
        // Only the app's own addresses open the app; the API, media and the realtime connection go to the network.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/media(\/|$)/, /^\/socket\.io(\/|$)/],
        // No runtime caching at all: an API answer is never served from a cache.
        runtimeCaching: [],
        // The pushes of the reminders: shown as notifications, a tap opens the app at the thing (public/push-sw.js).
        importScripts: ['push-sw.js'],
        cleanupOutdatedCaches: true,
        skipWaiting: false,
        clientsClaim: false,
        sourcemap: false,
      },
    }),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify('v1.1.1') },
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // shaka-player (~770 kB) is its own chunk, loaded only when a video opens; the app's entry stays below this.
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    // Everything the first screen loads is one file: each further file costs the phone a request's
    // headers and compresses alone, and the split only served screens that load later anyway.
    // The same for the app's start, fetched beside the entry (src/main.ts): one file with what it imports,
    // less what the entry already holds.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: (moduleId, context) => (appStartModules(context).has(moduleId) ? 'appBoot' : null), priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // One project per tier, by folder (tests/support/tiers.ts); `npm test` picks the tiers this machine can run.
    projects: TIERS.map((tier) => ({ extends: true, test: { name: tier.name, include: tier.include } })),
    // Two cores: API and browser suites each start servers; keep the pool small.
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits as long as a browser locator does (10 s): a loaded 2-core machine is slow, not wrong.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', './tests/support/closing-line-reporter.ts'],
  },
});
