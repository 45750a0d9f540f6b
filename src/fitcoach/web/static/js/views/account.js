// /account: who is signed in and their settings (language, units, time zone: PATCH
// /api/users/me), bringing workouts in from Strong or Hevy (POST /api/imports) and taking
// everything out (GET /api/export, /api/export/logs.csv), the access key, and sign-out.
import { html, useMemo, useState } from '../lib.js';
import { LANGUAGES, setLocale, t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { api } from '../api.js';
import { navigate } from '../router.js';
import { loadPlan, sessionStore, signOut, updateSession, useStore } from '../state.js';
import { ErrorNote, PageHeader } from '../ui.js';
import { timezones } from './signup.js';

function Settings({ session }) {
  const [language, setLanguage] = useState(session.locale);
  const [units, setUnits] = useState(session.units);
  const [timezone, setTimezone] = useState(session.timezone);
  const [state, setState] = useState({ busy: false, error: null, saved: false });
  const zones = useMemo(() => timezones(session.timezone), []);
  const changes = {};
  if (language !== session.locale) changes.locale = language;
  if (units !== session.units) changes.units = units;
  if (timezone !== session.timezone) changes.timezone = timezone;
  const changed = Object.keys(changes).length > 0;
  const save = async (event) => {
    event.preventDefault();
    if (!changed) return;
    setState({ busy: true, error: null, saved: false });
    try {
      const profile = await api.updateMe(changes);
      if (profile.locale !== session.locale) await setLocale(profile.locale);
      updateSession(profile);
      setState({ busy: false, error: null, saved: true });
      loadPlan({ force: true }); // loads and days in the new unit and time zone
    } catch (error) {
      setState({ busy: false, error, saved: false });
    }
  };
  return html`<form class="card settings" onSubmit=${save} aria-labelledby="settings-title">
    <h2 id="settings-title">${t('account.settingsTitle')}</h2>
    <p class="facts-line"><span class="muted">${t('signup.name')}</span> <strong dir="auto">${session.display_name}</strong></p>
    <div class="field"><label for="settings-language">${t('signup.language')}</label>
      <select id="settings-language" value=${language} onChange=${(e) => setLanguage(e.currentTarget.value)}>
        ${LANGUAGES.map((l) => html`<option value=${l.code} lang=${l.code}>${l.name}</option>`)}
      </select></div>
    <div class="field"><label for="settings-units">${t('signup.units')}</label>
      <select id="settings-units" value=${units} onChange=${(e) => setUnits(e.currentTarget.value)}>
        <option value="kg">${t('signup.unitKg')}</option>
        <option value="lb">${t('signup.unitLb')}</option>
      </select></div>
    <div class="field"><label for="settings-timezone">${t('signup.timezone')}</label>
      <select id="settings-timezone" value=${timezone} onChange=${(e) => setTimezone(e.currentTarget.value)}>
        ${zones.map((zone) => html`<option value=${zone}>${zone}</option>`)}
      </select></div>
    <${ErrorNote} error=${state.error} title=${t('account.saveFailed')} />
    ${state.saved && !changed ? html`<p class="note note-info" role="status">${t('account.saved')}</p>` : null}
    <button type="submit" class="btn btn-primary" disabled=${state.busy || !changed}>
      <${Icon} name="check" /> ${t('account.save')}</button>
  </form>`;
}

function ImportResult({ result }) {
  return html`<div class="note note-info import-result" role="status"><div>
    <p><strong>${t('account.imported', { workouts: fmt.number(result.workouts, 0), sets: fmt.number(result.sets, 0) })}</strong></p>
    ${result.skipped_duplicates ? html`<p>${t('account.importSkipped', { count: result.skipped_duplicates })}</p>` : null}
    ${result.unmapped.length ? html`<p>${t('account.importUnmapped')}</p>
      <ul>${result.unmapped.map((u) => html`<li><bdi>${u.name}</bdi> · ${t('history.sets', { count: u.sets })}</li>`)}</ul>` : null}
  </div></div>`;
}

function DataInOut() {
  const [source, setSource] = useState('strong');
  const [file, setFile] = useState(null);
  const [state, setState] = useState({ busy: false, error: null, result: null });
  const [exporting, setExporting] = useState({ busy: null, error: null });
  const upload = async (event) => {
    event.preventDefault();
    if (!file) return;
    setState({ busy: true, error: null, result: null });
    try {
      const result = await api.importCsv(source, await file.text());
      setState({ busy: false, error: null, result });
      loadPlan({ force: true }); // the plan's loads follow the imported history
    } catch (error) {
      setState({ busy: false, error, result: null });
    }
  };
  const download = async (kind) => {
    setExporting({ busy: kind, error: null });
    try {
      const blob = await api.exportFile(kind);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = kind === 'csv' ? 'fitcoach-logs.csv' : 'fitcoach-export.json';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      setExporting({ busy: null, error: null });
    } catch (error) {
      setExporting({ busy: null, error });
    }
  };
  return html`<section class="card" aria-labelledby="data-title">
    <h2 id="data-title">${t('account.dataTitle')}</h2>
    <form class="import-form" onSubmit=${upload}>
      <p>${t('account.importText')}</p>
      <div class="field"><label for="import-source">${t('account.importSource')}</label>
        <select id="import-source" value=${source} onChange=${(e) => setSource(e.currentTarget.value)}>
          <option value="strong">Strong</option><option value="hevy">Hevy</option>
        </select></div>
      <div class="field"><label for="import-file">${t('account.importFile')}</label>
        <input id="import-file" type="file" accept=".csv,text/csv"
          onChange=${(e) => setFile(e.currentTarget.files[0] || null)} /></div>
      <${ErrorNote} error=${state.error} title=${t('account.importFailed')} />
      ${state.result ? html`<${ImportResult} result=${state.result} />` : null}
      <button type="submit" class="btn btn-secondary" disabled=${!file || state.busy}>
        ${state.busy ? t('active.saving') : t('account.importButton')}</button>
    </form>
    <h3>${t('account.exportTitle')}</h3>
    <p>${t('account.exportText')}</p>
    <${ErrorNote} error=${exporting.error} title=${t('account.exportFailed')} />
    <div class="day-actions">
      <button type="button" class="btn btn-secondary" disabled=${exporting.busy !== null}
        onClick=${() => download('json')}>${t('account.exportJson')}</button>
      <button type="button" class="btn btn-ghost" disabled=${exporting.busy !== null}
        onClick=${() => download('csv')}>${t('account.exportCsv')}</button>
    </div>
  </section>`;
}

export function AccountView() {
  const { session } = useStore(sessionStore);
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!session) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(session.token);
      setCopied(true);
    } catch {
      setShown(true);
    }
  };
  return html`<section class="view view-account">
    <${PageHeader} title=${t('account.title')} />
    <${Settings} session=${session} />
    <${DataInOut} />
    <section class="card" aria-labelledby="key-title">
      <h2 id="key-title">${t('account.keyTitle')}</h2>
      <p>${t('account.keyText')}</p>
      ${shown ? html`<p class="key"><code>${session.token}</code></p>` : null}
      <div class="day-actions">
        <button type="button" class="btn btn-secondary" onClick=${() => setShown(!shown)}>
          ${shown ? t('account.hideKey') : t('account.showKey')}</button>
        <button type="button" class="btn btn-ghost" onClick=${copy}>${copied ? t('account.copied') : t('account.copyKey')}</button>
      </div>
    </section>
    <section class="card" aria-labelledby="signout-title">
      <h2 id="signout-title">${t('account.signOut')}</h2>
      <p>${t('account.signOutText')}</p>
      ${confirming ? html`<div class="day-actions">
        <button type="button" class="btn btn-danger" onClick=${() => { signOut(); navigate('/', { replace: true }); }}>
          <${Icon} name="close" /> ${t('account.signOutConfirm')}</button>
        <button type="button" class="btn btn-ghost" onClick=${() => setConfirming(false)}>${t('action.cancel')}</button>
      </div>` : html`<button type="button" class="btn btn-secondary" onClick=${() => setConfirming(true)}>${t('account.signOut')}</button>`}
    </section>
  </section>`;
}
