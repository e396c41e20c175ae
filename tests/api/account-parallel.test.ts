// Account API under parallel requests: a code spent once, and guesses counted once however they arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { configFrom } from '../../server/config.js';
import { PASSWORD, resetter, lockedOut, api, body } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account under parallel requests (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The hash gate is opened wide so the database sees the guesses at once, as it would with many
    // server processes each running its own gate.
    const limits = { ...configFrom({}).limits, hashConcurrency: 400, hashQueue: 400 };
    server = await startTestServer({ kind, bundle: { students: [lockedOut, resetter] }, env: { SMS_TRANSPORT: 'console' }, config: { scryptCost: 2 ** 14, logLevel: 'silent', limits } });
  });
  afterAll(() => server?.close());

  it('spends a code once when the same request arrives twice at once', async () => {
    const phone = '01990000004';
    const session = body(await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(phone) }) })).data;
    const attempts = await Promise.all(
      ['first-pass', 'second-pass', 'third-pass'].map((password) =>
        server.call({ method: 'PATCH', url: apiPath(accountPaths.setPassword), payload: { otp: session.otp, hash: session.hash, phone: api(phone), password } }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const refused of attempts.filter((r) => r.statusCode === 400)) expect(body(refused).errors.code).toBe('otpUsed');
  });

  it('counts parallel wrong codes against the same five tries', async () => {
    const phone = '01990000005';
    const session = body(await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(phone) }) })).data;
    const wrong = String((Number(session.otp) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => server.call({ method: 'PATCH', url: apiPath(accountPaths.setPassword), payload: { otp: wrong, hash: session.hash, phone: api(phone), password: 'secret-1' } })),
    );
    expect(guesses.filter((r) => body(r).errors.code === 'otpWrong')).toHaveLength(4);
    expect(guesses.filter((r) => body(r).errors.code === 'otpExhausted')).toHaveLength(4);
  });

  it('judges only five of hundreds of parallel guesses: the right code sent after them is refused', async () => {
    // The attack: hundreds of guesses at once, the right code among the late ones. Each try is
    // counted before its code is compared, so once five are counted every later guess is refused.
    for (const [round, forgotPassword] of [[0, false], [1, true], [2, false]] as const) {
      const phone = forgotPassword ? resetter.phone : `0199000010${round}`;
      const url = forgotPassword ? apiPath(accountPaths.resetCode, { phone: api(phone) }) : apiPath(accountPaths.registrationCode, { phone: api(phone) });
      const session = body(await server.call({ method: forgotPassword ? 'PATCH' : 'GET', url })).data;
      const wrongCodes = Array.from({ length: 299 }, (_, i) => String((Number(session.otp) + 1 + i) % 1_000_000).padStart(6, '0'));
      const guesses = await Promise.all(
        [...wrongCodes, session.otp as string].map((otp) =>
          server.call({ method: 'PATCH', url: `${apiPath(accountPaths.setPassword)}${forgotPassword ? '?forgotPassword=true' : ''}`, payload: { otp, hash: session.hash, phone: api(phone), password: 'taken-over' } }),
        ),
      );
      const codes = guesses.map((r) => (r.statusCode === 200 ? 'accepted' : body(r).errors.code));
      expect(codes.filter((c) => c === 'otpWrong'), `round ${round}`).toHaveLength(4);
      expect(codes.filter((c) => c === 'otpExhausted'), `round ${round}`).toHaveLength(296);
      expect(codes[299], `round ${round}: the right code, sent last`).toBe('otpExhausted');
      expect((await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(phone), password: 'taken-over' } })).statusCode).toBe(401);
    }
    expect((await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(resetter.phone), password: PASSWORD } })).statusCode).toBe(200);
  });

  it('allows no more than five parallel failed sign-ins', async () => {
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(lockedOut.phone), password: `wrong-${i}` } })),
    );
    expect(tries.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(tries.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });
});
