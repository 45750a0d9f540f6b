// /history and /history/{log_id}: the workouts logged, newest first (GET /api/workouts/logs,
// paged); each opens to its sets and the records it set, and can be corrected (PATCH
// /api/workouts/logs/{id}: its sets are replaced, records follow) or deleted (DELETE).
import { html, useEffect, useRef, useState } from '../lib.js';
import { t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { api, ApiError } from '../api.js';
import { Link, navigate } from '../router.js';
import { createStore, sessionStore, useStore } from '../state.js';
import { Empty, ErrorNote, Loading, PageHeader } from '../ui.js';
import { recordText } from '../records.js';
import { ExerciseLink } from './exercise.js';

const PAGE = 20;
const FIND_PAGE = 100; // the route's largest page, to find a log opened by its address

// The pages read so far, so that opening a log from the list needs no request.
const historyStore = createStore({ status: 'idle', logs: [], nextBefore: null, error: null,
  userId: null, notice: null });

function mine() {
  const { session } = sessionStore.get();
  const userId = session ? session.user_id : null;
  if (historyStore.get().userId !== userId) {
    historyStore.set({ status: 'idle', logs: [], nextBefore: null, error: null, userId,
      notice: null });
  }
}

async function loadPage({ more = false } = {}) {
  mine();
  const state = historyStore.get();
  historyStore.set({ status: 'loading', error: null });
  try {
    const page = await api.workoutLogsPage({ limit: PAGE,
      before: more ? state.nextBefore : undefined });
    historyStore.set({ status: 'ready', nextBefore: page.nextBefore,
      logs: more ? [...state.logs, ...page.logs] : page.logs });
  } catch (error) {
    historyStore.set({ status: 'error', error });
  }
}

/** The log with that id: from the pages read, else paging through the user's logs. */
async function findLog(logId) {
  mine();
  const known = historyStore.get().logs.find((log) => log.log_id === logId);
  if (known) return known;
  let before;
  for (;;) {
    const page = await api.workoutLogsPage({ limit: FIND_PAGE, before });
    const found = page.logs.find((log) => log.log_id === logId);
    if (found) return found;
    if (!page.nextBefore) return null;
    before = page.nextBefore;
  }
}

function replaceLog(log) {
  historyStore.set({ logs: historyStore.get().logs.map((l) => (l.log_id === log.log_id ? log : l)) });
}

const setCount = (log) => log.exercises_logged.reduce((n, e) => n + e.sets.length, 0);

/** "24 kg × 8", "bodyweight × 12": read left to right in every language, as a lifter writes. */
function SetText({ set }) {
  const load = set.weight_lbs > 0 ? fmt.load(set.weight_lbs) : t('history.bodyweight');
  return html`<bdi dir="ltr" class="set-text">${load} × ${fmt.number(set.reps, 0)}</bdi>${set.rpe != null
    ? html`<span class="muted"> · ${t('active.rpe')} ${fmt.number(set.rpe)}</span>` : null}`;
}

function LogItem({ log }) {
  const names = log.exercises_logged.map((e) => e.name);
  const records = log.new_prs.length;
  return html`<li class="history-item">
    <${Link} class="history-link card" href=${`/history/${log.log_id}`}>
      <span class="history-when">
        <strong>${fmt.weekdayName(log.day)}</strong>
        <span class="muted">${fmt.dateTime(log.completed_at)}</span>
      </span>
      <span class="history-what" dir="auto">${names.slice(0, 3).join(', ')}${names.length > 3
        ? ` ${t('history.more', { count: names.length - 3 })}` : ''}</span>
      <span class="history-meta">
        <span>${t('history.sets', { count: setCount(log) })}</span>
        ${records ? html`<span class="tag tag-pr"><${Icon} name="trophy" size=${14} />
          ${t('history.records', { count: records })}</span>` : null}
      </span>
      <${Icon} name="chevron" className="flip-rtl history-chevron" />
    </${Link}>
  </li>`;
}

export function HistoryView() {
  const state = useStore(historyStore);
  useEffect(() => {
    mine();
    loadPage();
    // A notice ("Workout deleted.") is said once.
    return () => historyStore.set({ notice: null });
  }, []);
  let body;
  if (state.status === 'error' && !state.logs.length) {
    body = html`<${ErrorNote} error=${state.error} title=${t('history.loadFailed')} onRetry=${() => loadPage()} />`;
  } else if (state.status !== 'ready' && !state.logs.length) {
    body = html`<${Loading} />`;
  } else if (!state.logs.length) {
    body = html`<${Empty} icon="dumbbell" title=${t('history.emptyTitle')}>
      <p>${t('history.emptyText')}</p>
      <${Link} class="btn btn-primary" href="/today">${t('nav.today')}</${Link}>
    </${Empty}>`;
  } else {
    body = html`<ol class="history-list" aria-label=${t('history.title')}>
        ${state.logs.map((log) => html`<${LogItem} key=${log.log_id} log=${log} />`)}
      </ol>
      ${state.status === 'error' ? html`<${ErrorNote} error=${state.error} title=${t('history.loadFailed')} />` : null}
      ${state.nextBefore ? html`<button type="button" class="btn btn-secondary history-more"
        disabled=${state.status === 'loading'} onClick=${() => loadPage({ more: true })}>
        ${t('history.loadMore')}</button>` : null}`;
  }
  return html`<section class="view view-history">
    <${PageHeader} title=${t('history.title')}>
      <${Link} class="back-link" href="/progress"><${Icon} name="back" className="flip-rtl" size=${18} />
        ${t('nav.progress')}</${Link}>
    </${PageHeader}>
    ${state.notice ? html`<p class="note note-info" role="status">${t(state.notice)}</p>` : null}
    ${body}
  </section>`;
}

/** A set as typed in the editor: the user's unit, one decimal at most; '' for none. */
function typed(lbs) {
  if (!(lbs > 0)) return '';
  return String(Math.round(fmt.toUnit(lbs) * 10) / 10);
}

function draftOf(log) {
  return log.exercises_logged.map((exercise) => ({
    exercise_id: exercise.exercise_id, name: exercise.name,
    sets: exercise.sets.map((set) => ({ load: typed(set.weight_lbs), reps: String(set.reps),
      rpe: set.rpe == null ? '' : String(set.rpe), original: set })),
  }));
}

const decimal = (text) => Number(String(text).trim().replace(',', '.'));

/** The PATCH body: a set whose load field was not touched keeps its exact pounds (a
 * kilogram user's 50 lb set is not rounded through 22.7 kg); a changed one goes in the
 * unit typed. Null with the reason when a field cannot be sent. */
function correction(draft) {
  const unit = fmt.units() === 'kg' ? 'weight_kg' : 'weight_lbs';
  const exercises = [];
  for (const exercise of draft) {
    const sets = [];
    for (const set of exercise.sets) {
      const reps = decimal(set.reps);
      if (!Number.isInteger(reps) || reps < 0) return { error: 'history.badReps' };
      const body = { reps };
      const untouched = set.load === typed(set.original.weight_lbs);
      if (untouched && set.original.weight_lbs > 0) body.weight_lbs = set.original.weight_lbs;
      else if (!untouched && set.load.trim() !== '') {
        const load = decimal(set.load);
        if (!Number.isFinite(load) || load < 0) return { error: 'history.badLoad' };
        body[unit] = load;
      }
      if (set.rpe.trim() !== '') body.rpe = decimal(set.rpe);
      sets.push(body);
    }
    if (sets.length) exercises.push({ exercise_id: exercise.exercise_id, sets });
  }
  if (!exercises.length) return { error: 'history.noSetsLeft' };
  return { body: { exercises_logged: exercises } };
}

function Editor({ log, onSaved, onCancel }) {
  const [draft, setDraft] = useState(() => draftOf(log));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const first = useRef(null);
  useEffect(() => { if (first.current) first.current.focus(); }, []);
  const edit = (e, s, field, value) => setDraft((current) => current.map((exercise, i) => (i !== e
    ? exercise : { ...exercise, sets: exercise.sets.map((set, j) => (j === s ? { ...set, [field]: value } : set)) })));
  const remove = (e, s) => setDraft((current) => current.map((exercise, i) => (i !== e
    ? exercise : { ...exercise, sets: exercise.sets.filter((_, j) => j !== s) })));
  const save = async (event) => {
    event.preventDefault();
    const built = correction(draft);
    if (built.error) { setError({ message: t(built.error) }); return; }
    setBusy(true);
    setError(null);
    try {
      onSaved(await api.correctLog(log.log_id, built.body));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  const unit = fmt.unitLabel();
  return html`<form class="history-editor" onSubmit=${save} aria-label=${t('history.editTitle')}>
    ${draft.map((exercise, e) => html`<fieldset class="card history-exercise">
      <legend dir="auto">${exercise.name}</legend>
      ${exercise.sets.length ? null : html`<p class="muted">${t('history.exerciseRemoved')}</p>`}
      ${exercise.sets.map((set, s) => {
        const id = `edit-${e}-${s}`;
        return html`<div class="history-set-row" role="group" aria-label=${t('history.setN', { n: s + 1 })}>
          <span class="history-set-n" aria-hidden="true">${s + 1}</span>
          <div class="field"><label for=${`${id}-load`}>${t('active.load', { unit })}</label>
            <input id=${`${id}-load`} ref=${e === 0 && s === 0 ? first : undefined} inputmode="decimal"
              value=${set.load} placeholder=${t('history.bodyweight')}
              onInput=${(ev) => edit(e, s, 'load', ev.currentTarget.value)} /></div>
          <div class="field"><label for=${`${id}-reps`}>${t('active.reps')}</label>
            <input id=${`${id}-reps`} inputmode="numeric" value=${set.reps} required
              onInput=${(ev) => edit(e, s, 'reps', ev.currentTarget.value)} /></div>
          <div class="field"><label for=${`${id}-rpe`}>${t('active.rpe')}</label>
            <input id=${`${id}-rpe`} inputmode="decimal" value=${set.rpe}
              onInput=${(ev) => edit(e, s, 'rpe', ev.currentTarget.value)} /></div>
          <button type="button" class="btn-icon" aria-label=${t('history.removeSet', { n: s + 1, name: exercise.name })}
            onClick=${() => remove(e, s)}><${Icon} name="trash" size=${18} /></button>
        </div>`;
      })}
    </fieldset>`)}
    <${ErrorNote} error=${error} title=${t('history.saveFailed')} />
    <div class="day-actions">
      <button type="submit" class="btn btn-primary" disabled=${busy}><${Icon} name="check" /> ${t('history.save')}</button>
      <button type="button" class="btn btn-ghost" disabled=${busy} onClick=${onCancel}>${t('history.cancel')}</button>
    </div>
  </form>`;
}

export function HistoryLogView({ logId }) {
  const [state, setState] = useState({ status: 'loading', log: null, error: null });
  const [mode, setMode] = useState('view'); // view | edit | confirmDelete
  const [notice, setNotice] = useState(null);
  const [failure, setFailure] = useState(null);
  const [busy, setBusy] = useState(false);
  const load = () => {
    setState({ status: 'loading', log: null, error: null });
    findLog(logId).then((log) => setState({ status: log ? 'ready' : 'missing', log, error: null }))
      .catch((error) => setState({ status: 'error', log: null, error }));
  };
  useEffect(load, [logId]);
  useEffect(() => {
    // The question takes focus, so a keyboard or screen-reader user meets it at once.
    const yes = mode === 'confirmDelete' && document.getElementById('confirm-delete-yes');
    if (yes) yes.focus();
  }, [mode]);
  const focusHeading = () => {
    const title = document.getElementById('page-title');
    if (title) title.focus({ preventScroll: false });
  };
  const saved = (log) => {
    replaceLog(log);
    setState({ status: 'ready', log, error: null });
    setMode('view');
    setNotice('history.saved');
    focusHeading();
  };
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.deleteLog(logId);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError && error.status === 404)) { setFailure(error); return; }
    }
    historyStore.set({ logs: historyStore.get().logs.filter((l) => l.log_id !== logId),
      notice: 'history.deleted' });
    navigate('/history');
  };

  const back = html`<${Link} class="back-link" href="/history"><${Icon} name="back" className="flip-rtl" size=${18} />
    ${t('history.back')}</${Link}>`;
  if (state.status === 'loading') return html`<section class="view"><${Loading} /></section>`;
  if (state.status !== 'ready') {
    return html`<section class="view view-history">
      <${PageHeader} title=${t('history.title')}>${back}</${PageHeader}>
      ${state.status === 'error' ? html`<${ErrorNote} error=${state.error} title=${t('history.loadFailed')} onRetry=${load} />`
        : html`<p class="note note-info" role="status">${t('history.notFound')}</p>`}
    </section>`;
  }
  const { log } = state;
  const nameOf = (slug) => {
    const exercise = log.exercises_logged.find((e) => e.exercise_id === slug);
    return exercise ? exercise.name : slug;
  };
  return html`<section class="view view-history-log">
    <${PageHeader} title=${`${fmt.weekdayName(log.day)} · ${fmt.dateOnly(log.completed_at)}`}
      eyebrow=${t('history.title')}>${back}</${PageHeader}>
    <p class="muted">${fmt.dateTime(log.completed_at)} · ${t('history.sets', { count: setCount(log) })}</p>
    ${notice ? html`<p class="note note-info" role="status">${t(notice)}</p>` : null}
    ${log.new_prs.length ? html`<section class="card prs" aria-labelledby="log-prs-title">
      <h2 id="log-prs-title"><${Icon} name="trophy" size=${22} /> ${t('history.recordsTitle', { count: log.new_prs.length })}</h2>
      <ul>${log.new_prs.map((record) => html`<li dir="auto">${recordText(record, nameOf)}</li>`)}</ul>
    </section>` : null}
    ${mode === 'edit' ? html`<${Editor} log=${log} onSaved=${saved}
      onCancel=${() => { setMode('view'); focusHeading(); }} />` : html`
      <ul class="history-exercises">${log.exercises_logged.map((exercise) => html`<li class="card">
        <h2 class="history-exercise-name" dir="auto"><${ExerciseLink} slug=${exercise.exercise_id}>${exercise.name}</${ExerciseLink}></h2>
        <ol class="history-sets">${exercise.sets.map((set) => html`<li><${SetText} set=${set} /></li>`)}</ol>
      </li>`)}</ul>
      ${mode === 'confirmDelete' ? html`<div class="card history-confirm" role="alertdialog"
          aria-labelledby="confirm-delete-text">
        <p id="confirm-delete-text">${t('history.confirmDelete')}</p>
        <${ErrorNote} error=${failure} title=${t('history.deleteFailed')} />
        <div class="day-actions">
          <button type="button" id="confirm-delete-yes" class="btn btn-danger" disabled=${busy}
            onClick=${remove}><${Icon} name="trash" /> ${t('history.deleteYes')}</button>
          <button type="button" class="btn btn-ghost" disabled=${busy}
            onClick=${() => setMode('view')}>${t('history.keep')}</button>
        </div>
      </div>` : html`<div class="day-actions">
        <button type="button" class="btn btn-secondary" onClick=${() => { setNotice(null); setMode('edit'); }}>
          ${t('history.edit')}</button>
        <button type="button" class="btn btn-ghost" onClick=${() => { setNotice(null); setMode('confirmDelete'); }}>
          <${Icon} name="trash" /> ${t('history.delete')}</button>
      </div>`}`}
  </section>`;
}
