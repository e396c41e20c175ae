// Request validation: Ajv, as Fastify's own compiler sets it up, with one difference. Path values,
// query strings and headers arrive as text, so they are coerced to the schema's types ('true' to
// true, '5' to 5). A JSON body already carries its types, so it is checked as sent: coercion there
// turned `timestamp: null` into 0 and `"5"` into 5 instead of refusing them.
import { Ajv, type ErrorObject, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import type { RefusalCode } from '../src/contracts/refusals.js';

const shared: Options = {
  useDefaults: true,
  // Unknown fields are refused rather than dropped (contracts are allow-lists of what may be sent).
  removeAdditional: false,
  addUsedSchema: false,
  // allErrors would let a crafted body make validation slow; the first error is enough to answer.
  allErrors: false,
  // Each error carries the schema it failed, so a refused number's answer can name its range.
  verbose: true,
};

export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const coercing = new Ajv({ ...shared, coerceTypes: 'array' });
  const asSent = new Ajv({ ...shared, coerceTypes: false });
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? asSent : coercing;
    const id = (schema as { $id?: string }).$id;
    return (id && ajv.getSchema(id)) || ajv.compile(schema as object);
  };
}

/** A route's own answer to a body the schema refuses, for one Ajv keyword; `{property}` in the message names the field. */
export interface KeywordRefusal {
  title: string;
  code: RefusalCode<400>;
  message: string;
}
/** A route's refusals by the failing keyword, given in its config (`config.refusals`) and applied by the error hook. */
export type Refusals = Partial<Record<'additionalProperties' | 'required', KeywordRefusal>>;

/**
 * How a refused request is answered: the route's own refusal for the failing keyword when it gives one
 * (the one place Ajv's messages become the spec's), else the first problem, where it is, and for a
 * number its range.
 */
export function validationProblem(errors: readonly Partial<ErrorObject>[], context: string | undefined, refusals?: Refusals): { title: string; message: string; code: RefusalCode<400> } {
  const where = context ?? 'request';
  const detail = errors[0];
  const own = context === 'body' && detail?.keyword ? refusals?.[detail.keyword as keyof Refusals] : undefined;
  if (own) {
    const params = detail?.params as { additionalProperty?: string; missingProperty?: string } | undefined;
    const property = params?.additionalProperty ?? params?.missingProperty ?? 'This field';
    return { title: own.title, code: own.code, message: own.message.replace('{property}', property) };
  }
  const field = detail?.instancePath ? detail.instancePath.replace(/^\//, '').replace(/\//g, '.') : (detail?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const at = `${where}${field ? ` ${field}` : ''}`;
  const schema = detail?.parentSchema as { type?: unknown; minimum?: unknown; maximum?: unknown } | undefined;
  const range = schema && (schema.type === 'integer' || schema.type === 'number') && typeof schema.minimum === 'number' && typeof schema.maximum === 'number';
  if (range && detail?.keyword !== 'required') {
    const kind = schema.type === 'integer' ? 'a whole number' : 'a number';
    return { title: 'A number in the request is not valid.', message: `${at} must be ${kind} from ${schema.minimum} to ${schema.maximum}`, code: 'invalidRequest' };
  }
  return { title: 'Invalid request', message: `${at} ${detail?.message ?? 'is not valid'}`, code: 'invalidRequest' };
}
