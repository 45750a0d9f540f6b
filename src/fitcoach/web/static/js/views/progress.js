// /progress: estimated 1RM over time per exercise, weekly hard sets and tonnage per muscle
// group against the 10-20 band, and the records table (GET /api/workouts/logs, /api/prs/…).
import { html, useEffect, useMemo, useState } from '../lib.js';
import { t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { api } from '../api.js';
import { Link } from '../router.js';
import { useCatalog } from '../state.js';
import { Empty, ErrorNote, Loading, PageHeader } from '../ui.js';
import { LineChart, VolumeBars } from '../components/charts.js';
import { GROUPS, HARD_SETS_HIGH, HARD_SETS_LOW, strengthHistory, weeklyVolume } from '../analytics.js';

const LOG_LIMIT = 100; // the contract's maximum page

function useLogs() {
  const [state, setState] = useState({ status: 'loading', logs: [], error: null });
  const load = () => {
    setState((s) => ({ ...s, status: 'loading', error: null }));
    api.workoutLogs({ limit: LOG_LIMIT })
      .then((logs) => setState({ status: 'ready', logs, error: null }))
      .catch((error) => setState({ status: 'error', logs: [], error }));
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

function StrengthSection({ history }) {
  const options = [...history.entries()].filter(([, s]) => s.points.length > 0)
    .sort((a, b) => b[1].points.length - a[1].points.length || a[1].name.localeCompare(b[1].name));
  const [slug, setSlug] = useState(options.length ? options[0][0] : null);
  if (!options.length) {
    return html`<p class="muted">${t('progress.noStrength')}</p>`;
  }
  const chosen = history.get(slug) ? slug : options[0][0];
  const series = history.get(chosen);
  const points = series.points.map((p) => ({ at: p.at, value: fmt.displayLoad(p.value) }));
  const latest = points[points.length - 1].value;
  const best = Math.max(...points.map((p) => p.value));
  const change = points.length > 1 ? latest - points[0].value : null;
  return html`
    <div class="field field-inline">
      <label for="strength-exercise">${t('progress.exercise')}</label>
      <select id="strength-exercise" value=${chosen} onChange=${(e) => setSlug(e.currentTarget.value)}>
        ${options.map(([id, s]) => html`<option value=${id}>${s.name}</option>`)}
      </select>
    </div>
    <dl class="stats">
      <div><dt>${t('progress.latest')}</dt><dd>${fmt.number(latest)} ${fmt.unitLabel()}</dd></div>
      <div><dt>${t('progress.best')}</dt><dd>${fmt.number(best)} ${fmt.unitLabel()}</dd></div>
      <div><dt>${t('progress.change')}</dt><dd class=${change > 0 ? 'up' : ''}>${change === null ? '—'
        : `${fmt.signed(change)} ${fmt.unitLabel()}`}</dd></div>
    </dl>
    <${LineChart} points=${points} label=${series.name} unit=${fmt.unitLabel()} />
    <details class="data-table">
      <summary>${t('progress.showData')}</summary>
      <table><thead><tr><th scope="col">${t('progress.date')}</th><th scope="col" class="num">${t('progress.e1rm')}</th></tr></thead>
        <tbody>${points.map((p) => html`<tr><td>${fmt.dateTime(p.at)}</td><td class="num">${fmt.number(p.value)} ${fmt.unitLabel()}</td></tr>`)}</tbody>
      </table>
    </details>`;
}

function VolumeSection({ weeks }) {
  const thisWeek = fmt.weekStartOf(new Date().toISOString());
  const [week, setWeek] = useState(thisWeek);
  const groups = weeks.get(week) || new Map();
  const rows = GROUPS.filter((g) => groups.has(g)).map((g) => ({ group: g, ...groups.get(g) }));
  const earliest = [...weeks.keys()].sort()[0] || thisWeek;
  const label = week === thisWeek ? t('progress.thisWeek')
    : t('progress.weekOf', { date: fmt.calendarDate(week, { day: 'numeric', month: 'short' }) });
  return html`
    <div class="week-switch">
      <button type="button" class="btn-icon" disabled=${week <= earliest}
        onClick=${() => setWeek(fmt.addDays(week, -7))} aria-label=${t('progress.previousWeek')}>
        <${Icon} name="back" className="flip-rtl" /></button>
      <span aria-live="polite">${label}</span>
      <button type="button" class="btn-icon" disabled=${week >= thisWeek}
        onClick=${() => setWeek(fmt.addDays(week, 7))} aria-label=${t('progress.nextWeek')}>
        <${Icon} name="chevron" className="flip-rtl" /></button>
    </div>
    ${rows.length ? html`<${VolumeBars} rows=${rows} low=${HARD_SETS_LOW} high=${HARD_SETS_HIGH} />`
      : html`<p class="muted">${t('progress.noVolume')}</p>`}
    <p class="fine-print">${t('progress.hardSetNote')}</p>`;
}

function RecordsSection({ slugs, names, records }) {
  if (records.status === 'error') return html`<${ErrorNote} error=${records.error} />`;
  if (records.status !== 'ready') return html`<${Loading} />`;
  const recent = Date.now() - 7 * 86400000;
  const rows = slugs.map((slug) => ({ slug, name: names.get(slug) || slug, r: records.bySlug[slug] }))
    .filter((row) => row.r && (row.r.max_weight_set || Object.keys(row.r.rep_records || {}).length));
  if (!rows.length) return html`<p class="muted">${t('progress.noRecords')}</p>`;
  const isNew = (set) => set && new Date(set.achieved_at).getTime() >= recent;
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
          ${isNew(r.estimated_1rm) ? html` <span class="tag tag-new">${t('progress.new')}</span>` : null}
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
  const catalog = useCatalog();
  const [logs, reload] = useLogs();
  const history = useMemo(() => strengthHistory(logs.logs), [logs.logs]);
  const weeks = useMemo(() => weeklyVolume(logs.logs, catalog.bySlug), [logs.logs, catalog.bySlug]);
  const slugs = useMemo(() => [...history.keys()].sort(), [history]);
  const names = useMemo(() => new Map([...history.entries()].map(([slug, s]) => [slug, s.name])), [history]);
  const records = useRecords(logs.status === 'ready' ? slugs : []);

  let body;
  if (logs.status === 'error') body = html`<${ErrorNote} error=${logs.error} title=${t('progress.loadFailed')} onRetry=${reload} />`;
  else if (logs.status !== 'ready') body = html`<${Loading} />`;
  else if (!logs.logs.length) {
    body = html`<${Empty} icon="progress" title=${t('progress.emptyTitle')}>
      <p>${t('progress.emptyText')}</p>
      <${Link} class="btn btn-primary" href="/today">${t('nav.today')}</${Link}>
    </${Empty}>`;
  } else {
    const lastFour = logs.logs.filter((l) => Date.now() - new Date(l.completed_at).getTime() < 28 * 86400000).length;
    const recordCount = logs.logs.reduce((n, l) => n + ((l.new_prs && l.new_prs.length) || 0), 0);
    body = html`
      <dl class="stats">
        <div><dt>${t('progress.workouts28')}</dt><dd>${fmt.number(lastFour, 0)}</dd></div>
        <div><dt>${t('progress.exercisesLogged')}</dt><dd>${fmt.number(slugs.length, 0)}</dd></div>
        <div><dt>${t('progress.recordsBroken')}</dt><dd>${fmt.number(recordCount, 0)}</dd></div>
      </dl>
      <section class="card" aria-labelledby="strength-title">
        <h2 id="strength-title">${t('progress.strengthTitle')}</h2>
        <${StrengthSection} history=${history} />
      </section>
      <section class="card" aria-labelledby="volume-title">
        <h2 id="volume-title">${t('progress.volumeTitle')}</h2>
        ${catalog.status === 'error' ? html`<${ErrorNote} error=${catalog.error} />`
          : catalog.status !== 'ready' ? html`<${Loading} />` : html`<${VolumeSection} weeks=${weeks} />`}
      </section>
      <section class="card" aria-labelledby="records-title">
        <h2 id="records-title">${t('progress.recordsTitle')}</h2>
        <${RecordsSection} slugs=${slugs} names=${names} records=${records} />
      </section>`;
  }
  return html`<section class="view view-progress">
    <${PageHeader} title=${t('nav.progress')} />
    ${body}
  </section>`;
}
