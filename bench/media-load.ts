// Lecture packaging benchmark: a 10-minute 720p lecture uploaded through the desk's resumable upload
// (tus, 4 MB requests as the desk sends them) and packaged into the ClearKey ladder by the server's own
// job runner, while a batch sits a live exam against the same server process.
//
//   npm run bench:media -- [--minutes 10] [--height 720] [--sitting 300] [--db sqlite:/tmp/x.sqlite | postgres://...]
//
// Prints the upload's throughput (over loopback: the link's own limit is the network's), the time from
// the upload's end to ready against the video's length (budget: 1x real time), the bytes per hour of
// lecture of each rendition, and the saves' latencies before and during the packaging (budget p99 100 ms).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importAcademy } from '../server/import/index.js';
import { createSession } from '../server/account/sessions.js';
import { API_PREFIX, examsPaths, lecturePaths, pathTo } from '../src/contracts/paths.js';
import type { Lecture } from '../src/contracts/lectures.js';
import { newStats, percentile, positive, prepareDatabase, report, timed } from './bench-server.js';
import { agent, request, sleep, startServerProcess, type ServerProcess } from './server-process.js';

const MINUTES = positive('minutes', 10);
const HEIGHT = Math.floor(positive('height', 720));
const SITTING = Math.floor(positive('sitting', 300));
const SAVE_EVERY_MS = 3_000;
const SAVE_BUDGET_MS = 100;
const CHUNK = 4 * 1024 * 1024;

const COURSE = 'c0d0000000000000000000d1';
const GROUP = '90d0000000000000000000d1';
const EXAM = 'e0d0000000000000000000d1';
const CHAPTER = 'cad0000000000000000000d1';
const TEACHER = '5f0d000000000000000000d1';
const sittingId = (i: number) => `5d${i.toString(16).padStart(22, '0')}`;
const liveQuestion = (i: number) => `e2d${i.toString(16).padStart(21, '0')}`;

function bundle() {
  return {
    staff: [{ id: TEACHER, name: 'Bench Teacher', username: 'bench-teacher', role: 'teacher', password: 'bench-teacher-pass', courseIds: [COURSE] }],
    courses: [{ id: COURSE, name: 'Media Bench Course', subjects: [{ id: 'b0d0000000000000000000d1', name: 'Anatomy', chapters: [{ id: CHAPTER, name: 'Upper Limb' }] }] }],
    groups: [{ id: GROUP, name: 'Sitting Batch', courseId: COURSE, items: 'all' }],
    students: Array.from({ length: SITTING }, (_, i) => ({ id: sittingId(i), name: `Sitting ${i + 1}`, sid: `M-${i + 1}`, phone: `015${String(i).padStart(8, '0')}`, groups: [GROUP] })),
    exams: [{
      id: EXAM, title: 'Live exam under way', courseId: COURSE, passMark: 40,
      questions: Array.from({ length: 40 }, (_, i) => ({ id: liveQuestion(i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4] })),
      assignments: [{ groupId: GROUP, startsAt: 'now-5m', endsAt: 'now+3h', duration: 120 }],
    }],
  };
}

/** A lecture-like source: a moving test pattern with a clock and a tone, made as fast as ffmpeg can. */
function lectureSource(dir: string): string {
  const file = path.join(dir, `lecture-${MINUTES}min-${HEIGHT}p.mp4`);
  const width = Math.round((HEIGHT * 16) / 9 / 2) * 2;
  const seconds = Math.round(MINUTES * 60);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${HEIGHT}:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', file]);
  return file;
}

/** The desk's upload: tus creation, then PATCHes of 4 MB; resolves with the lecture's id and the seconds it took. */
async function upload(port: number, session: string, file: string): Promise<{ lectureId: string; seconds: number }> {
  const base = `http://127.0.0.1:${port}`;
  const bytes = fs.readFileSync(file);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const headers = { 'tus-resumable': '1.0.0', authorization: session, agent: 'browser' };
  const t0 = performance.now();
  const created = await fetch(`${base}${API_PREFIX}${lecturePaths.uploads}?itemId=${CHAPTER}`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${b64(path.basename(file))},title ${b64('Benchmark lecture')},itemId ${b64(CHAPTER)}` },
  });
  if (created.status !== 201) throw new Error(`upload creation answered ${created.status}: ${await created.text()}`);
  const location = `${base}${created.headers.get('location')}`;
  let lectureId = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    const sent = await fetch(location, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes.subarray(offset, Math.min(bytes.length, offset + CHUNK))),
    });
    if (sent.status !== 204) throw new Error(`PATCH at ${offset} answered ${sent.status}: ${await sent.text()}`);
    lectureId = sent.headers.get('lecture-id') ?? lectureId;
  }
  return { lectureId, seconds: (performance.now() - t0) / 1000 };
}

async function main(): Promise<void> {
  const database = await prepareDatabase('media-bench');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-bench-'));
  let server: ServerProcess | null = null;
  try {
    console.log(`Media benchmark: a ${MINUTES}-minute ${HEIGHT}p lecture uploaded and packaged while ${SITTING} students save an answer every ${SAVE_EVERY_MS / 1000} s`);
    console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores (${os.loadavg()[0]!.toFixed(1)} load), Node ${process.version}`);
    const made = performance.now();
    const source = lectureSource(dir);
    const sourceBytes = fs.statSync(source).size;
    console.log(`Source: ${(sourceBytes / 1024 / 1024).toFixed(1)} MB, made in ${((performance.now() - made) / 1000).toFixed(0)} s`);
    const { db, dialect } = await connect(database.url);
    await migrate(db, dialect);
    await importAcademy(db, bundle(), { now: new Date(), scryptCost: 1024 });
    const teacher = await createSession(db, { id: TEACHER, kind: 'staff' }, new Date(), 1);
    const sessions: string[] = [];
    for (let i = 0; i < SITTING; i += 1) sessions.push(await createSession(db, { id: sittingId(i), kind: 'student' }, new Date(), 1));

    server = await startServerProcess(database.url, { LOG_LEVEL: 'silent', STORAGE_DIR: path.join(dir, 'storage'), MEDIA_MAX_MB: '8192' });
    const port = server.port;
    for (const session of sessions) {
      const started = await request(port, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.start, { examId: EXAM, groupId: GROUP })}`, session);
      if (started.status !== 200) throw new Error(`start answered ${started.status}: ${started.body}`);
    }
    let phase = newStats('answer saves before the packaging');
    const before = phase;
    let stop = false;
    const saving = Promise.all(sessions.map(async (session, s) => {
      await sleep((s / SITTING) * SAVE_EVERY_MS);
      for (let round = 0; !stop; round += 1) {
        const next = performance.now() + SAVE_EVERY_MS;
        await timed(phase, () => request(port, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.addAnswer, { examId: EXAM, groupId: GROUP })}?isLive=true`, session, { questionId: liveQuestion((s + round) % 40), answer: [round % 4], timestamp: Date.now() }));
        await sleep(Math.max(0, next - performance.now()));
      }
    }));
    await sleep(10_000);
    before.endedAt = performance.now();
    const during = newStats('answer saves during the upload and packaging');
    phase = during;

    const sent = await upload(port, teacher, source);
    console.log(`Upload: ${(sourceBytes / 1024 / 1024).toFixed(1)} MB in ${sent.seconds.toFixed(1)} s, ${((sourceBytes * 8) / sent.seconds / 1e6).toFixed(0)} Mbit/s over loopback`);
    const uploaded = performance.now();
    let lecture: Lecture;
    let said = '';
    for (;;) {
      await sleep(1000);
      const reply = await request(port, 'GET', `${API_PREFIX}${pathTo(lecturePaths.lecture, { lectureId: sent.lectureId })}`, teacher);
      lecture = (JSON.parse(reply.body) as { data: Lecture }).data;
      const line = `${lecture.state}${lecture.state === 'transcoding' ? ` ${Math.floor(lecture.percent / 10) * 10}%` : ''}`;
      if (line !== said) console.log(`  ${((performance.now() - uploaded) / 1000).toFixed(0).padStart(4)} s  ${line}`);
      said = line;
      if (lecture.state === 'ready' || lecture.state === 'failed' || lecture.state === 'cancelled') break;
    }
    const readyS = (performance.now() - uploaded) / 1000;
    during.endedAt = performance.now();
    stop = true;
    await saving;
    if (lecture.state !== 'ready') throw new Error(`The lecture ended ${lecture.state}: ${lecture.failure}`);

    const duration = lecture.durationSeconds ?? MINUTES * 60;
    console.log('');
    console.log(`Ready ${readyS.toFixed(0)} s after the upload for ${duration.toFixed(0)} s of video: ${(readyS / duration).toFixed(2)}x real time (budget 1x)`);
    for (const rendition of lecture.renditions) console.log(`  ${rendition.name.padEnd(6)} ${((rendition.bytes * 3600) / duration / 1024 / 1024).toFixed(0).padStart(6)} MB per hour of lecture`);
    console.log('');
    report(before);
    report(during);
    const p99 = percentile([...during.latencies].sort((a, b) => a - b), 99);
    console.log(p99 < SAVE_BUDGET_MS && during.errors === 0 ? `Saves during the packaging: p99 ${p99.toFixed(1)} ms, within ${SAVE_BUDGET_MS} ms.` : `Saves during the packaging: p99 ${p99.toFixed(1)} ms, ${during.errors} errors: over the budget of ${SAVE_BUDGET_MS} ms.`);
    if (readyS > duration || p99 >= SAVE_BUDGET_MS || during.errors) process.exitCode = 1;
    await db.destroy();
  } finally {
    await server?.stop();
    agent.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
