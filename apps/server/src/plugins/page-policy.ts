/**
 * The Content-Security-Policy of the pages (the web app, /api/docs, /admin/queues): they load from
 * this origin only. security-headers.ts sets it on the page routes; web.ts on the shell it sends a
 * browser for an unknown path (the app's not-found page), a route whose other answers keep the
 * API's policy.
 */
export const PAGE_POLICY = {
  defaultSrc: ["'self'"], connectSrc: ["'self'"], imgSrc: ["'self'", 'data:'], styleSrc: ["'self'", "'unsafe-inline'"],
  objectSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"], formAction: ["'self'"],
};

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** PAGE_POLICY as a header value, as helmet writes it. */
export const PAGE_POLICY_HEADER = Object.entries(PAGE_POLICY).map(([name, values]) => `${kebab(name)} ${values.join(' ')}`).join(';');

/**
 * The editor's play worker (apps/web/src/editor/play-worker.ts): it evaluates the bot its author
 * wrote in the page, and may load or reach nothing (no fetch, no import): a worker's policy is its
 * script's own.
 */
export const PLAY_WORKER_POLICY_HEADER = "default-src 'none'; script-src 'unsafe-eval'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
