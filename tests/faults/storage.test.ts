// Fault: the storage directory of a real server process becomes read-only, then full. Uploads are
// refused with a clear 503 / 507 (never acknowledged, never half-written), /api/health says
// 'degraded' and names the directory, sign-in, exam answers and stored files keep working, and
// everything recovers by itself when the directory can be written again. Prints what it did and
// what was lost.
//
// The storage directory is a small tmpfs mounted for the test (root can write through file modes, so
// read-only is a read-only mount); the database lives elsewhere, as it does in production.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f50000000049454e44ae426082', 'hex');
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
/** MCQ questions of the demo's live exam: an MCQ answer is final, so each save answers another one. */
const LIVE_MCQS = ['e20001000000000000000001', 'e20001000000000000000002', 'e20001000000000000000005'];
const MOUNT_SIZE = '8m';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

describe('fault: the storage directory cannot be written', () => {
  let dir: string;
  let storageDir: string;
  let server: ChildProcess;
  let base: string;
  let log = '';
  let session = '';
  let exited: number | null = null;
  const report: string[] = [];
  const note = (line: string) => {
    report.push(line);
    console.log(`[fault:storage] ${line}`);
  };

  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(session ? { authorization: session } : {}), ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = (response.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : null;
    return { status: response.status, headers: response.headers, json, bytes };
  };
  const upload = async (bytes: Buffer) => {
    const signed = await call('GET', '/api/content/signed-request?mimeType=image%2Fpng');
    expect(signed.status).toBe(200);
    return call('PUT', signed.json.data.signedUrl, bytes, { 'content-type': 'image/png' });
  };
  const health = async () => (await call('GET', '/api/health')).json.data as { status: string; parts: { storage: { status: string; message: string } } };
  let saved = 0;
  const saveAnswer = async () => {
    const answer = await call('PATCH', `/api/exam/add-answer/${DEMO.liveExam}/group/${DEMO.group}`, { questionId: LIVE_MCQS[saved]!, answer: [saved % 4], timestamp: Date.now() });
    saved++;
    return answer;
  };
  const partials = () => fs.readdirSync(path.join(storageDir, 'uploads')).filter((name) => name.endsWith('.part'));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-storage-'));
    storageDir = path.join(dir, 'storage');
    fs.mkdirSync(storageDir);
    try {
      mount('-t', 'tmpfs', '-o', `size=${MOUNT_SIZE}`, 'tmpfs', storageDir);
    } catch (error) {
      throw new Error(`This fault test mounts a small tmpfs as the storage directory and needs root (or CAP_SYS_ADMIN): ${(error as Error).message}`);
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'academy.sqlite')}`,
        STORAGE_DIR: storageDir,
        APP_DIR: path.join(dir, 'no-app'),
        SCRYPT_COST: '16384',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.on('exit', (code) => (exited = code ?? -1));
    const started = Date.now();
    while (!log.includes('is running at')) {
      if (exited !== null || Date.now() - started > 60_000) throw new Error(`The server did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await call('POST', '/api/student/login', { username: `88${DEMO_STUDENT.phone}`, password: DEMO_STUDENT.password });
    expect(login.status).toBe(200);
    session = login.headers.get('sessionid')!;
    expect((await call('PATCH', `/api/exam/start/${DEMO.liveExam}/group-id/${DEMO.group}`)).status).toBe(200);
  });

  afterAll(async () => {
    if (server && exited === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    try {
      mount('-o', 'remount,rw', storageDir);
    } catch {
      // already writable
    }
    try {
      execFileSync('umount', [storageDir]);
    } catch {
      // not mounted
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses uploads clearly while read-only or full, keeps everything else working, and recovers', async () => {
    // Before: a few files stored and acknowledged.
    const acknowledged: Array<{ key: string; bytes: Buffer }> = [];
    for (const size of [2000, 3000, 4000]) {
      const bytes = png(size);
      const stored = await upload(bytes);
      expect(stored.status).toBe(201);
      acknowledged.push({ key: stored.json.data.key, bytes });
    }
    expect((await health()).status).toBe('ok');
    note(`stored ${acknowledged.length} files before the faults; health ok`);

    // Read-only.
    mount('-o', 'remount,ro', storageDir);
    note(`remounted ${storageDir} read-only`);
    const readOnly = await upload(png(5000));
    expect(readOnly.status).toBe(503);
    expect(readOnly.json.errors).toMatchObject({ code: 'storageUnavailable', title: 'Files cannot be saved right now. Please try again later.' });
    const readOnlyHealth = await health();
    expect(readOnlyHealth.status).toBe('degraded');
    expect(readOnlyHealth.parts.storage.status).toBe('failing');
    expect(readOnlyHealth.parts.storage.message).toContain(storageDir);
    expect(readOnlyHealth.parts.storage.message).toContain('EROFS');
    const answerWhileReadOnly = await saveAnswer();
    expect(answerWhileReadOnly.status).toBe(200);
    for (const file of acknowledged) {
      const served = await call('GET', `/api/media/files/${file.key}`);
      expect(served.status).toBe(200);
    }
    note(`while read-only: upload answered ${readOnly.status} ${readOnly.json.errors.code}; health ${readOnlyHealth.status} (${readOnlyHealth.parts.storage.message}); answer save ${answerWhileReadOnly.status}; ${acknowledged.length} stored files still served`);

    mount('-o', 'remount,rw', storageDir);
    await expect.poll(async () => (await health()).status).toBe('ok');
    const afterReadOnly = await upload(png(5000));
    expect(afterReadOnly.status).toBe(201);
    acknowledged.push({ key: afterReadOnly.json.data.key, bytes: png(5000) });
    note('writable again: health ok, the next upload stored (201)');

    // Full: a filler takes every free block.
    const filler = path.join(storageDir, 'filler.bin');
    const handle = fs.openSync(filler, 'w');
    let filled = 0;
    try {
      const chunk = Buffer.alloc(64 * 1024, 7);
      for (;;) filled += fs.writeSync(handle, chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(handle);
    }
    note(`filled ${storageDir} with ${filled} bytes`);
    const full = await upload(png(200_000));
    expect(full.status).toBe(507);
    expect(full.json.errors).toMatchObject({ code: 'storageFull', title: 'The server has no room for files right now. Please try again later.' });
    expect(partials()).toEqual([]);
    const fullHealth = await health();
    expect(fullHealth.status).toBe('degraded');
    expect(fullHealth.parts.storage.message).toContain('full');
    const signInWhileFull = await call('POST', '/api/student/login', { username: `88${DEMO_STUDENT.phone}`, password: DEMO_STUDENT.password });
    expect(signInWhileFull.status).toBe(200);
    const answerWhileFull = await saveAnswer();
    expect(answerWhileFull.status).toBe(200);
    note(`while full: upload answered ${full.status} ${full.json.errors.code}; partial files left: ${partials().length}; health ${fullHealth.status}; sign-in ${signInWhileFull.status}; answer save ${answerWhileFull.status}`);

    fs.rmSync(filler);
    await expect.poll(async () => (await health()).status).toBe('ok');
    const afterFull = await upload(png(200_000));
    expect(afterFull.status).toBe(201);
    acknowledged.push({ key: afterFull.json.data.key, bytes: png(200_000) });
    note('space freed: health ok, the next upload stored (201)');

    // What was lost: every acknowledged file is served back byte for byte, the process never stopped.
    let lost = 0;
    for (const file of acknowledged) {
      const served = await call('GET', `/api/media/files/${file.key}`);
      if (served.status !== 200 || !served.bytes.equals(file.bytes)) lost++;
    }
    expect(exited).toBeNull();
    expect(log).toContain('not stored: The storage directory cannot be written (EROFS)');
    expect(log).toContain('not stored: The storage directory is full (ENOSPC)');
    expect(lost).toBe(0);
    expect(partials()).toEqual([]);
    note(`acknowledged files: ${acknowledged.length}, lost: ${lost}; refused uploads (never acknowledged): 2; partial files left: 0; server process exits: 0`);
  });
});
