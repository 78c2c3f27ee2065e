import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { focusWhenReady, isRendered } from '../../lib/focus';

/** Marks the heading that a navigation focused (index.css draws no ring on it: it is not a control). */
const ROUTE_FOCUS_ATTRIBUTE = 'data-route-focus';

/**
 * The page's own heading: the first h1 or h2 drawn in main (not one of the last page, which React
 * keeps hidden while the new one loads), made focusable from script only.
 */
function pageHeading(main: HTMLElement | null): HTMLElement | null {
  const headings = main ? Array.from(main.querySelectorAll<HTMLElement>('h1, h2')) : [];
  const heading = headings.find(isRendered);
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.setAttribute(ROUTE_FOCUS_ATTRIBUTE, '');
  return heading;
}

/**
 * After an in-app navigation, moves focus to the new page's heading (once its code and data have drawn
 * it), so a screen reader announces the page and the next Tab starts from its top; the page opens at its
 * top. Not on the first load, nor after a redirect before the visitor has done anything: the browser
 * announces a loaded page itself. Focus that has gone somewhere on purpose in the meantime stays put.
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  const [location] = useLocation();
  const lastLocation = useRef(location);
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('keydown', mark, true);
    document.addEventListener('pointerdown', mark, true);
    return () => {
      document.removeEventListener('keydown', mark, true);
      document.removeEventListener('pointerdown', mark, true);
    };
  }, []);

  useEffect(() => {
    if (lastLocation.current === location) return;
    lastLocation.current = location;
    if (!interacted.current) return;
    const from = document.activeElement;
    if (window.scrollY > 0) window.scrollTo({ top: 0, behavior: 'instant' });
    return focusWhenReady(() => pageHeading(mainRef.current), {
      from,
      timeoutMs: 10_000,
      preventScroll: true,
    });
  }, [location, mainRef]);
}
