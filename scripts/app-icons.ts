// Draws the installable app's icons (public/icons/*.png) from the logo's shapes in headless Chromium:
// 192 and 512 px as the logo is, and a 512 px maskable icon whose sign sits inside the central 80 %
// that every launcher's mask keeps. Run again when public/logo.svg changes: `npx tsx scripts/app-icons.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../tests/support/browser';

const SIGN = `<path d="M26 14h12v12h12v12H38v12H26V38H14V26h12z" fill="#ffffff"/>
  <path d="M14 52c6-4 12-6 18-6s12 2 18 6" stroke="#99f6e4" stroke-width="3" fill="none" stroke-linecap="round"/>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: fs.readFileSync('public/logo.svg', 'utf8') },
  { file: 'icon-512.png', size: 512, svg: fs.readFileSync('public/logo.svg', 'utf8') },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    // Full bleed, the sign scaled to 70 % around the centre.
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0f766e"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${SIGN}</g></svg>`,
  },
];

const browser = await launchBrowser();
const page = await browser.newPage({ deviceScaleFactor: 1 });
fs.mkdirSync('public/icons', { recursive: true });
for (const icon of ICONS) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.screenshot({ path: path.join('public/icons', icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
}
await browser.close();
