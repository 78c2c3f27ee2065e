import { Router } from 'wouter';
import { AppShell } from './layout/app-shell';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/**
 * The whole client: providers around the shell around the routes. `ssrPath` is the path the page was
 * prerendered at (client/prerender.tsx); hydrating with it lets the router read that path and an empty
 * query string while React matches the server's HTML, then the real address.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  const app = (
    <AppProviders>
      <AppShell>
        <AppRouter />
      </AppShell>
    </AppProviders>
  );
  return ssrPath === undefined ? app : <Router ssrPath={ssrPath}>{app}</Router>;
}
