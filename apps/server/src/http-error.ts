/** An answer other than success, thrown by a route and turned into `{ error, message }` (plugins/errors.ts). */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: string;
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(statusCode: number, code: string, message: string, extra: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.extra = extra;
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const gone = (message: string) => new HttpError(410, 'gone', message);
