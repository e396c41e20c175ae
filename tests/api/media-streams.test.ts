// Protected streams and the ClearKey licence: short tokens bound to one student and one video,
// refused when missing, forged, expired, for another video or for a video the student cannot reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { issueToken, STREAM_TOKEN_SECONDS } from '../../server/media-tokens.js';
import { batchesBundle, clearKey, ids, keys } from './content-batches.bundle.js';
import { contentPaths, mediaPaths, mediaSitePaths, pathTo } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const b64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

describe.each(databaseKinds())('protected streams and licences (%s)', (kind) => {
  let server: TestServer;
  let a1: string;
  let a2: string;
  let b: string;

  const streamToken = async (key: string, session = a1) => {
    const response = await server.call({ method: 'POST', url: apiPath(contentPaths.streamToken), payload: { key }, session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { token: string; expiresAt: string };
  };
  const stream = (contentId: string, file: string, token?: string) =>
    server.call({ method: 'GET', url: `/media/streams/${contentId}/${file}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}` });
  const drmAuth = (contentId: string, session = a1, userId = ids.studentA1) =>
    server.call({ method: 'POST', url: apiPath(contentPaths.drmAuth), payload: { userId, contentId, platform: 'web' }, session });
  const licence = (contentId: string, token: string | undefined, body: unknown = { kids: [b64url(clearKey.keyId)], type: 'temporary' }) =>
    server.call({
      method: 'POST',
      url: apiPath(mediaPaths.clearKey, { contentId }),
      headers: { 'content-type': 'application/octet-stream', ...(token ? { 'x-drm-token': token } : {}) },
      payload: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    });

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: batchesBundle, config: { scryptCost: 1024 } });
    [a1, a2, b] = await Promise.all([ids.studentA1, ids.studentA2, ids.studentB].map((id) => server.sessionFor(id)));
  });
  afterAll(() => server.close());

  it('issues a short token for a reachable video and serves its playlists with the token on every URI', async () => {
    const { token, expiresAt } = await streamToken(keys.videoA1);
    const lifetime = new Date(expiresAt).getTime() - server.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(9_000);
    expect(lifetime).toBeLessThanOrEqual(STREAM_TOKEN_SECONDS * 1000);

    const master = await stream(ids.videoA1, 'master.m3u8', token);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const renditions = master.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(renditions).toEqual([`180p.m3u8?token=${token}`, `360p.m3u8?token=${token}`]);

    const media = await stream(ids.videoA1, '360p.m3u8', token);
    const segments = media.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    for (const uri of segments) expect(uri).toMatch(new RegExp(`^360p_\\d{3}\\.ts\\?token=${token.replace(/[.]/g, '\\.')}$`));

    const segment = await stream(ids.videoA1, segments[0]!.split('?')[0]!, token);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
  });

  it('serves the DASH manifest with the token in the segment templates', async () => {
    const { token } = await streamToken(keys.drmA1);
    const manifest = await stream(ids.drmA1, 'manifest.mpd', token);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/dash+xml');
    const templates = [...manifest.body.matchAll(/(media|initialization)="([^"]+)"/g)].map((m) => m[2]!);
    expect(templates.length).toBe(4);
    for (const uri of templates) expect(uri.endsWith(`?token=${token}`)).toBe(true);
    const init = await stream(ids.drmA1, 'video_init.mp4', token);
    expect(init.statusCode).toBe(200);
    expect(init.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const first = await stream(ids.drmA1, 'video_1.m4s', token);
    expect(first.statusCode).toBe(200);
  });

  it('tokenises the HLS playlists of the protected clip too, leaving inline key URIs alone', async () => {
    const { token } = await streamToken(keys.drmA1);
    const master = await stream(ids.drmA1, 'master.m3u8', token);
    expect(master.body).toContain(`URI="audio.m3u8?token=${token}"`);
    expect(master.body).toContain(`\nvideo.m3u8?token=${token}`);
    const video = await stream(ids.drmA1, 'video.m3u8', token);
    expect(video.body).toContain(`#EXT-X-MAP:URI="video_init.mp4?token=${token}"`);
    expect(video.body).toMatch(/URI="data:text\/plain;base64,[^"?]+"/);
    expect(video.body).toContain(`video_1.m4s?token=${token}`);
  });

  it('refuses streams without a token, with a forged one, or with a token of another video', async () => {
    const { token } = await streamToken(keys.videoA1);
    expect((await stream(ids.videoA1, 'master.m3u8')).statusCode).toBe(403);
    expect((await stream(ids.videoA1, 'master.m3u8', '')).statusCode).toBe(403);
    expect((await stream(ids.videoA1, '180p_000.ts', 'not-a-token')).statusCode).toBe(403);
    const [payload, signature] = token.split('.');
    expect((await stream(ids.videoA1, 'master.m3u8', `${payload}.${signature!.slice(1)}A`)).statusCode).toBe(403);
    const wrongSecret = issueToken('another-secret', { purpose: 'stream', studentId: ids.studentA1, contentId: ids.videoA1, expiresAt: new Date(server.clock.now().getTime() + 20_000) });
    expect((await stream(ids.videoA1, 'master.m3u8', wrongSecret)).statusCode).toBe(403);
    // A genuine token opens only its own video, even one with the same stream folder.
    const response = await stream(ids.videoA2, 'master.m3u8', token);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors.code).toBe('streamTokenInvalid');
    // A licence token is not a stream token.
    const drm = (await drmAuth(ids.drmA1)).json().data.clearKeyToken;
    expect((await stream(ids.drmA1, 'manifest.mpd', drm)).statusCode).toBe(403);
  });

  it('refuses a stream once its token has expired', async () => {
    const { token } = await streamToken(keys.videoA1);
    expect((await stream(ids.videoA1, '180p_001.ts', token)).statusCode).toBe(200);
    server.clock.advance((STREAM_TOKEN_SECONDS + 1) * 1000);
    expect((await stream(ids.videoA1, '180p_001.ts', token)).statusCode).toBe(403);
    const fresh = await streamToken(keys.videoA1);
    expect((await stream(ids.videoA1, '180p_001.ts', fresh.token)).statusCode).toBe(200);
  });

  it('never issues tokens for hidden videos or another batch’s videos', async () => {
    for (const key of [keys.unpublishedA1, keys.vodHiddenA1, keys.videoA2, keys.videoB, keys.drmB, 'clear-hls', 'no-such-video']) {
      const response = await server.call({ method: 'POST', url: apiPath(contentPaths.streamToken), payload: { key }, session: a1 });
      expect([403, 404], key).toContain(response.statusCode);
      expect(response.body).not.toContain('token":');
    }
    await streamToken(keys.vodShownA1);
    await streamToken(keys.videoA2, a2);
  });

  it('closes the streams of a video that is unpublished while tokens are out', async () => {
    const { token } = await streamToken(keys.vodShownA1);
    expect((await stream(ids.vodShownA1, 'master.m3u8', token)).statusCode).toBe(200);
    await server.app.db.updateTable('contents').set({ is_available: 0 }).where('id', '=', ids.vodShownA1).execute();
    try {
      expect([403, 404]).toContain((await stream(ids.vodShownA1, 'master.m3u8', token)).statusCode);
    } finally {
      await server.app.db.updateTable('contents').set({ is_available: 1 }).where('id', '=', ids.vodShownA1).execute();
    }
  });

  it('makes path traversal impossible', async () => {
    const { token } = await streamToken(keys.videoA1);
    for (const file of ['..%2F..%2F..%2Fpackage.json', '..%2Fnotes%2Fenzymes-notes.pdf', '%2E%2E', '.hidden.ts', 'master.m3u8%00.ts', 'x.json', 'clip.exe']) {
      const response = await server.call({ method: 'GET', url: `${pathTo(mediaSitePaths.stream, { contentId: ids.videoA1, file })}?token=${token}` });
      expect([400, 403, 404], file).toContain(response.statusCode);
      expect(response.body).not.toContain('"name": "academy-platform"');
    }
    // The URL resolves to /package.json before routing: at most the app's own page answers, never the file.
    const dotted = await server.call({ method: 'GET', url: `/media/streams/${ids.videoA1}/../../../package.json?token=${token}` });
    expect(dotted.body).not.toContain('"name": "academy-platform"');
    if (dotted.statusCode === 200) expect(dotted.headers['content-type']).toContain('text/html');
    expect((await stream(ids.videoA1, 'missing.ts', token)).statusCode).toBe(404);
  });

  it('serves byte ranges of the hosted player’s MP4 and the hosted page only with a token', async () => {
    const { token } = await streamToken(keys.embedA1);
    const range = await server.call({ method: 'GET', url: `${pathTo(mediaSitePaths.stream, { contentId: ids.embedA1, file: 'clip.mp4' })}?token=${token}`, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    const page = await server.call({ method: 'GET', url: `${pathTo(mediaSitePaths.embed, { contentId: ids.embedA1 })}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<video src="/media/streams/${ids.embedA1}/clip.mp4?token=`);
    expect((await server.call({ method: 'GET', url: pathTo(mediaSitePaths.embed, { contentId: ids.embedA1 }) })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: `${pathTo(mediaSitePaths.embed, { contentId: ids.videoA1 })}?token=${token}` })).statusCode).toBe(403);
  });

  it('gives DRM tokens and licence servers only for a reachable protected video of the student', async () => {
    const response = await drmAuth(ids.drmA1);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.licenseServers).toEqual({ clearKey: apiPath(mediaPaths.clearKey, { contentId: ids.drmA1 }) });
    for (const field of ['widevineToken', 'fairplayToken', 'playReadyToken', 'clearKeyToken']) expect(typeof data[field]).toBe('string');
    expect((await drmAuth(ids.drmA1, a1, ids.studentB)).statusCode).toBe(403);
    expect([403, 404]).toContain((await drmAuth(ids.drmB)).statusCode);
    expect([403, 404]).toContain((await drmAuth(ids.drmA1, a2, ids.studentA2)).statusCode);
    expect((await drmAuth(ids.videoA1)).statusCode).toBe(400);
  });

  it('returns the configured licence servers of the external provider', async () => {
    const configured = await startTestServer({
      kind,
      bundle: batchesBundle,
      config: { scryptCost: 1024, drm: { widevineUrl: 'https://licence.example/widevine', playReadyUrl: 'https://licence.example/playready', fairPlayUrl: 'https://licence.example/fairplay', fairPlayCertificateUrl: 'https://licence.example/fairplay.cer' } },
    });
    try {
      const session = await configured.sessionFor(ids.studentA1);
      const response = await configured.call({ method: 'POST', url: apiPath(contentPaths.drmAuth), payload: { userId: ids.studentA1, contentId: ids.drmA1, platform: 'web' }, session });
      expect(response.json().data.licenseServers).toEqual({
        clearKey: apiPath(mediaPaths.clearKey, { contentId: ids.drmA1 }),
        widevine: 'https://licence.example/widevine',
        playReady: 'https://licence.example/playready',
        fairPlay: 'https://licence.example/fairplay',
        fairPlayCertificate: 'https://licence.example/fairplay.cer',
      });
    } finally {
      await configured.close();
    }
  });

  it('serves the ClearKey licence with the right key to a student with a valid DRM token', async () => {
    const token = (await drmAuth(ids.drmA1)).json().data.clearKeyToken;
    const response = await licence(ids.drmA1, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ keys: [{ kty: 'oct', kid: b64url(clearKey.keyId), k: b64url(clearKey.key) }], type: 'temporary' });
    // The player may also send the request as JSON.
    const asJson = await server.call({ method: 'POST', url: apiPath(mediaPaths.clearKey, { contentId: ids.drmA1 }), headers: { 'x-drm-token': token }, payload: { kids: [b64url(clearKey.keyId)], type: 'temporary' } });
    expect(asJson.statusCode).toBe(200);
  });

  it('refuses licences without, with a forged, expired or foreign token, and for keys it does not hold', async () => {
    const token = (await drmAuth(ids.drmA1)).json().data.clearKeyToken;
    expect((await licence(ids.drmA1, undefined)).statusCode).toBe(403);
    expect((await licence(ids.drmA1, `${token}x`)).statusCode).toBe(403);
    const forged = issueToken('guessed-secret', { purpose: 'drm', studentId: ids.studentA1, contentId: ids.drmA1, expiresAt: new Date(server.clock.now().getTime() + 60_000) });
    expect((await licence(ids.drmA1, forged)).statusCode).toBe(403);
    // A token for one protected video does not open another's licence.
    expect((await licence(ids.drmB, token)).statusCode).toBe(403);
    // A stream token is not a licence token.
    expect((await licence(ids.drmA1, (await streamToken(keys.drmA1)).token)).statusCode).toBe(403);
    // A student of batch B holding a genuine token for their own video gets only their video's licence.
    const tokenB = (await drmAuth(ids.drmB, b, ids.studentB)).json().data.clearKeyToken;
    expect((await licence(ids.drmB, tokenB)).statusCode).toBe(200);
    expect((await licence(ids.drmA1, tokenB)).statusCode).toBe(403);
    // Unknown key ids and malformed requests.
    expect((await licence(ids.drmA1, token, { kids: [b64url('00112233445566778899aabbccddeeff')], type: 'temporary' })).statusCode).toBe(404);
    expect((await licence(ids.drmA1, token, 'not json')).statusCode).toBe(400);
    expect((await licence(ids.drmA1, token, { kids: [] })).statusCode).toBe(400);
    expect((await licence(ids.drmA1, token, { kids: ['short'] })).statusCode).toBe(400);
    server.clock.advance(10 * 60 * 1000);
    expect((await licence(ids.drmA1, token)).statusCode).toBe(403);
  });

  it('refuses the licence once the student has left the batch', async () => {
    const token = (await drmAuth(ids.drmA1)).json().data.clearKeyToken;
    await server.app.db.deleteFrom('group_members').where('student_id', '=', ids.studentA1).execute();
    try {
      expect([403, 404]).toContain((await licence(ids.drmA1, token)).statusCode);
    } finally {
      await server.app.db.insertInto('group_members').values({ group_id: ids.groupA1, student_id: ids.studentA1 }).execute();
    }
  });

  it('serves course and subject images publicly, and nothing outside the images folder', async () => {
    const image = await server.call({ method: 'GET', url: pathTo(mediaSitePaths.image, { name: 'course-mbbs.jpg' }) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect((await server.call({ method: 'GET', url: pathTo(mediaSitePaths.image, { name: 'missing.jpg' }) })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/media/images/..%2Fnotes%2Fenzymes-notes.pdf' })).statusCode).toBe(400);
  });
});
