// Malformed input on every route must get a clear client error, never a 5xx. The table of routes is
// not written here: it is what the server registers, each route from its contract in src/contracts,
// and a route of a contract the server does not serve, or one the fuzzing never reached, fails the
// test. Each route gets requests made from its own schemas (tests/support/route-fuzz.ts), as a
// student, as a teacher and without a session; then the socket handshake gets its own.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '../../src/contracts/common.js';
import { API_PREFIX, serverPaths, storagePaths } from '../../src/contracts/paths.js';
import { readBundle } from '../../server/db/seed/import.js';
import { demoBundlePath } from '../../server/start.js';
import { databaseKinds } from '../support/databases.js';
import { contractRegistry, idCandidates, idFields, idPool, requestsFor, seeded, type FuzzRequest, type FuzzRoute } from '../support/route-fuzz.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { apiPath } from '../support/api-path.js';

const bundle = readBundle(demoBundlePath) as { students: { id: string }[]; staff: { id: string }[] };
const STUDENT = bundle.students[0]!.id;
const TEACHER = bundle.staff[0]!.id;
const pool = idPool(bundle, STUDENT);

type Caller = 'student' | 'staff' | 'none';
/** Who gets every request of a route (the callers its access lets in); the others get a sample of them. */
const admitted: Record<RouteContract['config']['access'], Caller[]> = { public: ['none'], student: ['student'], staff: ['staff'], any: ['student', 'staff'] };
/** The share of requests sent by callers the route turns away at the door (every n-th, the valid one included). */
const TURNED_AWAY_EVERY = 6;

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** The same request schemas: a registered route serves the contract whose schemas it carries. */
const sameSchemas = (a: RouteContract['schema'], b: RouteContract['schema']) =>
  (['params', 'querystring', 'body', 'headers', 'response'] as const).every((part) => a[part] === b[part] || JSON.stringify(a[part]) === JSON.stringify(b[part]));
/** A contract's path under the API base or at the site root; a placeholder may be registered filled in (`/:type/:itemId` as `/lecture/:itemId`). */
const pathPattern = (contract: RouteContract) =>
  new RegExp(`^(${API_PREFIX})?${contract.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z][A-Za-z0-9]*)/g, '(:$1|[^/:][^/]*)')}$`);
const servesContract = (route: FuzzRoute, contract: RouteContract) =>
  route.method === contract.method && pathPattern(contract).test(route.url) && sameSchemas(route.schema, contract.schema);

/** Contracts no route serves, and routes that serve no contract. */
function coverageGaps(routes: FuzzRoute[], registry: Map<RouteContract, string>) {
  return {
    unserved: [...registry].filter(([contract]) => !routes.some((route) => servesContract(route, contract))).map(([, name]) => name),
    uncontracted: routes.filter((route) => ![...registry.keys()].some((contract) => servesContract(route, contract))).map(key),
  };
}

describe.each(databaseKinds())('malformed input never causes a server error (%s)', (kind) => {
  let server: TestServer;
  const routes: FuzzRoute[] = [];
  const reached = new Set<string>();
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      bundle: 'demo',
      // No built app, so every route is an API or media route. Cheap password hashing: sign-in routes
      // get hundreds of requests, each hashing once.
      config: { appDir: path.join(os.tmpdir(), 'academy-fuzz-no-app'), scryptCost: 2 ** 10 },
      onRoute: (route: RouteOptions) => {
        // The server's default for a route that says nothing (and such a route has no contract).
        const access = (route.config as { access?: RouteContract['config']['access'] } | undefined)?.access ?? (route.url.startsWith(`${API_PREFIX}/`) ? 'student' : 'public');
        if (route.method === 'HEAD') return;
        const entry: FuzzRoute = { method: String(route.method), url: route.url, access, schema: route.schema as RouteContract['schema'] };
        routes.push(entry);
        // Counts the route as fuzzed once a request has been routed to it, whatever it answered.
        const own = route.onResponse ? [route.onResponse].flat() : [];
        route.onResponse = [async () => void reached.add(key(entry)), ...own];
      },
    });
  }, 60_000);
  afterAll(() => server.close());

  it('has every contract of src/contracts among the routes it fuzzes', async () => {
    const registry = await contractRegistry();
    expect(coverageGaps(routes, registry)).toEqual({ unserved: [], uncontracted: [] });
    expect(registry.size).toBeGreaterThan(60);
    // The check itself can fail: a contract left unregistered, a route registered with schemas of its own.
    const [left] = [...registry].find(([contract]) => contract.url.includes(':'))!;
    const others = routes.filter((route) => !servesContract(route, left));
    const inline: FuzzRoute = { method: 'GET', url: `${API_PREFIX}/not-in-any-contract`, access: 'student', schema: { response: {} } };
    expect(coverageGaps([...others, inline], registry)).toEqual({ unserved: [registry.get(left)], uncontracted: [key(inline)] });
  });

  it('answers every malformed request on every route without a 5xx', async () => {
    const random = seeded(20_261_126);
    const failures: string[] = [];
    let sent = 0;
    const send = async (request: FuzzRequest, caller: Caller, session: string | undefined) => {
      sent += 1;
      const response = await server.call({ method: request.method as 'GET', url: request.url, headers: request.headers, session, ...(request.payload === undefined ? {} : { payload: request.payload }) });
      if (response.statusCode >= 500) {
        failures.push(`${request.method} ${request.url.slice(0, 100)} as ${caller}: ${request.what} -> ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
      return response;
    };
    const sessionsNow = async (): Promise<Record<Caller, string | undefined>> => ({ student: await server.sessionFor(STUDENT), staff: await server.sessionFor(TEACHER, 'staff'), none: undefined });
    /** How far a valid request got: done, refused for what it asked, or stopped at an id it does not know. */
    const depth = (status: number) => (status < 300 ? 3 : status === 403 || status === 404 ? 1 : status < 500 ? 2 : 0);
    for (const route of [...routes].sort((a, b) => key(a).localeCompare(key(b)))) {
      // Ids that take the valid request furthest, chosen field by field among the academy's ids, so
      // that the broken requests built on it reach the handler's deeper steps.
      const chosen: Record<string, string> = {};
      const caller = admitted[route.access][0]!;
      const trial = await sessionsNow();
      for (const field of idFields(route)) {
        let best = -1;
        for (const id of idCandidates(pool)) {
          const [request] = requestsFor(route, { ...pool, chosen: { ...chosen, [field]: id } }, random, true);
          const response = await send(request!, caller, trial[caller]);
          if (depth(response.statusCode) > best) {
            best = depth(response.statusCode);
            chosen[field] = id;
          }
        }
      }
      // Fresh sessions for each route: a valid request may sign out or end what the next route needs.
      const sessions = await sessionsNow();
      const requests = requestsFor(route, { ...pool, chosen }, random);
      for (const caller of ['student', 'staff', 'none'] as const) {
        const all = admitted[route.access].includes(caller);
        for (const [index, request] of requests.entries()) {
          if (all || index % TURNED_AWAY_EVERY === 0) await send(request, caller, sessions[caller]);
        }
      }
    }
    expect(failures).toEqual([]);
    const missed = routes.map(key).filter((name) => !reached.has(name));
    expect(missed).toEqual([]);
    console.info(`${kind}: ${sent} requests over ${routes.length} routes`);
  }, 600_000);

  it('answers an upload link with odd content types without a 5xx', async () => {
    const session = await server.sessionFor(STUDENT);
    const link = JSON.parse((await server.call({ method: 'GET', url: `${apiPath(storagePaths.signedRequest)}?mimeType=image/png`, session })).body).data.signedUrl as string;
    const bad: string[] = [];
    for (const contentType of ['', 'image/png; charset=x', 'multipart/form-data; boundary=x', 'application/json', 'image/png, image/png', 'text/plain']) {
      const response = await server.call({ method: 'PUT', url: link, payload: Buffer.from('{"a":1}'), headers: contentType ? { 'content-type': contentType } : {} });
      if (response.statusCode >= 500) bad.push(`PUT ${contentType} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(bad).toEqual([]);
  });

  let listening: Promise<string> | undefined;
  const baseUrlOf = () => (listening ??= server.listen());

  it('answers malformed HTTP on the wire without a 5xx', async () => {
    const { port } = new URL(await baseUrlOf());
    /**
     * The status line of the server's answer to raw bytes. Each request is complete and either
     * malformed or asks for Connection: close, so the server closes after answering. (The client
     * does not half-close: a server may drop a request whose client has ended before the answer.)
     */
    const statusOf = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(Buffer.from(bytes, 'latin1')));
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n')[0] ?? ''));
      });
    const login = (headers: string, body = '') => `POST /api/student/login HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n${body}`;
    const requests = [
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'GARBAGE\r\n\r\n', 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n', 'FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n', 'PROPFIND /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n',
      `GET http://elsewhere.example/api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, `GET /${'a/'.repeat(5000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      login('Content-Type: application/json\r\nContent-Length: abc', '{}'),
      login('Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked', '0\r\n\r\n'),
      login('Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3', '{}'),
      login('Content-Type: application/json\r\nTransfer-Encoding: chunked', 'zz\r\n{}\r\n0\r\n\r\n'),
      login('Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close', '2\r\n{}\r\n0\r\n\r\n'),
      login('Content-Type: application/json\r\nContent-Length: 0\r\nConnection: close'),
      login('Content-Type: application/json\r\nContent-Length: 9\r\nConnection: close', '{"a":1e3}'),
      login('Content-Type: application/json; charset=utf-16\r\nContent-Length: 2\r\nConnection: close', '{}'),
      login('Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\nConnection: close', '{}'),
      login('Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 2\r\nConnection: close', '{}'),
    ];
    const answers = await Promise.all(requests.map(async (request) => `${request.slice(0, 60)} -> ${await statusOf(request)}`));
    expect(answers.filter((answer) => !/-> HTTP\/1\.1 [1-4]\d\d /.test(answer))).toEqual([]);
  });

  it('answers malformed socket handshakes without a 5xx and lets only a real student or staff session in', async () => {
    const baseUrl = await baseUrlOf();
    const failures: string[] = [];
    const get = async (url: string, init?: RequestInit) => {
      const response = await fetch(`${baseUrl}${url}`, init);
      const text = await response.text();
      if (response.status >= 500) failures.push(`${init?.method ?? 'GET'} ${url.slice(0, 100)} -> ${response.status} ${text.slice(0, 160)}`);
      return { status: response.status, text };
    };
    // Garbage on the handshake's address itself.
    for (const query of [
      '', '?EIO=5&transport=polling', '?EIO=3&transport=polling', '?EIO=4&transport=bogus', '?EIO=4&transport=polling&sid=nope', '?EIO=4&transport=polling&sid=%00',
      `?EIO=4&transport=polling&t=${'x'.repeat(6000)}`, '?EIO[]=4&transport=polling', '?EIO=4&EIO=3&transport=polling', '?EIO=4&transport=websocket', '?EIO=4&transport=polling&j=1',
      '?EIO=%E0%A4%A&transport=polling', '?EIO=4&transport=polling&b64=1', `?EIO=4&transport=polling&sid=${'x'.repeat(3000)}`, '?EIO=1e309&transport=polling',
    ]) {
      await get(`/socket.io/${query}`);
      await get(`/socket.io/${query}`, { method: 'POST', body: '40{"sessionId":1}', headers: { 'content-type': 'text/plain' } });
    }
    await get('/socket.io/?EIO=4&transport=polling', { method: 'PUT', body: 'x' });

    // A connect packet with each odd auth payload, over long polling: only the real session gets in.
    const session = await server.sessionFor(STUDENT);
    const auths = [
      '', '{}', 'null', '"text"', '[1,2]', '12', '{bad json', '{"sessionId":null}', '{"sessionId":123}', '{"sessionId":1e309}', '{"sessionId":-0}', '{"sessionId":true}',
      '{"sessionId":{"$gt":""}}', '{"sessionId":["a","b"]}', `{"sessionId":"${'x'.repeat(200_000)}"}`, `{"sessionId":"${'x'.repeat(1_100_000)}"}`, '{"sessionId":"a\\u0000b"}', '{"sessionId":"💥"}',
      `{"sessionId":"${session}\\u0000"}`, `{"sessionId":"${session.toUpperCase()}"}`, `{"sessionId":"${session}","extra":{"a":{"b":[1]}}}`,
      '{"__proto__":{"sessionId":"x"}}', `{"sessionId":"${session}"}`,
    ];
    // A staff session gets in too (the teacher desk's forum queue listens live).
    const staffSession = await server.sessionFor(TEACHER, 'staff');
    auths.push(`{"sessionId":"${staffSession}"}`);
    const outcomes: string[] = [];
    for (const auth of auths) {
      const open = await get('/socket.io/?EIO=4&transport=polling');
      const sid = /"sid":"([^"]+)"/.exec(open.text)?.[1];
      if (!sid) {
        failures.push(`no handshake: ${open.status} ${open.text.slice(0, 100)}`);
        continue;
      }
      const sent = await get(`/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: `40${auth}`, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      const reply = sent.status === 200 ? await get(`/socket.io/?EIO=4&transport=polling&sid=${sid}`) : sent;
      outcomes.push(/^40\{"sid"/.test(reply.text.replace(/^\d+:/, '')) ? 'connected' : 'refused');
    }
    expect(failures).toEqual([]);
    // The real sessions connect, with or without fields besides them; nothing else does.
    const real = (auth: string) => auth.startsWith(`{"sessionId":"${session}"`) || auth === `{"sessionId":"${staffSession}"}`;
    const expected = auths.map((auth) => `${auth.slice(0, 60)} ${real(auth) ? 'connected' : 'refused'}`);
    expect(outcomes.map((outcome, index) => `${auths[index]!.slice(0, 60)} ${outcome}`)).toEqual(expected);
    expect(outcomes.at(-1)).toBe('connected');

    // Odd auth objects over a WebSocket, as a client would send them.
    for (const auth of [{ sessionId: 42 }, { sessionId: ['a'] }, { sessionId: { nested: true } }, { sessionId: 'x'.repeat(50_000) }, { other: 1 }]) {
      const socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: auth as Record<string, unknown>, reconnection: false });
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      });
      socket.close();
      expect(outcome).toBe('notLoggedIn');
    }
    expect((await get(apiPath(serverPaths.health))).status).toBe(200);
  }, 120_000);
});
