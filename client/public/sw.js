// Tribe36's service worker (docs/decisions.md decision 61), at /sw.js with the scope /. Hand-written
// and small on purpose:
// - it keeps one offline page and answers a navigation with it when the network fails; everything else
//   (the API, Vite's hashed assets, media) goes to the network and the browser's HTTP cache untouched,
//   so an API answer is never kept here and the app's own caching stays as the server says;
// - it shows a push (title, text, the page it opens; common/contracts/push.ts pushPayload) and, on a
//   click, brings an open tab of the app to that page, or opens one;
// - it takes a clip shared to the installed app (the manifest's share_target, decision 63): the POST to
//   /share never reaches the network; its videos and images are kept in a Cache Storage cache of their
//   own and the physiological page opens with ?shared=<id>, where Side by Side loads them.
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
              // A shared clip not yet opened (the member may still be signing in) is kept.
              return (
                name.indexOf('tribe36-') === 0 &&
                name !== OFFLINE_CACHE &&
                name.indexOf(SHARE_CACHE_PREFIX) !== 0
              );
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
  var url = new URL(request.url);
  if (request.method === 'POST' && url.origin === self.location.origin && url.pathname === SHARE_PATH) {
    event.respondWith(takeShare(request));
    return;
  }
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
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

// ——— A clip shared to the app (decision 63; the same values as common/share-target.ts) ———

var SHARE_PATH = '/share';
var SHARE_FILES_FIELD = 'clips';
var SHARE_PAGE = '/think-tanks/physiological';
var SHARE_CACHE_PREFIX = 'tribe36-share-';
var SHARE_INDEX_URL = '/shared-clip/index.json';

function sharePage(marker) {
  return new URL(SHARE_PAGE + '?shared=' + encodeURIComponent(marker), self.location.origin).href;
}

/** Whether the page can show a file: videos and images only, as its file picker takes. */
function isClip(file) {
  return /^(video|image)\//.test(file.type);
}

/**
 * The share's POST: its videos and images (in the order shared) go into a cache named by a new id,
 * with what was refused in an index; older shares are dropped first, so at most one waits on the
 * device. Nothing is sent to the server. The answer is the page, 303 (a GET, so a reload does not post
 * again): ?shared=<id>, or ?shared=failed when the files could not be kept.
 */
function takeShare(request) {
  var id = self.crypto.randomUUID();
  return request
    .formData()
    .then(function (form) {
      var files = form.getAll(SHARE_FILES_FIELD).filter(function (value) {
        return typeof value !== 'string';
      });
      var clips = files.filter(isClip);
      var refused = files
        .filter(function (file) {
          return !isClip(file);
        })
        .map(function (file) {
          return String(file.name || 'a file').slice(0, 200);
        });
      return caches
        .keys()
        .then(function (names) {
          return Promise.all(
            names
              .filter(function (name) {
                return name.indexOf(SHARE_CACHE_PREFIX) === 0;
              })
              .map(function (name) {
                return caches.delete(name);
              }),
          );
        })
        .then(function () {
          return caches.open(SHARE_CACHE_PREFIX + id);
        })
        .then(function (cache) {
          return Promise.all(
            clips.map(function (file, index) {
              return cache.put(
                new Request('/shared-clip/' + index),
                new Response(file, {
                  headers: {
                    'content-type': file.type,
                    'x-file-name': encodeURIComponent(file.name || 'shared clip'),
                    'x-last-modified': String(file.lastModified || Date.now()),
                  },
                }),
              );
            }),
          ).then(function () {
            var index = JSON.stringify({ files: clips.length, refused: refused });
            return cache.put(
              new Request(SHARE_INDEX_URL),
              new Response(index, { headers: { 'content-type': 'application/json' } }),
            );
          });
        });
    })
    .then(
      function () {
        return Response.redirect(sharePage(id), 303);
      },
      function (err) {
        console.warn('A shared clip could not be kept', err);
        return caches.delete(SHARE_CACHE_PREFIX + id).then(
          function () {
            return Response.redirect(sharePage('failed'), 303);
          },
          function () {
            return Response.redirect(sharePage('failed'), 303);
          },
        );
      },
    );
}

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
