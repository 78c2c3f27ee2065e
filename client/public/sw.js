// Tribe36's service worker (docs/decisions.md decision 61), at /sw.js with the scope /. Hand-written
// and small on purpose:
// - it keeps one offline page and answers a navigation with it when the network fails; everything else
//   (the API, Vite's hashed assets, media) goes to the network and the browser's HTTP cache untouched,
//   so an API answer is never kept here and the app's own caching stays as the server says;
// - it shows a push (title, text, the page it opens; common/contracts/push.ts pushPayload) and, on a
//   click, brings an open tab of the app to that page, or opens one.
// Registered by client/lib/service-worker.ts in production builds on secure contexts.
'use strict';

/** Raise the version when the offline page or what it needs changes: the old cache is dropped. */
var OFFLINE_CACHE = 'tribe36-offline-v1';
var OFFLINE_URL = '/offline.html';
var PRECACHED = [OFFLINE_URL, '/icons/icon-192.png'];

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then(function (cache) {
        // Past the HTTP cache: the offline page as the server has it now.
        return cache.addAll(
          PRECACHED.map(function (url) {
            return new Request(url, { cache: 'reload' });
          }),
        );
      })
      .then(function () {
        return self.skipWaiting();
      }),
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf('tribe36-') === 0 && name !== OFFLINE_CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        // The page's request starts while the worker wakes up, instead of after.
        return self.registration.navigationPreload ? self.registration.navigationPreload.enable() : null;
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

/** A navigation to a page of this site: the network, and the offline page when it fails. */
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf('/api/') === 0) return;
  event.respondWith(
    Promise.resolve(event.preloadResponse)
      .then(function (preloaded) {
        return preloaded || fetch(request);
      })
      .catch(function () {
        return caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE }).then(function (page) {
          return page || Response.error();
        });
      }),
  );
});

/** A path on this site from a push's url; anything else opens the home page. */
function pathOnThisSite(value) {
  try {
    var url = new URL(typeof value === 'string' ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', function (event) {
  var data;
  try {
    data = (event.data && event.data.json()) || {};
  } catch {
    data = {};
  }
  var title = typeof data.title === 'string' && data.title !== '' ? data.title : 'Tribe36';
  var options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: pathOnThisSite(data.url) },
  };
  if (typeof data.tag === 'string' && data.tag !== '') options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * A click on a notification: an open tab of the app is focused and told to go to the page (the app
 * moves there without reloading, client/lib/service-worker.ts); with no tab open, a new one opens.
 */
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var path = pathOnThisSite(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (tabs) {
      var tab = tabs.find(function (client) {
        return new URL(client.url).origin === self.location.origin;
      });
      if (!tab) return self.clients.openWindow(path);
      tab.postMessage({ type: 'tribe36:navigate', url: path });
      return tab.focus();
    }),
  );
});
