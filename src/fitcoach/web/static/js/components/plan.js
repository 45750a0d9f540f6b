// How a planned day reads: blocks and supersets, sets × reps, rest, load, muscle focus.
// Used by the day screen and inside proposal cards (the preview of a staged change).
import { html, useId } from '../lib.js';
import { locale, t, tMaybe } from '../i18n.js';
import * as fmt from '../format.js';
import { catalogStore, useStore } from '../state.js';
import { ExerciseLink } from '../views/exercise.js';

/** The exercise's name in the user's language when the catalog knows one, else the seed's. */
export function useLocalName() {
  const catalog = useStore(catalogStore);
  return (slug) => {
    const lang = locale();
    if (lang === 'en' || !catalog.bySlug) return null;
    const entry = catalog.bySlug.get(slug);
    const alias = entry && entry.aliases && entry.aliases[lang] && entry.aliases[lang][0];
    return alias ? alias.charAt(0).toLocaleUpperCase(lang) + alias.slice(1) : null;
  };
}

export function muscleName(group) {
  return tMaybe(`muscle.${group}`, group);
}

export function Prescription({ exercise }) {
  const parts = [
    html`<span class="rx-sets">${t('plan.setsReps', { sets: fmt.number(exercise.target_sets, 0),
      reps: fmt.reps(exercise.target_reps) })}</span>`,
    html`<span>${t('plan.rest', { rest: fmt.rest(exercise.rest_seconds) })}</span>`,
  ];
  if (exercise.target_weight_lbs) {
    parts.push(html`<span class="rx-load">${fmt.load(exercise.target_weight_lbs)}</span>`);
  }
  if (exercise.target_rir !== undefined && exercise.target_rir !== null) {
    parts.push(html`<span>${t('plan.rir', { n: exercise.target_rir })}</span>`);
  }
  return html`<p class="rx">${parts}</p>`;
}

export function Blocks({ day, compact = false }) {
  const localName = useLocalName();
  const blocks = day.blocks || [];
  return html`<ol class=${`blocks${compact ? ' compact' : ''}`}>
    ${blocks.map((block, index) => {
      const superset = block.exercises.length > 1;
      return html`<li class=${`block${superset ? ' superset' : ''}`}>
        <div class="block-head">
          <span class="block-label">${block.label || String.fromCharCode(65 + index)}</span>
          ${superset ? html`<span class="tag tag-superset">${t('plan.superset')}</span>` : null}
        </div>
        <ul class="block-exercises">
          ${block.exercises.map((exercise) => {
            const local = localName(exercise.exercise_id);
            return html`<li class="exercise">
              <p class="exercise-name"><${ExerciseLink} slug=${exercise.exercise_id}><bdi>${exercise.name}</bdi></${ExerciseLink}>
                ${local && local.toLowerCase() !== exercise.name.toLowerCase()
                  ? html`<span class="exercise-local" lang=${locale()}>${local}</span>` : null}</p>
              <${Prescription} exercise=${exercise} />
            </li>`;
          })}
        </ul>
      </li>`;
    })}
  </ol>`;
}

export function MuscleFocus({ focus }) {
  const noteId = useId();
  if (!focus || !focus.length) return null;
  const sorted = [...focus].sort((a, b) => b.intensity - a.intensity);
  return html`<ul class="focus-bars" aria-label=${t('plan.muscleFocus')} aria-describedby=${noteId}>
    ${sorted.map((item) => html`<li>
      <span class="focus-name">${muscleName(item.muscle)}</span>
      <span class="focus-track" aria-hidden="true"><span class="focus-fill"
        style=${`inline-size:${Math.max(4, Math.min(100, item.intensity))}%`}></span></span>
      <span class="focus-value">${fmt.percent(item.intensity)}</span>
    </li>`)}
  </ul>
  <p class="fine-print focus-note" id=${noteId}>${t('plan.focusNote')}</p>`;
}

/** One line per day of a week: used in the proposal preview. The proposed week is listed as
 * the engine makes it, Monday to Sunday, each day with its date, in every language (a
 * Sunday-first reader sees that its Sunday is the one after Saturday, not before Monday). */
export function WeekPreview({ plan }) {
  return html`<ol class="week-preview">
    ${fmt.WEEKDAYS.map((name) => {
      const day = plan.days && plan.days[name];
      if (!day) return null;
      const rest = day.is_rest_day;
      return html`<li class=${rest ? 'is-rest' : ''}>
        <details>
          <summary>
            <span class="wp-day">${fmt.weekdayName(name, 'short')}${day.date
              ? ` ${fmt.calendarDate(day.date, { day: 'numeric' })}` : ''}</span>
            <span class="wp-title"><bdi>${rest ? t('plan.restDay') : day.title}</bdi></span>
            ${rest ? null : html`<span class="wp-meta">${fmt.minutes(day.duration_minutes)}</span>`}
          </summary>
          ${rest ? html`<p class="muted" dir="auto">${day.coach_note}</p>` : html`
            ${day.focus_tag ? html`<p class="muted">${day.focus_tag}</p>` : null}
            <${Blocks} day=${day} compact=${true} />`}
        </details>
      </li>`;
    })}
  </ol>`;
}
