// Boot: pick the language (the user's, or the browser's before sign-up), then render.
import { html, render } from './lib.js';
import { setLocale, supportedLocale } from './i18n.js';
import { configure } from './format.js';
import { setUnauthorizedHandler } from './api.js';
import { sessionStore, signOut } from './state.js';
import { App } from './app.js';
import { keepFocusInSight } from './reveal.js';

keepFocusInSight();

setUnauthorizedHandler(() => {
  if (sessionStore.get().session) signOut('signup.expired');
});

async function boot() {
  const { session } = sessionStore.get();
  if (session) configure(session);
  await setLocale(session ? session.locale : supportedLocale(navigator.language));
  const root = document.getElementById('app');
  root.textContent = '';
  render(html`<${App} />`, root);
  document.documentElement.dataset.ready = '1';
}

// Offline (a PWA): the worker keeps this release's files, so a reload without a network
// opens the app. It needs a secure context (https, or localhost / 127.0.0.1).
// The worker claims open pages when it activates, but that claim can miss this page (sw.js
// says when): once a worker is active and this page still has no controller, ask it.
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('/sw.js').catch((error) => {
    console.warn('fitcoach: no offline copy', error); // eslint-disable-line no-console
  });
  navigator.serviceWorker.ready.then((registration) => {
    if (!navigator.serviceWorker.controller && registration.active) {
      registration.active.postMessage({ type: 'claim' });
    }
  });
}

boot().then(registerServiceWorker).catch((error) => {
  window.fitcoachBootFailed && window.fitcoachBootFailed(error);
});
