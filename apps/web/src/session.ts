/** Who is signed in: the token's owner (GET /api/me), asked once per token. */
import { ApiError, api, setToken, token } from './api.ts';

let known: { token: string; name: string | null } | null = null;
const listeners = new Set<() => void>();

/** The signed-in user's name, or null (no token, or one the server does not know). */
export async function signedInName(): Promise<string | null> {
  const current = token();
  if (current === null) return null;
  if (known?.token === current) return known.name;
  const name = await api.me().then((me) => me.name, (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  });
  known = { token: current, name };
  return name;
}

export async function signIn(newToken: string): Promise<string | null> {
  setToken(newToken);
  const name = await signedInName();
  if (name === null) setToken(null);
  changed();
  return name;
}

export function signOut(): void {
  setToken(null);
  known = null;
  changed();
}

/** Calls `listener` whenever someone signs in or out. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}
