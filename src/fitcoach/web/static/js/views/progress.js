// /progress: estimated 1RM over time per exercise, weekly hard sets and tonnage per muscle
// group against the 10-20 band, and the records table. The numbers are the server's
// (GET /api/progress, computed by its analytics in the user's unit and weeks; records from
// GET /api/prs/…): this screen only draws them.
import { html, useEffect, useMemo, useState } from '../lib.js';
import { t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { api } from '../api.js';
import { Link } from '../router.js';
import { Empty, ErrorNote, Loading, PageHeader } from '../ui.js';
import { LineChart, VolumeBars } from '../components/charts.js';

const WEEKS = 12; // the window the screen shows, this week last
const RECENT_WEEKS = 4; // the "workouts, 4 weeks" figure

function useProgress() {
  const [state, setState] = useState({ status: 'loading', data: null, error: null });
  const load = () => {
    setState((s) => ({ ...s, status: 'loading', error: null }));
    api.progress({ weeks: WEEKS })
      .then((data) => setState({ status: 'ready', data, error: null }))
      .catch((error) => setState({ status: 'error', data: null, error }));
  };
  useEffect(load, []);
  return [state, load];
}

function useRecords(slugs) {
  const [records, setRecords] = useState({ status: 'loading', bySlug: {}, error: null });
  const key = slugs.join(',');
  useEffect(() => {
    if (!slugs.length) { setRecords({ status: 'ready', bySlug: {}, error: null }); return; }
    let live = true;
    Promise.all(slugs.map((slug) => api.records(slug).then((r) => [slug, r])))
      .then((pairs) => live && setRecords({ status: 'ready', bySlug: Object.fromEntries(pairs), error: null }))
      .catch((error) => live && setRecords({ status: 'error', bySlug: {}, error }));
    return () => { live = false; };
  }, [key]);
  return records;
}

/** strength: [{exercise_id, name, points: [{completed_at, estimated_1rm}]}], loads in the user's unit. */
function StrengthSection({ strength }) {
  const options = strength.filter((s) => s.points.length > 0)
    .sort((a, b) => b.points.length - a.points.length || a.name.localeCompare(b.name));
  const [slug, setSlug] = useState(options.length ? options[0].exercise_id : null);
  if (!options.length) {
    return html`<p class="muted">${t('progress.noStrength')}</p>`;
  }
  const series = options.find((s) => s.exercise_id === slug) || options[0];
  const points = series.points.map((p) => ({ at: p.completed_at, value: p.estimated_1rm }));
  const latest = points[points.length - 1].value;
  const best = Math.max(...points.map((p) => p.value));
  const change = points.length > 1 ? latest - points[0].value : null;
  const load = (value, options = {}) => fmt.load(value, { inUnit: true, ...options });
  return html`
    <div class="field field-inline">
      <label for="strength-exercise">${t('progress.exercise')}</label>
      <select id="strength-exercise" value=${series.exercise_id} onChange=${(e) => setSlug(e.currentTarget.value)}>
        ${options.map((s) => html`<option value=${s.exercise_id}>${s.name}</option>`)}
      </select>
    </div>
    <dl class="stats">
      <div><dt>${t('progress.latest')}</dt><dd>${load(latest)}</dd></div>
      <div><dt>${t('progress.best')}</dt><dd>${load(best)}</dd></div>
      <div><dt>${t('progress.change')}</dt><dd class=${change > 0 ? 'up' : ''}>${change === null ? '—'
        : load(change, { signed: true })}</dd></div>
    </dl>
    <${LineChart} points=${points} label=${series.name} />
    <details class="data-table">
      <summary>${t('progress.showData')}</summary>
      <table><thead><tr><th scope="col">${t('progress.date')}</th><th scope="col" class="num">${t('progress.e1rm')}</th></tr></thead>
        <tbody>${points.map((p) => html`<tr><td>${fmt.dateTime(p.at)}</td><td class="num">${load(p.value)}</td></tr>`)}</tbody>
      </table>
    </details>`;
}

/** weeks: the server's weeks, oldest first and this week last; band: {low, high}. */
function VolumeSection({ weeks, band }) {
  const last = weeks.length - 1;
  const trained = weeks.findIndex((w) => w.workouts > 0 || w.groups.length > 0);
  const earliest = trained < 0 ? last : trained;
  const [index, setIndex] = useState(last);
  const week = weeks[Math.min(index, last)];
  const rows = week.groups.map((g) => ({
    group: g.muscle_group, hardSets: g.fractional_hard_sets, tonnage: g.tonnage, landmark: g.landmark,
  }));
  const label = index >= last ? t('progress.thisWeek')
    : t('progress.weekOf', { date: fmt.calendarDate(week.week_start, { day: 'numeric', month: 'short' }) });
  return html`
    <div class="week-switch">
      <button type="button" class="btn-icon" disabled=${index <= earliest}
        onClick=${() => setIndex(index - 1)} aria-label=${t('progress.previousWeek')}>
        <${Icon} name="back" className="flip-rtl" /></button>
      <span aria-live="polite">${label}</span>
      <button type="button" class="btn-icon" disabled=${index >= last}
        onClick=${() => setIndex(index + 1)} aria-label=${t('progress.nextWeek')}>
        <${Icon} name="chevron" className="flip-rtl" /></button>
    </div>
    ${rows.length ? html`<${VolumeBars} rows=${rows} low=${band.low} high=${band.high} />`
      : html`<p class="muted">${t('progress.noVolume')}</p>`}
    <p class="fine-print">${t('progress.hardSetNote')}</p>`;
}

function RecordsSection({ slugs, names, records, strength }) {
  if (records.status === 'error') return html`<${ErrorNote} error=${records.error} />`;
  if (records.status !== 'ready') return html`<${Loading} />`;
  const recent = Date.now() - 7 * 86400000;
  const rows = slugs.map((slug) => ({ slug, name: names.get(slug) || slug, r: records.bySlug[slug] }))
    .filter((row) => row.r && (row.r.max_weight_set || Object.keys(row.r.rep_records || {}).length));
  if (!rows.length) return html`<p class="muted">${t('progress.noRecords')}</p>`;
  // "New" means broken this week: a record set at an exercise's first session in the window
  // beat nothing, so it is not new (and "Records broken" above, the server's count, agrees).
  const isNew = (slug, set) => {
    if (!set) return false;
    const at = new Date(set.achieved_at).getTime();
    const series = strength.find((s) => s.exercise_id === slug);
    const earlier = series && series.points.some((p) => new Date(p.completed_at).getTime() < at);
    return at >= recent && Boolean(earlier);
  };
  return html`<div class="table-scroll"><table class="records">
    <thead><tr>
      <th scope="col">${t('progress.exercise')}</th>
      <th scope="col">${t('progress.e1rm')}</th>
      <th scope="col">${t('progress.heaviest')}</th>
      <th scope="col">${t('progress.repBests')}</th>
    </tr></thead>
    <tbody>${rows.map(({ slug, name, r }) => {
      // A rep best matters when no set of more reps was at least as heavy.
      const all = Object.entries(r.rep_records || {}).map(([n, set]) => [Number(n), set])
        .filter(([, set]) => set.weight_lbs > 0);
      const reps = all.filter(([n, set]) => !all.some(([m, other]) => m > n
        && other.weight_lbs >= set.weight_lbs)).sort((a, b) => a[0] - b[0]).slice(0, 4);
      return html`<tr data-slug=${slug}>
        <th scope="row">${name}</th>
        <td data-label=${t('progress.e1rm')}><div>${r.estimated_1rm ? html`<strong>${fmt.load(r.estimated_1rm.estimated_1rm)}</strong>
          ${isNew(slug, r.estimated_1rm) ? html` <span class="tag tag-new">${t('progress.new')}</span>` : null}
          <span class="cell-sub">${fmt.dateOnly(r.estimated_1rm.achieved_at)}</span>` : '—'}</div></td>
        <td data-label=${t('progress.heaviest')}><div>${r.max_weight_set ? html`${t('progress.setOf', { load: fmt.load(r.max_weight_set.weight_lbs), reps: fmt.number(r.max_weight_set.reps, 0) })}
          <span class="cell-sub">${fmt.dateOnly(r.max_weight_set.achieved_at)}</span>` : '—'}</div></td>
        <td data-label=${t('progress.repBests')}><div>${reps.length ? html`<ul class="rep-bests">${reps.map(([n, set]) => html`<li>
          ${t('progress.repMax', { n: fmt.number(n, 0) })}: ${fmt.load(set.weight_lbs)}</li>`)}</ul>` : '—'}</div></td>
      </tr>`;
    })}</tbody>
  </table></div>`;
}

export function ProgressView() {
  const [progress, reload] = useProgress();
  const data = progress.data;
  const strength = data ? data.strength : [];
  const slugs = useMemo(() => strength.map((s) => s.exercise_id).sort(), [strength]);
  const names = useMemo(() => new Map(strength.map((s) => [s.exercise_id, s.name])), [strength]);
  const records = useRecords(progress.status === 'ready' ? slugs : []);

  let body;
  if (progress.status === 'error') body = html`<${ErrorNote} error=${progress.error} title=${t('progress.loadFailed')} onRetry=${reload} />`;
  else if (progress.status !== 'ready') body = html`<${Loading} />`;
  else if (!data.total_workouts) {
    body = html`<${Empty} icon="progress" title=${t('progress.emptyTitle')}>
      <p>${t('progress.emptyText')}</p>
      <${Link} class="btn btn-primary" href="/today">${t('nav.today')}</${Link}>
    </${Empty}>`;
  } else {
    const recent = data.volume.slice(-RECENT_WEEKS).reduce((n, w) => n + w.workouts, 0);
    const broken = data.volume.reduce((n, w) => n + w.records_broken, 0);
    body = html`
      <dl class="stats">
        <div><dt>${t('progress.workouts28')}</dt><dd>${fmt.number(recent, 0)}</dd></div>
        <div><dt>${t('progress.exercisesLogged')}</dt><dd>${fmt.number(slugs.length, 0)}</dd></div>
        <div><dt>${t('progress.recordsBroken')}</dt><dd>${fmt.number(broken, 0)}</dd></div>
      </dl>
      <section class="card" aria-labelledby="strength-title">
        <h2 id="strength-title">${t('progress.strengthTitle')}</h2>
        <${StrengthSection} strength=${strength} />
      </section>
      <section class="card" aria-labelledby="volume-title">
        <h2 id="volume-title">${t('progress.volumeTitle')}</h2>
        <${VolumeSection} weeks=${data.volume} band=${data.hard_set_band} />
      </section>
      <section class="card" aria-labelledby="records-title">
        <h2 id="records-title">${t('progress.recordsTitle')}</h2>
        <${RecordsSection} slugs=${slugs} names=${names} records=${records} strength=${strength} />
      </section>`;
  }
  return html`<section class="view view-progress">
    <${PageHeader} title=${t('nav.progress')}>
      <${Link} class="btn btn-secondary history-open" href="/history"><${Icon} name="dumbbell" size=${18} />
        ${t('history.open')}</${Link}>
    </${PageHeader}>
    ${body}
  </section>`;
}
