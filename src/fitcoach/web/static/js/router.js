// History-API routing over the seed's paths (/coach, /today, /week, /workouts/{day},
// /workout/active) plus /progress, /history, /history/{log_id}, /memory and /account. The
// server answers index.html for each of them (src/fitcoach/api/web.py).
import { html } from './lib.js';
import { createStore, useStore } from './state.js';
import { WEEKDAYS } from './format.js';

const here = () => ({ path: window.location.pathname, search: window.location.search });
const routeStore = createStore(here());

window.addEventListener('popstate', () => routeStore.set(here()));

export function navigate(to, { replace = false, scroll = true, state = null } = {}) {
  const url = new URL(to, window.location.origin);
  const target = url.pathname + url.search;
  if (target === window.location.pathname + window.location.search && !replace) return;
  window.history[replace ? 'replaceState' : 'pushState'](state, '', target);
  routeStore.set(here());
  if (scroll) window.scrollTo(0, 0);
}

// ---- the exercise detail: ?exercise=<slug> over whatever screen is open ----

const SHEET_PARAM = 'exercise';

/** The current address with the exercise detail of `slug` open over it (or closed: null). */
export function withExercise(slug) {
  const params = new URLSearchParams(window.location.search);
  if (slug) params.set(SHEET_PARAM, slug);
  else params.delete(SHEET_PARAM);
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}`;
}

/** Open the detail as a history entry of its own, so Back closes it; the screen under it
 * keeps its scroll position and state (a workout in progress, a chat). */
export function openExercise(slug, name = null) {
  navigate(withExercise(slug), { scroll: false, state: { exerciseSheet: true, name } });
}

/** The name the link that opened the detail showed, while the catalog is still loading. */
export function openedExerciseName() {
  return (window.history.state && window.history.state.name) || null;
}

/** Close it: back through the entry openExercise made, or (opened from a shared address)
 * replace the address with the screen under it. */
export function closeExercise() {
  if (window.history.state && window.history.state.exerciseSheet) window.history.back();
  else navigate(withExercise(null), { replace: true, scroll: false });
}

export function useRoute() {
  const route = useStore(routeStore);
  return { path: route.path, query: new URLSearchParams(route.search) };
}

const ROUTES = [
  [/^\/$/, 'home'],
  [/^\/coach\/?$/, 'coach'],
  [/^\/today\/?$/, 'today'],
  [/^\/week\/?$/, 'week'],
  [/^\/workouts\/([a-z]+)\/?$/, 'day'],
  [/^\/workout\/active\/?$/, 'active'],
  [/^\/progress\/?$/, 'progress'],
  [/^\/history\/?$/, 'history'],
  [/^\/history\/(log_[0-9a-f]{24})\/?$/, 'historyLog'],
  [/^\/memory\/?$/, 'memory'],
  [/^\/account\/?$/, 'account'],
];

export function matchRoute(path) {
  for (const [pattern, name] of ROUTES) {
    const found = pattern.exec(path);
    if (found) {
      if (name === 'day' && !WEEKDAYS.includes(found[1])) return { name: 'notFound', params: {} };
      if (name === 'day') return { name, params: { day: found[1] } };
      return { name, params: name === 'historyLog' ? { logId: found[1] } : {} };
    }
  }
  return { name: 'notFound', params: {} };
}

/** A link that navigates in place; modified clicks (new tab…) behave as usual. */
export function Link({ href, children, ...rest }) {
  const onClick = (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (rest.onNavigate) rest.onNavigate();
    navigate(href);
  };
  const { onNavigate, ...attributes } = rest;
  return html`<a href=${href} onClick=${onClick} ...${attributes}>${children}</a>`;
}

/** The coach with a route context: what the seed's ACTIVE TAB / SELECTED DAY carry. */
export function coachHref({ tab, day, send } = {}) {
  const params = new URLSearchParams();
  if (tab) params.set('tab', tab);
  if (day) params.set('day', day);
  if (send) params.set('send', send);
  const query = params.toString();
  return `/coach${query ? `?${query}` : ''}`;
}
