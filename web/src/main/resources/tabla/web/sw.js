// The site's service worker (issue 28), at the root so that its scope is the whole site. It does three things:
// - a navigation that cannot reach the server shows the offline page (kept in the cache at install); everything
//   else goes to the network as without a worker (the game is live: nothing stale is served);
// - a Web Push message (the server's alerts, encrypted for this browser) becomes a notification;
// - a click on the notification opens its link in a tab of the site, or the tab already open.
const CACHE = 'tabla-offline-1';
const OFFLINE = [
  '/offline.html', '/css/offline.css', '/ui/offline.js', '/i18n/i18n.js', '/icons/icon-192.png',
  '/i18n/messages/en.json', '/i18n/messages/bg.json', '/i18n/messages/cs.json', '/i18n/messages/sr.json',
  '/i18n/messages/it.json',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(OFFLINE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.mode === 'navigate' && event.request.method === 'GET') { // a form's POST goes on untouched
    event.respondWith(fetch(event.request).catch(() => caches.match('/offline.html')));
  } else if (url.origin === self.location.origin && OFFLINE.includes(url.pathname)) {
    // the offline page's own files: the network first, the cached copy when the server is away
    event.respondWith(fetch(event.request).catch(() => caches.match(url.pathname)));
  }
});

self.addEventListener('push', (event) => {
  let m = {};
  try {
    m = event.data ? event.data.json() : {};
  } catch (e) {
    m = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(self.registration.showNotification(m.title || 'Tabla', {
    body: m.body || '', tag: m.kind || 'tabla', icon: '/icons/icon-192.png', data: { url: m.url || '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
    for (const tab of tabs) {
      if (new URL(tab.url).origin === self.location.origin && 'focus' in tab) {
        return tab.navigate(url).then((t) => (t || tab).focus());
      }
    }
    return self.clients.openWindow(url);
  }));
});
