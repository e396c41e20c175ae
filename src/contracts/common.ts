// What every area's contract is made of: ids, the { data } and { errors } envelopes, who may call a
// route, and the route record that the server registers and the app's client is typed by.
//
// A contract file (src/contracts/<area>.ts) holds shapes only: TypeBox schemas and the types derived
// from them; rules live in src/domain. The app imports contract files with `import type` only; its
// one run-time import from src/contracts is paths.ts (tests/build/app-bundle.test.ts checks both).
import { Type, type IntegerOptions, type NumberOptions, type Static, type TSchema } from '@sinclair/typebox';
import { serverPaths } from './paths';

/**
 * Who may call a route: anyone ('public'), a signed-in student, a signed-in teacher or administrator
 * ('staff'), or either of the two ('any'). The server's auth hook enforces it before the body is read.
 */
export type Access = 'public' | 'student' | 'staff' | 'any';

/** The records a staff route may name whose course decides a teacher's access (server/staff/access.ts). */
export type CourseOwner = 'assignment' | 'attempt' | 'batch' | 'course' | 'forumQuestion' | 'item' | 'lecture' | 'student';

/**
 * What a staff route acts on, declared beside its access ('staff') and checked by one hook on the
 * server before the handler runs (after the request's validation); no handler checks it by hand:
 * - `{ course, from }`: the course of the record named by that path or query value (for a student:
 *   the courses of their batches): a teacher must teach it (403 `notYourCourse`), an admin acts on every course. A value naming no record passes,
 *   for the handler's own 404; an absent query value passes (the route then keeps to `coursesOf`).
 * - `{ admin: title }`: administrators only; a teacher is refused with 403 `adminsOnly` and that title,
 *   before the body is read.
 * - `'ownCourses'`: no one course: what the route reads or lists is bounded by the staff member's own
 *   courses (or is their own: the session, their imports), worked out by its use case.
 * The layer test (tests/unit/floors.test.ts) fails on a staff route without it.
 */
export type StaffAccess = 'ownCourses' | { admin: string } | { course: CourseOwner; from: `params.${string}` | `query.${string}` };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An id as a request carries it: 24 hex digits; anything else is refused with 400 before the handler. */
export const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });

/** Path parameters that are all ids: `IdParams('examId', 'groupId')`. */
export function IdParams<const N extends readonly string[]>(...names: N) {
  return Type.Object(Object.fromEntries(names.map((name) => [name, Id])) as { [K in N[number]]: typeof Id });
}

/**
 * The one way a request carries a number: a whole number (`BoundedInteger`) or any number
 * (`BoundedNumber`) always between two finite bounds, so an absurd value (1e309, -1e309, 1e300) is
 * refused with 400 before any handler or database sees it. The bounds are checked twice on purpose:
 * the schema compiler coerces a query or path value such as '1e309' to Infinity and then skips
 * minimum and maximum for a value that is not finite; the inner check sees the coerced value and
 * refuses it. tests/api/security-fuzz.test.ts refuses any request number declared otherwise.
 */
export const BoundedInteger = (minimum: number, maximum: number, options: IntegerOptions = {}) =>
  Type.Integer({ ...options, minimum, maximum, allOf: [{ type: 'integer', minimum, maximum }] });
export const BoundedNumber = (minimum: number, maximum: number, options: NumberOptions = {}) =>
  Type.Number({ ...options, minimum, maximum, allOf: [{ type: 'number', minimum, maximum }] });

/** A value or null. Answers need it spelled out: the serialiser would write a bare null string as "". */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The success envelope: `{ "data": ... }`. */
export const Data = <T extends TSchema>(schema: T) => Type.Object({ data: schema });

/** The error envelope every failure answers with; the app's toasts read these three fields. */
export const ErrorEnvelope = Type.Object({
  errors: Type.Object({ title: Type.String(), message: Type.String(), code: Type.String() }),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/**
 * The codes the server itself answers with at a status, before or around any handler: a request the
 * schemas refuse (400), no session (401), the wrong kind of user (403). Every route that lists the
 * status may answer them; `failures(...)` adds them to the route's own.
 */
export const FRAMEWORK_REFUSALS = {
  400: ['invalidRequest', 'invalidCharacter', 'invalidJson', 'emptyBody', 'badContentLength', 'badUrl'],
  401: ['notLoggedIn'],
  403: ['studentsOnly', 'staffOnly'],
} as const satisfies Record<number, readonly string[]>;

/**
 * The refusals any route may answer without listing them: a NUL character in a query or body (refused
 * before any schema, server/app.ts), a body past the limit or of a type no parser reads, a database
 * briefly away, a fault of the server.
 */
export const AMBIENT_REFUSALS = {
  400: ['invalidCharacter'],
  413: ['bodyTooLarge'],
  415: ['unsupportedMediaType'],
  500: ['internal'],
  503: ['serviceUnavailable'],
} as const satisfies Record<number, readonly string[]>;

type Framework<S> = S extends keyof typeof FRAMEWORK_REFUSALS ? (typeof FRAMEWORK_REFUSALS)[S][number] : never;

/**
 * The error envelope of one status: its code is one of the listed codes (an `enum` in the schema; a
 * status with no code listed has none). The serialiser writes any string: an unlisted code is caught
 * by the api tests, never turned into a 500 in front of a student.
 */
export const Refusal = <const C extends string>(codes: readonly C[]) =>
  Type.Object({
    errors: Type.Object({ title: Type.String(), message: Type.String(), code: Type.Unsafe<C>({ type: 'string', ...(codes.length ? { enum: [...codes] } : {}) }) }),
  });
export type Refusal<C extends string = string> = { errors: { title: string; message: string; code: C } };

/** A route's own refusal codes by status: `{ 404: ['examNotFound'], 409: ['examEnded', 'examSubmitted'] }`. */
export type OwnRefusals = { readonly [status: number]: readonly string[] };

type StatusesOf<A> = A extends number ? A : A extends OwnRefusals ? Extract<keyof A, number> : never;
type OwnCodes<A, S> = A extends OwnRefusals ? (S extends keyof A ? (A[S] extends readonly (infer C extends string)[] ? C : never) : never) : never;
type FailureSchemas<A extends readonly (number | OwnRefusals)[]> = {
  [S in StatusesOf<A[number]>]: ReturnType<typeof Refusal<Framework<S> | OwnCodes<A[number], S>>>;
};

/**
 * The error statuses a route answers with, each in the error envelope with the codes it may carry:
 * `response: { 200: Data(X), ...failures(400, 401, { 404: ['examNotFound'], 409: ['examEnded'] }) }`.
 * A bare status carries only the server's own codes at it (FRAMEWORK_REFUSALS); an object lists the
 * route's own codes per status, to which the server's are added. The server's error factories accept
 * only codes some contract lists (src/contracts/refusals.ts), and the api tests fail on a route that
 * answers a code its contract does not list (tests/support/refusal-check.ts).
 */
export function failures<const A extends readonly (number | OwnRefusals)[]>(...statuses: A): FailureSchemas<A> {
  const codes = new Map<number, string[]>();
  const add = (status: number, own: readonly string[]) => {
    const framework: readonly string[] = (FRAMEWORK_REFUSALS as Record<number, readonly string[]>)[status] ?? [];
    const listed = codes.get(status) ?? [...framework];
    codes.set(status, [...new Set([...listed, ...own])]);
  };
  for (const item of statuses) {
    if (typeof item === 'number') add(item, []);
    else for (const [status, own] of Object.entries(item)) add(Number(status), own);
  }
  return Object.fromEntries([...codes].map(([status, list]) => [status, Refusal(list)])) as FailureSchemas<A>;
}

/** Bytes sent as they are (a file or a stream), never serialised: `Binary('application/pdf')`. */
export const Binary = (mediaTypes: string) => Type.Unsafe<unknown>({ type: 'string', description: `${mediaTypes}, sent as they are` });

/** An answer without a body (for example 416 on a byte range past the end of a file). */
export const NoBody = Type.Unsafe<undefined>({ description: 'no body' });

/** What a route declares besides its handler. */
export interface RouteSchema {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  /** Every status the route answers with; the success status is the allow-list of what leaves the server. */
  response: Record<number, TSchema>;
}

/**
 * One endpoint: method, path (relative to the API base `/api` unless the area says otherwise), who
 * may call it and its schemas. The server registers it with `app.route({ ...contract, handler })`.
 */
export interface RouteContract {
  method: Method;
  url: string;
  config: { access: Access; staff?: StaffAccess };
  schema: RouteSchema;
}

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

/** The query of a route's request. */
export type QueryOf<R extends RouteContract> = StaticOr<R['schema']['querystring'], undefined>;
/** The body of a route's request. */
export type BodyOf<R extends RouteContract> = StaticOr<R['schema']['body'], undefined>;
/** The success answer of a route (200, 201 or 202), envelope included. */
export type SuccessOf<R extends RouteContract> = R['schema']['response'] extends { 200: infer S }
  ? StaticOr<S, never>
  : R['schema']['response'] extends { 201: infer S }
    ? StaticOr<S, never>
    : R['schema']['response'] extends { 202: infer S }
      ? StaticOr<S, never>
      : never;
/** The `data` of a route's success answer. */
export type DataOf<R extends RouteContract> = SuccessOf<R> extends { data: infer D } ? D : never;

/** One part of the server the health check looks at: working, or failing and why. */
export const HealthPart = Type.Object({ status: Type.Union([Type.Literal('ok'), Type.Literal('failing')]), message: Type.String() });
export type HealthPart = Static<typeof HealthPart>;

/**
 * The health of one server process: 'ok' when every part works, 'degraded' when the process serves but
 * a part fails: the database (requests that need it answer 503 until it is back), the storage directory
 * (uploads are refused) or Redis (realtime events then reach only the sockets of this process); `backup`
 * names the last scheduled backup and its age, or why the last one failed. Always
 * 200 while the process answers, so a load balancer keeps a server that can still serve exams.
 */
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  parts: Type.Object({ database: HealthPart, storage: HealthPart, redis: HealthPart, backup: HealthPart }),
});
export type Health = Static<typeof Health>;

/**
 * The Prometheus text format of the server's metrics (server/metrics.ts), for the people who run it:
 * off (404) unless METRICS_TOKEN is set, then only with `Authorization: Bearer <token>` (401).
 */
export const metricsContract = {
  method: 'GET',
  url: serverPaths.metrics,
  config: { access: 'public' },
  schema: {
    response: { 200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }), ...failures({ 401: ['metricsTokenNeeded'], 404: ['notFound'] }) },
  },
} satisfies RouteContract;

/** The health check of the server itself. */
export const healthContract = {
  method: 'GET',
  url: serverPaths.health,
  config: { access: 'public' },
  schema: { response: { 200: Data(Health) } },
} satisfies RouteContract;
