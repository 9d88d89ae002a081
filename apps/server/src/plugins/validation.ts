/**
 * Two ajv instances: query strings and path parameters are text, so they are coerced to the types
 * their schemas declare (`?limit=5`); JSON bodies are not, so `{ "name": 42 }` is a 400 naming
 * the field instead of silently becoming "42". Unknown fields are errors everywhere, never dropped.
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import type { FastifyInstance, RouteOptions } from 'fastify';

// allErrors stays false: with true, a crafted body can make validation slow (fastify's advice)
const COMMON: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false, addUsedSchema: false };

/** A whole number as text: decimal digits, no leading zero, no exponent, sign, spaces or 0x. */
const DECIMAL = /^-?(0|[1-9][0-9]*)$/;

export function validationPlugin(app: FastifyInstance): void {
  const bodies = new Ajv({ ...COMMON, coerceTypes: false });
  const text = new Ajv({ ...COMMON, coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies.compile(schema) : decimalIntegers(schema, text.compile(schema))));
  app.addHook('onRoute', (route) => {
    if (takesNoQuery(route)) route.schema = { ...route.schema, querystring: NO_QUERY };
  });
}

/** The query of an API route that declares none: any parameter is a 400 naming it, as on the routes that declare theirs. */
const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} } as const;

/**
 * A GET of the API with no querystring schema reads no query: a parameter a client thinks it can
 * pass (`/api/broadcasts?after=…`) is refused rather than ignored. The websocket streams read
 * `after=` themselves and answer with a close code on the socket, so they are left alone.
 */
function takesNoQuery(route: RouteOptions & { readonly wsHandler?: unknown; readonly websocket?: unknown }): boolean {
  const methods = [route.method].flat();
  return route.url.startsWith('/api/') && (methods.includes('GET') || methods.includes('HEAD')) && route.schema?.querystring === undefined
    && route.wsHandler === undefined && route.websocket !== true;
}

/**
 * ajv coerces any text JavaScript reads as a number (`1e0`, `0x1`, ` 1`), so `/versions/0x1` would
 * read version 1: the integer fields of a flat params or query schema must be written in decimal
 * digits before ajv sees them.
 */
function decimalIntegers(schema: unknown, check: ValidateFunction): ValidateFunction | ((data: unknown) => boolean) {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const integers = Object.keys(properties).filter((name) => [properties[name]?.type].flat().includes('integer'));
  if (integers.length === 0) return check;
  const validate = (data: unknown): boolean => {
    const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    // text ajv would read as a number but that is not plain decimal; other text gets ajv's own message
    const bad = integers.find((name) => typeof fields[name] === 'string' && fields[name] !== '' && !Number.isNaN(Number(fields[name])) && !DECIMAL.test(fields[name]));
    if (bad !== undefined) {
      validate.errors = [{ instancePath: `/${bad}`, schemaPath: '', keyword: 'type', params: { type: 'integer' }, message: 'must be a whole number written in decimal digits' }];
      return false;
    }
    const ok = check(data);
    validate.errors = check.errors;
    return ok;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
}
