// Photos in the Ask dialog, in real Chromium at 360 px: the image editor's crop after a quarter turn
// proved by pixel colours, each upload's progress bar (the form's other controls waiting meanwhile)
// and a failed upload skipped with its name, and a photo from the fake camera (launch arguments of
// this file only) captured, turned and cropped by keyboard, submitted with a question and shown on
// the question's page.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, openAskForm, toast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite({ browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });

/** A 200 x 100 PNG made in the page: red, green on top; blue, yellow below. */
async function quadrantsPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 100;
    const context = canvas.getContext('2d')!;
    const fill = (colour: string, x: number, y: number) => {
      context.fillStyle = colour;
      context.fillRect(x, y, 100, 50);
    };
    fill('#ff0000', 0, 0);
    fill('#00ff00', 100, 0);
    fill('#0000ff', 0, 50);
    fill('#ffff00', 100, 50);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** The size of a shown image and the colours at the given points, read back through a canvas. */
function pixelsOf(page: Page, alt: string, points: [number, number][]) {
  return page.getByAltText(alt).evaluate(async (element, at) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(image, 0, 0);
    return { width: image.naturalWidth, height: image.naturalHeight, colours: at.map(([x, y]) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)]) };
  }, points);
}

/** The demo student's Ask form on the MBBS course, Anatomy, Upper Limb. */
const openAsk = (page: Page) => openAskForm(page, suite.baseUrl, { ...DEMO_STUDENT, courseId: DEMO.mbbsCourse, subject: 'Anatomy', chapter: 'Upper Limb' });

const near = (colour: number[], expected: number[]) => colour.every((value, i) => Math.abs(value - expected[i]!) < 40);
const RED = [255, 0, 0];

describe('forum photos in the browser', () => {
  it('turns a picked photo a quarter clockwise, crops one quadrant and exports exactly it; uploads show progress and a failed one is skipped', { timeout: 120_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const form = await openAsk(page);
    await form.getByLabel('Question details').fill('Which quadrant is red after turning?');
    await form.locator('input[type=file]').setInputFiles([
      { name: 'quadrants.png', mimeType: 'image/png', buffer: await quadrantsPng(page) },
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
    ]);
    await form.getByRole('button', { name: 'Edit quadrants.png' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit photo' });
    const rotate = editor.getByRole('button', { name: 'Rotate 90 degrees clockwise' });
    await expect.poll(() => rotate.isEnabled()).toBe(true);
    await rotate.click();
    // Turned clockwise the picture is 100 x 200: blue, red on top; yellow, green below. Its top right
    // quadrant (x 50 to 100, y 0 to 100, in the turned picture's own pixels) is all red.
    await editor.getByAltText('The photo being edited').evaluate((image) => {
      (image as HTMLImageElement & { cropper: { setData(data: object): void } }).cropper.setData({ x: 50, y: 0, width: 50, height: 100 });
    });
    // The edited photo is made slowly (its JPEG held, as on a slow phone): Cancel waits meanwhile, since
    // the editor cannot stop then and a press would be lost.
    await page.evaluate(() => {
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      const held = new Promise<void>((resolve) => ((window as unknown as { releaseExport: () => void }).releaseExport = resolve));
      HTMLCanvasElement.prototype.toBlob = function (...args) {
        void held.then(() => toBlob.apply(this, args));
      };
    });
    await editor.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => editor.getByRole('button', { name: 'Apply' }).getAttribute('aria-busy')).toBe('true');
    expect(await editor.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await page.evaluate(() => (window as unknown as { releaseExport: () => void }).releaseExport());
    await form.getByText('quadrants.jpg').waitFor();
    // Had the turn been ignored, the lower half would be blue; turned the wrong way, it would be yellow.
    const exported = await pixelsOf(page, 'Preview of quadrants.jpg', [[25, 10], [25, 50], [25, 90], [5, 5], [45, 95]]);
    expect({ width: exported.width, height: exported.height }).toEqual({ width: 50, height: 100 });
    for (const colour of exported.colours) expect(near(colour, RED), `colour ${colour.join(',')}`).toBe(true);

    // Files upload one at a time, in their order: the photo's upload is held to show its bar, the
    // PDF's fails as a lost connection does and is skipped.
    const held: (() => Promise<void>)[] = [];
    await page.route((url) => url.pathname.startsWith('/api/uploads/'), async (route) => {
      if (held.length) return route.abort('failed');
      held.push(() => route.continue());
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => held.length).toBe(1);
    await form.getByRole('progressbar', { name: 'Uploading quadrants.jpg' }).waitFor();
    // While the form is sent it cannot take another file, field or Cancel: those wait instead of
    // taking a press or a pick that would be lost.
    expect(await form.locator('input[type=file]').isDisabled()).toBe(true);
    for (const name of ['Cancel', 'Take photo']) expect(await form.getByRole('button', { name }).isDisabled(), name).toBe(true);
    for (const label of ['Course', 'Subject', 'Chapter']) expect(await form.getByLabel(label).isDisabled(), label).toBe(true);
    await held[0]!();
    await toast(page, 'Error uploading file scan.pdf', 'error').waitFor();
    await toast(page, 'Question submitted successfully!', 'success').waitFor();
    await page.waitForURL('**/question-details/*');
    const shown = await pixelsOf(page, 'Attachment 1', [[25, 50]]);
    expect({ width: shown.width, height: shown.height }).toEqual({ width: 50, height: 100 });
    expect(near(shown.colours[0]!, RED)).toBe(true);
    expect(await page.getByRole('button', { name: /^PDF / }).count()).toBe(0);
    await page.context().close();
  });

  it('takes a photo with the camera by keyboard at 360 px, turns and crops it, and the question shows it', { timeout: 120_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const form = await openAsk(page);
    await form.getByLabel('Question details').fill('Is this swelling over the wrist a ganglion?');
    await form.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take photo' });
    const preview = camera.getByLabel('Camera preview');
    await expect.poll(() => preview.evaluate((video) => (video as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
    const [videoWidth, videoHeight] = await preview.evaluate((video) => [(video as HTMLVideoElement).videoWidth, (video as HTMLVideoElement).videoHeight]);
    const capture = camera.getByRole('button', { name: 'Capture' });
    await expect.poll(() => capture.isEnabled()).toBe(true);
    await capture.focus();
    await page.keyboard.press('Enter');

    const editor = page.getByRole('dialog', { name: 'Edit photo' });
    await editor.waitFor();
    expect(await camera.count()).toBe(0);
    const rotate = editor.getByRole('button', { name: 'Rotate 90 degrees clockwise' });
    await expect.poll(() => rotate.isEnabled()).toBe(true);
    await rotate.focus();
    await page.keyboard.press('Enter');
    // Narrower by keyboard: Shift and the left arrow, five times.
    await editor.getByRole('group', { name: /^Crop area/ }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await editor.getByRole('button', { name: 'Apply' }).focus();
    await page.keyboard.press('Enter');
    await form.getByText(/^photo-\d+\.jpg$/).waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Question submitted successfully!', 'success').waitFor();
    await page.waitForURL('**/question-details/*');
    await page.getByText('Is this swelling over the wrist a ganglion?').waitFor();
    const shown = await pixelsOf(page, 'Attachment 1', []);
    // Turned: as tall as the camera's picture was wide; cropped: narrower than it was tall.
    expect(Math.abs(shown.height - videoWidth!)).toBeLessThanOrEqual(2);
    expect(shown.width).toBeLessThan(videoHeight! - 10);
    expect(shown.width).toBeGreaterThan(videoHeight! / 3);
    await page.context().close();
  });
});
