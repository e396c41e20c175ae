// The app takes only types and plain path strings from src/contracts, so the sign-in screen never
// downloads TypeBox: checked in the source (every run-time import of a contract is paths.ts) and in
// the built app (no chunk carries TypeBox).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const appDir = path.resolve(process.env.E2E_APP_DIR ?? 'dist');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'contracts' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every `import ... from '...'` of a file, with whether it is `import type`. */
function importsOf(file: string): Array<{ from: string; typeOnly: boolean }> {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)].map((match) => ({ from: match[2]!, typeOnly: Boolean(match[1]) }));
}

describe('the app and the contracts', () => {
  it('imports contract files for their types only; paths.ts, limits.ts, importColumns.ts and activityKinds.ts are the run-time imports', () => {
    const offending = sourceFiles(path.resolve('src')).flatMap((file) =>
      importsOf(file)
        .filter((imported) => /\/contracts\/(?!paths$|limits$|importColumns$|activityKinds$)/.test(imported.from) && !imported.typeOnly)
        .map((imported) => `${path.relative('.', file)} imports ${imported.from} at run time`),
    );
    expect(offending).toEqual([]);
  });

  it('keeps paths.ts, limits.ts, importColumns.ts and activityKinds.ts free of schemas: they import nothing at run time', () => {
    expect(importsOf(path.resolve('src/contracts/paths.ts')).filter((imported) => !imported.typeOnly)).toEqual([]);
    for (const file of ['limits', 'importColumns', 'activityKinds']) expect(importsOf(path.resolve(`src/contracts/${file}.ts`)), file).toEqual([]);
  });

  it('ships no TypeBox in any chunk of the built app', () => {
    const assets = path.join(appDir, 'assets');
    if (!fs.existsSync(assets)) throw new Error(`No built app in ${appDir}: run vite build first`);
    const chunks = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    const carrying = chunks.filter((name) => fs.readFileSync(path.join(assets, name), 'utf8').includes('TypeBox.Kind'));
    expect(carrying).toEqual([]);
  });
});

/** The chunks a page loads before any lazy screen: the entry of index.html and what it imports statically, transitively. */
function startupChunks(assets: string): string[] {
  const html = fs.readFileSync(path.join(path.dirname(assets), 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('No entry script in index.html');
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is a lazy chunk.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) visit(match[1]!);
  };
  visit(entry);
  return [...seen];
}

describe('the teacher desk in the built app', () => {
  /** A text only the desk's code holds. */
  const DESK_TEXT = 'Publish results?';

  it('is reached from the app only through a lazy import of its screen', () => {
    const outside = sourceFiles(path.resolve('src')).filter((file) => !file.includes(`${path.sep}views${path.sep}staff${path.sep}`));
    const staticImports = outside.flatMap((file) => importsOf(file).filter((imported) => /\/staff\//.test(imported.from)).map((imported) => `${path.relative('.', file)} imports ${imported.from}`));
    expect(staticImports).toEqual([]);
    expect(fs.readFileSync(path.resolve('src/views/start/screens.ts'), 'utf8')).toContain("lazyScreen(() => import('../staff/StaffDesk')");
  });

  it("is its own chunk, which no chunk loaded at start-up carries or imports", () => {
    const assets = path.join(appDir, 'assets');
    if (!fs.existsSync(assets)) throw new Error(`No built app in ${appDir}: run vite build first`);
    const carrying = fs.readdirSync(assets).filter((name) => name.endsWith('.js') && fs.readFileSync(path.join(assets, name), 'utf8').includes(DESK_TEXT));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toMatch(/^StaffDesk-/);
    const startup = startupChunks(assets);
    expect(startup.length).toBeGreaterThan(0);
    expect(startup).not.toContain(carrying[0]);
  });
});

/** The page the server sends for /login (the sign-in form in it, written at build). */
const signInPage = () => {
  const file = path.join(appDir, 'login.html');
  if (!fs.existsSync(file)) throw new Error(`No login.html in ${appDir}: run vite build first`);
  return fs.readFileSync(file, 'utf8');
};

/** The files the sign-in page asks for: its entry, the app's start it preloads, and the stylesheet it prefetches. */
function firstLoadFiles(): string[] {
  return [...signInPage().matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
}

/** Brotli size, as the server sends it (the .br written beside each file at build), else the raw size. */
const sentBytes = (file: string) => {
  const full = path.join(appDir, file);
  return fs.statSync(fs.existsSync(`${full}.br`) ? `${full}.br` : full).size;
};

describe('the first screen', () => {
  it('loads no React, no router, no realtime client, no Headless UI and no signed-in shell before sign-in', () => {
    const sources = firstLoadFiles()
      .filter((file) => file.endsWith('.js') && fs.existsSync(path.join(appDir, `${file}.map`)))
      .flatMap((file) => (JSON.parse(fs.readFileSync(path.join(appDir, `${file}.map`), 'utf8')) as { sources: string[] }).sources);
    expect(sources.length).toBeGreaterThan(0);
    const unwanted = sources.filter((source) =>
      /node_modules\/(react|react-dom|scheduler|@xstate\/react)\/|react-router|socket\.io-client|engine\.io-client|@headlessui|@floating-ui|sonner|\.tsx$|views\/routes|views\/app\/Shell|views\/courses\/|views\/auth\/(AccountFlow|Register|ForgotPassword|OtpEntry|SetPassword)/.test(source),
    );
    expect(unwanted).toEqual([]);
  });

  it('is the same page as index.html but for the sign-in form in it: same script, preloads and stylesheet', () => {
    const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
    const index = fs.readFileSync(path.join(appDir, 'index.html'), 'utf8');
    expect(assetsOf(signInPage())).toEqual(assetsOf(index));
    expect(index).toContain('<div id="sign-in"></div>');
    // Both pages ask for the app's start beside the entry, so that it does not wait for the entry.
    expect(index).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/appBoot-[^"]+\.js">/);
    expect(signInPage()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/appBoot-[^"]+\.js">/);
  });

  it('keeps the entry small: what it runs before the first paint is the wait for it and the notice of missing code', () => {
    const entry = /<script type="module" crossorigin src="\/(assets\/index-[^"]+\.js)">/.exec(signInPage())?.[1];
    expect(entry).toBeDefined();
    expect(sentBytes(entry!)).toBeLessThanOrEqual(5 * 1024);
  });

  it('needs nothing but itself to draw the form: its styles in the page, the stylesheet only prefetched, the logo lazy', () => {
    const html = signInPage();
    const styles = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    // The classes of the card, fields and button are there; the rest of the app's classes are not.
    for (const rule of ['.rounded-2xl', '.bg-brand-700', '.w-full', '.animate-spin']) expect(styles).toContain(rule);
    expect(styles).not.toContain('.grid-cols-');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<link rel="prefetch" as="style" crossorigin href="\/assets\/index-[^"]+\.css" data-app-styles>/);
    expect(html).toMatch(/<img src="\/logo\.svg"[^>]* loading="lazy" decoding="async"/);
  });

  it('is not drawn before the whole form and its early-press script have been read', () => {
    const html = signInPage();
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
    expect(head).toContain('<link rel="expect" href="#root" blocking="render">');
    // The element it waits for comes after the form's host and the script that follows it.
    expect(html.indexOf('<div id="root">')).toBeGreaterThan(html.indexOf('(document.currentScript.previousElementSibling)</script>'));
    expect(fs.readFileSync(path.join(appDir, 'index.html'), 'utf8')).not.toContain('rel="expect"');
  });

  it('holds the sign-in form in the page served for /login, its button ready with the one inline script that keeps an early press', () => {
    const html = signInPage();
    expect(html).toContain('<title>Sign in · Medical Academy</title>');
    const form = /<div id="sign-in">([\s\S]*?)<\/div><script>/.exec(html)?.[1];
    expect(form).toBeDefined();
    expect(form).toContain('<form novalidate>');
    expect(form).toMatch(/<label for="signin-phone"[^>]*>Mobile number<\/label><input id="signin-phone"/);
    expect(form).toMatch(/<label for="signin-password"[^>]*>Password<\/label><input id="signin-password" type="password"/);
    expect(form).toMatch(/<button type="submit" class="[^"]*" elementtiming="sign-in"><span [^>]*hidden><\/span>Sign In<\/button>/);
    expect(form).not.toMatch(/<button[^>]* disabled[\s=>]/);
    // The early-press script follows the form's host at once (it finds the host as its previous sibling).
    expect(html).toMatch(/<\/form>.*<\/div><\/div><\/div><\/div><script>\(function\(h\)\{.*h\.querySelector\('form'\);f\.addEventListener\('submit'.*\}\)\(document\.currentScript\.previousElementSibling\)<\/script>/s);
    expect(form).toContain('href="/forget-password"');
    expect(form).toContain('href="/register"');
    // No field has a name: a form submitted before the script ran would carry no password.
    expect(form).not.toMatch(/<input[^>]* name=/);
  });

  it('stays within 50 KB sent (brotli) for the sign-in screen: its page, entry, the app\'s start and the stylesheet', () => {
    const total = firstLoadFiles().reduce((sum, file) => sum + sentBytes(file), sentBytes('login.html'));
    expect(total).toBeLessThanOrEqual(50 * 1024);
  });
});
