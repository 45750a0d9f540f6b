// Shared pieces: loading and error states, page headers, chips.
import { html, useEffect, useState } from './lib.js';
import { t } from './i18n.js';
import { Icon } from './icons.js';

/** An error in plain words: what failed, why (the server's own message), what to do. */
export function describeError(error) {
  if (!error) return '';
  if (error.isNetwork || error.status === 0) return t('error.network');
  if (error.status >= 500) return t('error.server');
  return error.message || t('error.unknown');
}

export function ErrorNote({ error, title, onRetry }) {
  if (!error) return null;
  return html`<div class="note note-error" role="alert">
    <${Icon} name="alert" />
    <div>
      ${title ? html`<strong>${title}</strong>` : null}
      <p>${describeError(error)}</p>
      ${onRetry ? html`<button type="button" class="btn btn-small" onClick=${onRetry}>
        ${t('action.retry')}</button>` : null}
    </div>
  </div>`;
}

/** A loading line that only appears after a short delay, so fast loads don't flash. */
export function Loading({ label }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, []);
  return html`<div class="loading" role="status" aria-live="polite">
    ${visible ? html`<span class="spinner" aria-hidden="true"></span>
      <span>${label || t('state.loading')}</span>` : html`<span class="visually-hidden">
      ${label || t('state.loading')}</span>`}
  </div>`;
}

/**
 * A translated sentence whose {placeholders} are filled with isolated pieces: each value is a
 * <bdi data-part=name> (its own direction, judged from its first strong letter), so a Latin
 * exercise name or a number inside a Hebrew sentence keeps the sentence's reading order: in
 * "{from} ← {to}" the arrow points from the old value to the new one in either direction.
 * `ltr` names the values that are always read left to right ("3 × 8–12").
 */
export function Phrase({ k, params = {}, ltr = [] }) {
  const template = String(t(k));
  const nodes = [];
  let last = 0;
  for (const found of template.matchAll(/\{(\w+)\}/g)) {
    if (found.index > last) nodes.push(template.slice(last, found.index));
    const name = found[1];
    nodes.push(name in params
      ? html`<bdi data-part=${name} dir=${ltr.includes(name) ? 'ltr' : undefined}>${params[name]}</bdi>`
      : found[0]);
    last = found.index + found[0].length;
  }
  if (last < template.length) nodes.push(template.slice(last));
  return nodes;
}

export function PageHeader({ title, eyebrow, children }) {
  return html`<header class="page-header">
    ${eyebrow ? html`<p class="eyebrow">${eyebrow}</p>` : null}
    <h1 id="page-title" tabindex="-1"><bdi>${title}</bdi></h1>
    ${children}
  </header>`;
}

export function Chips({ items, onPick, label, disabled }) {
  if (!items || !items.length) return null;
  return html`<div class="chips" role="group" aria-label=${label || t('coach.suggestions')}>
    ${items.map((text) => html`<button type="button" class="chip" disabled=${disabled}
      dir="auto" onClick=${() => onPick(text)}>${text}</button>`)}
  </div>`;
}

export function Empty({ icon = 'spark', title, children }) {
  return html`<div class="empty">
    <span class="empty-icon"><${Icon} name=${icon} size=${28} /></span>
    <h2>${title}</h2>
    ${children}
  </div>`;
}
