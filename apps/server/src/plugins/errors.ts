/**
 * Every failure leaves as `{ error: <short code>, message: <a sentence naming the field> }`: schema
 * errors name the field, the body limit gives 413, anything unexpected a logged 500 that says nothing
 * of the internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';

interface SchemaIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
  /** Set by ajv when a property name (propertyNames) is what failed. */
  readonly propertyName?: string;
}

/** `body.files["a.ts"] must be string`: the part, the field, and what is wrong. */
export function describeSchemaIssue(context: string, issue: SchemaIssue): string {
  const path = issue.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`))
    .join('');
  const field = `${context}${path}`;
  const { params } = issue;
  if (issue.keyword === 'required') return `${field}.${String(params.missingProperty)} is required`;
  if (issue.keyword === 'additionalProperties') return `${field}.${String(params.additionalProperty)} is not allowed here`;
  if (issue.propertyName !== undefined) return `${field}: the name ${JSON.stringify(issue.propertyName)} is not allowed (it ${issue.message ?? 'is not valid'})`;
  if (issue.keyword === 'propertyNames') return `${field} has a property name that is not allowed (${String(params.propertyName)})`;
  return `${field} ${issue.message ?? 'is not valid'}`;
}

const CODES: Readonly<Record<number, string>> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 409: 'conflict', 413: 'too_large', 415: 'unsupported_media_type', 429: 'rate_limited' };

export function errorsPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { extra?: Record<string, unknown> }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, ...error.extra });
    }
    if (error.validation !== undefined && error.validation.length > 0) {
      const issue = error.validation[0] as SchemaIssue;
      return reply.status(400).send({ error: 'bad_request', message: describeSchemaIssue(error.validationContext ?? 'request', issue) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ error: 'too_large', message: `the request body is over the limit of ${app.initialConfig.bodyLimit} bytes` });
    if (status === 429) return reply.status(429).send({ error: 'rate_limited', message: error.message });
    if (status >= 400 && status < 500) {
      // fastify's own client errors (bad JSON, wrong content type, …): their message is about the request
      return reply.status(status).send({ error: CODES[status] ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: 'the server failed; the error is in its log' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `no route ${request.method} ${request.url.split('?')[0]}` });
  });
}
