// Whether the history entry before this one is a page of this app (issue 15: Access Denied's Go Back).

interface NavigationLike {
  canGoBack?: boolean;
}

/** Entries this document has pushed (the fallback where the Navigation API is missing). */
let pushed = 0;
let watching = false;

/**
 * Counts this app's own navigations, for browsers without the Navigation API: wouter announces each
 * history.pushState it makes with a 'pushState' event on window. Back and forward are not told apart
 * here, so the count only says that there has been a page of ours before.
 */
export function watchInAppHistory(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('pushState', () => {
    pushed += 1;
  });
}

/**
 * True when Back would land on a page of this app. The Navigation API knows: `canGoBack` covers only
 * entries of this origin, so a tab opened on this page, or arriving from another site, has none.
 * Elsewhere, whether this app has navigated since it loaded.
 */
export function canGoBackInApp(): boolean {
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  return pushed > 0;
}
