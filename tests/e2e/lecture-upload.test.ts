// A lecture put in through the desk, end to end in Chromium against the built app and a real server: the
// demo teacher uploads a generated 30-second 720p clip on the Lectures page while the link is cut twice
// (two of the upload's requests fail as a dropped connection does), the upload resumes by itself, the
// page shows the packaging live until ready, and the demo student then finds it in its chapter and
// plays it through shaka-player: the ClearKey licence from this server, at least two quality levels.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, newPage, startAppServer, type BrowserSuite } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lecture-e2e-'));
const suite = {} as BrowserSuite;
// The suite's own set-up (browser, server, demo academy) with room for a busy machine: ffmpeg shares it.
beforeAll(async () => {
  suite.browser = await launchBrowser({ extraArgs: ['--autoplay-policy=no-user-gesture-required'] });
  Object.assign(suite, await startAppServer({ bundle: 'demo', env: { STORAGE_DIR: storageDir } }));
}, 600_000);
afterAll(async () => {
  await suite.browser?.close();
  await suite.server?.close();
});
const shakaSource = fs.readFileSync(createRequire(import.meta.url).resolve('shaka-player/dist/shaka-player.compiled.js'), 'utf8');
const TITLE = 'Brachial plexus: the whole lecture';

/** The 30-second 720p clip with a tone (made with ffmpeg's test sources). */
function lectureClip(): string {
  const file = path.join(storageDir, 'brachial-plexus.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=24:duration=30', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=30',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return file;
}

describe('a lecture put in through the desk', () => {
  it('uploads with the link cut twice, packages it, and plays it protected to a student in two qualities', { timeout: 900_000 }, async () => {
    const clip = lectureClip();
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    desk.context().setDefaultTimeout(30_000);
    await desk.goto('/staff/lectures');
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'Lectures', level: 1 }).waitFor();

    // The link is cut twice: the first two sends of bytes fail as a dropped connection does.
    let cut = 0;
    await desk.route('**/api/staff/lecture-uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && cut < 2) {
        cut += 1;
        await route.abort('connectionreset');
      } else await route.fallback();
    });

    await desk.getByLabel('Chapter, lecture or question-solve item').selectOption({ label: 'Anatomy / Upper Limb' });
    await desk.getByLabel('Title').fill(TITLE);
    await desk.getByLabel(/Video file/).setInputFiles(clip);
    await desk.getByRole('button', { name: 'Upload' }).click();
    await desk.getByText(/^Uploaded brachial-plexus\.mp4/).waitFor({ timeout: 120_000 });
    expect(cut).toBe(2);

    // The packaging shows live in the list until the lecture is ready.
    const row = desk.locator('li', { hasText: TITLE });
    await row.locator('[data-state="ready"]').waitFor({ timeout: 600_000 });
    expect(await row.innerText()).toMatch(/Ready · 30 s · 360p, 540p, 720p/);

    // The student finds it in its chapter…
    const student = await newPage(suite.browser, suite.baseUrl, { width: 1280 });
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const item = await (await fetch(`${suite.baseUrl}/api/chapter/${DEMO.upperLimbChapter}`, { headers: { authorization: session, agent: 'browser' } })).json();
    const video = (item.data.videoContents as { _id: string; title: string; key: string; URL: string; isDrmEnabled: string }[]).find((v) => v.title === TITLE)!;
    expect(video).toMatchObject({ isDrmEnabled: '1' });

    // …and plays it with shaka-player as the app does: the stream token on every request, the ClearKey licence from this server.
    await student.route(`${suite.baseUrl}/playback-check`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><video id="v" muted playsinline width="320"></video></body></html>' }));
    await student.goto(`${suite.baseUrl}/playback-check`);
    await student.addScriptTag({ content: shakaSource });
    await student.evaluate(
      async ({ session, video, studentId }) => {
        const w = window as unknown as { shaka: any; report: { error: string | null }; player: any };
        const api = async (url: string, body: unknown) => {
          const response = await fetch(`/api${url}`, { method: 'POST', headers: { authorization: session, agent: 'browser', 'content-type': 'application/json' }, body: JSON.stringify(body) });
          if (!response.ok) throw new Error(`${url} answered ${response.status}`);
          return (await response.json()).data;
        };
        w.report = { error: null };
        w.shaka.polyfill.installAll();
        const element = document.getElementById('v') as HTMLVideoElement;
        const player = new w.shaka.Player();
        w.player = player;
        await player.attach(element);
        const { token } = await api('/lecture/getToken', { key: video.key });
        const drm = await api('/content/drm-auth', { userId: studentId, contentId: video._id, platform: 'web' });
        player.getNetworkingEngine().registerRequestFilter((type: number, request: { uris: string[]; headers: Record<string, string> }) => {
          if (type === w.shaka.net.NetworkingEngine.RequestType.LICENSE) {
            request.headers['x-drm-token'] = drm.clearKeyToken;
            return;
          }
          request.uris = request.uris.map((uri) => {
            const url = new URL(uri, location.href);
            url.searchParams.set('token', token);
            return url.toString();
          });
        });
        player.configure({ drm: { servers: { 'org.w3.clearkey': drm.licenseServers.clearKey } } });
        player.addEventListener('error', (event: { detail: { code: number } }) => {
          w.report.error = `shaka error ${event.detail.code}`;
        });
        try {
          await player.load(`${video.URL}?token=${encodeURIComponent(token)}`);
          await element.play();
        } catch (error) {
          w.report.error = String((error as { code?: number }).code ?? error);
        }
      },
      { session, video, studentId: DEMO_STUDENT.id },
    );
    const report = await vi.waitFor(
      async () => {
        const seen = await student.evaluate(() => {
          const w = window as unknown as { report: { error: string | null }; player: any };
          const element = document.getElementById('v') as HTMLVideoElement;
          const heights = [...new Set<number>(w.player.getVariantTracks().map((t: { height: number }) => t.height))].sort((a, b) => a - b);
          return { error: w.report.error, currentTime: element.currentTime, frames: element.getVideoPlaybackQuality().totalVideoFrames, heights };
        });
        if (!seen.error && seen.currentTime <= 1) throw new Error('not playing yet');
        return seen;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(report.error).toBeNull();
    expect(report.frames).toBeGreaterThan(0);
    expect(report.heights).toEqual([360, 540, 720]);
    fs.rmSync(storageDir, { recursive: true, force: true });
  });
});
