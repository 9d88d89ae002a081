/**
 * What the request log may show of a URL: the value of every query parameter whose name says it
 * carries a credential (`token`, `access_token`, `password`, `api_key`, `secret`, `session`, …) is
 * replaced by `***`. The API never reads a token from a query string, but clients send them anyway
 * (`/api/me?token=…`, the admin's on `/metrics?token=…`), and a log is read by more people than
 * the admin.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const CREDENTIAL_NAME = /token|secret|passw|pwd|api[-_]?key|access[-_]?key|auth|credential|session|signature|cookie/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

export function redactRequestUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const params = url.slice(query + 1, end).split('&').map((param) => {
    const equals = param.indexOf('=');
    if (equals < 0 || !CREDENTIAL_NAME.test(decodedName(param.slice(0, equals)))) return param;
    return `${param.slice(0, equals)}=***`;
  });
  return `${url.slice(0, query + 1)}${params.join('&')}${url.slice(end)}`;
}

/** fastify's `req` log serializer with the URL redacted (the same fields as fastify's own). */
function loggedRequest(request: FastifyRequest) {
  const version = [request.headers['accept-version']].flat()[0];
  const port = request.socket.remotePort;
  return {
    method: request.method,
    url: redactRequestUrl(request.url),
    ...(version !== undefined && { version }),
    host: request.host,
    remoteAddress: request.ip,
    ...(port !== undefined && { remotePort: port }),
  };
}

/** The server's logger option with every logged request's URL redacted. */
export function withRedactedUrls(logger: FastifyServerOptions['logger']): NonNullable<FastifyServerOptions['logger']> {
  if (logger === undefined || logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: loggedRequest } };
}
