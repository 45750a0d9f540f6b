// The only module that talks to the server. It follows DESIGN.md §4 (the HTTP contract):
// JSON bodies, `Authorization: Bearer <token>` on every /api route but sign-up, and errors
// shaped {"error": {"code", "message"}}. Loads are sent in the user's unit (weight_kg or
// weight_lbs); the server answers in pounds (GET /api/progress: in the user's unit), and the
// views format every load with format.js `load`.

let token = null;
let onUnauthorized = () => {};

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status; // 0 when the server could not be reached
    this.code = code;
  }

  get isNetwork() { return this.status === 0; }
}

export function setToken(value) { token = value || null; }

/** Called once when the server says the token is not (or no longer) valid. */
export function setUnauthorizedHandler(handler) { onUnauthorized = handler; }

async function request(method, path, { body, csv, query, auth = true, withHeaders = false } = {}) {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query || {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (csv !== undefined) headers['Content-Type'] = 'text/csv';
  if (auth && token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(url, {
      method, headers, body: csv !== undefined ? csv : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error && error.message ? error.message : 'offline');
  }
  if (response.status === 204) return null;
  let payload = null;
  const text = await response.text();
  if (text) {
    try { payload = JSON.parse(text); } catch { payload = null; }
  }
  if (!response.ok) {
    const error = payload && payload.error ? payload.error : {};
    const failure = new ApiError(response.status, error.code || `http_${response.status}`,
      error.message || response.statusText || `HTTP ${response.status}`);
    if (response.status === 401 && auth) onUnauthorized(failure);
    throw failure;
  }
  return withHeaders ? { body: payload, headers: response.headers } : payload;
}

export const api = {
  /** POST /api/users → {user_id, token} */
  createUser: ({ display_name, locale, units, timezone }) =>
    request('POST', '/api/users', { body: { display_name, locale, units, timezone }, auth: false }),

  /** GET /api/users/me → {user_id, display_name, locale, units, timezone} (sign in with a key) */
  me: () => request('GET', '/api/users/me'),

  /** PATCH /api/users/me → the user, with the settings changed */
  updateMe: (changes) => request('PATCH', '/api/users/me', { body: changes }),

  /** POST /api/imports?source=strong|hevy, the CSV file as the body →
   * {import_id, workouts, sets, skipped_duplicates, unmapped: [{name, sets}]} */
  importCsv: (source, text) => request('POST', '/api/imports', { query: { source }, csv: text }),

  /** GET /api/export (JSON) or /api/export/logs.csv, as a Blob to save */
  exportFile: async (kind) => {
    const path = kind === 'csv' ? '/api/export/logs.csv' : '/api/export';
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    let response;
    try {
      response = await fetch(new URL(path, window.location.origin), { headers });
    } catch (error) {
      throw new ApiError(0, 'network_error', error && error.message ? error.message : 'offline');
    }
    if (!response.ok) {
      let error = {};
      try { error = (await response.json()).error || {}; } catch { error = {}; }
      throw new ApiError(response.status, error.code || `http_${response.status}`,
        error.message || `HTTP ${response.status}`);
    }
    return response.blob();
  },

  /** POST /api/coach/chat → {message, proposal, memory_mutations} */
  chat: ({ message, active_tab = 'coach', selected_day = null }) =>
    request('POST', '/api/coach/chat', { body: { message, active_tab, selected_day } }),

  /** GET /api/coach/history?limit=n → the stored conversation, newest last:
   * [{role: "user"|"coach", message, proposal (with its status now) or null, at}] */
  chatHistory: ({ limit } = {}) => request('GET', '/api/coach/history', { query: { limit } }),

  /** POST /api/coach/proposals/{id}/accept → {plan, version}; 409 when outdated */
  acceptProposal: (id) =>
    request('POST', `/api/coach/proposals/${encodeURIComponent(id)}/accept`),

  /** POST /api/coach/proposals/{id}/reject */
  rejectProposal: (id) =>
    request('POST', `/api/coach/proposals/${encodeURIComponent(id)}/reject`),

  /** GET /api/plans/current?optional=true → the weekly plan, or null (204) when the user has
   * none yet: asked so that "no plan yet" is an answer, not a 404 in the console. */
  currentPlan: () => request('GET', '/api/plans/current', { query: { optional: 'true' } }),

  /** GET /api/plans/week/{date} → the plan of the week holding that date (a past week as it
   * was, next week as a preview); 404 when there is none */
  weekPlan: (date) => request('GET', `/api/plans/week/${encodeURIComponent(date)}`),

  /** GET /api/memory → {tier_1_staples, tier_2_physiological, tier_3_situational} */
  memory: ({ includeExpired = false } = {}) =>
    request('GET', '/api/memory', { query: includeExpired ? { include_expired: 'true' } : {} }),

  /** DELETE /api/memory/{id} → 204 */
  deleteMemory: (id) => request('DELETE', `/api/memory/${encodeURIComponent(id)}`),

  /** POST /api/workouts/log → {log_id, new_prs}; the idempotency key makes retries safe. */
  logWorkout: ({ idempotency_key, completed_at, day, exercises_logged }) =>
    request('POST', '/api/workouts/log', {
      body: { idempotency_key, completed_at, day, exercises_logged },
    }),

  /** GET /api/workouts/logs → newest first */
  workoutLogs: ({ exercise, limit } = {}) =>
    request('GET', '/api/workouts/logs', { query: { exercise, limit } }),

  /** One page of GET /api/workouts/logs, newest first, and the `before` of the next page
   * (the X-Fitcoach-Next-Before header; null on the last page). */
  workoutLogsPage: async ({ limit, before } = {}) => {
    const { body, headers } = await request('GET', '/api/workouts/logs',
      { query: { limit, before }, withHeaders: true });
    return { logs: body || [], nextBefore: headers.get('X-Fitcoach-Next-Before') };
  },

  /** PATCH /api/workouts/logs/{id} → the corrected log (its sets replaced, records follow) */
  correctLog: (id, body) => request('PATCH', `/api/workouts/logs/${encodeURIComponent(id)}`, { body }),

  /** DELETE /api/workouts/logs/{id} → 204 (records and the plan's done day follow) */
  deleteLog: (id) => request('DELETE', `/api/workouts/logs/${encodeURIComponent(id)}`),

  /** GET /api/progress?weeks=n → e1RM per session and weekly volume per muscle group,
   * computed by the server's analytics in the user's unit and weeks (not in DESIGN §4: an
   * added route, see docs/web.md). */
  progress: ({ weeks } = {}) => request('GET', '/api/progress', { query: { weeks } }),

  /** GET /api/progress/exercises/{slug} → {exercise_id, name, unit, cues (in the user's
   * language), sessions, points: [{log_id, completed_at, estimated_1rm}], truncated}: one
   * exercise's e1RM per session over the user's whole history, in the user's unit (an added
   * route, see docs/web.md). */
  exerciseHistory: (slug) => request('GET', `/api/progress/exercises/${encodeURIComponent(slug)}`),

  /** GET /api/prs/{slug} → {estimated_1rm, max_weight_set, rep_records} */
  records: (slug) => request('GET', `/api/prs/${encodeURIComponent(slug)}`),

  /** GET /api/exercises → the encyclopedia */
  exercises: () => request('GET', '/api/exercises'),
};
