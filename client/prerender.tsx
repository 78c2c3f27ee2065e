// Build-time rendering (scripts/prerender.mjs, docs/decisions.md decisions 19 and 33): the signed-out home
// page, the layout shell every other page starts from, and the Think Tank pages as a member first sees
// them, as HTML for dist/. Runs in Node: nothing here may touch the DOM.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { AppShell } from './app/layout/app-shell';
import { PageSpinner } from './app/layout/page-spinner';
import { AppProviders } from './app/providers';
import { MEMBER_PAGES } from './app/member-pages';
import { seedSignedOut, startAsProvisionalMember } from './lib/current-user';
import { prerenderedTitle } from './lib/document-title';
import { queryClient } from './lib/query-client';

// React marks a Suspense boundary it could not render on the server with <!--$!-->: the page would
// then be empty there until its code loads, which is what prerendering is meant to avoid.
function checkComplete(html: string, what: string): string {
  const at = html.indexOf('<!--$!-->');
  if (at >= 0) {
    const where = html.slice(Math.max(0, at - 300), at + 300);
    throw new Error(`the prerendered ${what} suspended: keep its code eager (or preload it) near\n${where}`);
  }
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

export type MemberPage = {
  path: string;
  /** The page's title (what useDocumentTitle sets once the app runs). */
  title: string;
  html: string;
  /** The client/ source files whose chunks it needs (client/app/member-pages.ts). */
  modules: readonly string[];
};

/**
 * Every Think Tank page (client/app/member-pages.ts) as a member's browser draws it before any of their
 * own data has arrived: the header's menu, the videos, the discussions and recordings in their loading
 * state, the rest (titles, lessons, the tools) in full. The code of each page is loaded first, so that
 * nothing suspends; boot.tsx does the same before hydrating.
 */
export async function renderMemberPages(): Promise<MemberPage[]> {
  const pages: MemberPage[] = [];
  for (const [path, kind] of MEMBER_PAGES) {
    await kind.preload();
    queryClient.clear();
    const endProvisional = startAsProvisionalMember(queryClient);
    prerenderedTitle.current = null;
    const html = renderToString(
      <StrictMode>
        <App ssrPath={path} />
      </StrictMode>,
    );
    endProvisional();
    if (prerenderedTitle.current === null) throw new Error(`the prerendered ${path} set no title`);
    pages.push({
      path,
      title: prerenderedTitle.current,
      html: checkComplete(html, path),
      modules: kind.modules,
    });
  }
  queryClient.clear();
  return pages;
}
