// <StagedProposalCard />: a plan change the coach staged. Nothing changes until the user
// presses [Accept Plan] (SPEC §1.3); accepted, dismissed and outdated cards say so.
import { html, useEffect, useRef } from '../lib.js';
import { t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { Chips, ErrorNote, Phrase } from '../ui.js';
import { isVisibleChange, proposalChanges } from '../diff.js';
import { planStore, useStore } from '../state.js';
import { Link } from '../router.js';
import { reveal } from '../reveal.js';
import { Blocks, MuscleFocus, WeekPreview } from './plan.js';

function rx(p) {
  return t('plan.setsReps', { sets: fmt.number(p.sets, 0), reps: fmt.reps(p.reps) });
}

/** "3 × 8–12" always reads left to right, as a lifter writes it, in every language. */
const Sets = ({ p }) => html`<bdi dir="ltr" class="diff-sets">${rx(p)}</bdi>`;

/** One side of a prescription change: only the parts that changed (sets × reps, rest). */
function RxSide({ p, sets, rest }) {
  const parts = [];
  if (sets) parts.push(html`<${Sets} p=${p} />`);
  if (rest) parts.push(html`<bdi>${t('plan.rest', { rest: fmt.rest(p.rest) })}</bdi>`);
  return parts.flatMap((part, i) => (i ? [', ', part] : [part]));
}

function Change({ change }) {
  if (!isVisibleChange(change)) return null;
  const say = (k, params, ltr) => html`<li><${Phrase} k=${k} params=${params} ltr=${ltr} /></li>`;
  switch (change.kind) {
    case 'newSession': return say('diff.newSession', { title: change.title });
    case 'becomesRest': return say('diff.becomesRest', {});
    case 'title': return say('diff.title', { from: change.from, to: change.to });
    case 'duration': return say('diff.duration', { from: fmt.minutes(change.from), to: fmt.minutes(change.to) });
    case 'swap': return html`<li><${Phrase} k="diff.swap" params=${{ from: change.from, to: change.to }} />
      <span class="muted"> · <${Sets} p=${change.prescription} /></span></li>`;
    case 'removed': return say('diff.removed', { name: change.name });
    case 'added': return html`<li><${Phrase} k="diff.added" params=${{ name: change.name }} />
      <span class="muted"> · <${Sets} p=${change.prescription} /></span></li>`;
    case 'prescription': {
      const sets = rx(change.from) !== rx(change.to);
      const rest = change.from.rest !== change.to.rest;
      return say('diff.prescription', { name: change.name,
        from: html`<${RxSide} p=${change.from} sets=${sets} rest=${rest} />`,
        to: html`<${RxSide} p=${change.to} sets=${sets} rest=${rest} />` });
    }
    default: return null;
  }
}

function Changes({ rows, single }) {
  if (!rows) return null;
  const shown = rows.map((row) => ({ ...row, changes: row.changes.filter(isVisibleChange) }))
    .filter((row) => row.changes.length > 0);
  return html`<section class="changes">
    <h4>${t('proposal.whatChanges')}</h4>
    ${shown.length === 0 ? html`<p class="muted">${t('proposal.noVisibleChange')}</p>` : html`
      <ul class="change-list">
        ${shown.map((row) => (single ? row.changes.map((change) => html`<${Change} change=${change} />`)
          : html`<li class="change-day"><strong>${fmt.weekdayName(row.day)}</strong>
            <ul>${row.changes.map((change) => html`<${Change} change=${change} />`)}</ul></li>`))}
      </ul>`}
  </section>`;
}

const STATUS = {
  accepted: { icon: 'check', cls: 'ok', key: 'proposal.status.accepted' },
  dismissed: { icon: 'close', cls: 'muted', key: 'proposal.status.dismissed' },
  superseded: { icon: 'alert', cls: 'warn', key: 'proposal.status.superseded' },
  outdated: { icon: 'alert', cls: 'warn', key: 'proposal.status.outdated' },
  settled: { icon: 'alert', cls: 'warn', key: 'proposal.status.settled' },
  gone: { icon: 'alert', cls: 'warn', key: 'proposal.status.gone' },
};

export function StagedProposalCard({ line, onAccept, onDismiss, onChip, chipsDisabled }) {
  const { proposal } = line;
  const isWeek = proposal.type === 'UPDATE_WEEK';
  const data = proposal.data || {};
  const heading = isWeek ? t('proposal.weekTitle')
    : t('proposal.dayTitle', { day: fmt.weekdayInSentence(proposal.target_day) });
  const status = STATUS[line.status];
  const pending = line.status === 'pending';
  // A card that arrived before the current plan had loaded (a slow network, a message sent
  // the moment the tab opened) has no changes of its own yet: it compares with the plan as
  // soon as the plan is there, instead of showing no "what changes" for good.
  const { plan: currentPlan } = useStore(planStore);
  const changes = line.changes || (pending ? proposalChanges(proposal, currentPlan) : null);
  // Accept or Dismiss answered and its button went: focus goes to what the card now says,
  // not to the page body.
  const statusLine = useRef(null);
  const wasPending = useRef(pending);
  useEffect(() => {
    const active = document.activeElement;
    if (wasPending.current && !pending && statusLine.current
        && (!active || active === document.body)) {
      statusLine.current.focus({ preventScroll: true });
      reveal(statusLine.current);
    }
    wasPending.current = pending;
  }, [pending]);
  const titleId = `proposal-${line.id}`;
  return html`<article class=${`proposal proposal-${line.status}`} aria-labelledby=${titleId}
      data-proposal-id=${proposal.id}>
    <header class="proposal-head">
      <span class="tag tag-staged">${t('proposal.staged')}</span>
      <h3 id=${titleId}>${heading}</h3>
    </header>
    <p class="proposal-summary" dir="auto">${proposal.summary_diff}</p>
    ${isWeek && data.theme ? html`<p class="muted" dir="auto">${data.theme}</p>` : null}
    ${isWeek && data.summary ? html`<p class="proposal-stats">
      <span>${t('week.sessions', { count: data.summary.frequency })}</span>
      <span>${fmt.minutes(data.summary.total_time_minutes)}</span>
      <span>${t('week.volume', { load: fmt.load(data.summary.total_volume_lbs, { total: true }) })}</span>
    </p>
    <p class="fine-print">${t('plan.volumeNote')}</p>` : null}
    <${Changes} rows=${changes} single=${!isWeek} />
    <details class="proposal-preview">
      <summary>${isWeek ? t('proposal.previewWeek')
        : t('proposal.previewDay', { day: fmt.weekdayInSentence(proposal.target_day) })}</summary>
      ${isWeek ? html`<${WeekPreview} plan=${data} />` : html`
        ${data.is_rest_day ? html`<p>${t('plan.restDay')}</p>` : html`
          <p class="muted">${data.title} · ${fmt.minutes(data.duration_minutes)}</p>
          <${Blocks} day=${data} compact=${true} />
          <${MuscleFocus} focus=${data.muscle_focus} />`}`}
    </details>
    ${status ? html`<p class=${`proposal-status status-${status.cls}`} role="status" tabindex="-1"
      ref=${statusLine}>
      <${Icon} name=${status.icon} />
      <span>${t(status.key, { day: proposal.target_day ? fmt.weekdayName(proposal.target_day) : '' })}${line.conflict && line.status !== 'superseded'
        ? html`<span class="status-detail">${line.conflict}</span>` : null}</span>
      ${line.status === 'accepted' ? html`<${Link} class="status-link"
        href=${isWeek ? '/week' : `/workouts/${proposal.target_day}`}>
        ${isWeek ? t('proposal.seeWeek') : t('proposal.seeDay')}</${Link}>` : null}
    </p>` : null}
    <${ErrorNote} error=${line.error} title=${t('proposal.acceptFailed')} />
    ${pending ? html`<div class="proposal-actions">
      <button type="button" class="btn btn-primary" disabled=${line.busy}
        onClick=${() => onAccept(line.id)}>
        <${Icon} name="check" /> ${t('proposal.accept')}</button>
      <button type="button" class="btn btn-ghost" disabled=${line.busy}
        onClick=${() => onDismiss(line.id)}>${t('proposal.dismiss')}</button>
    </div>` : null}
    ${pending && onChip ? html`<${Chips} items=${data.suggested_edits} onPick=${onChip}
      disabled=${chipsDisabled} label=${t('proposal.suggestedEdits')} />` : null}
  </article>`;
}

/** "Noted: right shoulder irritation until Dec 12": a turn's memory changes, discreetly. */
export function MemoryNotes({ mutations }) {
  if (!mutations || !mutations.length) return null;
  return html`<ul class="memory-notes" aria-label=${t('memory.notesLabel')}>
    ${mutations.map((m) => {
      const entry = m.entry || {};
      const fact = entry.fact || '';
      let text;
      if (m.operation === 'DELETE') text = t('memory.noteForgot');
      else if (entry.expires_at) {
        text = t(m.operation === 'UPDATE' ? 'memory.noteUpdatedUntil' : 'memory.noteUntil',
          { fact, date: fmt.dateOnly(entry.expires_at) });
      } else text = t(m.operation === 'UPDATE' ? 'memory.noteUpdated' : 'memory.noteNoted', { fact });
      return html`<li><${Icon} name="memory" size=${14} /><span>${text}</span></li>`;
    })}
  </ul>`;
}
