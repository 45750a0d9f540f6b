// Sign-up: display name, language, unit and time zone (the browser's by default). The token
// the server returns is kept in localStorage; an access key from another device signs in.
import { html, useMemo, useState } from '../lib.js';
import { LANGUAGES, locale, setLocale, t } from '../i18n.js';
import { api, setToken } from '../api.js';
import { navigate } from '../router.js';
import { sessionStore, signIn, useStore } from '../state.js';
import { ErrorNote } from '../ui.js';

function browserTimezone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The time zones this browser knows, with `current` among them (sign-up, account). */
export function timezones(current) {
  let list = [];
  try {
    list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  } catch {
    list = [];
  }
  if (!list.includes('UTC')) list = [...list, 'UTC'];
  if (current && !list.includes(current)) list = [current, ...list];
  return list;
}

function defaultUnit() {
  const region = (navigator.language || '').split('-')[1];
  return ['US', 'LR', 'MM'].includes(region) ? 'lb' : 'kg';
}

export function SignUpView() {
  const { notice } = useStore(sessionStore);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState(locale());
  const [units, setUnits] = useState(defaultUnit());
  const [timezone, setTimezone] = useState(browserTimezone());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [key, setKey] = useState('');
  const [keyError, setKeyError] = useState(null);
  const zones = useMemo(() => timezones(timezone), []);

  const chooseLanguage = (code) => {
    setLanguage(code);
    setLocale(code);
  };

  const submit = async (event) => {
    event.preventDefault();
    if (!name.trim()) { setError({ status: 400, message: t('signup.nameRequired') }); return; }
    setBusy(true);
    setError(null);
    try {
      const profile = { display_name: name.trim(), locale: language, units, timezone };
      const created = await api.createUser(profile);
      signIn({ ...profile, user_id: created.user_id, token: created.token });
      navigate('/coach', { replace: true });
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  const useKey = async (event) => {
    event.preventDefault();
    const token = key.trim();
    if (!token) return;
    setKeyError(null);
    setBusy(true);
    setToken(token);
    try {
      const me = await api.me();
      await setLocale(me.locale);
      signIn({ token, user_id: me.user_id, display_name: me.display_name, locale: me.locale,
        units: me.units, timezone: me.timezone });
      navigate('/today', { replace: true });
    } catch (failure) {
      setToken(null);
      setKeyError(failure.status === 401 ? { status: 401, message: t('signup.keyInvalid') } : failure);
      setBusy(false);
    }
  };

  return html`<section class="view view-signup">
    <div class="hero">
      <p class="brand-mark" aria-hidden="true">fc</p>
      <h1 id="page-title" tabindex="-1">${t('signup.title')}</h1>
      <p class="lead">${t('signup.tagline')}</p>
    </div>
    ${notice ? html`<div class="note note-warn" role="alert"><p>${t(notice)}</p></div>` : null}
    <form class="card form" onSubmit=${submit} novalidate>
      <div class="field">
        <label for="signup-name">${t('signup.name')}</label>
        <input id="signup-name" name="display_name" autocomplete="nickname" maxlength="100" required
          value=${name} onInput=${(e) => setName(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="signup-language">${t('signup.language')}</label>
        <select id="signup-language" name="locale" value=${language} onChange=${(e) => chooseLanguage(e.currentTarget.value)}>
          ${LANGUAGES.map((l) => html`<option value=${l.code} lang=${l.code}>${l.name}</option>`)}
        </select>
        <p class="hint">${t('signup.languageHint')}</p>
      </div>
      <fieldset class="field">
        <legend>${t('signup.units')}</legend>
        <div class="segmented">
          <label><input type="radio" name="units" value="kg" checked=${units === 'kg'} onChange=${() => setUnits('kg')} />
            <span>${t('signup.unitKg')}</span></label>
          <label><input type="radio" name="units" value="lb" checked=${units === 'lb'} onChange=${() => setUnits('lb')} />
            <span>${t('signup.unitLb')}</span></label>
        </div>
      </fieldset>
      <div class="field">
        <label for="signup-timezone">${t('signup.timezone')}</label>
        <select id="signup-timezone" name="timezone" value=${timezone} onChange=${(e) => setTimezone(e.currentTarget.value)}>
          ${zones.map((zone) => html`<option value=${zone}>${zone.replace(/_/g, ' ')}</option>`)}
        </select>
        <p class="hint">${t('signup.timezoneHint')}</p>
      </div>
      <${ErrorNote} error=${error} title=${t('signup.failed')} />
      <button type="submit" class="btn btn-primary btn-large" disabled=${busy}>${busy ? t('signup.creating') : t('signup.submit')}</button>
    </form>
    <details class="card key-signin">
      <summary>${t('signup.haveKey')}</summary>
      <form onSubmit=${useKey}>
        <div class="field">
          <label for="signin-key">${t('signup.key')}</label>
          <input id="signin-key" autocomplete="off" spellcheck="false" value=${key} onInput=${(e) => setKey(e.currentTarget.value)} />
        </div>
        <${ErrorNote} error=${keyError} />
        <button type="submit" class="btn btn-secondary" disabled=${busy || !key.trim()}>${t('signup.signIn')}</button>
      </form>
    </details>
  </section>`;
}
