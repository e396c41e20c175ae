// Per-address limits count an IPv6 client by its network (a /64 unless IPV6_PREFIX_LENGTH says
// otherwise), and an IPv4-mapped IPv6 address as its IPv4 address: rotating through the addresses of
// one's own network does not buy more tries.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFrom, type AccountLimits } from '../../server/config.js';
import { addressKey } from '../../server/account/client-address.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe('addressKey', () => {
  it('keeps IPv4, maps IPv4-mapped IPv6 to IPv4, and reduces IPv6 to its network', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8:1:2:a:b:c:d', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:2:a:b:c:d', 56)).toBe('2001:db8:1::/56');
    expect(addressKey('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200::/56');
    expect(addressKey('2001:db8:1:2:a:b:c:d', 128)).toBe('2001:db8:1:2:a:b:c:d/128');
    expect(addressKey('not an address')).toBe('not an address');
  });

  it('reads IPV6_PREFIX_LENGTH, 64 unless set, and refuses nonsense with a message', () => {
    expect(configFrom({ NODE_ENV: 'test' }).ipv6PrefixLength).toBe(64);
    expect(configFrom({ NODE_ENV: 'test', IPV6_PREFIX_LENGTH: '48' }).ipv6PrefixLength).toBe(48);
    for (const bad of ['0', '129', '64.5', 'all']) {
      expect(() => configFrom({ NODE_ENV: 'test', IPV6_PREFIX_LENGTH: bad }), bad).toThrow(/IPV6_PREFIX_LENGTH must be a whole number of bits from 1 to 128/);
    }
  });
});

const minutes = (n: number) => n * 60_000;
const limits: AccountLimits = {
  ...configFrom({ NODE_ENV: 'test' }).limits,
  codeRequestsPerAddress: { max: 30, windowMs: minutes(60) },
  codeRequestsGlobal: { max: 10_000, windowMs: minutes(60) },
  codesSentGlobal: { max: 10_000, windowMs: minutes(60) },
  signInPerAddress: { max: 5, windowMs: minutes(15) },
};
let lastNumber = 0;
const freshPhone = () => `88018${String(++lastNumber).padStart(8, '0')}`;

describe.each(databaseKinds())('per-address limits and IPv6 networks (%s)', (kind) => {
  let server: TestServer;
  let smsDir: string;
  const start = async (config: { ipv6PrefixLength?: number } = {}) => {
    server = await startTestServer({ kind, env: { SMS_TRANSPORT: `file:${path.join(smsDir, 'codes.jsonl')}` }, config: { scryptCost: 2 ** 10, limits, ...config } });
  };
  beforeEach(() => {
    smsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-'));
  });
  afterEach(async () => {
    await server?.close();
    fs.rmSync(smsDir, { recursive: true, force: true });
  });
  const requestCode = (from: string) => server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: freshPhone() }), remoteAddress: from });

  it('limits 40 code requests from 40 addresses of one /64 like one address, and not its neighbour /64', async () => {
    await start();
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++) statuses.push((await requestCode(`2001:db8:1:2::${i.toString(16)}`)).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const refused = await requestCode('2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.json().errors.code).toBe('tooManyCodeRequests');
    expect((await requestCode('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 client as its IPv4 address', async () => {
    await start();
    for (let i = 0; i < 15; i++) expect((await requestCode('198.51.100.9')).statusCode).toBe(200);
    for (let i = 0; i < 15; i++) expect((await requestCode('::ffff:198.51.100.9')).statusCode).toBe(200);
    expect((await requestCode('198.51.100.9')).statusCode).toBe(429);
    expect((await requestCode('::ffff:198.51.100.10')).statusCode).toBe(200);
  });

  it('counts failed sign-ins by network, at the prefix length configured', async () => {
    await start({ ipv6PrefixLength: 48 });
    for (let i = 1; i <= 6; i++) {
      const reply = await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: freshPhone(), password: 'guess-123' }, remoteAddress: `2001:db8:7:${i}::${i}` });
      expect(reply.statusCode).toBe(401);
    }
    const buckets = await server.app.db.selectFrom('rate_events').select('bucket').where('bucket', 'like', 'sign-in:address:%').execute();
    // One network of 48 bits, full at five: the sixth was slowed in the hash queue, not counted.
    expect(buckets.map((row) => row.bucket)).toEqual(Array(5).fill('sign-in:address:2001:db8:7::/48'));
    expect(server.app.hashGate.laneRuns.slowed).toBe(1);
  });
});
