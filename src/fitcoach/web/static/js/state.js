// Small observable stores shared by the views: the session, the current plan, the exercise
// catalog, and per-user local storage (this browser's copy of the chat transcript, and the
// workout in progress, which only this browser has until it is logged).
import { useEffect, useState } from './lib.js';
import { api, setToken } from './api.js';

export function createStore(initial) {
  let state = initial;
  const subscribers = new Set();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const subscriber of subscribers) subscriber(state);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}

export function useStore(store) {
  const [state, setState] = useState(store.get());
  useEffect(() => {
    setState(store.get());
    return store.subscribe(setState);
  }, [store]);
  return state;
}

// ---- browser storage (never throws: private modes can refuse storage) ----

export function readJson(key, fallback = null) {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key, value) {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

const SESSION_KEY = 'fitcoach.session';

export function userKey(name) {
  const session = sessionStore.get().session;
  return `fitcoach.${name}.${session ? session.user_id : 'anonymous'}`;
}

// ---- session ----

function storedSession() {
  const session = readJson(SESSION_KEY);
  return session && session.token && session.user_id ? session : null;
}

export const sessionStore = createStore({ session: storedSession(), notice: null });
setToken(sessionStore.get().session && sessionStore.get().session.token);

export function signIn(session) {
  writeJson(SESSION_KEY, session);
  setToken(session.token);
  sessionStore.set({ session, notice: null });
  planStore.set({ status: 'idle', plan: null, error: null });
  catalogStore.set({ status: 'idle', bySlug: null, error: null });
}

/** The settings the server answered (PATCH /api/users/me) become the session's. */
export function updateSession(profile) {
  const session = { ...sessionStore.get().session, display_name: profile.display_name,
    locale: profile.locale, units: profile.units, timezone: profile.timezone };
  writeJson(SESSION_KEY, session);
  sessionStore.set({ session });
}

/** Forget the token and everything this browser kept for the user. */
export function signOut(notice = null) {
  const session = sessionStore.get().session;
  if (session) {
    const suffix = `.${session.user_id}`;
    try {
      for (const key of Object.keys(window.localStorage)) {
        if (key.startsWith('fitcoach.') && key.endsWith(suffix)) window.localStorage.removeItem(key);
      }
    } catch { /* storage unavailable: nothing kept */ }
  }
  writeJson(SESSION_KEY, null);
  setToken(null);
  sessionStore.set({ session: null, notice });
  planStore.set({ status: 'idle', plan: null, error: null });
}

// ---- the current plan (GET /api/plans/current) ----

export const planStore = createStore({ status: 'idle', plan: null, error: null });
let planLoading = null;

export function loadPlan({ force = false } = {}) {
  const state = planStore.get();
  if (!force && (state.status === 'ready' || planLoading)) return planLoading || Promise.resolve();
  planStore.set({ status: state.status === 'ready' ? 'ready' : 'loading', error: null });
  planLoading = api.currentPlan()
    .then((plan) => {
      writeJson(userKey('plan'), plan); // the copy shown when the network is down
      planStore.set({ status: 'ready', plan, error: null, offline: false });
    })
    .catch((error) => {
      const kept = error.isNetwork ? readJson(userKey('plan')) : null;
      if (kept) planStore.set({ status: 'ready', plan: kept, error: null, offline: true });
      else planStore.set({ status: 'error', error });
    })
    .finally(() => { planLoading = null; });
  return planLoading;
}

export function setPlan(plan) {
  writeJson(userKey('plan'), plan);
  planStore.set({ status: 'ready', plan, error: null, offline: false });
}

/**
 * The day a plan started, as this browser saw it: the user's date when they first accepted a
 * plan for that week. A plan made on a Tuesday starts that Tuesday, so Monday is "before this
 * plan", not a missed session. (The plan object has no start date; on another device the
 * week's earlier days read "not logged".)
 */
export function notePlanStart(plan, today) {
  if (!plan || !plan.week_start_date) return;
  const known = readJson(userKey('planStart'));
  if (known && known.week === plan.week_start_date && known.date <= today) return;
  writeJson(userKey('planStart'), { week: plan.week_start_date, date: today });
}

/** The date the plan of `week` started, when this browser knows it. */
export function planStartOf(plan) {
  const known = readJson(userKey('planStart'));
  return plan && known && known.week === plan.week_start_date ? known.date : null;
}

export function usePlan() {
  const state = useStore(planStore);
  useEffect(() => { loadPlan(); }, []);
  return state;
}

// ---- the exercise catalog (GET /api/exercises) ----

const CATALOG_KEY = 'fitcoach.catalog';
export const catalogStore = createStore({ status: 'idle', bySlug: null, error: null });
let catalogLoading = null;

export function loadCatalog() {
  const state = catalogStore.get();
  if (state.status === 'ready') return Promise.resolve(state.bySlug);
  if (!catalogLoading) {
    catalogStore.set({ status: 'loading' });
    catalogLoading = api.exercises()
      .then((list) => {
        writeJson(CATALOG_KEY, list); // the same for every user: the encyclopedia
        const bySlug = new Map(list.map((exercise) => [exercise.slug, exercise]));
        catalogStore.set({ status: 'ready', bySlug, error: null });
        return bySlug;
      })
      .catch((error) => {
        const kept = error.isNetwork ? readJson(CATALOG_KEY) : null;
        if (kept) {
          const bySlug = new Map(kept.map((exercise) => [exercise.slug, exercise]));
          catalogStore.set({ status: 'ready', bySlug, error: null });
          return bySlug;
        }
        catalogStore.set({ status: 'error', error });
        return null;
      })
      .finally(() => { catalogLoading = null; });
  }
  return catalogLoading;
}

export function useCatalog() {
  const state = useStore(catalogStore);
  useEffect(() => { loadCatalog(); }, []);
  return state;
}
