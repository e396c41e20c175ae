// Lectures in (src/contracts/lectures.ts, server/lectures): a teacher of the course uploads a video
// with the tus protocol in pieces, resuming from the server's offset; its packaging is a job that
// probes, transcodes and packages it into a ClearKey-protected stream, and the video reaches the
// students' item only once ready. Every file the packaging refuses is refused in its own words; ffmpeg
// killed mid-way fails the job with the reason, and a retry packages it; deleting removes every file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { DEMO, DEMO_ADMIN, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy.js';
import { apiPath } from '../support/api-path.js';
import { badFiles, clip } from '../support/lecture-media.js';
import { contentPaths, lecturePaths, pathTo } from '../../src/contracts/paths.js';
import type { Lecture, LectureDesk } from '../../src/contracts/lectures.js';
import { LECTURE_EVENT } from '../../src/contracts/limits.js';
import { MEDIA_REFUSALS, mediaTools } from '../../server/lectures/packaging.js';

const FCPS_TEACHER = '5f0000000000000000000003';
/** ffmpeg's work on a busy machine: a few seconds of video each, but 2 cores shared. */
const SLOW = 600_000;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(databaseKinds())('lectures in (%s)', (kind) => {
  let server: TestServer;
  let base: string;
  let teacher: string;
  let student: string;
  let storageDir: string;
  const heard: Lecture[] = [];
  /** Whether the student's chapter listed the lecture while it was being transcoded. */
  const listedWhileTranscoding: Promise<boolean>[] = [];

  const chapterVideos = async () => {
    const response = await server.call({ method: 'GET', url: apiPath(pathTo(contentPaths.itemContent, { type: 'chapter', itemId: DEMO.upperLimbChapter })), session: student });
    expect(response.statusCode).toBe(200);
    return (JSON.parse(response.body).data.videoContents as { _id: string; URL: string; isDrmEnabled: string }[]);
  };

  /**
   * One tus request. A kept-alive connection the server closed just as the request went out on it is
   * reset before any answer: the request goes once more on a fresh one, as a browser does.
   */
  const tus = async (method: string, url: string, session: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Response> => {
    const send = () => fetch(`${base}${url}`, { method, headers: { 'tus-resumable': '1.0.0', authorization: session, ...headers }, body: body ? new Uint8Array(body) : undefined });
    try {
      return await send();
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
      return send();
    }
  };

  const create = async (session: string, size: number, meta: Record<string, string>) =>
    tus('POST', `${apiPath(lecturePaths.uploads)}?itemId=${meta.itemId}`, session, { 'upload-length': String(size), 'upload-metadata': Object.entries(meta).map(([k, v]) => `${k} ${b64(v)}`).join(',') });

  /** Uploads a file in `pieces` PATCHes, asking the offset (HEAD) before each as a resumed upload does; the lecture's id. */
  async function upload(file: string, title: string, pieces = 1, session = teacher): Promise<string> {
    const bytes = fs.readFileSync(file);
    const created = await create(session, bytes.length, { filename: path.basename(file), title, itemId: DEMO.upperLimbChapter });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/staff\/lecture-uploads\/[0-9a-f]{24}$/);
    const piece = Math.ceil(bytes.length / pieces);
    let lectureId: string | null = null;
    for (let i = 0; i < pieces; i++) {
      const head = await tus('HEAD', location, session);
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBe(i * piece);
      const sent = await tus('PATCH', location, session, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes.subarray(offset, Math.min(bytes.length, offset + piece)));
      expect(sent.status, await sent.clone().text()).toBe(204);
      lectureId = sent.headers.get('lecture-id');
    }
    expect(lectureId).toMatch(/^[0-9a-f]{24}$/);
    return lectureId!;
  }

  const lecture = async (id: string) => {
    const response = await server.call({ method: 'GET', url: apiPath(pathTo(lecturePaths.lecture, { lectureId: id })), session: teacher });
    expect(response.statusCode).toBe(200);
    return JSON.parse(response.body).data as Lecture;
  };
  const packaged = async (id: string) => {
    await server.app.jobs.idle();
    return lecture(id);
  };

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectures-'));
    server = await startTestServer({ kind, bundle: 'demo', env: { STORAGE_DIR: storageDir, MEDIA_MAX_MB: '4', MEDIA_MAX_HOURS: '0.0069' } });
    base = await server.listen();
    teacher = await server.sessionFor(DEMO_TEACHER.id, 'staff');
    student = await server.sessionFor(DEMO_STUDENT.id);
    const toStaff = server.app.realtime.toStaffOfCourse;
    server.app.realtime.toStaffOfCourse = (courseId, event, payload) => {
      if (event === LECTURE_EVENT && 'state' in (payload as Lecture)) {
        const view = payload as Lecture;
        heard.push(view);
        if (view.state === 'transcoding') listedWhileTranscoding.push(chapterVideos().then((videos) => videos.some((video) => video._id === view.id)));
      }
      toStaff(courseId, event, payload);
    };
  }, SLOW);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('takes an upload in pieces, packages it, and shows the video to students only once ready', async () => {
    const id = await upload(clip({ seconds: 3, height: 360 }), 'Brachial plexus, part 1', 3);
    const ready = await packaged(id);
    expect(ready).toMatchObject({ state: 'ready', percent: 100, failure: null, place: 'Anatomy / Upper Limb', sourceName: expect.stringMatching(/\.mp4$/) });
    expect(ready.durationSeconds).toBeCloseTo(3, 0);
    expect(ready.renditions.map((r) => r.name)).toEqual(['360p', 'audio']);
    // The desk heard it go through every step, live (the last event may arrive just after the read that saw it ready).
    // (Whether 'queued' is heard depends on whether a runner took the job before the upload's answer.)
    await expect
      .poll(() => heard.filter((view) => view.id === id).map((view) => view.state), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['probing', 'transcoding', 'packaging', 'ready']));
    expect(await Promise.all(listedWhileTranscoding)).not.toContain(true);
    // Now it is the chapter's protected video, with its own key served by the licence path.
    const video = (await chapterVideos()).find((v) => v._id === id);
    expect(video).toMatchObject({ isDrmEnabled: '1', URL: `/media/streams/${id}/manifest.mpd` });
    const row = await server.app.db.selectFrom('contents').select(['drm_keys', 'drm_type']).where('id', '=', id).executeTakeFirstOrThrow();
    const [pair] = JSON.parse(row.drm_keys!) as { keyId: string }[];
    const manifest = fs.readFileSync(path.join(storageDir, 'streams', id, 'manifest.mpd'), 'utf8');
    expect(manifest.replaceAll('-', '')).toContain(pair!.keyId);
    expect(manifest).not.toContain(storageDir);
    expect(fs.existsSync(path.join(storageDir, 'images', `lecture-${id}.jpg`))).toBe(true);
    // The uploaded file is let go once the stream is ready.
    expect(fs.readdirSync(path.join(storageDir, 'lecture-uploads')).filter((name) => !name.endsWith('.json'))).toEqual([]);
  }, SLOW);

  it('refuses what is not a lecture video, each in its own words, within the probe', async () => {
    const cases: [string, string][] = [
      [badFiles.text(), MEDIA_REFUSALS.notVideo],
      [badFiles.truncated(), MEDIA_REFUSALS.damaged],
      [badFiles.empty(), MEDIA_REFUSALS.empty],
      [badFiles.audioOnly(), MEDIA_REFUSALS.audioOnly],
      // MEDIA_MAX_HOURS is 24.84 seconds here: a 30-second video is "a 10-hour file" to this academy.
      [clip({ seconds: 30, height: 144 }), MEDIA_REFUSALS.tooLong(30, 0.0069 * 3600)],
    ];
    for (const [file, words] of cases) {
      const id = await upload(file, `Refused ${path.basename(file)}`);
      const view = await packaged(id);
      expect(view, file).toMatchObject({ state: 'failed', failure: words });
      expect(fs.existsSync(path.join(storageDir, 'streams', id))).toBe(false);
    }
    expect(MEDIA_REFUSALS.tooLong(10 * 3600, 6 * 3600)).toBe('This video is 10 hours long; a lecture may be at most 6 hours. Split it into parts.');
  }, SLOW);

  it('refuses a file over MEDIA_MAX_MB, a wrong file type, no title and another course before a byte is sent', async () => {
    const tooLarge = await create(teacher, 5 * 1024 * 1024, { filename: 'long.mp4', title: 'Too large', itemId: DEMO.upperLimbChapter });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).errors).toMatchObject({ code: 'lectureTooLarge', title: 'The video is larger than 4 MB, the most a lecture may be.' });
    const pdf = await create(teacher, 1000, { filename: 'notes.pdf', title: 'Notes', itemId: DEMO.upperLimbChapter });
    expect(pdf.status).toBe(400);
    expect((await pdf.json()).errors.code).toBe('lectureFileType');
    const untitled = await create(teacher, 1000, { filename: 'a.mp4', title: '  ', itemId: DEMO.upperLimbChapter });
    expect((await untitled.json()).errors.code).toBe('lectureTitle');
    const other = await create(await server.sessionFor(FCPS_TEACHER, 'staff'), 1000, { filename: 'a.mp4', title: 'Not mine', itemId: DEMO.upperLimbChapter });
    expect(other.status).toBe(403);
    expect((await other.json()).errors.code).toBe('notYourCourse');
    // Another staff member cannot send to an upload that is not theirs, nor a student to any.
    const created = await create(teacher, 1000, { filename: 'a.mp4', title: 'Mine', itemId: DEMO.upperLimbChapter });
    const location = created.headers.get('location')!;
    expect((await tus('HEAD', location, await server.sessionFor(DEMO_ADMIN.id, 'staff'))).status).toBe(404);
    expect((await tus('HEAD', location, student)).status).toBe(403);
    const wrongOffset = await tus('PATCH', location, teacher, { 'upload-offset': '10', 'content-type': 'application/offset+octet-stream' }, Buffer.alloc(10));
    expect(wrongOffset.status).toBe(409);
    expect((await wrongOffset.json()).errors.code).toBe('lectureUploadOffset');
  });

  it('fails the job with the reason when ffmpeg is killed mid-way, and packages it on retry', async () => {
    // ffmpeg reads this source at 4 times its pace (a wrapper adds -readrate), so it is surely still
    // transcoding when killed, whatever the machine's speed; the retry runs at full speed.
    const wrapper = path.join(storageDir, 'slow-ffmpeg.sh');
    fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${mediaTools.ffmpeg} -readrate 4 "$@"\n`, { mode: 0o755 });
    const fullSpeed = mediaTools.ffmpeg;
    mediaTools.ffmpeg = wrapper;
    const file = clip({ seconds: 20, height: 240 });
    const id = await upload(file, 'Killed mid-way');
    // The moment the desk hears ffmpeg's progress, it (this process's child) is killed.
    const killed = new Promise<number>((resolve) => {
      const toStaff = server.app.realtime.toStaffOfCourse;
      server.app.realtime.toStaffOfCourse = (courseId, event, payload) => {
        toStaff(courseId, event, payload);
        // A time left is told only from ffmpeg's own progress: it is running then.
        if ((payload as Lecture).id === id && (payload as Lecture).state === 'transcoding' && (payload as Lecture).secondsLeft !== null) {
          server.app.realtime.toStaffOfCourse = toStaff;
          mediaTools.ffmpeg = fullSpeed;
          const running = childFfmpegs();
          for (const pid of running) process.kill(pid, 'SIGKILL');
          resolve(running.length);
        }
      };
    });
    expect(await killed).toBe(1);
    const failed = await packaged(id);
    expect(failed.state).toBe('failed');
    expect(failed.failure).toMatch(/^The packaging stopped: ffmpeg was killed \(SIGKILL\) at \d+%\. Retry to package it again\.$/);
    expect(fs.existsSync(path.join(storageDir, 'streams', id))).toBe(false);
    expect((await chapterVideos()).some((video) => video._id === id)).toBe(false);

    const retried = await server.call({ method: 'POST', url: apiPath(pathTo(lecturePaths.retry, { lectureId: id })), session: teacher });
    expect(retried.statusCode).toBe(200);
    expect(['queued', 'probing', 'transcoding', 'packaging']).toContain(JSON.parse(retried.body).data.state);
    expect(await packaged(id)).toMatchObject({ state: 'ready', failure: null });
    const again = await server.call({ method: 'POST', url: apiPath(pathTo(lecturePaths.retry, { lectureId: id })), session: teacher });
    expect(again.statusCode).toBe(409);
  }, SLOW);

  it('lists the places and lectures of the courses taught, and deleting a lecture removes its files', async () => {
    const desk = await server.call({ method: 'GET', url: apiPath(lecturePaths.desk), session: teacher });
    const data = JSON.parse(desk.body).data as LectureDesk;
    expect(data.places.map((place) => place.courseId)).toEqual([DEMO.mbbsCourse]);
    expect(data.maxBytes).toBe(4 * 1024 * 1024);
    const ready = data.lectures.find((item) => item.state === 'ready')!;
    expect(ready).toBeDefined();
    const other = await server.call({ method: 'GET', url: apiPath(lecturePaths.desk), session: await server.sessionFor(FCPS_TEACHER, 'staff') });
    expect(JSON.parse(other.body).data.lectures).toEqual([]);
    const refused = await server.call({ method: 'DELETE', url: apiPath(pathTo(lecturePaths.lecture, { lectureId: ready.id })), session: await server.sessionFor(FCPS_TEACHER, 'staff') });
    expect(refused.statusCode).toBe(403);

    const removed = await server.call({ method: 'DELETE', url: apiPath(pathTo(lecturePaths.lecture, { lectureId: ready.id })), session: teacher });
    expect(removed.statusCode).toBe(200);
    expect(fs.existsSync(path.join(storageDir, 'streams', ready.id))).toBe(false);
    expect(fs.existsSync(path.join(storageDir, 'images', `lecture-${ready.id}.jpg`))).toBe(false);
    expect((await chapterVideos()).some((video) => video._id === ready.id)).toBe(false);
    const gone = await server.call({ method: 'GET', url: apiPath(pathTo(lecturePaths.lecture, { lectureId: ready.id })), session: teacher });
    expect(gone.statusCode).toBe(404);
  });
});

/** The pids of the ffmpeg processes this test process started (the packaging's, through nice). */
function childFfmpegs(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const stat = readStat(entry);
    if (stat && stat.ppid === process.pid && stat.name === 'ffmpeg') pids.push(Number(entry));
  }
  return pids;
}

function readStat(pid: string): { name: string; ppid: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    const ppid = Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
    return { name, ppid };
  } catch {
    return null;
  }
}
