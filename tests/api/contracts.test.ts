// Every route the server registers carries its contract: who may call it and the schema of its
// success answer, which Fastify uses as the allow-list of what leaves the server.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Data, failures, Id, type RouteContract } from '../../src/contracts/common.js';
import { API_PREFIX, examsPaths, pathTo } from '../../src/contracts/paths.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examsContract, type CurrentExam } from '../../src/contracts/exams.js';
import { contentContract, type ItemContent } from '../../src/contracts/content.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const appDir = path.resolve(process.env.E2E_APP_DIR ?? 'dist');

/** The built app's files, which @fastify/static serves one route each, plus `/` for its index page. */
function staticFileRoutes(): Set<string> {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  return new Set(['/', ...walk(appDir).map((file) => `/${path.relative(appDir, file).split(path.sep).join('/')}`)]);
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const isSuccess = (status: string) => /^2(\d\d|xx)$/.test(status);

describe('route contracts', () => {
  let server: TestServer;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(appDir, 'index.html'))) throw new Error(`No built app in ${appDir}: run vite build first`);
    server = await startTestServer({ config: { appDir }, onRoute: (route) => void routes.push(route) });
  });
  afterAll(() => server.close());

  /**
   * The only routes without a contract: the app's own static files (served as they are by
   * @fastify/static). The not-found handler is no route and never reaches this hook.
   */
  const exceptions = () => staticFileRoutes();

  it('sees every API and media route', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of ['/api/health', '/api/student/login', '/api/exam/add-answer/:examId/group/:groupId', '/api/lecture/:itemId', '/media/streams/:contentId/:file', '/media/files/:key', '/api/media/files/:key']) {
      expect(urls).toContain(url);
    }
    expect(routes.filter((route) => !exceptions().has(route.url)).length).toBeGreaterThan(40);
  });

  it('gives every route a response schema for its success status and says who may call it', () => {
    const skipped = exceptions();
    const missing: string[] = [];
    for (const route of routes) {
      if (skipped.has(route.url)) continue;
      const name = `${methodsOf(route).join(',')} ${route.url}`;
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      if (!Object.keys(response).some(isSuccess)) missing.push(`${name}: no response schema for its success status`);
      if (!route.config || !('access' in route.config)) missing.push(`${name}: no access in its config`);
    }
    expect(missing).toEqual([]);
  });

  it('lets only listed statuses use the error envelope, each with title, message and code', () => {
    for (const route of routes.filter((r) => !exceptions().has(r.url))) {
      const response = (route.schema?.response ?? {}) as Record<string, { properties?: { errors?: { required?: string[] } } }>;
      for (const [status, schema] of Object.entries(response)) {
        if (isSuccess(status) || !schema.properties?.errors) continue;
        expect(schema.properties.errors.required, `${route.url} ${status}`).toEqual(['title', 'message', 'code']);
      }
    }
  });
});

describe('a response schema as the allow-list', () => {
  const question = { _id: 'q1', type: 'MCQ', title: 'Which bone?', point: 1, options: ['Femur', 'Tibia'], optionType: { '1': 'image' }, image: [], file: [], subjectId: null, subjectName: null };
  const paper: CurrentExam = {
    _id: 'e1', title: 'Anatomy', instruction: null, subjectId: null, subjectName: null, questions: [question as CurrentExam['questions'][number]],
    totalMarks: 1, passMark: 40, negativeMark: 0.25, gpaFactor: null, isPracticeExam: false, isSegmentedExam: false, segmentedExamDetails: null,
    selectedSubjects: null, studentStartsAt: '2026-01-01T10:00:00.000Z', deadlineAt: '2026-01-01T11:00:00.000Z', serverNow: '2026-01-01T10:05:00.000Z',
    courseName: null, courseId: 'c1', groupId: 'g1', groupName: null, startsAt: '2026-01-01T10:00:00.000Z', endsAt: '2026-01-01T12:00:00.000Z',
    duration: 60, cutMarks: null, multipleTimesSubmission: false, submittedAt: null,
    savedAnswers: [{ questionId: 'q1', answer: [1, '1', true, 'false', null, 'text'], extra: [{ name: 'a.pdf', key: 'k', type: 'application/pdf' }], answerIndex: null, timestamp: 1767261900123 }],
  };

  const id = (digit: string) => digit.repeat(24);

  /** Answers a request of the route with the given data, through the route's own contract. */
  async function serve(contract: RouteContract, url: string, data: unknown) {
    const app = Fastify();
    app.route({ ...contract, handler: async () => ({ data }) });
    const response = await app.inject({ method: 'GET', url });
    await app.close();
    return response;
  }

  it('drops the answer key, explanation and notes a question might carry, and every unlisted field', async () => {
    const leaky = { ...paper, secret: 'x', questions: [{ ...question, answer: [0], explanation: 'Because', explanationExt: ['x'], notes: 'n' }] };
    const response = await serve(examsContract.paper, pathTo(examsPaths.paper, { examId: id('e'), groupId: id('a') }), leaky);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(paper);
    expect(response.body).not.toMatch(/answer"?:\s*\[0\]|explanation|notes|secret/);
  });

  it('keeps nulls as null and each answer element as its own JSON type', async () => {
    const data = (await serve(examsContract.paper, pathTo(examsPaths.paper, { examId: id('e'), groupId: id('a') }), paper)).json().data as CurrentExam;
    expect(data.courseName).toBeNull();
    expect(data.cutMarks).toBeNull();
    expect(data.savedAnswers[0]!.answer).toEqual([1, '1', true, 'false', null, 'text']);
    expect(data.savedAnswers[0]!.timestamp).toBe(1767261900123);
    expect(data.questions[0]!.optionType).toEqual({ '1': 'image' });
  });

  it('writes videos and notes of one list each in their own shape', async () => {
    const video = {
      _id: 'v1', title: 'Clip', URL: null, key: 'clip/v1', thumbnail: null, type: 'video' as const, isPublished: true, isVOD: false, isAvailable: true,
      isDrmEnabled: '1' as const, drmType: 'ClearKey', videoKind: 'dash-drm' as const, subjects: ['s1'],
    };
    const note = { _id: 'n1', title: 'Notes', key: 'notes/n1.pdf', type: 'file' as const, createdAt: '2026-01-01T00:00:00.000Z' };
    const content: ItemContent = {
      item: { _id: 'i1', name: 'Upper Limb', description: null, subjectId: 's1', subjectName: null, courseId: 'c1', courseName: 'Anatomy', type: 'chapter' },
      contents: [video, note],
      videoContents: [video],
      fileContents: [note],
    };
    const response = await serve(contentContract.itemContent, `/chapter/${id('1')}`, { ...content, contents: [{ ...video, drmKeys: 'k' }, note] });
    expect(response.json().data).toEqual(content);
  });
});

describe('a staff route written by the rules', () => {
  const TEACHER = '5f0000000000000000000001';
  const STUDENT = '570000000000000000000001';
  // What a teacher-desk endpoint looks like: its path, its contract with access 'staff', its route.
  const staffPaths = { whoAmI: '/staff/exam/:examId/desk' } as const;
  const staffContract = {
    whoAmI: {
      method: 'GET',
      url: staffPaths.whoAmI,
      config: { access: 'staff' },
      schema: {
        params: Type.Object({ examId: Id }),
        response: { 200: Data(Type.Object({ examId: Type.String(), name: Type.String() })), ...failures(400, 401, 403) },
      },
    },
  } satisfies Record<string, RouteContract>;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ bundle: 'demo' });
    await server.app.register(
      async (area) => {
        area.withTypeProvider<TypeBoxTypeProvider>().route({
          ...staffContract.whoAmI,
          handler: async (request) => ({ data: { examId: request.params.examId, name: request.staff.name, passwordHash: request.staff.password_hash } }),
        });
      },
      { prefix: API_PREFIX },
    );
  });
  afterAll(() => server.close());

  const url = `/api/staff/exam/${'e'.repeat(24)}/desk`;

  it('answers a teacher with the teacher, and only the listed fields', async () => {
    const response = await server.call({ method: 'GET', url, session: await server.sessionFor(TEACHER, 'staff') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { examId: 'e'.repeat(24), name: 'Dr. Mahbub Alam' } });
  });

  it('refuses a student with 403 staffOnly and an anonymous caller with 401', async () => {
    const student = await server.call({ method: 'GET', url, session: await server.sessionFor(STUDENT) });
    expect(student.statusCode).toBe(403);
    expect(student.json().errors.code).toBe('staffOnly');
    const anonymous = await server.call({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors.code).toBe('notLoggedIn');
  });
});
