/** The routes of the pages (docs/api.md "Web pages"; the server's PAGE_ROUTES) and navigation without reloading. */
import { gameName } from './games/registry.ts';

export type Route =
  /** The front page: the featured broadcast. */
  | { readonly page: 'home' }
  /** A game's leaderboard of one variant, or (null) of its main variant. */
  | { readonly page: 'leaderboard'; readonly game: string; readonly variant: string | null }
  | { readonly page: 'bot'; readonly id: string }
  | { readonly page: 'user'; readonly name: string }
  | { readonly page: 'tournaments' }
  | { readonly page: 'tournament'; readonly id: string }
  | { readonly page: 'match'; readonly id: string }
  | { readonly page: 'live' }
  | { readonly page: 'upload' }
  | { readonly page: 'editor' }
  | { readonly page: 'sign-in' }
  | { readonly page: 'not-found' };

export function routeOf(pathname: string): Route {
  const parts = pathname.split('/').filter((part) => part !== '').map(decodeURIComponent);
  const [first, second, third, extra] = parts;
  if (extra !== undefined) return { page: 'not-found' };
  if (first === undefined) return { page: 'home' };
  if (third !== undefined) return first === 'leaderboard' ? { page: 'leaderboard', game: second!, variant: third } : { page: 'not-found' };
  if (second !== undefined) {
    if (first === 'leaderboard') return { page: 'leaderboard', game: second, variant: null };
    if (first === 'bots') return { page: 'bot', id: second };
    if (first === 'users') return { page: 'user', name: second };
    if (first === 'tournaments') return { page: 'tournament', id: second };
    if (first === 'matches') return { page: 'match', id: second };
    return { page: 'not-found' };
  }
  if (first === 'tournaments') return { page: 'tournaments' };
  if (first === 'live') return { page: 'live' };
  if (first === 'upload') return { page: 'upload' };
  if (first === 'editor') return { page: 'editor' };
  if (first === 'sign-in') return { page: 'sign-in' };
  return { page: 'not-found' };
}

/** The window's title on a route. */
export function titleOf(route: Route): string {
  const page = ((): string => {
    switch (route.page) {
      case 'home': return 'Now showing';
      case 'leaderboard': return `Leaderboard: ${gameName(route.game)}${route.variant === null ? '' : ` (${route.variant})`}`;
      case 'bot': return `Bot ${route.id}`;
      case 'user': return `User ${route.name}`;
      case 'tournaments': return 'Tournaments';
      case 'tournament': return `Tournament ${route.id}`;
      case 'match': return `Match ${route.id}`;
      case 'live': return 'Live games';
      case 'upload': return 'Upload a bot';
      case 'editor': return 'Bot editor';
      case 'sign-in': return 'Sign in';
      case 'not-found': return 'Page not found';
    }
  })();
  return `${page} · XIX Arena`;
}

/** Goes to a page of the app without reloading (main.ts renders it). */
export function navigate(href: string): void {
  history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
