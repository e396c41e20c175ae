// Signed uploads on a real server: a student gets a link for an allowed type, PUTs the raw file to
// it, and the file is served back by key; forged, expired, mistyped and oversized uploads are refused,
// and a student can only use their own upload as a profile picture.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { accountPaths, pathTo, storagePaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const owner = { id: 'b20000000000000000000001', name: 'Upload Owner', sid: 'UP-1', phone: '01720000001', SSCGPA: 4, HSCGPA: 4 };
const stranger = { id: 'b20000000000000000000002', name: 'Someone Else', sid: 'UP-2', phone: '01720000002', SSCGPA: 3, HSCGPA: 3 };
const bundle = { students: [owner, stranger] };

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f50000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** An MPEG audio frame header (MPEG-1 layer III, 128 kbit/s, 44.1 kHz) and its frame, padded to `size` bytes. */
const mp3 = (size = 417) => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(size - 4)]);
/** The start of a WebM file: an EBML header whose document type is "webm". */
const WEBM = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853', 'hex');
const body = (response: { body: string }) => JSON.parse(response.body);

describe.each(databaseKinds())('uploads (%s)', (kind) => {
  let server: TestServer;
  let storageDir: string;
  let ownerSession: string;
  let strangerSession: string;

  const signedRequest = (mimeType: string, session = ownerSession) =>
    server.call({ method: 'GET', url: `${apiPath(storagePaths.signedRequest)}?mimeType=${encodeURIComponent(mimeType)}`, session });
  const link = async (mimeType: string, session = ownerSession) => {
    const response = await signedRequest(mimeType, session);
    expect(response.statusCode).toBe(200);
    return body(response).data as { signedUrl: string; key: string };
  };
  const put = (url: string, payload: Buffer, contentType: string) =>
    server.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': contentType } });

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-storage-'));
    server = await startTestServer({ kind, bundle, config: { storageDir } });
    ownerSession = await server.sessionFor(owner.id);
    strangerSession = await server.sessionFor(stranger.id);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('signs a link for each allowed type, bound to the student, the type and an expiry', async () => {
    for (const type of ['image/jpeg', 'image/png', 'application/pdf', 'audio/mpeg', 'audio/wav', 'audio/webm']) {
      const { signedUrl, key } = await link(type);
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      const url = new URL(signedUrl, 'http://localhost');
      expect(url.pathname).toBe(apiPath(storagePaths.upload, { key }));
      expect(url.searchParams.get('owner')).toBe(owner.id);
      expect(url.searchParams.get('type')).toBe(type);
      expect(Number(url.searchParams.get('expires'))).toBeGreaterThan(server.clock.now().getTime());
      expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    }
    // The recorder's type carries codecs; it is the same allowed type.
    const recorder = new URL((await link('audio/webm;codecs=opus')).signedUrl, 'http://localhost');
    expect(recorder.searchParams.get('type')).toBe('audio/webm');
  });

  it('refuses other types and callers without a session', async () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/javascript', 'video/mp4', '']) {
      const response = await signedRequest(type);
      expect(response.statusCode, type).toBe(400);
      expect(body(response).errors, type).toMatchObject({ code: 'fileTypeNotAllowed', title: expect.stringContaining('This file type is not allowed.') });
    }
    const missing = await server.call({ method: 'GET', url: apiPath(storagePaths.signedRequest), session: ownerSession });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).errors.title).toBe('Invalid request');
    const anonymous = await server.call({ method: 'GET', url: `${apiPath(storagePaths.signedRequest)}?mimeType=image/png` });
    expect(anonymous.statusCode).toBe(401);
    expect(body(anonymous).errors.code).toBe('notLoggedIn');
  });

  it('stores the raw body and serves it back with its type, also in ranges', async () => {
    const { signedUrl, key } = await link('application/pdf');
    const stored = await put(signedUrl, PDF, 'application/pdf');
    expect(stored.statusCode).toBe(201);
    expect(body(stored).data).toEqual({ key, url: apiPath(storagePaths.file, { key }), mimeType: 'application/pdf', size: PDF.length });
    for (const url of [apiPath(storagePaths.file, { key }), pathTo(storagePaths.file, { key })]) {
      const served = await server.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PDF)).toBe(true);
    }
    const part = await server.app.inject({ method: 'GET', url: apiPath(storagePaths.file, { key }), headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PDF.length}`);
    expect(part.body).toBe('%PDF-1.4');
    const beyond = await server.app.inject({ method: 'GET', url: apiPath(storagePaths.file, { key }), headers: { range: `bytes=${PDF.length + 10}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it('accepts the recorder audio with its codecs parameter', async () => {
    const { signedUrl, key } = await link('audio/webm');
    const stored = await put(signedUrl, WEBM, 'audio/webm;codecs=opus');
    expect(stored.statusCode).toBe(201);
    expect((await server.app.inject({ method: 'GET', url: apiPath(storagePaths.file, { key }) })).headers['content-type']).toBe('audio/webm');
  });

  it('refuses a body whose type differs from the signed type', async () => {
    const { signedUrl, key } = await link('image/png');
    for (const type of ['image/jpeg', 'text/html', 'application/json']) {
      const response = await put(signedUrl, type === 'application/json' ? Buffer.from('{}') : PNG, type);
      expect(response.statusCode, type).toBe(400);
      expect(body(response).errors).toMatchObject({ code: 'uploadTypeMismatch', title: 'The file type does not match the upload link.' });
    }
    const untyped = await server.app.inject({ method: 'PUT', url: signedUrl, payload: PNG });
    expect(untyped.statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: apiPath(storagePaths.file, { key }) })).statusCode).toBe(404);
  });

  it('refuses forged links with 403', async () => {
    const { signedUrl, key } = await link('image/png');
    const url = new URL(signedUrl, 'http://localhost');
    const forge = (change: (params: URLSearchParams) => void, pathKey = key) => {
      const params = new URLSearchParams(url.searchParams);
      change(params);
      return `${apiPath(storagePaths.upload, { key: pathKey })}?${params}`;
    };
    const forgeries = [
      forge((p) => p.set('owner', stranger.id)),
      forge((p) => p.set('type', 'application/pdf')),
      forge((p) => p.set('expires', String(Number(p.get('expires')) + 3_600_000))),
      forge((p) => p.set('signature', 'a'.repeat(64))),
      forge((p) => p.delete('signature')),
      forge(() => {}, 'c'.repeat(32)),
      forge(() => {}, '..%2F..%2Fetc%2Fpasswd'),
    ];
    for (const forged of forgeries) {
      const response = await put(forged, PNG, forged.includes('application%2Fpdf') ? 'application/pdf' : 'image/png');
      expect(response.statusCode, forged).toBe(403);
      expect(body(response).errors, forged).toMatchObject({ code: 'uploadLinkInvalid', title: 'This upload link is not valid.' });
    }
    expect((await put(signedUrl, PNG, 'image/png')).statusCode).toBe(201);
  });

  it('refuses an expired link with 403', async () => {
    const { signedUrl } = await link('image/png');
    server.clock.advance(15 * 60_000 + 1000);
    const response = await put(signedUrl, PNG, 'image/png');
    expect(response.statusCode).toBe(403);
    expect(body(response).errors).toMatchObject({ code: 'uploadLinkExpired', title: 'This upload link has expired. Please try again.' });
  });

  it('refuses files over 10 MB with 413, takes exactly 10 MB, and refuses empty files', async () => {
    const big = await link('audio/mpeg');
    const tooLarge = await put(big.signedUrl, mp3(10 * 1024 * 1024 + 1), 'audio/mpeg');
    expect(tooLarge.statusCode).toBe(413);
    expect(body(tooLarge).errors).toMatchObject({ code: 'fileTooLarge', title: 'The file is too large. The largest file allowed is 10 MB.' });
    const fits = await put(big.signedUrl, mp3(10 * 1024 * 1024), 'audio/mpeg');
    expect(fits.statusCode).toBe(201);
    const empty = await link('audio/mpeg');
    const none = await put(empty.signedUrl, Buffer.alloc(0), 'audio/mpeg');
    expect(none.statusCode).toBe(400);
    expect(body(none).errors.code).toBe('uploadEmpty');
  });

  it('takes one file per link', async () => {
    const { signedUrl } = await link('image/png');
    expect((await put(signedUrl, PNG, 'image/png')).statusCode).toBe(201);
    const again = await put(signedUrl, PNG, 'image/png');
    expect(again.statusCode).toBe(409);
    expect(body(again).errors.code).toBe('uploadExists');
  });

  it('serves only well-formed keys of stored files', async () => {
    for (const url of [apiPath(storagePaths.file, { key: 'd'.repeat(32) }), '/api/media/files/..%2F..%2Fetc%2Fpasswd', '/media/files/..%2Fapp.ts', apiPath(storagePaths.file, { key: 'ABCDEF' }), '/api/media/files/%00']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(body(response).errors.code, url).toMatch(/^(fileNotFound|notFound)$/);
    }
  });

  it('uses an own image upload as the profile picture and refuses anyone else\'s', async () => {
    const { signedUrl, key } = await link('image/png');
    expect((await put(signedUrl, PNG, 'image/png')).statusCode).toBe(201);

    const foreign = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: strangerSession, payload: { SSCGPA: 3, HSCGPA: 3, profilePic: key } });
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign).errors).toMatchObject({ code: 'uploadNotYours', title: 'This picture was not uploaded by you. Please upload it again.' });
    const unknown = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: strangerSession, payload: { SSCGPA: 3, HSCGPA: 3, profilePic: 'e'.repeat(32) } });
    expect(body(unknown).errors.code).toBe('uploadNotYours');
    expect(body(await server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: strangerSession })).data.profilePic).toBeNull();

    const own = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: ownerSession, payload: { SSCGPA: 4.2, HSCGPA: 4.1, profilePic: key } });
    expect(own.statusCode).toBe(200);
    expect(body(own).data).toMatchObject({ _id: owner.id, SSCGPA: 4.2, HSCGPA: 4.1, profilePic: apiPath(storagePaths.file, { key }) });
    // Sending back the address it was given keeps the picture.
    const resent = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: ownerSession, payload: { SSCGPA: 4.2, HSCGPA: 4.1, profilePic: apiPath(storagePaths.file, { key }) } });
    expect(body(resent).data.profilePic).toBe(apiPath(storagePaths.file, { key }));
    const picture = await server.app.inject({ method: 'GET', url: body(resent).data.profilePic });
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a PDF as the profile picture', async () => {
    const { signedUrl, key } = await link('application/pdf');
    expect((await put(signedUrl, PDF, 'application/pdf')).statusCode).toBe(201);
    const response = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: ownerSession, payload: { SSCGPA: 4, HSCGPA: 4, profilePic: key } });
    expect(response.statusCode).toBe(400);
    expect(body(response).errors).toMatchObject({ code: 'pictureNotImage', title: 'The profile picture must be a JPEG or PNG image.' });
  });

  it('refuses bytes that are not the declared type, so HTML never becomes an image or a profile picture', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/steal?" + localStorage.length)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const cases: Array<[string, Buffer]> = [['image/png', html], ['image/jpeg', svg], ['application/pdf', PNG], ['image/png', PDF], ['audio/mpeg', html], ['audio/wav', WEBM], ['audio/webm', mp3()]];
    for (const [type, bytes] of cases) {
      const { signedUrl, key } = await link(type);
      const response = await put(signedUrl, bytes, type);
      expect(response.statusCode, type).toBe(400);
      expect(body(response).errors, type).toMatchObject({ code: 'uploadContentMismatch', title: 'This file is not what its type says. Please choose a real JPEG or PNG image, PDF, or MP3, WAV or WebM audio file.' });
      expect((await server.app.inject({ method: 'GET', url: apiPath(storagePaths.file, { key }) })).statusCode).toBe(404);
      const picture = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: ownerSession, payload: { SSCGPA: 4, HSCGPA: 4, profilePic: key } });
      expect(picture.statusCode).toBe(400);
    }
    expect(fs.readdirSync(path.join(storageDir, 'uploads')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('sends PDFs and audio as downloads under a sandbox policy, and images inline', async () => {
    const files: Array<[string, Buffer, string | undefined]> = [['application/pdf', PDF, 'pdf'], ['audio/mpeg', mp3(), 'mp3'], ['audio/webm', WEBM, 'webm'], ['image/png', PNG, undefined]];
    for (const [type, bytes, extension] of files) {
      const { signedUrl, key } = await link(type);
      expect((await put(signedUrl, bytes, type)).statusCode).toBe(201);
      for (const url of [apiPath(storagePaths.file, { key }), pathTo(storagePaths.file, { key })]) {
        const served = await server.app.inject({ method: 'GET', url });
        expect(served.headers['content-disposition'], url).toBe(extension ? `attachment; filename="${key}.${extension}"` : undefined);
        expect(served.headers['content-security-policy'], url).toMatch(/^sandbox; default-src 'none'/);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });
});

describe.each(databaseKinds())('upload limits (%s)', (kind) => {
  let server: TestServer;
  let storageDir: string;
  const QUOTA = 20_000;
  const RATE = 5;
  const sized = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
  const upload = async (session: string, bytes: Buffer) => {
    const signed = await server.call({ method: 'GET', url: `${apiPath(storagePaths.signedRequest)}?mimeType=image%2Fpng`, session });
    const { signedUrl } = body(signed).data as { signedUrl: string };
    return server.app.inject({ method: 'PUT', url: signedUrl, payload: bytes, headers: { 'content-type': 'image/png' } });
  };
  const storedOf = async (ownerId: string) =>
    server.app.db.selectFrom('stored_files').select(['key', 'size']).where('owner_id', '=', ownerId).execute();

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-limits-'));
    server = await startTestServer({ kind, bundle, config: { storageDir, uploadQuotaBytes: QUOTA, uploadRate: { max: RATE, windowMs: 10 * 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('lets a student make only so many uploads in ten minutes, even all at once, and again afterwards', async () => {
    const session = await server.sessionFor(owner.id);
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(session, sized(1000))));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(RATE).fill(201), ...Array(12 - RATE).fill(429)]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(body(refused).errors).toMatchObject({ code: 'tooManyUploads', title: 'You are uploading files too quickly. Please wait a few minutes and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(await storedOf(owner.id)).toHaveLength(RATE);
    server.clock.advance(10 * 60_000 + 1000);
    expect((await upload(session, sized(1000))).statusCode).toBe(201);
  });

  it('keeps a student within the quota, even all at once, and leaves no partial file behind', async () => {
    const session = await server.sessionFor(stranger.id);
    server.clock.advance(10 * 60_000 + 1000);
    // Five parallel files of 6 000 bytes against 20 000 bytes of space (and a rate of five): three fit.
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(session, sized(6000))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 413, 413]);
    const refused = answers.find((answer) => answer.statusCode === 413)!;
    expect(body(refused).errors).toMatchObject({ code: 'uploadQuotaExceeded', title: 'You have used all your file space (0.02 MB). Please ask the academy office for help.' });
    const stored = await storedOf(stranger.id);
    expect(stored.reduce((sum, file) => sum + file.size, 0)).toBe(18_000);
    const onDisk = fs.readdirSync(path.join(storageDir, 'uploads'));
    expect(onDisk.filter((name) => name.endsWith('.part'))).toEqual([]);
    for (const file of stored) expect(onDisk).toContain(file.key);
  });
});

describe('partial files left by an interrupted write', () => {
  it('are removed when the server starts, unless they are recent enough to belong to a running upload', async () => {
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-parts-'));
    const uploads = path.join(storageDir, 'uploads');
    fs.mkdirSync(uploads);
    const stale = path.join(uploads, `${'a'.repeat(32)}.0123456789ab.part`);
    const fresh = path.join(uploads, `${'b'.repeat(32)}.0123456789ab.part`);
    const kept = path.join(uploads, 'c'.repeat(32));
    for (const file of [stale, fresh, kept]) fs.writeFileSync(file, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const server = await startTestServer({ config: { storageDir } });
    try {
      await server.app.ready();
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(fresh)).toBe(true);
      expect(fs.existsSync(kept)).toBe(true);
    } finally {
      await server.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    }
  });
});
