// /account: who is signed in, the access key (the only way back in), and sign-out.
import { html, useState } from '../lib.js';
import { LANGUAGES, t } from '../i18n.js';
import { Icon } from '../icons.js';
import { navigate } from '../router.js';
import { sessionStore, signOut, useStore } from '../state.js';
import { PageHeader } from '../ui.js';

export function AccountView() {
  const { session } = useStore(sessionStore);
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!session) return null;
  const language = (LANGUAGES.find((l) => l.code === session.locale) || LANGUAGES[0]).name;
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
    <section class="card">
      <dl class="facts">
        <div><dt>${t('signup.name')}</dt><dd>${session.display_name}</dd></div>
        <div><dt>${t('signup.language')}</dt><dd>${language}</dd></div>
        <div><dt>${t('signup.units')}</dt><dd>${t(session.units === 'lb' ? 'signup.unitLb' : 'signup.unitKg')}</dd></div>
        <div><dt>${t('signup.timezone')}</dt><dd>${session.timezone}</dd></div>
      </dl>
      <p class="fine-print">${t('account.settingsFixed')}</p>
    </section>
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
