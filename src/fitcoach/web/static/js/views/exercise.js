// The exercise detail, one tap from any set (?exercise=<slug> over the screen that is open):
// the catalog's cues, muscles and gear, the user's records for it and their estimated 1RM
// over time. The numbers are the server's (GET /api/progress/exercises/{slug} and GET
// /api/prs/{slug}); the catalog comes from the cached encyclopedia, so it opens offline too.
import { html, useEffect, useRef, useState } from '../lib.js';
import { locale, t, tMaybe } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { api } from '../api.js';
import { closeExercise, openExercise, openedExerciseName, withExercise } from '../router.js';
import { useCatalog } from '../state.js';
import { ErrorNote, Loading, Phrase } from '../ui.js';
import { LineChart } from '../components/charts.js';
import { useLocalName } from '../components/plan.js';

/** The exercise's name as a link that opens its detail over the current screen. */
export function ExerciseLink({ slug, children }) {
  const onClick = (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openExercise(slug, event.currentTarget.textContent.trim());
  };
  return html`<a class="exercise-link" href=${withExercise(slug)} onClick=${onClick}>${children}</a>`;
}

function useDetail(slug) {
  const [state, setState] = useState({ status: 'loading', history: null, records: null, error: null });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading', history: null, records: null, error: null });
    Promise.all([api.exerciseHistory(slug), api.records(slug)])
      .then(([history, records]) => live && setState({ status: 'ready', history, records, error: null }))
      .catch((error) => live && setState({ status: 'error', history: null, records: null, error }));
    return () => { live = false; };
  }, [slug]);
  return state;
}

const muscle = (name) => tMaybe(`muscleOf.${name}`, name.replace(/_/g, ' '));
const gear = (tag) => tMaybe(`gear.${tag}`, tag.replace(/_/g, ' '));

function Strength({ history, name }) {
  const points = history.points.map((p) => ({ at: p.completed_at, value: p.estimated_1rm }));
  if (!points.length) {
    return html`<p class="muted">${history.sessions ? t('progress.noStrength') : t('exercise.never')}</p>`;
  }
  const load = (value) => fmt.load(value, { inUnit: true });
  const best = Math.max(...points.map((p) => p.value));
  return html`<dl class="stats">
      <div><dt>${t('progress.latest')}</dt><dd data-stat="latest">${load(points[points.length - 1].value)}</dd></div>
      <div><dt>${t('progress.best')}</dt><dd data-stat="best">${load(best)}</dd></div>
      <div><dt>${t('exercise.sessions')}</dt><dd data-stat="sessions">${fmt.number(history.sessions, 0)}</dd></div>
    </dl>
    <${LineChart} points=${points} label=${name} />
    <details class="data-table">
      <summary>${t('progress.showData')}</summary>
      <table><thead><tr><th scope="col">${t('progress.date')}</th><th scope="col" class="num">${t('progress.e1rm')}</th></tr></thead>
        <tbody>${points.map((p) => html`<tr><td>${fmt.dateOnly(p.at)}</td><td class="num">${load(p.value)}</td></tr>`)}</tbody>
      </table>
    </details>`;
}

function Records({ records }) {
  const heaviest = records.max_weight_set;
  const reps = Object.entries(records.rep_records || {}).map(([n, set]) => [Number(n), set])
    .filter(([, set]) => set.weight_lbs > 0).sort((a, b) => a[0] - b[0]).slice(0, 6);
  if (!records.estimated_1rm && !heaviest && !reps.length) return null;
  return html`<section aria-labelledby="exercise-records-title">
    <h3 id="exercise-records-title" class="section-title">${t('progress.recordsTitle')}</h3>
    <dl class="record-list">
      ${records.estimated_1rm ? html`<div><dt>${t('progress.e1rm')}</dt>
        <dd data-record="e1rm">${fmt.load(records.estimated_1rm.estimated_1rm)}
          <span class="cell-sub">${fmt.dateOnly(records.estimated_1rm.achieved_at)}</span></dd></div>` : null}
      ${heaviest ? html`<div><dt>${t('progress.heaviest')}</dt>
        <dd data-record="heaviest"><bdi dir="ltr"><${Phrase} k="progress.setOf" params=${{
          load: fmt.load(heaviest.weight_lbs), reps: fmt.number(heaviest.reps, 0) }} /></bdi>
          <span class="cell-sub">${fmt.dateOnly(heaviest.achieved_at)}</span></dd></div>` : null}
      ${reps.map(([n, set]) => html`<div><dt>${t('progress.repMax', { n: fmt.number(n, 0) })}</dt>
        <dd data-record=${`reps-${n}`}>${fmt.load(set.weight_lbs)}</dd></div>`)}
    </dl>
  </section>`;
}

export function ExerciseSheet({ slug }) {
  const dialog = useRef(null);
  const catalog = useCatalog();
  const localName = useLocalName();
  const detail = useDetail(slug);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    if (element && !element.open) element.showModal();
    // Escape closes through the history, like Back and the close button.
    const cancel = (event) => { event.preventDefault(); closeExercise(); };
    element.addEventListener('cancel', cancel);
    return () => {
      element.removeEventListener('cancel', cancel);
      if (element.open) element.close();
      // Focus goes back where the detail was opened from (the link), not to the page body.
      if (opener && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    };
  }, [slug]);
  const entry = catalog.bySlug ? catalog.bySlug.get(slug) : null;
  // The catalog's name; until it is read, the history's, else the one the link showed
  // (never the slug: a person reads names).
  const name = entry ? entry.name
    : (detail.history ? detail.history.name : openedExerciseName() || '');
  const local = localName(slug);
  let body;
  if (catalog.status === 'ready' && !entry) {
    body = html`<p role="alert">${t('exercise.unknown')}</p>`;
  } else {
    const cues = detail.history ? detail.history.cues : (entry ? entry.cues : []);
    body = html`
      ${entry ? html`<ul class="exercise-facts">
        ${entry.primary_muscles.map((m) => html`<li class="tag tag-primary">${muscle(m)}</li>`)}
        ${entry.secondary_muscles.map((m) => html`<li class="tag">${muscle(m)}</li>`)}
        <li class="tag tag-gear"><${Icon} name="dumbbell" size=${14} />
          ${entry.gear_options.length ? entry.gear_options.map((option) => option.map(gear).join(' + '))
            .join(` ${t('exercise.or')} `) : t('exercise.bodyweight')}</li>
      </ul>
      <p class="visually-hidden">${t('exercise.musclesSaid', {
        primary: entry.primary_muscles.map(muscle).join(', '),
        secondary: entry.secondary_muscles.map(muscle).join(', ') || '—' })}</p>` : null}
      <section aria-labelledby="exercise-strength-title">
        <h3 id="exercise-strength-title" class="section-title">${t('progress.strengthTitle')}</h3>
        ${detail.status === 'error' ? html`<${ErrorNote} error=${detail.error} title=${t('exercise.loadFailed')} />`
          : detail.status !== 'ready' ? html`<${Loading} />`
            : html`<${Strength} history=${detail.history} name=${name} />`}
      </section>
      ${detail.status === 'ready' ? html`<${Records} records=${detail.records} />` : null}
      ${cues.length ? html`<section aria-labelledby="exercise-cues-title">
        <h3 id="exercise-cues-title" class="section-title">${t('exercise.cues')}</h3>
        <ol class="cues">${cues.map((cue) => html`<li dir="auto">${cue}</li>`)}</ol>
      </section>` : null}`;
  }
  return html`<dialog ref=${dialog} class="sheet exercise-sheet" aria-labelledby="exercise-title"
      lang=${locale()}>
    <div class="sheet-head">
      <h2 id="exercise-title"><bdi>${name}</bdi>${local && local.toLowerCase() !== name.toLowerCase()
        ? html`<span class="exercise-local">${local}</span>` : null}</h2>
      <button type="button" class="btn-icon" onClick=${closeExercise} aria-label=${t('action.close')}>
        <${Icon} name="close" /></button>
    </div>
    ${body}
  </dialog>`;
}
