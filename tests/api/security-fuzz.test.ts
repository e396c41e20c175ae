// Malformed input on every route must get a clear client error, never a 500: path values that are
// too long, encoded or odd, duplicated query parameters, and bodies of the wrong shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const STUDENT = '570000000000000000000001';
const EXAM = 'e10000000000000000000001';
const GROUP = '900000000000000000000001';
const COURSE = 'c00000000000000000000001';

/** Odd values for one path segment (already URL-encoded where needed). */
const segments = [
  'x'.repeat(300), '%00', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%F0%9F%92%A5', '-1', '1e309', '%5B%5D', '%20', 'null',
  `${EXAM.slice(0, 23)}%00`, encodeURIComponent('<script>'),
];

/** Odd JSON bodies and odd values placed in each field of a body. */
const bodies: unknown[] = [null, [], 'text', 12, true, {}, { a: { b: { c: [] } } }];
const values: unknown[] = [null, [], {}, ['a', 'b'], 1e308, -1, 2 ** 63, 'x'.repeat(100_000), 'a\u0000b', '💥'.repeat(50), true, { $gt: '' }];

const routes: { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; path: string; fields?: string[] }[] = [
  { method: 'POST', path: '/api/student/login', fields: ['username', 'password'] },
  { method: 'POST', path: '/api/staff/login', fields: ['username', 'password'] },
  { method: 'GET', path: '/api/student/otp/:p' },
  { method: 'PATCH', path: '/api/student/forgot-password/:p' },
  { method: 'PATCH', path: '/api/student/set-password', fields: ['otp', 'hash', 'phone', 'password'] },
  { method: 'GET', path: '/api/student/profile' },
  { method: 'PATCH', path: '/api/student/profile', fields: ['SSCGPA', 'HSCGPA', 'profilePic'] },
  { method: 'GET', path: '/api/course' },
  { method: 'GET', path: '/api/student/courseByStudent/:p' },
  { method: 'GET', path: '/api/subject/:p' },
  { method: 'GET', path: '/api/subject/by-course-id/:p' },
  { method: 'GET', path: '/api/lecture/by-subject-id/:p' },
  { method: 'GET', path: '/api/chapter/:p' },
  { method: 'GET', path: '/api/content/file/:p' },
  { method: 'GET', path: '/api/group/:p' },
  { method: 'GET', path: '/api/course/:p/subject-completion' },
  { method: 'PATCH', path: '/api/content/mark-as-complete/:p', fields: ['courseId', 'subjectId', 'type'] },
  { method: 'POST', path: '/api/lecture/getToken', fields: ['key'] },
  { method: 'POST', path: '/api/content/drm-auth', fields: ['userId', 'contentId', 'platform'] },
  { method: 'GET', path: '/api/content/signed-request' },
  { method: 'PUT', path: '/api/uploads/:p' },
  { method: 'GET', path: '/api/media/files/:p' },
  { method: 'GET', path: '/media/files/:p' },
  { method: 'GET', path: '/media/streams/:p/index.m3u8' },
  { method: 'GET', path: '/media/embed/:p' },
  { method: 'GET', path: '/media/images/:p' },
  { method: 'POST', path: '/api/media/clearkey/:p', fields: ['kids', 'type'] },
  { method: 'GET', path: '/api/media/exam/:p' },
  { method: 'GET', path: '/api/exam/by-course/:p' },
  { method: 'GET', path: '/api/exam/getExamNamePrompt' },
  { method: 'GET', path: '/api/exam/id/:p' },
  { method: 'GET', path: `/api/exam/id/${EXAM}/groupId/:p` },
  { method: 'PATCH', path: `/api/exam/start/:p/group-id/${GROUP}` },
  { method: 'PATCH', path: `/api/exam/add-answer/${EXAM}/group/${GROUP}`, fields: ['questionId', 'answer', 'timestamp', 'extra', 'answerIndex'] },
  { method: 'PATCH', path: `/api/exam/submit/:p/group/${GROUP}`, fields: ['candidateCategory', 'facultyName', 'subjectName'] },
  { method: 'PATCH', path: `/api/exam/retake/${EXAM}/student-id/:p` },
  { method: 'POST', path: '/api/exam/add-segmented-exam-subject', fields: ['examId', 'studentId', 'mandatorySubjects', 'compulsoryOptionalSubjects', 'optionalSubjects', 'isPracticeExam'] },
  { method: 'GET', path: `/api/exam/get-segmented-exam-subject/${EXAM}/:p` },
  { method: 'GET', path: '/api/notification' },
  { method: 'PATCH', path: '/api/notification/seen/:p' },
  { method: 'DELETE', path: '/api/notification/id/:p' },
  { method: 'GET', path: '/api/auth/logout' },
];

/** Odd query strings: duplicated, bracketed and very long parameters. */
const queries = [
  `?courseId=${COURSE}&courseId=${COURSE}`, '?isPracticeExam=maybe&isPracticeExam=true', '?search[]=a&search[x]=b', `?mimeType=${'a'.repeat(5000)}`,
  '?token=a.b.c&token=d', '?forgotPassword=yes', '?type=previous&type=upcoming', '?subjectId=%00', '?groupId=..%2F', '?expires=1e400&owner=x&type=image%2Fpng&signature=zz',
];

describe.each(databaseKinds())('malformed input never causes a server error (%s)', (kind) => {
  let server: TestServer;
  let session: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo' });
    session = await server.sessionFor(STUDENT);
  }, 60_000);
  afterAll(() => server.close());

  const failures: string[] = [];
  const probe = async (method: string, url: string, payload?: unknown, contentType = 'application/json') => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const response = await server.call({
      method: method as 'GET',
      url,
      session,
      ...(body === undefined ? {} : { payload: body, headers: { 'content-type': contentType } }),
    });
    if (response.statusCode >= 500) failures.push(`${method} ${url.slice(0, 120)} ${body?.slice(0, 120) ?? ''} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
  };

  it('odd path values', async () => {
    failures.length = 0;
    for (const route of routes) {
      if (!route.path.includes(':p')) continue;
      for (const segment of segments) await probe(route.method, route.path.replace(':p', segment), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('odd query strings', async () => {
    failures.length = 0;
    for (const route of routes) {
      const path = route.path.replace(':p', route.path.includes('/exam/') ? EXAM : COURSE);
      for (const query of queries) await probe(route.method, `${path}${query}`, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('odd bodies and odd field values', async () => {
    failures.length = 0;
    for (const route of routes) {
      if (!route.fields) continue;
      const path = route.path.replace(':p', EXAM);
      for (const body of bodies) await probe(route.method, path, body);
      for (const field of route.fields) {
        for (const value of values) await probe(route.method, path, { [field]: value });
      }
    }
    // The raw-body routes take any bytes; a body that is not JSON must still be refused cleanly.
    await probe('POST', `/api/media/clearkey/${EXAM}`, 'not json', 'application/octet-stream');
    await probe('PATCH', `/api/exam/add-answer/${EXAM}/group/${GROUP}`, { questionId: 'e20001000000000000000001', answer: [1e308], timestamp: 1 });
    await probe('PATCH', `/api/exam/add-answer/${EXAM}/group/${GROUP}`, { questionId: 'e20001000000000000000001', answer: [{ a: 1 }], timestamp: 1 });
    await probe('PATCH', `/api/exam/add-answer/${EXAM}/group/${GROUP}`, { questionId: 'e20001000000000000000001', answer: [-0.5], timestamp: 1.5 });
    expect(failures).toEqual([]);
  }, 120_000);

  it('odd session headers and upload requests', async () => {
    const bad: string[] = [];
    for (const authorization of ['x'.repeat(10_000), 'Bearer ', 'Bearer 💥', `${'0'.repeat(31)}\u00e9`, 'null']) {
      const response = await server.call({ method: 'GET', url: '/api/student/profile', headers: { authorization } });
      if (response.statusCode !== 401) bad.push(`${authorization.slice(0, 20)} -> ${response.statusCode}`);
    }
    const link = JSON.parse((await server.call({ method: 'GET', url: '/api/content/signed-request?mimeType=image/png', session })).body).data.signedUrl as string;
    for (const contentType of ['', 'image/png; charset=💥', 'multipart/form-data; boundary=x', 'application/json']) {
      const response = await server.call({ method: 'PUT', url: link, payload: Buffer.from('{"a":1}'), headers: contentType ? { 'content-type': contentType } : {} });
      if (response.statusCode >= 500) bad.push(`PUT ${contentType} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(bad).toEqual([]);
  });
});
