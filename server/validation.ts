// Request validation: Ajv, as Fastify's own compiler sets it up, with one difference. Path values,
// query strings and headers arrive as text, so they are coerced to the schema's types ('true' to
// true, '5' to 5). A JSON body already carries its types, so it is checked as sent: coercion there
// turned `timestamp: null` into 0 and `"5"` into 5 instead of refusing them.
import { Ajv, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = {
  useDefaults: true,
  // Unknown fields are refused rather than dropped (contracts are allow-lists of what may be sent).
  removeAdditional: false,
  addUsedSchema: false,
  // allErrors would let a crafted body make validation slow; the first error is enough to answer.
  allErrors: false,
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
