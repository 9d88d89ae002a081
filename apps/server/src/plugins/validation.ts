/**
 * Two ajv instances: query strings and path parameters are text, so they are coerced to the types
 * their schemas declare (`?limit=5`); JSON bodies are not, so `{ "name": 42 }` is a 400 naming
 * the field instead of silently becoming "42". Unknown fields are errors everywhere, never dropped.
 */
import { Ajv, type Options } from 'ajv';
import type { FastifyInstance } from 'fastify';

// allErrors stays false: with true, a crafted body can make validation slow (fastify's advice)
const COMMON: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false, addUsedSchema: false };

export function validationPlugin(app: FastifyInstance): void {
  const bodies = new Ajv({ ...COMMON, coerceTypes: false });
  const text = new Ajv({ ...COMMON, coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : text).compile(schema));
}
