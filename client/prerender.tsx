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
import { prerenderedVariant, type FrameVariant } from './lib/member-frame';
import { queryClient } from './lib/query-client';

export { MEMBER_HOME_MODULES } from './app/member-pages';

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
  /** Which of the page's frames this is (client/lib/member-frame.ts); null: the plain one. */
  variant: FrameVariant | null;
};

/**
 * Every member page of client/app/member-pages.ts (the Think Tank pages, the own profile's frame) as a
 * member's browser draws it before any of their own data has arrived: the header's menu, the videos, the
 * discussions and recordings in their loading state, the member's own lines as placeholders, the rest
 * (titles, lessons, the tools) in full; each of a page's frames (`variants`) besides its plain one. The
 * code of each page is loaded first, so that nothing suspends; start.tsx does the same before hydrating.
 */
export async function renderMemberPages(): Promise<MemberPage[]> {
  const pages: MemberPage[] = [];
  for (const [path, kind] of MEMBER_PAGES) {
    await kind.preload();
    for (const variant of [null, ...(kind.variants ?? [])]) {
      queryClient.clear();
      const endProvisional = startAsProvisionalMember(queryClient);
      prerenderedTitle.current = null;
      prerenderedVariant.current = variant;
      const html = renderToString(
        <StrictMode>
          <App ssrPath={path} />
        </StrictMode>,
      );
      endProvisional();
      prerenderedVariant.current = undefined;
      if (prerenderedTitle.current === null) throw new Error(`the prerendered ${path} set no title`);
      pages.push({
        path,
        title: prerenderedTitle.current,
        html: checkComplete(html, variant ? `${path} (${variant})` : path),
        modules: kind.modules,
        variant,
      });
    }
  }
  queryClient.clear();
  return pages;
}
