// The page's entry (DESIGN.md decision 19). The server sent a page that is already drawn (the
// prerendered home page, or the layout shell): let the browser paint it, then start the app. The
// app's code (boot.tsx and what it imports) downloads meanwhile, preloaded by index.html, so
// waiting for the first frame costs one frame, and the phone shows the page instead of running
// the app's script first.
import './index.css';

let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./boot');
}

if (document.visibilityState === 'hidden') {
  // No frame is drawn for a hidden tab: start now.
  start();
} else {
  // A requestAnimationFrame callback runs just before the frame is painted; the timeout after it
  // runs once the frame is out.
  requestAnimationFrame(() => setTimeout(start, 0));
  // The same if frames stop (the tab is hidden right now).
  setTimeout(start, 250);
}
