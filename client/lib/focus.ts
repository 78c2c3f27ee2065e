// Keeping keyboard focus somewhere useful (issue 15): a control that goes away must not leave focus on
// <body>, where a keyboard or screen-reader user loses their place.

/** The elements focused lately, newest last (a few are enough to find what opened a dialog). */
const recent: Element[] = [];
const RECENT_MAX = 12;
let watching = false;

function onFocusIn(event: FocusEvent) {
  if (!(event.target instanceof Element)) return;
  const at = recent.indexOf(event.target);
  if (at !== -1) recent.splice(at, 1);
  recent.push(event.target);
  if (recent.length > RECENT_MAX) recent.shift();
}

/** Marks the sticky header and the fixed footer, which the page scrolls under. */
export const APP_CHROME_ATTRIBUTE = 'data-app-chrome';

function scrollPadding(side: 'top' | 'bottom'): number {
  return (
    parseFloat(getComputedStyle(document.documentElement).getPropertyValue(`scroll-padding-${side}`)) || 0
  );
}

/**
 * Scrolls an element focused by keyboard that the header or footer still partly covers fully into view. The
 * browser's own scroll honours scroll-padding (index.css) for most controls, but for a text field it
 * only brings the caret into view, leaving the rest of a textarea under the footer.
 */
function keepInView(el: Element) {
  if (!el.isConnected || el === document.body) return;
  // Keyboard focus only: a press on the analysis canvas (taller than the space between header and
  // footer) must not scroll the page under the pointer while it draws.
  if (document.activeElement !== el || !el.matches(':focus-visible')) return;
  if (el.closest(`[${APP_CHROME_ATTRIBUTE}], [role="dialog"], [role="alertdialog"]`)) return;
  if (getComputedStyle(el).position === 'fixed') return;
  const rect = el.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return;
  const top = scrollPadding('top');
  const bottom = window.innerHeight - scrollPadding('bottom');
  const fits = rect.height <= bottom - top;
  const covered = rect.top < top || (fits ? rect.bottom > bottom : rect.top > bottom);
  if (covered) el.scrollIntoView({ block: fits ? 'nearest' : 'start', inline: 'nearest' });
}

/**
 * Starts remembering what gets focus, and keeps what gets it clear of the header and footer; safe to
 * call more than once, and a no-op outside a browser.
 */
export function watchFocus(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('focusin', onFocusIn, true);
  // After the browser's own scroll for the focus, which comes after the event.
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof Element) requestAnimationFrame(() => keepInView(target));
  });
  if (document.activeElement && document.activeElement !== document.body) recent.push(document.activeElement);
}

/** The page's main region (app-shell), where focus rests when there is no control to give it to. */
export const MAIN_ID = 'main-content';

/**
 * Whether keyboard focus is nowhere in particular: on <body>, nowhere, on an element no longer in the
 * page, or resting on the main region itself (where a closing dialog leaves it when its opener went).
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return (
    !active ||
    active === document.body ||
    active === document.documentElement ||
    !active.isConnected ||
    active.id === MAIN_ID
  );
}

/**
 * The element to give focus back to once `container` (an opening dialog) goes: the one focused before it
 * that is still in the page and outside it. A menu item that opened the dialog has gone with its menu,
 * so this finds the menu's button.
 */
export function focusReturnTarget(container: Element | null): HTMLElement | null {
  for (let i = recent.length - 1; i >= 0; i -= 1) {
    const el = recent[i];
    if (!(el instanceof HTMLElement) || !el.isConnected) continue;
    if (container?.contains(el)) continue;
    if (el.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) continue;
    return el;
  }
  return null;
}

/** Whether the element is drawn (React hides a suspended page's old content with display: none). */
export function isRendered(el: Element): boolean {
  return el.getClientRects().length > 0;
}

/**
 * Focuses what `find` returns as soon as it is in the page (it may still be loading), unless focus has
 * meanwhile gone somewhere on purpose: it moves only while focus is lost or still on `from`.
 * Gives up after `timeoutMs`. Returns a function that cancels it.
 */
export function focusWhenReady(
  find: () => HTMLElement | null | undefined,
  {
    timeoutMs = 5000,
    from = null,
    preventScroll = false,
  }: { timeoutMs?: number; from?: Element | null; preventScroll?: boolean } = {},
): () => void {
  let done = false;
  const attempt = () => {
    if (done) return true;
    const target = find();
    if (!target || !isRendered(target)) return false;
    done = true;
    if (focusIsLost() || document.activeElement === from) target.focus({ preventScroll });
    return true;
  };
  if (attempt()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  return stop;
}

/** The header's user menu button, which takes focus after login and register. */
export const USER_MENU_SELECTOR = '[data-user-menu-trigger]';

/** Focuses the user menu button once it is drawn (it loads after the sign-in). */
export function focusUserMenu(): () => void {
  return focusWhenReady(() => document.querySelector<HTMLElement>(USER_MENU_SELECTOR));
}

/** The header's Login button, which takes focus after logout. */
export const SIGN_IN_SELECTOR = '[data-sign-in-button]';

/** Focuses the header's Login button once the signed-out header is drawn, if focus went with the menu. */
export function focusSignIn(): () => void {
  return focusWhenReady(() => document.querySelector<HTMLElement>(SIGN_IN_SELECTOR));
}

/** The elements revealIfTargeted has brought into view already. */
const revealed = new WeakSet<Element>();

/**
 * Brings the element the address's fragment names into view and gives it focus (a notification mail's
 * "/settings#notifications"), once, after the page's own focus on arrival. A page that draws its
 * content once its data has arrived has nothing at the fragment when the browser looks for it. Does
 * nothing when the fragment names another element, or for an element revealed already.
 */
export function revealIfTargeted(el: HTMLElement | null): () => void {
  if (!el?.id || revealed.has(el) || decodeURIComponent(window.location.hash) !== `#${el.id}`) {
    return () => {};
  }
  const frame = requestAnimationFrame(() => {
    if (!el.isConnected) return;
    revealed.add(el);
    el.scrollIntoView({ block: 'start' });
    if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
    el.focus({ preventScroll: true });
  });
  return () => cancelAnimationFrame(frame);
}
