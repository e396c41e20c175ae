// The profile on a 390 px phone: a PDF picked as the picture is refused before anything is uploaded
// (the spec's image types: JPEG, PNG), a GPA out of range names the range, a PNG is taken; a picture
// that cannot be drawn gives way to the initials, never a broken image.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn } from '../support/browser';
import { DEMO_STUDENT } from '../support/demo-academy';

const suite = browserSuite();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('the profile picture and GPAs', () => {
  it('refuses a PDF, names the GPA range, takes a PNG, and draws initials when the picture is gone', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    const uploads: string[] = [];
    page.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/api/content/signed-request') && uploads.push(request.url())));
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/student-profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    const field = page.getByLabel('Profile picture');
    await page.getByText('A JPEG or PNG photo.').waitFor();

    await field.setInputFiles({ name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') });
    await page.getByRole('alert').filter({ hasText: 'The profile picture must be a JPEG or PNG image.' }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('New picture ready. Press Update to keep it.').count()).toBe(0);
    expect(uploads).toEqual([]);

    await page.getByLabel('HSC GPA').fill('7');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('alert').filter({ hasText: 'The given number is not valid: a GPA is from 0 to 5.' }).waitFor();
    await page.getByLabel('HSC GPA').fill('4.5');

    await field.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('New picture ready. Press Update to keep it.').waitFor();
    expect(await page.getByText('The profile picture must be a JPEG or PNG image.').count()).toBe(0);
    expect(uploads.length).toBe(1);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const avatar = page.locator('section img').first();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    // The stored picture gone (storage lost it): the initials show instead of a broken image.
    await page.route('**/media/files/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.locator('section [data-initials="NJ"]').waitFor();
    expect(await page.locator('section img').count()).toBe(0);
    await page.context().close();
  }, 60_000);
});
