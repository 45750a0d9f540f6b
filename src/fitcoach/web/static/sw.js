// The service worker: the app shell of one release, cached whole when it installs, so a
// reload with the network down still opens the app. The server writes RELEASE below (its
// version and every file of the client under /v/<version>/, src/fitcoach/api/web.py), so a
// new release is a new worker with a cache of its own: a page only ever runs the modules of
// the release it came from, never a mix. The API is never cached here: its answers are the
// user's data, and the client keeps what it needs offline per user (state.js, workout.js).
/* global self, caches, fetch, Response */
const RELEASE = { version: 'unreleased', files: [] }; // replaced by the server
const CACHE = `fitcoach-shell-${RELEASE.version}`;
const PAGE = '/__fitcoach_page__'; // the page every client path answers, as this release wrote it

async function install() {
  const cache = await caches.open(CACHE);
  await cache.addAll(RELEASE.files);
  const page = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
  const text = await page.clone().text();
  // A page of another release (one came out between this worker and the page): do not
  // keep it; the install fails and the browser tries again with the newer worker.
  if (!page.ok || !text.includes(`/v/${RELEASE.version}/`)) {
    throw new Error('the page is of another release');
  }
  await cache.put(PAGE, page);
}

self.addEventListener('install', (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith('fitcoach-shell-') && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// A page the claim above missed asks to be claimed (main.js): one whose document was still
// loading when the worker activated (its navigation began before there was an active worker,
// and claim() takes only clients ready by then), or one opened with a hard reload. Without
// this it stays uncontrolled until its next load, and a reload offline would find no app.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'claim') event.waitUntil(self.clients.claim());
});

async function navigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const page = await caches.match(PAGE, { cacheName: CACHE });
    if (page) return page;
    throw error;
  }
}

async function fromShell(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin
      || url.pathname.startsWith('/api/')) return; // the network's, as without a worker
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  } else if (RELEASE.files.includes(url.pathname)) {
    event.respondWith(fromShell(request));
  }
});
