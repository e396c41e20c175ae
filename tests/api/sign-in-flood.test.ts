// No one can lock the academy out: failed sign-ins across the academy, however many and from however
// many addresses, or from one shared address (campus Wi-Fi, carrier NAT), slow the failing clients'
// password checks but never refuse a right password on their own. Devices that signed in before go
// first, within their account's share and never on the last hash thread, so one student signing in
// over and over cannot hold the gate; the gate still bounds the work (health answers), and nobody
// waits past HASH_WAIT_MS for an answer.
import { afterEach, describe, expect, it } from 'vitest';
import { configFrom, type AccountLimits } from '../../server/config.js';
import { DEVICE_COOKIE } from '../../server/account/device-token.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { accountPaths, serverPaths } from '../../src/contracts/paths.js';
import { ACCOUNT_TITLES } from '../../server/account/titles.js';
import { apiPath } from '../support/api-path.js';

const minutes = (n: number) => n * 60_000;
const defaults = configFrom({ NODE_ENV: 'test' }).limits;
const student = { phone: '8801700000001', password: 'student123' };
const peer = { phone: '8801700000003', password: 'student123' };
/** More demo students, each signing in on a new device. */
const classmates = ['8801700000002', '8801700000004', '8801700000005', '8801700000006'];
const teacher = { username: 'teacher@academy.test', password: 'teacher-pass-2026' };

let lastNumber = 0;
const freshPhone = () => `88019${String(++lastNumber).padStart(8, '0')}`;

/** A call's answer and how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const began = performance.now();
  const result = await call();
  return { result, ms: performance.now() - began };
}

/** The answer, or a failure naming what hung once `ms` have passed (so a hang fails the case instead of stalling it). */
function within<T>(ms: number, what: string, answer: Promise<T>): Promise<T> {
  let timer!: NodeJS.Timeout;
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} had no answer after ${ms} ms`)), ms)));
  return Promise.race([answer, hung]).finally(() => clearTimeout(timer));
}

describe.each(databaseKinds())('sign-in under an academy-wide flood (%s)', (kind) => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });
  const start = async (limits: Partial<AccountLimits>, scryptCost: number) => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost, trustProxy: true, limits: { ...defaults, ...limits } } });
  };
  /** A sign-in from `address` as a proxy trusted by the server names it (X-Forwarded-For). */
  const signIn = (username: string, password: string, address: string, cookie?: string) =>
    server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username, password }, headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) } });
  const staffSignIn = (username: string, password: string, address: string) =>
    server.call({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username, password }, headers: { 'x-forwarded-for': address } });
  /** The device cookie a successful sign-in left, as the browser sends it back. */
  const deviceCookieOf = (reply: { headers: Record<string, unknown> }) => {
    const header = String(reply.headers['set-cookie'] ?? '');
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    return header.split(';')[0]!;
  };

  it('lets a right password in once the academy-wide limit is full, from a new address, students and staff alike', async () => {
    await start({ signInGlobal: { max: 40, windowMs: minutes(15) } }, 2 ** 10);
    for (let i = 0; i < 60; i++) expect((await signIn(freshPhone(), 'guess-123', `10.60.0.${i}`)).statusCode).toBe(401);
    const counted = await server.app.db.selectFrom('rate_events').select('id').where('bucket', '=', 'sign-in:all').execute();
    expect(counted).toHaveLength(40); // full, and no longer growing
    const signedIn = await signIn(student.phone, student.password, '10.61.0.1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.sessionid).toBeTruthy();
    expect((await staffSignIn(teacher.username, teacher.password, '10.61.0.2')).statusCode).toBe(200);
    // Wrong passwords are still wrong, and still counted for their account.
    expect((await signIn(student.phone, 'guess-123', '10.61.0.3')).statusCode).toBe(401);
  });

  it('lets a student in within seconds while 20 addresses flood sign-in, and health answers within 1 s', async () => {
    // A cost that makes each check last long enough for the flood to fill the hash queue.
    await start({ signInGlobal: { max: 40, windowMs: minutes(15) }, signInPerAddress: { max: 10_000, windowMs: minutes(15) }, hashConcurrency: 2, hashQueue: 8 }, 2 ** 15);
    const device = deviceCookieOf(await signIn(student.phone, student.password, '10.70.0.1'));

    let failures = 0;
    let flooding = true;
    let floodFull!: () => void;
    const full = new Promise<void>((resolve) => (floodFull = resolve));
    const statuses = new Map<number, number>();
    const attacker = async (n: number) => {
      for (let i = 0; flooding; i++) {
        // Unknown numbers, and the student's own number with wrong passwords.
        const reply = await signIn(i % 3 === 0 ? student.phone : freshPhone(), `guess-${i}`, `10.66.0.${n}`);
        statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
        if (reply.statusCode === 401 && ++failures >= 40) floodFull();
        // A round trip's pause before the next try, as over a network (the flood runs in this process).
        await new Promise((resolve) => setTimeout(resolve, reply.statusCode === 503 ? 10 : 0));
      }
    };
    const flood = Array.from({ length: 20 }, (_, n) => attacker(n));
    try {
      await full;
      const health: number[] = [];
      const [known, fresh] = await Promise.all([
        timed(() => signIn(student.phone, student.password, '10.71.0.1', device)),
        timed(() => signIn(peer.phone, peer.password, '10.71.0.2')),
        (async () => {
          for (let i = 0; i < 5; i++) {
            const probe = await timed(() => server.call({ method: 'GET', url: apiPath(serverPaths.health) }));
            expect(probe.result.statusCode).toBe(200);
            health.push(probe.ms);
          }
        })(),
      ]);
      console.info(`sign-in during a flood of 20 addresses: known device ${known.ms.toFixed(0)} ms, new device ${fresh.ms.toFixed(0)} ms; health ${health.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      expect(known.result.statusCode).toBe(200);
      expect(fresh.result.statusCode).toBe(200);
      expect(known.ms).toBeLessThan(5_000);
      expect(fresh.ms).toBeLessThan(5_000);
      for (const ms of health) expect(ms).toBeLessThan(1_000);
    } finally {
      flooding = false;
      await Promise.all(flood);
    }
    console.info(`flood answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
    // The flood was slowed, not let loose: never more hashes at once than the gate allows, nor more waiting.
    const gate = server.app.hashGate;
    expect(gate.peakRunning).toBeLessThanOrEqual(2);
    expect(gate.peakQueued).toBeLessThanOrEqual(8);
    expect(gate.laneRuns.known).toBeGreaterThanOrEqual(1);
    expect(gate.laneRuns.slowed).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBe(0);
  }, 120_000);

  it('keeps a known device out of the back-off others cause for its account, and trusts no forged device token', async () => {
    await start({}, 2 ** 10);
    const first = await signIn(student.phone, student.password, '10.80.0.1');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const device = cookie.split(';')[0]!;
    // Someone behind the same address guesses the student's password until the back-off holds.
    let backedOff = 0;
    for (let i = 0; i < 7; i++) if ((await signIn(student.phone, `guess-${i}`, '10.80.0.9')).statusCode === 429) backedOff += 1;
    expect(backedOff).toBeGreaterThan(0);
    const refused = await signIn(student.phone, student.password, '10.80.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.code).toBe('tooManyLoginAttempts');
    // The student's phone, known to the account, is not held by their failures.
    expect((await signIn(student.phone, student.password, '10.80.0.9', device)).statusCode).toBe(200);
    // A forged or altered token is no token: that request is counted for its address as before.
    const [name, value] = device.split('=') as [string, string];
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signIn(student.phone, student.password, '10.80.0.9', altered)).statusCode).toBe(429);
    // A device known to one account is not known to another.
    expect((await signIn(peer.phone, 'guess-x', '10.80.0.1', device)).statusCode).toBe(401);
  });

  it('lets every student behind a shared address in after 50 failures from it, and throttles only its failures', async () => {
    await start({ signInPerAddress: { max: 50, windowMs: minutes(15) }, hashConcurrency: 3 }, 2 ** 12);
    const campus = '10.90.0.1';
    for (let i = 0; i < 50; i++) expect((await signIn(freshPhone(), 'guess-123', campus)).statusCode).toBe(401);
    // Every student with the right password gets in, on a new device, from that same address.
    expect((await signIn(student.phone, student.password, campus)).statusCode).toBe(200);
    expect((await signIn(peer.phone, peer.password, campus)).statusCode).toBe(200);
    expect((await staffSignIn(teacher.username, teacher.password, campus)).statusCode).toBe(200);
    // Its failures are throttled: checked after everyone else and one at a time for the address,
    // while another address is served as usual.
    const gate = server.app.hashGate;
    const slowedBefore = gate.laneRuns.slowed;
    const [failures, elsewhere] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => signIn(freshPhone(), 'guess-123', campus))),
      signIn(peer.phone, peer.password, '10.91.0.1'),
    ]);
    expect(failures.map((reply) => reply.statusCode)).toEqual(Array(6).fill(401));
    expect(elsewhere.statusCode).toBe(200);
    expect(gate.laneRuns.slowed - slowedBefore).toBe(6);
    expect(gate.peakLaneRunning.slowed).toBe(1);
    // The account's back-off still holds for guesses at one account from there.
    const guesses = [];
    for (let i = 0; i < 7; i++) guesses.push((await signIn(peer.phone, `guess-${i}`, campus)).statusCode);
    expect(guesses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(guesses.slice(5)).toContain(429);
  });

  it('lets four classmates in within 5 s while one student signs in over and over on a known device, and nobody waits past HASH_WAIT_MS', async () => {
    const waitMs = 5_000;
    // A cost that makes each check last long enough for five loops to keep both hash threads busy.
    await start({ hashConcurrency: 2, hashQueue: 8, hashWaitMs: waitMs }, 2 ** 15);
    const home = '10.100.0.1';
    const device = deviceCookieOf(await signIn(student.phone, student.password, home));
    const gate = server.app.hashGate;

    const answers: { status: number; ms: number; retryAfter: unknown; code?: string }[] = [];
    let flooding = true;
    // Bounds the flood when the gate lets it starve everyone else, so the case fails instead of hanging.
    const stop = setTimeout(() => (flooding = false), 10_000);
    const loop = async () => {
      while (flooding) {
        const { result: reply, ms } = await timed(() => signIn(student.phone, student.password, home, device));
        answers.push({ status: reply.statusCode, ms, retryAfter: reply.headers['retry-after'], code: reply.statusCode === 200 ? undefined : reply.json().errors.code });
      }
    };
    const flood = Array.from({ length: 5 }, loop);
    let classmatesIn: { result: { statusCode: number }; ms: number }[];
    try {
      // The five loops are signing in through the known lane.
      while (gate.laneRuns.known < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      classmatesIn = await Promise.all(classmates.map((phone, i) => timed(() => signIn(phone, 'student123', `10.101.0.${i}`))));
      // The flood goes on a moment after them, its own answers timed too.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      flooding = false;
      clearTimeout(stop);
      await Promise.all(flood);
    }
    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    console.info(
      `classmates during one device's flood: ${classmatesIn.map(({ result, ms }) => `${result.statusCode} in ${ms.toFixed(0)} ms`).join(', ')}; ` +
        `flood answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}, slowest ${Math.max(...answers.map((answer) => answer.ms)).toFixed(0)} ms; longest wait for a hash ${gate.longestWaitMs.toFixed(0)} ms`,
    );
    for (const { result, ms } of classmatesIn) {
      expect(result.statusCode).toBe(200);
      expect(ms).toBeLessThan(5_000);
    }
    // Nobody waited for a hash thread past HASH_WAIT_MS (the timer's own lateness allowed): every sign-in
    // of the flood was signed in, or told busy with a time to retry.
    expect(gate.longestWaitMs).toBeLessThan(waitMs + 1_000);
    for (const answer of answers) if (answer.status !== 200) expect(answer).toMatchObject({ status: 503, code: 'signInBusy', retryAfter: '5' });
    // The known lane had its share of the account (SIGN_IN_KNOWN_DEVICE_LIMIT, 5 in 15 minutes), one
    // check at a time; after it the device's checks were slowed, still one at a time for the account.
    expect(gate.laneRuns.known).toBe(5);
    expect(gate.laneRuns.slowed).toBeGreaterThan(0);
    expect(gate.peakLaneRunning.known).toBe(1);
    expect(gate.peakLaneRunning.slowed).toBe(1);
    expect(gate.peakRunning).toBeLessThanOrEqual(2);
    // The device is not locked out: its next sign-in still passes.
    expect((await signIn(student.phone, student.password, home, device)).statusCode).toBe(200);
  }, 60_000);

  it('answers a waiter busy once HASH_WAIT_MS has passed, with Retry-After and a message, for sign-in and registration alike', async () => {
    const waitMs = 300;
    await start({ hashConcurrency: 1, hashQueue: 8, hashWaitMs: waitMs }, 2 ** 10);
    const gate = server.app.hashGate;
    // The one hash thread held by hand, as a long flood would hold it.
    let release!: () => void;
    const holding = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const { result: replies, ms } = await timed(() =>
        within(
          10_000,
          'a sign-in and a registration waiting for the hash thread',
          Promise.all([
            signIn(peer.phone, peer.password, '10.110.0.1'),
            server.call({ method: 'PATCH', url: apiPath(accountPaths.setPassword), payload: { otp: '123456', hash: 'a'.repeat(24), phone: freshPhone(), password: 'river-lantern-2026' } }),
          ]),
        ),
      );
      for (const reply of replies) {
        expect(reply.statusCode).toBe(503);
        expect(reply.headers['retry-after']).toBe('5');
        expect(reply.json().errors).toMatchObject({ code: 'signInBusy', title: ACCOUNT_TITLES.signInBusy, message: ACCOUNT_TITLES.signInBusy });
      }
      expect(ms).toBeGreaterThanOrEqual(waitMs - 10);
      expect(gate.expired).toBe(2);
      expect(gate.queued).toBe(0);
    } finally {
      release();
      await holding;
    }
    // The refusal cost the student nothing: with the thread free, the same sign-in passes.
    expect((await signIn(peer.phone, peer.password, '10.110.0.1')).statusCode).toBe(200);
  });
});
