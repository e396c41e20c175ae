// Every error a test server answers is compared with its route's contract: the status must be one the
// contract lists (or one any route may answer, AMBIENT_REFUSALS) and the code one the contract lists
// for that status. startTestServer puts the check on every route, so the api tier's own traffic (the
// fuzzing included) proves the contracts' refusal lists; a test server with an unlisted refusal fails
// when it closes. With REFUSALS_LOG set, every refusal is also written there, one JSON line each.
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AMBIENT_REFUSALS } from '../../src/contracts/common.js';

/** A refusal the test server sent: checked against the route's contract when the server closes. */
export interface ServedRefusal {
  method: string;
  url: string;
  status: number;
  code: string | undefined;
}

type CodeSchema = { properties?: { errors?: { properties?: { code?: { enum?: readonly string[] } } } } };

/**
 * The codes a route lists for a status; null when it does not list the status at all, 'any' when the
 * status is listed without the error envelope (an empty 416, a page).
 */
export function listedCodes(schema: RouteOptions['schema'], status: number): readonly string[] | 'any' | null {
  const response = (schema?.response ?? {}) as Record<string, CodeSchema | undefined>;
  const entry = response[String(status)];
  if (!entry) return null;
  if (!entry.properties?.errors) return 'any';
  return entry.properties.errors.properties?.code?.enum ?? [];
}

/** Why a refusal breaks its route's contract, or null when the contract lists it. */
export function refusalProblem(schema: RouteOptions['schema'], refusal: ServedRefusal): string | null {
  const ambient = (AMBIENT_REFUSALS as Record<number, readonly string[] | undefined>)[refusal.status];
  if (ambient && refusal.code !== undefined && ambient.includes(refusal.code)) return null;
  const listed = listedCodes(schema, refusal.status);
  const name = `${refusal.method} ${refusal.url} answered ${refusal.status} ${refusal.code ?? '(no code)'}`;
  if (listed === null) return `${name}: its contract does not list ${refusal.status}`;
  if (listed === 'any') return null;
  if (refusal.code === undefined || !listed.includes(refusal.code)) return `${name}: its contract lists ${listed.join(', ') || 'no code'} for ${refusal.status}`;
  return null;
}

function codeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const code = (JSON.parse(payload) as { errors?: { code?: unknown } }).errors?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An onRoute hook that puts the check on the route: each answer of 400 and above is read and, when it
 * breaks the contract, its problem is handed to `problems`. Routes without an error envelope (a
 * byte range's 416, the player page's 403) are checked by status alone.
 */
export function checkRefusals(problems: string[], log = process.env.REFUSALS_LOG): (route: RouteOptions) => void {
  return (route) => {
    const schema = route.schema;
    // The app's own files (served by @fastify/static) have no contract; every API and media route has one.
    if (!schema?.response) return;
    const check = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode < 400) return payload;
      const refusal: ServedRefusal = { method: request.method, url: route.url, status: reply.statusCode, code: codeOf(payload) };
      if (log) fs.appendFileSync(log, `${JSON.stringify(refusal)}\n`);
      const problem = refusalProblem(schema, refusal);
      if (problem) problems.push(problem);
      return payload;
    };
    route.onSend = [check, ...(route.onSend ? [route.onSend].flat() : [])];
  };
}
