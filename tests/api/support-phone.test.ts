// The sign-in screen's support number: a runtime setting (SUPPORT_PHONE) the server serves to anyone,
// so the academy can change it without a new build of the app.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { configFrom } from '../../server/config.js';

describe('the support number', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers the SUPPORT_PHONE setting without a session', async () => {
    server = await startTestServer({ env: { SUPPORT_PHONE: ' 09612-345678 ' } });
    const response = await server.call({ method: 'GET', url: apiPath(accountPaths.support) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { phone: '09612-345678' } });
  });

  it('answers null when the setting is unset or blank, so the screen keeps its own line', async () => {
    expect(configFrom({ NODE_ENV: 'test', SUPPORT_PHONE: '  ' }).supportPhone).toBeNull();
    server = await startTestServer();
    const response = await server.call({ method: 'GET', url: apiPath(accountPaths.support) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { phone: null } });
  });

  it('refuses a query it does not take with 400, not a 500', async () => {
    server = await startTestServer();
    const response = await server.call({ method: 'GET', url: `${apiPath(accountPaths.support)}?phone=1` });
    expect(response.statusCode).toBe(400);
  });
});
