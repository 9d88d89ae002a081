/**
 * A Redis URL as it may be printed or logged: the user and password blanked out
 * (`redis://:***@host:6379`), and a `password=` in the query too. Anything between the scheme and
 * the last `@` counts as credentials, so a password with an unescaped `/` or `@` is hidden as well
 * (at worst a little more is hidden than needed, never less). Works on text that is not a valid URL,
 * since it is used in the messages that say so.
 */
export function redactUrl(url: string): string {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(url)?.[0] ?? '';
  const at = url.lastIndexOf('@');
  const hidden = at < scheme.length ? url : `${scheme}:***${url.slice(at)}`;
  return hidden.replace(/([?&](?:password|pass|auth|username|user)=)[^&#]*/gi, '$1***');
}
