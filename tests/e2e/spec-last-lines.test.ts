// The spec's last lines, each in a real Chromium on a 390 px phone against a real server with the demo
// academy: the sign-in screen's support number, served by the server at run time.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage } from '../support/browser';

const SUPPORT = '09612-345678';
const suite = browserSuite({ env: { SUPPORT_PHONE: SUPPORT } });
const PHONE = { width: 390 };

describe('the spec’s last lines in the browser', () => {
  it('shows the support number the server is set with on the sign-in screen, callable', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await page.goto('/login');
    const call = page.getByRole('link', { name: SUPPORT });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:09612345678');
    expect(await page.getByText('Need help? Call').isVisible()).toBe(true);
    await page.context().close();
  });
});
