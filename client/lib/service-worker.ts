import { navigate } from 'wouter/use-browser-location';

/** The service worker (client/public/sw.js, decision 61): the offline page and push notifications. */
export const SERVICE_WORKER_URL = '/sw.js';

/** The message sw.js posts to an open tab when a notification is clicked: go to `url` (a path). */
type NavigateMessage = { type: 'tribe36:navigate'; url: string };

function isNavigateMessage(data: unknown): data is NavigateMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'tribe36:navigate' &&
    typeof (data as { url?: unknown }).url === 'string'
  );
}

/** Whether this browser can run the service worker here: it must, and the page be a secure context. */
export function serviceWorkerSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator;
}

/**
 * Registers /sw.js with the scope / once the page has loaded, in production builds on secure contexts
 * (https, or localhost and 127.0.0.1): in development Vite serves the modules and no worker stands
 * between. A click on a notification arrives here as a message and moves the app to its page
 * without reloading it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !serviceWorkerSupported()) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== '' && event.origin !== window.location.origin) return;
    if (!isNavigateMessage(event.data) || !event.data.url.startsWith('/')) return;
    navigate(event.data.url);
  });
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((err: unknown) => {
      console.warn('The service worker could not be registered', err);
    });
  };
  // After the page's own requests: the worker's install fetches the offline page and an icon.
  if (document.readyState === 'complete') setTimeout(register, 0);
  else window.addEventListener('load', register, { once: true });
}
