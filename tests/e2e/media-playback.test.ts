// The demo media really plays in Chromium through shaka-player: the clear HLS clip in two quality
// levels, and the ClearKey DASH clip decrypted with the licence this server issues. Tokens travel as
// the app sends them: the stream token as the `token` query, the licence token in `x-drm-token`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, type Browser, type Page } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const demoStudent = '570000000000000000000001';
const clearVideo = { id: '7d0000000000000000000001', key: 'clear-hls/brachial-plexus-roots-to-branches' };
const protectedVideo = { id: '7d0000000000000000000002', key: 'clearkey-dash/shoulder-joint-and-rotator-cuff-protecte' };
const shakaSource = fs.readFileSync(createRequire(import.meta.url).resolve('shaka-player/dist/shaka-player.compiled.js'), 'utf8');

interface PlaybackReport {
  error: string | null;
  currentTime: number;
  decodedFrames: number;
  heights: number[];
}

describe('demo media playback in Chromium', () => {
  let server: TestServer;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let session: string;

  beforeAll(async () => {
    server = await startTestServer({ bundle: 'demo', config: { scryptCost: 1024 } });
    baseUrl = await server.listen();
    session = await server.sessionFor(demoStudent);
    browser = await launchBrowser({ extraArgs: ['--autoplay-policy=no-user-gesture-required'] });
    page = await (await browser.newContext()).newPage();
    // A bare page on the server's own origin, so API calls and streams are same-origin as in the app.
    await page.route(`${baseUrl}/playback-check`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><video id="v" muted playsinline width="320"></video></body></html>' }),
    );
    await page.goto(`${baseUrl}/playback-check`);
    await page.addScriptTag({ content: shakaSource });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Starts playback in the page and returns once the video has played past one second (or failed). */
  async function play(video: { id: string; key: string }, manifest: string, protectedStream: boolean): Promise<PlaybackReport> {
    await page.evaluate(
      async ({ session, video, manifest, protectedStream, studentId }) => {
        const w = window as unknown as { shaka: any; report: PlaybackReport; player?: any };
        const api = async (method: string, url: string, body?: unknown) => {
          const response = await fetch(`/api${url}`, {
            method,
            headers: { authorization: session, agent: 'browser', 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${url} answered ${response.status}`);
          return (await response.json()).data;
        };
        w.report = { error: null, currentTime: 0, decodedFrames: 0, heights: [] };
        if (w.player) await w.player.destroy();
        w.shaka.polyfill.installAll();
        const element = document.getElementById('v') as HTMLVideoElement;
        const player = new w.shaka.Player();
        w.player = player;
        await player.attach(element);
        let { token } = await api('POST', '/lecture/getToken', { key: video.key });
        const drm = protectedStream ? await api('POST', '/content/drm-auth', { userId: studentId, contentId: video.id, platform: 'web' }) : null;
        player.getNetworkingEngine().registerRequestFilter((type: number, request: { uris: string[]; headers: Record<string, string> }) => {
          if (type === w.shaka.net.NetworkingEngine.RequestType.LICENSE) {
            request.headers['x-drm-token'] = drm.clearKeyToken;
            return;
          }
          // Always the newest stream token, as the app does after each refresh.
          request.uris = request.uris.map((uri) => {
            const url = new URL(uri, location.href);
            url.searchParams.set('token', token);
            return url.toString();
          });
        });
        if (drm) player.configure({ drm: { servers: { 'org.w3.clearkey': drm.licenseServers.clearKey } } });
        player.addEventListener('error', (event: { detail: { code: number } }) => {
          w.report.error = `shaka error ${event.detail.code}`;
        });
        ({ token } = await api('POST', '/lecture/getToken', { key: video.key }));
        try {
          await player.load(`${manifest}?token=${encodeURIComponent(token)}`);
          await element.play();
        } catch (error) {
          w.report.error = String((error as { code?: number }).code ?? error);
        }
      },
      { session, video, manifest, protectedStream, studentId: demoStudent },
    );
    return vi.waitFor(
      async () => {
        const report = await page.evaluate(() => {
          const w = window as unknown as { report: PlaybackReport; player: any };
          const element = document.getElementById('v') as HTMLVideoElement;
          w.report.currentTime = element.currentTime;
          w.report.decodedFrames = element.getVideoPlaybackQuality().totalVideoFrames;
          w.report.heights = [...new Set<number>(w.player.getVariantTracks().map((t: { height: number }) => t.height))].sort((a, b) => a - b);
          return w.report.error || w.report.currentTime > 1 ? w.report : null;
        });
        if (!report) throw new Error(`${video.id} did not play`);
        return report;
      },
      { timeout: 20_000, interval: 50 },
    );
  }

  it('plays the clear HLS clip with two quality levels', async () => {
    const report = await play(clearVideo, `/media/streams/${clearVideo.id}/master.m3u8`, false);
    expect(report.error).toBeNull();
    expect(report.currentTime).toBeGreaterThan(1);
    expect(report.decodedFrames).toBeGreaterThan(0);
    expect(report.heights).toEqual([180, 360]);
  });

  it('plays the ClearKey-protected DASH clip, decrypted with the server’s licence', async () => {
    const report = await play(protectedVideo, `/media/streams/${protectedVideo.id}/manifest.mpd`, true);
    expect(report.error).toBeNull();
    expect(report.currentTime).toBeGreaterThan(1);
    expect(report.decodedFrames).toBeGreaterThan(0);
  });
});
