// Build-time rendering (scripts/prerender.mjs, DESIGN.md decision 19): the signed-out home page and
// the layout shell every other page starts from, as HTML for dist/client. Runs in Node: nothing here
// may touch the DOM.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { AppShell } from './app/layout/app-shell';
import { PageSpinner } from './app/layout/page-spinner';
import { AppProviders } from './app/providers';
import { seedSignedOut } from './lib/current-user';
import { queryClient } from './lib/query-client';

// React marks a Suspense boundary it could not render on the server with <!--$!-->: the page would
// then be empty there until its code loads, which is what prerendering is meant to avoid.
function checkComplete(html: string, what: string): string {
  if (html.includes('<!--$!-->')) throw new Error(`the prerendered ${what} suspended: keep its code eager`);
  return html;
}

/** `/` as a visitor sees it before the member count arrives: header, hero, chat asking to log in, footer. */
export function renderHome(): string {
  queryClient.clear();
  seedSignedOut(queryClient);
  const html = renderToString(
    <StrictMode>
      <App ssrPath="/" />
    </StrictMode>,
  );
  queryClient.clear();
  return checkComplete(html, 'home page');
}

/**
 * The frame any other page starts with, as the app draws it while /api/auth/me has not answered:
 * header with its placeholder, an empty page with the spinner, the footer.
 */
export function renderShell(): string {
  queryClient.clear();
  const html = renderToString(
    <StrictMode>
      <Router ssrPath="/">
        <AppProviders>
          <AppShell>
            <PageSpinner />
          </AppShell>
        </AppProviders>
      </Router>
    </StrictMode>,
  );
  return checkComplete(html, 'shell');
}
