// The page's entry (docs/decisions.md decision 19). The server sent a page that is already drawn (the
// prerendered home page, or the layout shell): let the browser paint it, then start the app
// (boot.tsx). Only then is the app's code fetched, so that on a slow phone connection it does not
// share the bandwidth with the stylesheet the first paint waits for; the page reads meanwhile, and
// the app takes over one download later.
import './index.css';
import { fetchCommunityMessagesEarly } from './lib/early-community-messages';
import { fetchCurrentUserEarly } from './lib/early-current-user';
import { warmDateFormat } from './lib/date-format';
import { fetchMemberProfileEarly, memberPageUsername } from './lib/early-member-profile';
import { PROFILE_PATH } from './lib/paths';
import { recordEarlyPresses } from './lib/early-press';

// A button pressed before the app runs would do nothing: it is held and pressed again once the
// app has taken over the page (React hydrates the part pressed first).
const pressed: HTMLElement[] = [];
function hold(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  if (!pressed.includes(button)) pressed.push(button);
}
document.addEventListener('click', hold, true);
// A press on the analysis stage before its engine exists is answered by the engine once made
// (docs/decisions.md decision 65).
recordEarlyPresses();
// A placeholder's pulse (`animate-pulse`, a CSS animation) fires an animation event at each iteration,
// and React's root listener handles each: dozens every two seconds while a member page's frame waits
// for its data, long tasks at a phone's speed (4× CPU). Nothing in the app listens to a pulse's
// events: they stop here, before the root (docs/decisions.md decision 86).
for (const type of ['animationstart', 'animationiteration', 'animationend']) {
  window.addEventListener(
    type,
    (event) => {
      if (event.target instanceof Element && event.target.classList.contains('animate-pulse'))
        event.stopPropagation();
    },
    true,
  );
}

/** Preload links added in one task (see preloadPageChunks). */
const LINKS_PER_TASK = 5;

/**
 * The app's own chunks and those the page draws with (scripts/prerender.mjs lists them on #root):
 * fetched together, instead of one after the other as the app's steps and the page ask for them
 * (docs/decisions.md decision 91). The shell names the member's home's too, for `/` alone (the server
 * sends the shell there only to a live session).
 */
function preloadPageChunks(path: string) {
  const root = document.getElementById('root');
  const home = path === '/' && root?.dataset.prerendered === 'shell' ? root.dataset.preloadHome : '';
  const files = `${root?.dataset.preload ?? ''} ${home ?? ''}`
    .split(' ')
    .filter((href) => href.startsWith('/assets/'));
  // A link starts its download as it goes in, some 5 ms of the main thread each at a phone's speed:
  // the physiological page's 23 in one task made one of 160 ms. A few per task, the app's steps first.
  const add = (from: number) => {
    for (const href of files.slice(from, from + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + LINKS_PER_TASK < files.length) setTimeout(() => add(from + LINKS_PER_TASK), 0);
  };
  add(0);
}

let started = false;
function start() {
  if (started) return;
  started = true;
  // Who is signed in is the app's first question: asked now, while the app's code downloads, and
  // answered to the current-user query when it runs (docs/decisions.md decision 33). Not sooner: requests
  // started before the first paint share the slow link with what it waits for.
  fetchCurrentUserEarly();
  // Another member's page: their profile, which names their picture, the page's largest element
  // (docs/decisions.md decision 72).
  const path = window.location.pathname;
  fetchMemberProfileEarly(path);
  // The member's home: the room's messages, whose newest photos are its largest element (decision 77).
  fetchCommunityMessagesEarly(path);
  preloadPageChunks(path);
  // A profile's first render writes "Member since": its formatter is made now, while the app's code
  // downloads, not in that render (docs/decisions.md decision 72).
  if (path === PROFILE_PATH || memberPageUsername(path) !== null) setTimeout(warmDateFormat, 0);
  // Replayed once React has a root on the page (boot.tsx's `started`): it hydrates the pressed part
  // first and then handles the press.
  void import('./boot')
    .then((boot) => boot.started)
    .finally(() => {
      document.removeEventListener('click', hold, true);
      for (const button of pressed) if (button.isConnected) button.click();
    });
}

/**
 * Calls `then` once the page's first contentful paint is out: the paint timing entry, which the browser
 * gives once the frame is on the screen. A requestAnimationFrame callback and a timeout after it came
 * before that often enough (the frame painted, not yet shown), and the app's downloads then shared the
 * link with what the first paint waited for: in the first-load bench's traces, the member pages' code
 * was asked for 15 ms before their first contentful paint (docs/decisions.md decision 91). A browser
 * without paint timing gets the frame callback.
 */
function afterFirstPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(then, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

if (document.visibilityState === 'hidden') {
  // No frame is drawn for a hidden tab: start now.
  start();
} else {
  afterFirstPaint(start);
  // A tab hidden before its first paint draws nothing: start then. And a page that paints nothing
  // contentful starts anyway.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') start();
  });
  setTimeout(start, 2000);
}
