// Applies the saved theme before first paint (no flash). Loaded first in <head> as an external script,
// because the CSP allows scripts from 'self' only. Mirrors resolveTheme() in client/lib/theme.ts;
// client/lib/theme.test.ts runs this file to keep the two in step.
// Also marks a browser that cannot record the screen (html.no-screen-capture), so that a page drawn
// before the app runs (docs/decisions.md decision 33) shows the voiceover card's 'not supported' note from
// the first frame instead of adding it later. Mirrors canRecordScreen() in
// client/features/recordings/voiceover-recorder.ts.
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
(function () {
  var media = window.navigator && window.navigator.mediaDevices;
  var recorder = window.MediaRecorder;
  var can =
    !!media &&
    typeof media.getDisplayMedia === 'function' &&
    typeof media.getUserMedia === 'function' &&
    !!recorder &&
    (recorder.isTypeSupported('audio/webm;codecs=opus') || recorder.isTypeSupported('audio/webm')) &&
    recorder.isTypeSupported('video/webm');
  if (!can) document.documentElement.classList.add('no-screen-capture');
})();
