// The app itself, started by boot.tsx (once the page the server sent has been painted, and React and the
// data layer have been evaluated in tasks of their own: docs/decisions.md decision 65).
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadMemberChrome } from './app/layout/header';
import { memberPageOf } from './app/member-pages';
import { loadMemberHome } from './app/routes/home-page';
import { seedSignedOut, startAsProvisionalMember } from './lib/current-user';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

/**
 * The page the server sent (docs/decisions.md decisions 19 and 33): the prerendered home page, a Think Tank
 * page prerendered for members, or the layout shell.
 */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Takes over the HTML the server sent for `path`, as a transition (see below). */
function hydrate(root: HTMLElement, path: string) {
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App ssrPath={path} />
      </StrictMode>,
    );
  });
}

/**
 * Takes over the page the server sent, or renders the app into the shell. Resolves once React has a
 * root on the page (a press replayed from then on reaches it; docs/decisions.md decision 65).
 */
export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const { pathname } = window.location;
  const memberPage = memberPageOf(pathname);
  try {
    await startIn(container, pathname, memberPage);
  } finally {
    // The offline page and push notifications (decision 61): after the first paint, once the page has loaded.
    registerServiceWorker();
  }
}

async function startIn(
  container: HTMLElement,
  pathname: string,
  memberPage: ReturnType<typeof memberPageOf>,
): Promise<void> {
  if (container.getAttribute(PRERENDERED_ATTRIBUTE) === 'member' && memberPage) {
    // The server sends this page only to a live session: start as a member, provisionally, while
    // /api/auth/me (asked by main.tsx already) confirms; a signed-out answer sends the visitor home as
    // on any members-only page. The page's own code (preloaded by main.tsx) is loaded before hydrating,
    // with what its first screen draws; its sections further down are not: React keeps their server
    // HTML and hydrates each later in tasks of its own (docs/decisions.md decisions 33 and 65).
    startAsProvisionalMember(queryClient);
    preloadMemberChrome();
    try {
      await (memberPage.preloadForHydration ?? memberPage.preload)();
    } finally {
      hydrate(container, pathname);
    }
  } else if (container.getAttribute(PRERENDERED_ATTRIBUTE) === 'home' && pathname === '/') {
    // The server sends this page only to a browser without a session: start as the visitor it shows,
    // take over its HTML, and let /api/auth/me confirm.
    seedSignedOut(queryClient);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: the page already shows, and stays responsive while it happens.
    hydrate(container, '/');
  } else {
    // The server sends the shell for / only with a session cookie: fetch the member's home meanwhile.
    if (pathname === '/') {
      void loadMemberHome();
      preloadMemberChrome();
    }
    // The shell looks like the app's first frame, which replaces it.
    // Also as a transition: the first render of a page (the analysis tool's, say) yields to the
    // browser between components instead of holding the main thread until it is done.
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  }
}
