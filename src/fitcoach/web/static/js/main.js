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

boot().catch((error) => {
  window.fitcoachBootFailed && window.fitcoachBootFailed(error);
});
