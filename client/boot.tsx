// The app itself, started by main.tsx once the page the server sent has been painted.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMemberHome } from './app/routes/home-page';
import { seedSignedOut } from './lib/current-user';
import { queryClient } from './lib/query-client';

/** The page the server sent (DESIGN.md decision 19): the prerendered home page, or the layout shell. */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

if (container.getAttribute(PRERENDERED_ATTRIBUTE) === 'home' && window.location.pathname === '/') {
  // The server sends this page only to a browser without a session: start as the visitor it shows,
  // take over its HTML, and let /api/auth/me confirm.
  seedSignedOut(queryClient);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the page already shows, and stays responsive while it happens.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App ssrPath="/" />
      </StrictMode>,
    );
  });
} else {
  // The server sends the shell for / only with a session cookie: fetch the member's home meanwhile.
  if (window.location.pathname === '/') void loadMemberHome();
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
