// The refusal codes of the contracts: how `failures(...)` writes them into a route's schema, that the
// type of every code (src/contracts/refusals.ts) covers every contract, and that the api tests' check
// (tests/support/refusal-check.ts) fails on a refusal a route's contract does not list.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { failures, FRAMEWORK_REFUSALS, type RouteContract } from '../../src/contracts/common.js';
import { checkRefusals, refusalProblem } from '../support/refusal-check.js';

const contractsDir = path.resolve('src/contracts');
const isRouteContract = (value: unknown): value is RouteContract =>
  !!value && typeof value === 'object' && 'method' in value && 'url' in value && 'schema' in value && 'config' in value;

describe('failures(...)', () => {
  it('lists the server’s own codes at a bare status and adds the route’s own to them', () => {
    const schemas = failures(401, { 400: ['invalidAnswer'], 409: ['examEnded', 'answerLocked'] }) as unknown as Record<number, { properties: { errors: { properties: { code: { enum?: string[] } } } } }>;
    const codes = (status: number) => schemas[status]!.properties.errors.properties.code.enum;
    expect(codes(401)).toEqual(['notLoggedIn']);
    expect(codes(400)).toEqual([...FRAMEWORK_REFUSALS[400], 'invalidAnswer']);
    expect(codes(409)).toEqual(['examEnded', 'answerLocked']);
    // A status with no code of the server's and none listed carries no enum: any code there fails the check.
    const bare = (failures(429) as unknown as Record<number, { properties: { errors: { properties: { code: { type: string; enum?: string[] } } } } }>)[429]!;
    expect(bare.properties.errors.properties.code.type).toBe('string');
    expect(bare.properties.errors.properties.code.enum).toBeUndefined();
  });
});

describe('the refusal types', () => {
  it('take every contract record of src/contracts into ContractRecords', async () => {
    const refusals = fs.readFileSync(path.join(contractsDir, 'refusals.ts'), 'utf8');
    const records: string[] = [];
    for (const file of fs.readdirSync(contractsDir).filter((name) => name.endsWith('.ts')).sort()) {
      const module = (await import(pathToFileURL(path.join(contractsDir, file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const holdsRoutes = isRouteContract(value) || (!!value && typeof value === 'object' && Object.values(value).some(isRouteContract));
        if (holdsRoutes) records.push(name);
      }
    }
    expect(records.length).toBeGreaterThan(15);
    expect(records.filter((name) => !new RegExp(`typeof ${name}\\b`).test(refusals))).toEqual([]);
  });
});

describe('the check of every refusal against its contract', () => {
  const contract = {
    method: 'GET',
    url: '/exam/:examId',
    config: { access: 'student' },
    schema: { response: { 200: Type.Object({}), ...failures(400, { 409: ['examEnded'] }) } },
  } satisfies RouteContract;

  it('passes a listed code, the server’s own codes and the ambient ones', () => {
    for (const [status, code] of [[409, 'examEnded'], [400, 'invalidRequest'], [400, 'invalidCharacter'], [503, 'serviceUnavailable'], [500, 'internal']] as const) {
      expect(refusalProblem(contract.schema, { method: 'GET', url: contract.url, status, code })).toBeNull();
    }
  });

  it('names a code the contract does not list at that status, and a status it does not list', () => {
    expect(refusalProblem(contract.schema, { method: 'GET', url: contract.url, status: 409, code: 'answerLocked' })).toBe(
      'GET /exam/:examId answered 409 answerLocked: its contract lists examEnded for 409',
    );
    expect(refusalProblem(contract.schema, { method: 'GET', url: contract.url, status: 404, code: 'examNotFound' })).toBe(
      'GET /exam/:examId answered 404 examNotFound: its contract does not list 404',
    );
  });

  it('sees the refusals a served route answers', async () => {
    const problems: string[] = [];
    const app = Fastify();
    app.addHook('onRoute', checkRefusals(problems, undefined));
    app.route({
      ...contract,
      handler: async (request, reply) => {
        const code = (request.params as { examId: string }).examId;
        return reply.status(409).send({ errors: { title: 'Refused', message: 'Refused', code } });
      },
    });
    await app.inject({ method: 'GET', url: '/exam/examEnded' });
    expect(problems).toEqual([]);
    await app.inject({ method: 'GET', url: '/exam/answerLocked' });
    await app.close();
    expect(problems).toEqual(['GET /exam/:examId answered 409 answerLocked: its contract lists examEnded for 409']);
  });
});
