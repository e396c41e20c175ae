// Fault: 200 slow clients (slowloris-like) hold connections while students keep saving answers:
// 60 connect and send nothing, 60 send their headers a byte at a time, 60 send a body a byte at a time,
// and 20 ask for a file larger than the socket buffers hold and never read it. Students must keep being served, and the server must
// cut each slow connection after its limit (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS),
// so that slow clients hold a connection each for a bounded time only.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { AnswerLedger, answerLoop, examRig, startAttempts, startServerProcess, until, type ExamRig, type ServerProcess } from '../support/fault-rig.js';

const STUDENTS = 20;
const COUNTS: Record<Kind, number> = { silent: 60, 'slow headers': 60, 'slow body': 60, 'never reads': 20 };
const limits = { HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '4000', IDLE_TIMEOUT_MS: '3000' };

type Kind = 'silent' | 'slow headers' | 'slow body' | 'never reads';

/** Linux's largest TCP buffers (receive and send), which a client that never reads can fill before the server stalls. */
function socketBufferBytes(): number {
  const max = (name: string) => Number(fs.readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2]);
  return max('tcp_rmem') + max('tcp_wmem');
}
/** More than the buffers of both ends hold, so the server's answer stalls. */
const LARGE_FILE_BYTES = socketBufferBytes() + 16 * 1024 * 1024;

/**
 * Whether the server still holds an established connection to each of these client ports. A client
 * that never reads cannot see the server close (the close waits behind unread data), so the suite asks
 * the kernel: /proc/net/tcp lists each socket with its ports in hex and its state (01: established).
 */
function serverHolds(serverPort: number, clientPorts: number[]): number {
  const local = `0100007F:${serverPort.toString(16).toUpperCase().padStart(4, '0')}`;
  const remotes = new Set(clientPorts.map((port) => `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`));
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, from, to, state]) => from === local && remotes.has(to!) && state === '01').length;
}

interface SlowClient {
  kind: Kind;
  /** Milliseconds from opening until the connection closed; null while it is open. */
  closedAfterMs: number | null;
  /** The client's own port, once connected. */
  localPort: number;
  stop(): void;
}

function slowClient(port: number, kind: Kind): SlowClient {
  const opened = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  const client: SlowClient = { kind, closedAfterMs: null, localPort: 0, stop: () => socket.destroy() };
  let timer: NodeJS.Timeout | undefined;
  const drip = (bytes: string) => {
    let at = 0;
    timer = setInterval(() => {
      if (!socket.destroyed) socket.write(bytes[at++ % bytes.length]!);
    }, 400);
  };
  socket.on('connect', () => {
    client.localPort = socket.localPort ?? 0;
    if (kind === 'slow headers') {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      drip('X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n');
    } else if (kind === 'slow body') {
      socket.write('POST /api/student/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n');
      drip('{"username":"01400000000","password":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    } else if (kind === 'never reads') {
      socket.write('GET /assets/large.js HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n');
    }
  });
  // A socket sees its close only once it has read what came before; all but one kind read (and drop) it.
  if (kind !== 'never reads') socket.resume();
  socket.on('error', () => undefined);
  socket.on('close', () => {
    clearInterval(timer);
    client.closedAfterMs = performance.now() - opened;
  });
  return client;
}

describe.each(databaseKinds())('200 slow clients while students keep being served (%s)', (kind) => {
  let rig: ExamRig | null = null;
  let server: ServerProcess | null = null;
  let clients: SlowClient[] = [];
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-slow-app-'));
  afterAll(async () => {
    for (const client of clients) client.stop();
    await server?.stop();
    await rig?.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('cuts every slow connection after its limit and keeps answering the students', { timeout: 90_000 }, async () => {
    // A large file for the clients that never read: far more than the socket buffers hold (a few MB).
    fs.mkdirSync(path.join(appDir, 'assets'));
    fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(appDir, 'assets/large.js'), Buffer.alloc(LARGE_FILE_BYTES, 'a'));
    rig = await examRig(kind, STUDENTS);
    server = await startServerProcess(rig.database.url, { ...limits, APP_DIR: appDir });
    await startAttempts(server.port, rig.sessions);

    const ledger = new AnswerLedger();
    const port = server.port;
    const students = answerLoop(ledger, rig.sessions, () => [port], 50);
    await until('students saving', () => ledger.acknowledgedSaves >= 50);
    const savedBefore = ledger.acknowledgedSaves;
    const kinds: Kind[] = ['silent', 'slow headers', 'slow body', 'never reads'];
    clients = kinds.flatMap((k) => Array.from({ length: COUNTS[k] }, () => slowClient(port, k)));
    const opened = performance.now();
    await until('slow clients connected', () => clients.every((client) => client.localPort > 0));
    const neverReads = clients.filter((client) => client.kind === 'never reads');

    const stillOpen = () =>
      kinds.map((k) => `${k}: ${k === 'never reads' ? serverHolds(port, neverReads.map((c) => c.localPort)) : clients.filter((c) => c.kind === k && c.closedAfterMs === null).length}`).join(', ');
    let neverReadsCutAfterMs = 0;
    const cutInMs = await until('every slow connection closed by the server', () => {
      if (!neverReadsCutAfterMs && server!.running() && serverHolds(port, neverReads.map((client) => client.localPort)) === 0) neverReadsCutAfterMs = performance.now() - opened;
      if (neverReadsCutAfterMs && clients.every((client) => client.kind === 'never reads' || client.closedAfterMs !== null)) return true;
      throw new Error(`still open: ${stillOpen()}`);
    }, 45_000);
    const savedWhileSlow = ledger.acknowledgedSaves - savedBefore;
    await students.stop();

    const lost = await ledger.lost(rig.db);
    const longest = (k: Kind) => (k === 'never reads' ? neverReadsCutAfterMs : Math.max(...clients.filter((client) => client.kind === k).map((client) => client.closedAfterMs ?? Infinity)));
    console.log(
      `[fault ${kind}] 200 slow clients (${kinds.map((k) => `${COUNTS[k]} ${k}`).join(', ')}, the last asking for ${(LARGE_FILE_BYTES / 1048576).toFixed(0)} MB) against limits headers ${limits.HEADERS_TIMEOUT_MS} ms, request ${limits.REQUEST_TIMEOUT_MS} ms, idle ${limits.IDLE_TIMEOUT_MS} ms; ` +
        `all cut by the server within ${(cutInMs / 1000).toFixed(1)} s (longest per kind: ${kinds.map((k) => `${k} ${(longest(k) / 1000).toFixed(1)} s`).join(', ')}); ` +
        `meanwhile ${savedWhileSlow} saves of ${STUDENTS} students acknowledged, p99 ${ledger.p99().toFixed(0)} ms, failed ${ledger.networkErrors + ledger.unavailable + ledger.unexpected.length}; lost: ${lost}`,
    );
    expect(server.alive()).toBe(true);
    // Each kind is cut by its configured limit, not by Node's defaults (headers 60 s, request 300 s, a client
    // that never reads: never): the limit plus the server's 1 s check, with wide slack because a loaded
    // 2-core machine delays timers by seconds, and still far below the defaults.
    const SLACK = 15_000;
    expect(longest('silent')).toBeLessThan(2000 + SLACK);
    expect(longest('slow headers')).toBeLessThan(2000 + SLACK);
    expect(longest('slow body')).toBeLessThan(4000 + SLACK);
    // Cut once the answer has stalled (the buffers full) for the idle limit.
    expect(longest('never reads')).toBeLessThan(3000 + 10_000 + SLACK);
    expect(savedWhileSlow).toBeGreaterThan(0);
    expect(ledger.networkErrors + ledger.unavailable).toBe(0);
    expect(ledger.unexpected).toEqual([]);
    expect(lost).toBe(0);
  });
});
