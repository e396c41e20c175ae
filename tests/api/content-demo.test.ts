// The demo academy's learning content: every kind of video and real notes in the demo student's
// batches, hidden videos kept out of reach, and every media file the data points at present and served.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { seedMediaDir } from '../../server/media-files.js';
import { clearKey } from './content-batches.bundle.js';
import { contentPaths, mediaSitePaths, pathTo } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { DEMO_STUDENT } from '../support/demo-academy.js';

const demoStudent = '570000000000000000000001';
const studentWithoutBatch = '570000000000000000000002';
const upperLimb = 'ca0000000000000000000001';

interface DemoContent { id: string; type: string; key?: string; url?: string; thumbnail?: string; videoKind?: string; isPublished?: boolean; isVOD?: boolean; isAvailable?: boolean; drmKeys?: { keyId: string; key: string }[] }
interface DemoItem { id: string; contents?: DemoContent[] }
interface DemoSubject { id: string; image?: string; chapters?: DemoItem[]; lectures?: DemoItem[]; questionSolves?: DemoItem[] }
const demoCourses = JSON.parse(fs.readFileSync(path.join(seedMediaDir, '../demo/20-courses.json'), 'utf8')).courses as { id: string; image?: string; subjects: DemoSubject[] }[];
const typeOfList = { chapters: 'chapter', lectures: 'lecture', questionSolves: 'question-solve' } as const;
const demoItems = demoCourses.flatMap((course) =>
  course.subjects.flatMap((subject) =>
    (Object.keys(typeOfList) as (keyof typeof typeOfList)[]).flatMap((list) => (subject[list] ?? []).map((item) => ({ ...item, type: typeOfList[list], courseId: course.id }))),
  ),
);

function folderSize(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? folderSize(full) : fs.statSync(full).size);
  }, 0);
}

describe.each(databaseKinds())('demo academy content (%s)', (kind) => {
  let server: TestServer;
  let session: string;
  const data = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await server.call({ method, url, payload, session });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 1024 } });
    session = await server.sessionFor(demoStudent);
  });
  afterAll(() => server.close());

  it('gives the demo student three courses with images, one subject left without an image', async () => {
    const courses = await data('GET', apiPath(contentPaths.courses));
    expect(courses.map((c: { _id: string }) => c._id)).toEqual(['c00000000000000000000001', 'c00000000000000000000002', 'c00000000000000000000003']);
    for (const course of courses) expect(course.image).toMatch(/^\/media\/images\/.+\.jpg$/);
    const pharmacology = courses[0].subjects.find((s: { name: string }) => s.name === 'Pharmacology');
    expect(pharmacology.image).toBeNull();
  });

  it('answers the sign-in with My Courses\' list, the same as the course list asked for after it', async () => {
    const signIn = await server.call({ method: 'POST', url: '/api/student/login', payload: { username: `88${DEMO_STUDENT.phone}`, password: DEMO_STUDENT.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { student, myCourses } = signIn.json().data;
    expect(student._id).toBe(demoStudent);
    const list = await data('GET', `/api/student/courseByStudent/${demoStudent}`);
    expect(myCourses).toEqual(list);
    expect(myCourses.map((c: { subjects: unknown[] }) => c.subjects.length)).toEqual(list.map((c: { subjects: unknown[] }) => c.subjects.length));
    expect(myCourses[0].subjects.length).toBeGreaterThan(1);
  });

  it('gives the student in no batch no courses', async () => {
    const other = await server.sessionFor(studentWithoutBatch);
    const response = await server.call({ method: 'GET', url: apiPath(contentPaths.courses), session: other });
    expect(response.json()).toEqual({ data: [] });
  });

  it('has every kind of video and notes in the Upper Limb chapter, and hides the draft and the unprocessed recording', async () => {
    const { videoContents, fileContents } = await data('GET', apiPath(contentPaths.itemContent, { type: 'chapter', itemId: upperLimb }));
    expect(videoContents.map((v: { _id: string; videoKind: string }) => [v._id, v.videoKind])).toEqual([
      ['7d0000000000000000000001', 'hls'],
      ['7d0000000000000000000002', 'dash-drm'],
      ['7d0000000000000000000003', 'iframe'],
      ['7d0000000000000000000004', 'youtube'],
    ]);
    expect(videoContents[1]).toMatchObject({ isDrmEnabled: '1', drmType: 'ClearKey', URL: pathTo(mediaSitePaths.stream, { contentId: '7d0000000000000000000002', file: 'manifest.mpd' }) });
    expect(videoContents[2].URL).toBe(pathTo(mediaSitePaths.embed, { contentId: '7d0000000000000000000003' }));
    expect(videoContents[3].URL).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    expect(fileContents.map((f: { _id: string }) => f._id)).toEqual(['7f0000000000000000000001', '7f0000000000000000000002']);
    for (const hiddenKey of ['clear-hls/cubital-fossa-draft', 'clear-hls/live-class-recording-hand-processing']) {
      const response = await server.call({ method: 'POST', url: apiPath(contentPaths.streamToken), payload: { key: hiddenKey }, session });
      expect(response.statusCode).toBe(404);
    }
  });

  it('licenses the demo ClearKey clip with the key it was packaged with', async () => {
    const { clearKeyToken, licenseServers } = await data('POST', apiPath(contentPaths.drmAuth), { userId: demoStudent, contentId: '7d0000000000000000000002', platform: 'web' });
    const kid = Buffer.from(clearKey.keyId, 'hex').toString('base64url');
    const response = await server.call({ method: 'POST', url: licenseServers.clearKey, headers: { 'x-drm-token': clearKeyToken }, payload: { kids: [kid], type: 'temporary' } });
    expect(response.json()).toEqual({ keys: [{ kty: 'oct', kid, k: Buffer.from(clearKey.key, 'hex').toString('base64url') }], type: 'temporary' });
    const manifest = fs.readFileSync(path.join(seedMediaDir, 'clearkey-dash/manifest.mpd'), 'utf8');
    const packagedKid = /cenc:default_KID="([0-9a-f-]+)"/.exec(manifest)![1]!.replace(/-/g, '');
    expect(packagedKid).toBe(clearKey.keyId);
  });

  it('serves every demo stream, note, thumbnail and image the data points at', async () => {
    let streams = 0;
    let notes = 0;
    for (const item of demoItems) {
      for (const content of item.contents ?? []) {
        const visible = content.type === 'file' || (content.isPublished !== false && (!content.isVOD || content.isAvailable !== false));
        if (!visible) continue;
        if (content.type === 'file') {
          const response = await server.call({ method: 'GET', url: apiPath(contentPaths.noteFile, { contentId: content.id }), session });
          expect(response.statusCode, content.id).toBe(200);
          expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
          notes++;
          continue;
        }
        if (content.thumbnail) expect((await server.call({ method: 'GET', url: content.thumbnail })).statusCode, content.thumbnail).toBe(200);
        if (content.videoKind === 'youtube') continue;
        const { token } = await data('POST', apiPath(contentPaths.streamToken), { key: content.key });
        const url = content.videoKind === 'iframe' ? pathTo(mediaSitePaths.stream, { contentId: content.id, file: 'clip.mp4' }) : content.url!;
        const response = await server.call({ method: 'GET', url: `${url}?token=${token}` });
        expect(response.statusCode, url).toBe(200);
        streams++;
      }
    }
    expect(streams).toBeGreaterThanOrEqual(12);
    expect(notes).toBeGreaterThanOrEqual(9);
    for (const course of demoCourses) {
      for (const image of [course.image, ...course.subjects.map((s) => s.image)].filter(Boolean)) {
        expect((await server.call({ method: 'GET', url: image! })).statusCode, image).toBe(200);
      }
    }
  });

  it('keeps the committed demo media small', () => {
    expect(folderSize(seedMediaDir)).toBeLessThan(3 * 1024 * 1024);
  });
});
