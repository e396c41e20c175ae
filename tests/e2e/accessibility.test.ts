// Accessibility and phone layout in a real Chromium against a real server with the demo academy: no
// sideways scrolling at 360 px, named controls and finger-sized targets in the live exam, announced
// form errors, and dialogs that keep and give back keyboard focus.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, textContrast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';


const suite = browserSuite();

/** How far the page is wider than the phone's screen, in CSS pixels (0 means no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Visible buttons, links and form fields that a screen reader would announce without a name. */
function unnamedControls(page: Page) {
  return page.evaluate(() => {
    const nameOf = (element: HTMLElement): string => {
      const labelledBy = element.getAttribute('aria-labelledby');
      if (labelledBy) return labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
      const label = element.getAttribute('aria-label') ?? '';
      if (label.trim()) return label;
      const field = element as HTMLInputElement;
      if (field.labels && field.labels.length > 0) return [...field.labels].map((l) => l.textContent ?? '').join(' ').trim();
      const images = [...element.querySelectorAll('img')].map((img) => img.alt).join(' ');
      return `${element.textContent ?? ''} ${images} ${element.getAttribute('title') ?? ''}`.trim();
    };
    return [...document.querySelectorAll<HTMLElement>('button, a[href], input, textarea, select, [role="radiogroup"], [role="tab"]')]
      .filter((element) => element.getAttribute('aria-hidden') !== 'true' && element.getClientRects().length > 0)
      .filter((element) => (element as HTMLInputElement).type !== 'hidden')
      .filter((element) => !nameOf(element))
      .map((element) => element.outerHTML.slice(0, 120));
  });
}

async function height(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().height)));
}

describe('accessibility in the browser', () => {
  it('never scrolls sideways at 360 px on the main screens', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    for (const path of ['/login', '/register', '/forget-password']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await overflow(page), path).toBe(0);
    }
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const screens: [string, () => Promise<void>][] = [
      ['/courses', () => page.getByRole('list', { name: 'Courses' }).waitFor()],
      [`/subjects/${DEMO.mbbsCourse}`, () => page.getByRole('list', { name: 'Subjects' }).waitFor()],
      ['/student-profile', () => page.getByRole('button', { name: 'Edit' }).waitFor()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      expect(await overflow(page), path).toBe(0);
    }
    // The profile in edit mode shows the whole name instead of cutting it off.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('SSC GPA').waitFor();
    expect(await overflow(page), 'profile in edit mode').toBe(0);
    const name = page.getByRole('heading', { level: 1 });
    expect(await name.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

    await page.goto(`/subjects/${DEMO.mbbsCourse}`);
    await page.getByRole('list', { name: 'Subjects' }).getByRole('link').first().click();
    await page.getByRole('link', { name: /^Videos of / }).first().click();
    await page.getByRole('list', { name: 'Videos' }).waitFor();
    expect(await overflow(page), 'videos').toBe(0);
    await page.getByRole('button', { name: /^Play / }).first().click();
    const close = page.getByRole('button', { name: 'Close video' });
    await close.waitFor();
    expect(await overflow(page), 'video player').toBe(0);
    const closeBox = await close.boundingBox();
    expect(closeBox!.height).toBeGreaterThanOrEqual(40);
    // Each control's name starts with what it shows (−10s, +10s, 1x, Auto), so a spoken command finds it.
    for (const control of ['−10s: back 10 seconds', '+10s: forward 10 seconds', '1x playback speed', 'Auto quality', 'Fullscreen']) {
      const box = await page.getByRole('button', { name: control, exact: true }).boundingBox();
      expect(box!.height, control).toBeGreaterThanOrEqual(40);
    }
    await close.click();

    await page.goto('/exams');
    await page.getByRole('button', { name: /MBBS Admission 2026/ }).click();
    await page.getByText('Course : MBBS Admission 2026').waitFor();
    expect(await overflow(page), 'exams').toBe(0);
    for (const h of await height(page, 'article button')) expect(h).toBeGreaterThanOrEqual(40);
    // A disabled button still reads clearly (at least 4.5:1), and an enabled one too.
    const upcoming = page.getByRole('button', { name: /^Start Time: / }).first();
    expect(await upcoming.isDisabled()).toBe(true);
    expect(await textContrast(upcoming)).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(page.getByRole('button', { name: 'Start Exam' }).first())).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  }, 60_000);

  it('names every control of the live exam, describes its figures and gives fingers room', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/live-exam/${DEMO.liveExam}/${DEMO.group}`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('article', { name: 'Question 1' }).waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await unnamedControls(page)).toEqual([]);

    // A figure that the question is about is described, not hidden from screen readers.
    const figures = await page.locator('article[aria-label^="Question"] img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).alt));
    expect(figures.length).toBeGreaterThan(0);
    for (const alt of figures) expect(alt.trim()).not.toBe('');

    // Each true/false pair is named after the statement it judges, not only its letter.
    const statements = await page.getByRole('article', { name: 'Question 3' }).getByRole('radiogroup').all();
    expect(statements.length).toBeGreaterThan(0);
    for (const group of statements) expect(await group.getAttribute('aria-label')).toMatch(/^Option [A-Z]: \S/);

    // Options, true/false choices and the answer buttons are large enough to hit with a thumb.
    for (const h of await height(page, 'fieldset > label:has(input)')) expect(h).toBeGreaterThanOrEqual(40);
    for (const h of await height(page, '[role="radiogroup"] label')) expect(h).toBeGreaterThanOrEqual(40);
    for (const name of ['Quit', 'Submit']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(40);
    }
    for (const h of await height(page, 'article button')) expect(h).toBeGreaterThanOrEqual(40);
    await page.context().close();
  }, 60_000);

  it('announces sign-in errors and ties them to their fields', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const phone = page.getByLabel('Mobile number');
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    const errorId = await phone.getAttribute('aria-describedby');
    const error = page.locator(`[id="${errorId}"]`);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await page.getByRole('alert').allTextContents()).toContain(await error.textContent());
    await page.context().close();
  }, 30_000);

  it('keeps keyboard focus inside the notification drawer and gives it back when Escape closes it', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/courses');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const close = drawer.getByRole('button', { name: 'Close notifications' });
    await close.waitFor();
    expect((await close.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => bell.evaluate((button) => button === document.activeElement)).toBe(true);

    // The exam instruction gives focus back to the card's button it was opened from.
    await page.goto('/exams');
    await page.getByRole('button', { name: /MBBS Admission 2026/ }).click();
    const start = page.getByRole('article', { name: /^Segmented Model Test/ }).getByRole('button', { name: 'Start Exam' });
    await start.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Exam Instruction' }).waitFor();
    for (const h of await height(page, '[aria-label="Subject selection"] label')) expect(h).toBeGreaterThanOrEqual(40);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('heading', { name: 'Exam Instruction' }).count()).toBe(0);
    await expect.poll(() => start.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  }, 60_000);
});
