// A refused camera in real Chromium at 360 px: the browser denies the site the camera (launch arguments of
// this file only: a camera is there, but every permission prompt is refused), so Take photo shows the
// spec's advice with Try again and Cancel, and the question is still asked, text kept, without a photo.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, openAskForm, toast } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';
import { MESSAGES } from '../../src/domain/messages';

const suite = browserSuite({ browserArgs: ['--use-fake-device-for-media-stream', '--deny-permission-prompts'] });

describe('a refused camera in the browser', () => {
  it('says how to allow the camera, tries again on request, and the question is asked without a photo', { timeout: 120_000 }, async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const form = await openAskForm(page, suite.baseUrl, { ...DEMO_STUDENT, courseId: DEMO.mbbsCourse, subject: 'Anatomy', chapter: 'Upper Limb' });
    await form.getByLabel('Question details').fill('Which nerve is at risk in a midshaft humerus fracture?');

    await form.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take photo' });
    const advice = camera.getByRole('alert');
    await advice.waitFor();
    expect(await advice.textContent()).toBe(MESSAGES.cameraDenied);
    expect(await camera.getByLabel('Camera preview').count()).toBe(0);
    // Still refused when tried again: the advice stays.
    await camera.getByRole('button', { name: 'Try again' }).click();
    await advice.waitFor();
    expect(await camera.getByRole('button', { name: 'Capture' }).count()).toBe(0);
    // Cancel by keyboard: the form is as the student left it, and the question goes without a photo.
    await page.keyboard.press('Escape');
    await camera.waitFor({ state: 'hidden' });
    expect(await form.getByLabel('Question details').inputValue()).toBe('Which nerve is at risk in a midshaft humerus fracture?');
    await form.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Question submitted successfully!', 'success').waitFor();
    await page.waitForURL('**/question-details/*');
    await page.getByText('Which nerve is at risk in a midshaft humerus fracture?').waitFor();
    await page.context().close();
  });
});
