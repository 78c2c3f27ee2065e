// Applies the saved theme before first paint (no flash). Loaded first in <head> as an external script,
// because the CSP allows scripts from 'self' only. Mirrors resolveTheme() in client/lib/theme.ts;
// client/lib/theme.test.ts runs this file to keep the two in step.
(function () {
  var choice = 'dark';
  try {
    var stored = window.localStorage.getItem('tribe36-theme');
    if (stored === 'dark' || stored === 'light' || stored === 'system') choice = stored;
  } catch {
    // Storage can be blocked; keep the default.
  }
  var dark = choice === 'dark';
  if (choice === 'system') {
    try {
      dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    } catch {
      dark = true;
    }
  }
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
