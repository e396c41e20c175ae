// Malformed requests for every route, made from the route's own contract: its method, path, params,
// query, headers and body schema. Nothing here names a route: a route added to src/contracts is
// found, given a valid request built from its schemas, and broken in every way its schemas allow.
//
// Deterministic: every choice that is not exhaustive comes from a seeded generator.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteContract } from '../../src/contracts/common.js';

/** A JSON Schema as TypeBox writes it (only the keywords the contracts use). */
export interface Schema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  patternProperties?: Record<string, Schema>;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** A small seeded generator (mulberry32): the same seed gives the same requests on every run. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}
export type Random = ReturnType<typeof seeded>;

const isRouteContract = (value: unknown): value is RouteContract => {
  const route = value as Partial<RouteContract> | null;
  return !!route && typeof route === 'object' && typeof route.method === 'string' && typeof route.url === 'string' && !!route.config?.access && !!route.schema?.response;
};

/**
 * Every route contract that src/contracts exports, found by reading the folder: an export that is
 * a route contract, or a record of them (`examsContract`). Named `file:key` for the failure messages.
 */
export async function contractRegistry(dir = path.resolve('src/contracts')): Promise<Map<RouteContract, string>> {
  const found = new Map<RouteContract, string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts')).sort()) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isRouteContract(value)) found.set(value, `${file}:${name}`);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) if (isRouteContract(inner)) found.set(inner, `${file}:${name}.${key}`);
      }
    }
  }
  return found;
}

/** A route as the server registered it, with the schemas of its contract. */
export interface FuzzRoute {
  method: string;
  url: string;
  access: RouteContract['config']['access'];
  schema: RouteContract['schema'];
}

// ---------------------------------------------------------------------------------------------
// Valid values

/** Ids of the loaded academy by kind ('exams' -> ids), and the signed-in student's own id. */
export interface IdPool {
  byKind: Map<string, string[]>;
  all: string[];
  own: string;
  /** Ids chosen for fields by name (see idCandidates), over the guess from the name. */
  chosen?: Record<string, string>;
  /** The first text of the academy under each field name ('phone' -> a student's phone): a valid guess for a field of that name. */
  texts: Map<string, string>;
}

const ID = /^[0-9a-f]{24}$/;

/** Collects every id of a bundle by the list it sits in: `{ exams: [{ id }] }` gives kind 'exams'. */
export function idPool(bundle: unknown, own: string): IdPool {
  const byKind = new Map<string, string[]>();
  const texts = new Map<string, string>();
  const walk = (value: unknown, kind: string) => {
    if (Array.isArray(value)) for (const item of value) walk(item, kind);
    else if (value && typeof value === 'object') {
      const id = (value as { id?: unknown }).id;
      if (typeof id === 'string' && ID.test(id)) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
      for (const [key, inner] of Object.entries(value)) {
        if (typeof inner === 'object') walk(inner, key);
        else if (typeof inner === 'string' && !ID.test(inner) && !texts.has(key)) texts.set(key, inner);
      }
    }
  };
  walk(bundle, '');
  return { byKind, all: [...new Set([...byKind.values()].flat())].sort(), own, texts };
}

/** A real id for a field, by its name: examId -> an exam, studentId -> the signed-in student. */
function idFor(name: string, pool: IdPool): string {
  const chosen = pool.chosen?.[name];
  if (chosen) return chosen;
  const stem = name.replace(/Ids?$/, '').toLowerCase();
  if (stem === 'student' || stem === 'user') return pool.own;
  for (const [kind, ids] of pool.byKind) if (stem && kind.toLowerCase().startsWith(stem)) return ids[0]!;
  return pool.own;
}

/** The ids worth trying in a field: the signed-in student's and the first of each kind. */
export const idCandidates = (pool: IdPool): string[] => [...new Set([pool.own, ...[...pool.byKind.values()].map((ids) => ids[0]!)])];

const holdsId = (schema: Schema): boolean => schema.pattern === ID.source || !!schema.anyOf?.some(holdsId);

/** The names of the fields of a route's request that take an id (path, query and body). */
export function idFields(route: FuzzRoute): string[] {
  const schema = route.schema as Record<'params' | 'querystring' | 'body', Schema | undefined>;
  const names = [
    ...Object.entries({ ...schema.params?.properties, ...schema.querystring?.properties }).filter(([, inner]) => holdsId(inner)).map(([name]) => name),
    ...(schema.body ? fieldsOf(schema.body).filter((field) => holdsId(field.schema)).map((field) => field.name) : []),
  ];
  return [...new Set(names)];
}

/** A string that matches a simple pattern (classes, groups of alternatives, quantifiers, escapes). */
export function matching(pattern: string): string {
  let out = '';
  let i = 0;
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const repeat = (piece: () => string) => {
    const quantifier = /^(\{(\d+)(,(\d*))?\}|[*+?])/.exec(body.slice(i));
    let times = 1;
    if (quantifier) {
      i += quantifier[0].length;
      if (quantifier[2] !== undefined) times = Number(quantifier[2]);
      else times = quantifier[0] === '?' ? 0 : 1;
    }
    for (let n = 0; n < times; n++) out += piece();
  };
  while (i < body.length) {
    const char = body[i]!;
    if (char === '[') {
      const end = body.indexOf(']', i + 1);
      const first = body[i + 1] === '\\' ? body[i + 2]! : body[i + 1]!;
      i = end + 1;
      repeat(() => first);
    } else if (char === '(') {
      const end = body.indexOf(')', i);
      const option = body.slice(i + 1, end).split('|')[0]!.replace(/\\(.)/g, '$1');
      i = end + 1;
      repeat(() => option);
    } else if (char === '\\') {
      const literal = body[i + 1]!;
      i += 2;
      repeat(() => literal);
    } else {
      i += 1;
      repeat(() => char);
    }
  }
  return out;
}

/**
 * A valid value of a schema; `name` is the field's name, which chooses real ids. With `optional`
 * false, objects hold their required fields only (a route may behave otherwise without the rest).
 */
export function validValue(schema: Schema, name: string, pool: IdPool, optional = true): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return validValue(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!, name, pool, optional);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => optional || (schema.required ?? []).includes(key))
          .map(([key, inner]) => [key, validValue(inner, key, pool, optional)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => validValue(schema.items ?? {}, name, pool, optional));
    case 'string': {
      if (schema.pattern === ID.source) return idFor(name, pool);
      const known = pool.texts.get(name);
      const text = schema.pattern ? matching(schema.pattern) : known !== undefined && known.length <= (schema.maxLength ?? Infinity) ? known : 'sample text';
      return text.padEnd(schema.minLength ?? 0, 'a').slice(0, schema.maxLength ?? text.length);
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // A value the handler judges itself (an answer element, a GPA): a number suits them all.
      return 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Malformed values

/** A number written into JSON text as it is: no JSON.stringify can write 1e309 or -0. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text in which each RawNumber is written as its text. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof RawNumber) {
      raws.push(inner.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return inner;
  });
  return text.replace(/"\u0001raw(\d+)\u0001"/g, (_, index: string) => raws[Number(index)]!);
}

const huge = 'x'.repeat(100_000);
const deep = (levels: number): unknown => (levels === 0 ? [] : { a: deep(levels - 1) });

/** Odd values for any field of a JSON body: wrong types, extremes, NUL, unicode, nesting. */
export const oddJsonValues: readonly unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, '', huge, 'a\u0000b', '\u0000', '💥'.repeat(50),
  '\u202eevil', '\ud800', 'e\u0301\u0301\u0301', '<script>alert(1)</script>', "' OR 1=1 --", '1e309', 'NaN', '-0', [], ['a', 'b'], [null],
  Array.from({ length: 10_000 }, () => 1), {}, { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}'), deep(40),
  new RawNumber('1e309'), new RawNumber('-1e309'), new RawNumber('-0'), new RawNumber('1e-400'), new RawNumber('123456789012345678901234567890'),
];

/** Odd values for one field, from its schema: its bounds crossed, its length passed, its kind mixed up. */
export function oddValuesFor(schema: Schema, name: string, pool: IdPool): unknown[] {
  const valid = validValue(schema, name, pool);
  const odd: unknown[] = [];
  const options = schema.anyOf ?? [schema];
  for (const option of options) {
    if (option.type === 'integer' || option.type === 'number') {
      const { minimum = 0, maximum = 1_000 } = option;
      odd.push(minimum - 1, maximum + 1, minimum - 0.5, maximum + 0.5, new RawNumber(`${maximum}e300`));
    }
    if (option.type === 'string') {
      if (option.maxLength !== undefined) odd.push('y'.repeat(option.maxLength + 1));
      if (option.pattern === ID.source) odd.push('0'.repeat(24), 'F'.repeat(24), `${idFor(name, pool).slice(0, 23)}`, `${idFor(name, pool)}\u0000`, ...pool.all.slice(0, 3));
      if (typeof valid === 'string') odd.push(`${valid}\u0000`, `${valid} `, valid.toUpperCase());
    }
    if (option.type === 'array') {
      odd.push(Array.from({ length: (option.maxItems ?? 100) + 1 }, () => validValue(option.items ?? {}, name, pool)), [valid], [[valid]]);
    }
  }
  if (valid !== null && typeof valid !== 'object') odd.push([valid], { value: valid }, String(valid), [valid, valid]);
  return odd;
}

/** Where a value sits in a body: its path of keys and indexes, and its schema. */
interface Field {
  path: (string | number)[];
  schema: Schema;
  name: string;
}

/** Every field of a body schema, nested objects and the first element of arrays included (a few levels deep). */
export function fieldsOf(schema: Schema, depth = 4, at: (string | number)[] = [], name = ''): Field[] {
  if (depth === 0) return [];
  const object = schema.type === 'object' ? schema : schema.anyOf?.find((option) => option.type === 'object');
  const fields: Field[] = [];
  if (object?.properties) {
    for (const [key, inner] of Object.entries(object.properties)) {
      fields.push({ path: [...at, key], schema: inner, name: key }, ...fieldsOf(inner, depth - 1, [...at, key], key));
    }
  }
  const array = schema.type === 'array' ? schema : schema.anyOf?.find((option) => option.type === 'array');
  if (array?.items) fields.push({ path: [...at, 0], schema: array.items, name }, ...fieldsOf(array.items, depth - 1, [...at, 0], name));
  return fields;
}

/** The required fields of every object in a body schema, as paths. */
function requiredPaths(schema: Schema, at: (string | number)[] = []): (string | number)[][] {
  const object = schema.type === 'object' ? schema : schema.anyOf?.find((option) => option.type === 'object');
  if (!object?.properties) return [];
  return Object.entries(object.properties).flatMap(([key, inner]) => [
    ...((object.required ?? []).includes(key) ? [[...at, key]] : []),
    ...requiredPaths(inner, [...at, key]),
  ]);
}

/** A copy of `value` with the value at `path` replaced (or removed when `replacement` is `remove`). */
export const remove = Symbol('remove');
export function withValue(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at;
  const container = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && replacement === remove) delete container[head!];
  else container[head!] = withValue(container[head!] ?? (typeof rest[0] === 'number' ? [] : {}), rest, replacement);
  return container;
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, for the failure message. */
  what: string;
}

/** Odd values for a path segment (URL-encoded where they must be). */
const oddSegments = [
  'x'.repeat(300), '%00', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%F0%9F%92%A5', '-1', '-0', '1e309', 'NaN', '%5B%5D', '%20', 'null', 'undefined',
  '0'.repeat(24), 'F'.repeat(24), encodeURIComponent('<script>'), '%C0%AE%C0%AE', '.', '..', encodeURIComponent('{"$gt":""}'),
];

/** Odd text for a query value. */
const oddQueryValues = [
  '', 'x'.repeat(5000), '%00', '%E0%A4%A', '%F0%9F%92%A5', '1e309', '-1e309', 'NaN', 'Infinity', '-0', '-1', '1e300', '0x1F', '1.5', ' 5', 'true', 'null',
  '%5B%5D', '%7B%7D', encodeURIComponent('{"$gt":""}'), '..%2F..%2F',
];

/** Whole query strings that no route expects. */
const oddQueries = ['?a=1&a=2&a=3', '?__proto__[admin]=1', '?constructor[prototype][x]=1', `?${'k'.repeat(3000)}=1`, '?%00=%00', '?&&&=&', `?${Array.from({ length: 300 }, (_, i) => `p${i}=1`).join('&')}`];

/** Whole bodies of the wrong shape, and text that is no JSON at all. */
const oddBodies: unknown[] = [null, [], 'text', 12, true, {}, deep(60), [{}], { a: huge }];
const brokenJson = ['{', '{"a":', '[1,]', '{"a":1}{"b":2}', '\u0000', '{"a":"\\u0000"}', 'nul', '{"a":1e309}', '"\\ud800"', '\ufeff{}', '  '];

/** Content types a JSON route does not take, each with a body of its kind. */
const oddContentTypes: [string, string][] = [
  ['text/plain', '{"a":1}'], ['application/x-www-form-urlencoded', 'a=1&b[]=2'], ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['application/xml', '<a>1</a>'], ['application/json; charset=utf-7', '{"a":1}'], ['application/json; charset=x', '{}'], ['image/png', '\u0089PNG'],
  ['application/octet-stream', 'not json'], ['', '{}'],
];

/** A JSON body past the server's body limit (1 MiB). */
const oversized = JSON.stringify({ a: 'z'.repeat(1.2 * 1024 * 1024) });

/** Odd values for a request header the route reads. */
const oddHeaderValues = ['', 'x'.repeat(8000), '%00', '1e309', ' ', 'null', '{"$gt":""}'];

function queryText(query: Record<string, unknown>, replace: Record<string, string | null> = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key in replace) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  for (const [key, raw] of Object.entries(replace)) if (raw !== null) parts.push(raw.includes('=') ? raw : `${encodeURIComponent(key)}=${raw}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const fillPath = (url: string, params: Record<string, string>) => url.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => params[name] ?? name);

/** Every malformed request for one route, the valid one first. */
export function requestsFor(route: FuzzRoute, pool: IdPool, random: Random, validOnly = false): FuzzRequest[] {
  const schema = route.schema as Record<'params' | 'querystring' | 'body' | 'headers', Schema | undefined>;
  const params = Object.fromEntries(
    (route.url.match(/:([A-Za-z][A-Za-z0-9]*)/g) ?? []).map((placeholder) => {
      const name = placeholder.slice(1);
      return [name, encodeURIComponent(String(validValue(schema.params?.properties?.[name] ?? { type: 'string' }, name, pool)))];
    }),
  );
  const query = (schema.querystring ? validValue(schema.querystring, '', pool) : {}) as Record<string, unknown>;
  const requiredQuery = (schema.querystring ? validValue(schema.querystring, '', pool, false) : {}) as Record<string, unknown>;
  const takesBody = !!schema.body || ['POST', 'PUT', 'PATCH'].includes(route.method);
  const body = schema.body ? validValue(schema.body, '', pool) : takesBody ? {} : undefined;
  const headers = (schema.headers ? validValue(schema.headers, '', pool) : {}) as Record<string, string>;
  const path = fillPath(route.url, params);

  const requests: FuzzRequest[] = [];
  const add = (what: string, parts: { path?: string; query?: string; body?: unknown; raw?: string | Buffer; contentType?: string; headers?: Record<string, string> }) => {
    const payload = parts.raw ?? (parts.body === undefined ? (body === undefined ? undefined : jsonText(body)) : jsonText(parts.body));
    const contentType = parts.contentType ?? (payload === undefined ? undefined : 'application/json');
    requests.push({
      method: route.method,
      url: `${parts.path ?? path}${parts.query ?? queryText(query)}`,
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}), ...parts.headers },
      ...(payload === undefined ? {} : { payload }),
      what,
    });
  };

  add('a valid request', {});
  if (validOnly) return requests;
  // Odd session headers: the valid request otherwise.
  for (const authorization of ['x'.repeat(10_000), 'Bearer ', 'Bearer 💥', `${'0'.repeat(31)}\u00e9`, 'null', 'Bearer a b c', 'Basic YTpi']) {
    add(`authorization ${authorization.slice(0, 20)}`, { headers: { authorization } });
  }

  // Path values: each placeholder in turn.
  for (const name of Object.keys(params)) {
    for (const segment of [...oddSegments, `${params[name]}%00`, `${params[name]}.json`, random.pick(pool.all)]) {
      add(`param ${name}=${segment.slice(0, 40)}`, { path: fillPath(route.url, { ...params, [name]: segment }) });
    }
  }

  // Query values: each known parameter broken (beside every other parameter, and beside the
  // required ones alone), missing, repeated and bracketed; then unknown ones.
  const queryFields = Object.entries(schema.querystring?.properties ?? {});
  for (const [name, inner] of queryFields) {
    const typed = oddValuesFor(inner, name, pool).filter((value) => typeof value !== 'object' || value instanceof RawNumber);
    for (const value of [...oddQueryValues, ...typed.map((value) => encodeURIComponent(value instanceof RawNumber ? value.text : String(value)))]) {
      add(`query ${name}=${value.slice(0, 40)}`, { query: queryText(query, { [name]: value }) });
      if (!(name in requiredQuery)) add(`query ${name}=${value.slice(0, 40)} alone`, { query: queryText(requiredQuery, { [name]: value }) });
    }
    add(`query ${name} missing`, { query: queryText(query, { [name]: null }) });
    add(`query ${name} twice`, { query: queryText(query, { [name]: `${name}=a&${name}=b` }) });
    add(`query ${name}[]`, { query: queryText(query, { [name]: `${name}[]=a&${name}[x]=b` }) });
  }
  add('query with an unknown parameter', { query: queryText(query, { zz: '1' }) });
  for (const odd of oddQueries) add(`query ${odd.slice(0, 40)}`, { query: `${queryText(query)}${queryText(query) ? odd.replace('?', '&') : odd}` });

  // Headers the route reads.
  for (const name of Object.keys(schema.headers?.properties ?? {})) {
    for (const value of oddHeaderValues) add(`header ${name}=${value.slice(0, 40)}`, { headers: { [name]: value } });
  }

  // Bodies: whole bodies of the wrong shape, text that is no JSON, other content types, too much.
  if (takesBody) {
    for (const odd of oddBodies) add(`body ${jsonText(odd).slice(0, 40)}`, { body: odd });
    for (const text of brokenJson) add(`body text ${JSON.stringify(text).slice(0, 40)}`, { raw: text });
    for (const [contentType, text] of oddContentTypes) add(`content type ${contentType}`, { raw: text, contentType });
    add('a body past the limit', { raw: oversized });
    add('no body', { raw: '', contentType: 'application/json' });
  }
  if (schema.body && body !== undefined) {
    const fields = fieldsOf(schema.body);
    const requiredBody = validValue(schema.body, '', pool, false);
    for (const field of fields) {
      const values = [...oddJsonValues, ...oddValuesFor(field.schema, field.name, pool)];
      for (const value of values) add(`body ${field.path.join('.')}=${jsonText(value)?.slice(0, 40)}`, { body: withValue(body, field.path, value) });
      // An optional field broken beside the required ones alone: its own values only.
      const optional = field.path.length === 1 && requiredBody && typeof requiredBody === 'object' && !(String(field.path[0]) in requiredBody);
      if (optional) {
        for (const value of oddValuesFor(field.schema, field.name, pool)) add(`body ${field.path.join('.')}=${jsonText(value)?.slice(0, 40)} alone`, { body: withValue(requiredBody, field.path, value) });
      }
    }
    for (const at of requiredPaths(schema.body)) add(`body without ${at.join('.')}`, { body: withValue(body, at, remove) });
    if (body && typeof body === 'object' && !Array.isArray(body)) add('body with an unknown field', { body: { ...body, zz: 1, ...JSON.parse('{"__proto__":{"x":1}}') } });
    // A few seeded compositions: several fields broken at once.
    for (let n = 0; n < 10 && fields.length > 1; n++) {
      let mixed: unknown = body;
      for (let k = 0; k < 3; k++) mixed = withValue(mixed, random.pick(fields).path, random.pick(oddJsonValues));
      add(`body mixed #${n}`, { body: mixed });
    }
  }
  return requests;
}

/** Every number a route's request may carry, with whether it is bounded by the shared helpers. */
export function unboundedNumbers(schema: RouteContract['schema']): string[] {
  const found: string[] = [];
  const walk = (inner: Schema | undefined, at: string) => {
    if (!inner || typeof inner !== 'object') return;
    if (inner.type === 'integer' || inner.type === 'number') {
      const bounded = Number.isFinite(inner.minimum) && Number.isFinite(inner.maximum) && inner.allOf?.some((check) => check.type === inner.type && check.minimum === inner.minimum && check.maximum === inner.maximum);
      if (!bounded) found.push(at);
    }
    for (const [key, value] of Object.entries(inner.properties ?? {})) walk(value, `${at}.${key}`);
    for (const [index, value] of (inner.anyOf ?? []).entries()) walk(value, `${at}|${index}`);
    walk(inner.items, `${at}[]`);
    if (typeof inner.additionalProperties === 'object') walk(inner.additionalProperties, `${at}.*`);
  };
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) walk(schema[part] as Schema | undefined, part);
  return found;
}
