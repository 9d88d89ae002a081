/** The web app: a header, and the page of location.pathname rendered into <main>. */
import 'uplot/dist/uPlot.min.css';
import './style.css';
import { defaultGame } from '@xix/engine';
import { el, fill, link } from './dom.ts';
import { onNavSection, type NavSection } from './nav-section.ts';
import { navigate, routeOf, titleOf, type Route } from './router.ts';
import { onSessionChange, signOut, signedInName } from './session.ts';
import { mountBotPage } from './pages/bot.ts';
import { mountEditorPage } from './pages/editor.ts';
import { mountLeaderboardPage } from './pages/leaderboard.ts';
import { mountHomePage } from './pages/home.ts';
import { mountLivePage } from './pages/live.ts';
import { mountNotFoundPage } from './pages/not-found.ts';
import { mountSignInPage } from './pages/sign-in.ts';
import { mountTournamentPage } from './pages/tournament.ts';
import { mountTournamentsPage } from './pages/tournaments.ts';
import { mountUploadPage } from './pages/upload.ts';
import { mountUserPage } from './pages/user.ts';
import { mountMatchPage } from './viewer/match-page.ts';

type Unmount = () => void;

function mount(root: HTMLElement, route: Route): Unmount {
  switch (route.page) {
    case 'home': return mountHomePage(root);
    case 'leaderboard': return mountLeaderboardPage(root, route.game, route.variant);
    case 'bot': return mountBotPage(root, route.id);
    case 'user': return mountUserPage(root, route.name);
    case 'tournaments': return mountTournamentsPage(root);
    case 'tournament': return mountTournamentPage(root, route.id);
    case 'match': return mountMatchPage(root, route.id);
    case 'live': return mountLivePage(root);
    case 'upload': return mountUploadPage(root);
    case 'editor': return mountEditorPage(root);
    case 'sign-in': return mountSignInPage(root);
    case 'not-found': return mountNotFoundPage(root);
  }
}

/** The front page: the leaderboard of the default game (the engine registry's first). */
const home = (): string => `/leaderboard/${defaultGame().id}`;

const NAV: readonly { readonly href: string; readonly label: string; readonly section: NavSection }[] = [
  { href: home(), label: 'Leaderboard', section: 'leaderboard' },
  { href: '/tournaments', label: 'Tournaments', section: 'tournaments' },
  { href: '/live', label: 'Live', section: 'live' },
  { href: '/editor', label: 'Editor', section: 'editor' },
  { href: '/upload', label: 'Upload', section: 'upload' },
];

/** The navigation's item of a page, as far as its route says (a match says it itself: nav-section.ts). */
function sectionOf(route: Route): NavSection | null {
  switch (route.page) {
    case 'leaderboard': case 'bot': case 'user': return 'leaderboard';
    case 'tournaments': case 'tournament': return 'tournaments';
    case 'live': return 'live';
    case 'upload': return 'upload';
    case 'editor': return 'editor';
    case 'home': case 'match': case 'sign-in': case 'not-found': return null;
  }
}

function header(account: HTMLElement): { element: HTMLElement; highlight(section: NavSection | null): void } {
  const links = NAV.map((item) => ({ item, anchor: link(item.href, item.label) }));
  const element = el('header', { class: 'site-header' },
    el('a', { class: 'brand', href: '/', 'aria-label': 'XIX Arena, home' }, el('span', { class: 'brand-mark', 'aria-hidden': 'true' }, 'XIX'), ' Arena'),
    el('nav', { 'aria-label': 'Main' }, el('ul', {}, ...links.map(({ anchor }) => el('li', {}, anchor)))),
    account,
  );
  return {
    element,
    highlight(section) {
      for (const { item, anchor } of links) {
        if (item.section === section) anchor.setAttribute('aria-current', 'page');
        else anchor.removeAttribute('aria-current');
      }
    },
  };
}

async function renderAccount(account: HTMLElement): Promise<void> {
  const name = await signedInName().catch(() => null);
  if (name === null) {
    fill(account, link('/sign-in', 'Sign in'));
    return;
  }
  fill(account,
    el('span', { class: 'account-name', 'data-testid': 'signed-in-as' }, `Signed in as ${name}`),
    el('button', { type: 'button', class: 'link-button', onclick: () => signOut() }, 'Sign out'),
  );
}

function start(): void {
  const account = el('div', { class: 'account' });
  const top = header(account);
  const main = el('main', { id: 'main', tabindex: '-1' });
  document.body.replaceChildren(el('a', { class: 'skip-link', href: '#main' }, 'Skip to content'), top.element, main);

  let unmount: Unmount = () => undefined;
  let shownPath: string | null = null;
  const render = (): void => {
    if (location.pathname === shownPath) return; // a hash change (e.g. the viewer's #move=K)
    const first = shownPath === null;
    shownPath = location.pathname;
    unmount();
    const route = routeOf(location.pathname);
    document.title = titleOf(route);
    top.highlight(sectionOf(route));
    main.replaceChildren();
    unmount = mount(main, route);
    // after a navigation in the page, screen readers and keyboards start at the new content
    if (!first) main.focus({ preventScroll: true });
  };
  window.addEventListener('popstate', render);
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest('a');
    if (anchor === null || anchor === undefined || anchor.target !== '' || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/admin/')) return;
    if (routeOf(url.pathname).page === 'not-found') return;
    // the same page with another #hash: the browser's own hash navigation (hashchange)
    if (url.pathname === location.pathname && url.search === location.search) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
    window.scrollTo(0, 0);
  });
  onNavSection((section) => top.highlight(section));
  onSessionChange(() => void renderAccount(account));
  void renderAccount(account);
  render();
}

start();
