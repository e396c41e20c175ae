// What a search engine reads of the platform: /robots.txt is a real file (not the app's page), and the
// sign-in page describes the academy in a meta description. Served by the real server from the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDir } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { appDir: appDir() } });
});
afterAll(async () => server.close());

describe('robots.txt and the sign-in page description', () => {
  it('serves /robots.txt as text: the sign-in page allowed, everything else private', async () => {
    const response = await server.call({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toContain('<html');
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Allow: \/login\$$/m);
    expect(response.body).toMatch(/^Disallow: \/$/m);
  });

  it('describes the academy on the sign-in page and on every other page', async () => {
    for (const url of ['/login', '/']) {
      const response = await server.call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(/<meta name="description" content="Medical Academy: sign in with your mobile number[^"]+"\s*\/?>/);
    }
  });
});
