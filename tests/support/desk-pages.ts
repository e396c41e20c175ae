// What the desk's browser tests share: signing in at a desk page (the desk asks for the sign-in and
// comes back to the page) and checking a screen with axe, and for horizontal overflow, at some widths.
import { axeViolations, type Page } from './browser';

/** Opens a desk page without a session: the desk asks for the sign-in and comes back to the page. */
export async function signInAt(page: Page, address: string, who: { username: string; password: string }) {
  await page.goto(address);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByLabel('Password').press('Enter');
}

/** Checks the screen at each width, keeping what axe finds (and overflow) under `screen`; ends at 1280 px. */
export async function checkScreen(page: Page, screen: string, findings: Record<string, string[]>, widths: readonly number[] = [1280, 1024]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    const found = await axeViolations(page);
    if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) found.push('horizontal overflow');
    if (found.length > 0) findings[`${screen} at ${width} px`] = found;
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
