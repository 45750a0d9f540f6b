// /memory: what the coach remembers, by tier, with expiry; any item can be deleted.
import { html, useEffect, useState } from '../lib.js';
import { t, tMaybe } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { api } from '../api.js';
import { ErrorNote, Loading, PageHeader } from '../ui.js';

const TIERS = [
  { key: 'tier_1_staples', title: 'memory.tier1', hint: 'memory.tier1Hint' },
  { key: 'tier_2_physiological', title: 'memory.tier2', hint: 'memory.tier2Hint' },
  { key: 'tier_3_situational', title: 'memory.tier3', hint: 'memory.tier3Hint' },
];

function itemLabel(tier, item) {
  if (tier === 'tier_1_staples') return tMaybe(`memory.category.${item.category}`, item.category);
  if (tier === 'tier_2_physiological') {
    const part = tMaybe(`bodyPart.${item.body_part}`, item.body_part);
    const condition = tMaybe(`condition.${item.condition}`, item.condition);
    return `${part} · ${condition}`;
  }
  return item.event;
}

/**
 * What the item's dates mean now. A deleted (invalidated) item says when it was deleted, never
 * "expired" with a date still to come; only an item whose expiry has passed is "expired".
 */
function expiryNote(item, active) {
  if (item.status === 'invalidated') {
    return html`<span>${item.invalidated_at ? t('memory.deletedOn', { date: fmt.dateOnly(item.invalidated_at) })
      : t('memory.deleted')}</span>`;
  }
  if (!item.expires_at) return html`<span>${t('memory.noExpiry')}</span>`;
  if (active) {
    return html`<span><${Icon} name="timer" size=${14} /> ${t('memory.until', { date: fmt.dateOnly(item.expires_at), relative: fmt.relative(item.expires_at) })}</span>`;
  }
  return html`<span>${t('memory.expired', { date: fmt.dateOnly(item.expires_at) })}</span>`;
}

function Item({ tier, item, onDelete }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const active = !item.status || item.status === 'active';
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.deleteMemory(item.memory_id);
      onDelete(item.memory_id);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return html`<li class=${`memory-item${active ? '' : ' is-inactive'}`}>
    <div class="memory-body">
      <span class="memory-label">${itemLabel(tier, item)}</span>
      <p class="memory-fact" dir="auto">${item.fact}</p>
      <p class="memory-meta">
        ${expiryNote(item, active)}
        ${item.created_at ? html`<span>${t('memory.since', { date: fmt.dateOnly(item.created_at) })}</span>` : null}
      </p>
      <${ErrorNote} error=${error} title=${t('memory.deleteFailed')} />
    </div>
    ${active ? (confirming ? html`<div class="confirm-inline" role="group" aria-label=${t('memory.confirmDelete')}>
        <span>${t('memory.confirmDelete')}</span>
        <button type="button" class="btn btn-danger btn-small" disabled=${busy} onClick=${remove}>${t('memory.delete')}</button>
        <button type="button" class="btn btn-ghost btn-small" disabled=${busy} onClick=${() => setConfirming(false)}>${t('action.cancel')}</button>
      </div>` : html`<button type="button" class="btn-icon" onClick=${() => setConfirming(true)}
        aria-label=${t('memory.deleteItem', { fact: item.fact })}><${Icon} name="trash" /></button>`) : null}
  </li>`;
}

export function MemoryView() {
  const [state, setState] = useState({ status: 'loading', data: null, error: null });
  const [history, setHistory] = useState(false);
  const load = () => {
    setState((s) => ({ ...s, status: 'loading', error: null }));
    api.memory({ includeExpired: history })
      .then((data) => setState({ status: 'ready', data, error: null }))
      .catch((error) => setState({ status: 'error', data: null, error }));
  };
  useEffect(load, [history]);
  const onDelete = (id) => {
    if (history) { load(); return; }
    const data = { ...state.data };
    for (const tier of TIERS) data[tier.key] = (data[tier.key] || []).filter((i) => i.memory_id !== id);
    setState({ ...state, data });
  };
  let body;
  if (state.status === 'error') body = html`<${ErrorNote} error=${state.error} title=${t('memory.loadFailed')} onRetry=${load} />`;
  else if (!state.data) body = html`<${Loading} />`;
  else {
    const empty = TIERS.every((tier) => !(state.data[tier.key] || []).length);
    body = html`
      ${empty ? html`<p class="lead">${t('memory.empty')}</p>` : null}
      ${TIERS.map((tier) => {
        const items = state.data[tier.key] || [];
        return html`<section class="card memory-tier" aria-labelledby=${`${tier.key}-title`}>
          <h2 id=${`${tier.key}-title`}>${t(tier.title)} <span class="count">${fmt.number(items.length, 0)}</span></h2>
          <p class="muted">${t(tier.hint)}</p>
          ${items.length ? html`<ul class="memory-list">${items.map((item) => html`<${Item} key=${item.memory_id}
            tier=${tier.key} item=${item} onDelete=${onDelete} />`)}</ul>` : html`<p class="memory-none">${t('memory.none')}</p>`}
        </section>`;
      })}`;
  }
  return html`<section class="view view-memory">
    <${PageHeader} title=${t('nav.memory')}>
      <p class="lead">${t('memory.intro')}</p>
      <label class="switch"><input type="checkbox" checked=${history} onChange=${(e) => setHistory(e.currentTarget.checked)} />
        <span>${t('memory.showHistory')}</span></label>
    </${PageHeader}>
    ${body}
  </section>`;
}
