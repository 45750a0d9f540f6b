// /today and /workouts/{day}: one day of the plan, with "ask the coach" about it.
import { html } from '../lib.js';
import { t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { Link, coachHref, navigate } from '../router.js';
import { planStartOf, useCatalog, usePlan, useStore } from '../state.js';
import { workoutStore } from '../workout.js';
import { Chips, ErrorNote, Loading, PageHeader } from '../ui.js';
import { Blocks, MuscleFocus } from '../components/plan.js';
import { NoPlan, pastNote } from './week.js';

function DayNav({ day }) {
  const index = fmt.WEEKDAYS.indexOf(day);
  const previous = fmt.WEEKDAYS[(index + 6) % 7];
  const next = fmt.WEEKDAYS[(index + 1) % 7];
  return html`<nav class="day-nav" aria-label=${t('day.otherDays')}>
    <${Link} href=${`/workouts/${previous}`} class="btn btn-ghost btn-small">
      <${Icon} name="back" className="flip-rtl" /> ${fmt.weekdayName(previous, 'short')}</${Link}>
    <${Link} href="/week" class="btn btn-ghost btn-small">${t('nav.week')}</${Link}>
    <${Link} href=${`/workouts/${next}`} class="btn btn-ghost btn-small">
      ${fmt.weekdayName(next, 'short')} <${Icon} name="chevron" className="flip-rtl" /></${Link}>
  </nav>`;
}

export function DayView({ day: routeDay }) {
  useCatalog();
  const { status, plan, error } = usePlan();
  const stored = useStore(workoutStore).workout;
  const active = stored && !stored.result ? stored : null;
  const today = fmt.localToday();
  const isTodayRoute = !routeDay;
  const name = routeDay || today.weekday;
  const tab = 'today';
  const ask = coachHref({ tab, day: name });

  let body;
  let title = isTodayRoute ? t('nav.today') : fmt.weekdayName(name);
  let eyebrow = null;
  if (status === 'error') body = html`<${ErrorNote} error=${error} title=${t('plan.loadFailed')} />`;
  else if (status !== 'ready') body = html`<${Loading} />`;
  else if (!plan) body = html`<${NoPlan} />`;
  else {
    const day = plan.days[name];
    const isToday = day && day.date === today.date;
    eyebrow = `${isToday ? `${t('week.today')} · ` : ''}${fmt.weekdayName(name)} · ${fmt.calendarDate(day.date, { day: 'numeric', month: 'long' })}`;
    title = day.is_rest_day ? t('plan.restDay') : day.title;
    const done = day.status === 'completed';
    const activeHere = active && active.day === name;
    body = html`
      <div class="day-meta-row">
        ${done ? html`<span class="tag tag-done"><${Icon} name="check" size=${14} />
          ${t('day.completedAt', { time: fmt.dateTime(day.completed_at) })}</span>` : null}
        ${!day.is_rest_day && day.focus_tag ? html`<span class="tag">${day.focus_tag}</span>` : null}
        ${!day.is_rest_day ? html`<span class="meta"><${Icon} name="timer" size=${16} /> ${fmt.minutes(day.duration_minutes)}</span>` : null}
        ${!day.is_rest_day && day.estimated_volume_lbs ? html`<span class="meta"><${Icon} name="dumbbell" size=${16} />
          ${t('day.volume', { load: fmt.load(day.estimated_volume_lbs, { total: true }) })}</span>` : null}
        ${!day.is_rest_day && day.estimated_volume_lbs ? html`<p class="fine-print stats-note">${t('plan.volumeNote')}</p>` : null}
      </div>
      ${pastNote(day, today.date, planStartOf(plan)) === 'week.beforePlan' ? html`<p class="note note-info">
        ${t('day.beforePlanText')}</p>` : null}
      ${day.coach_note ? html`<blockquote class="coach-note">
        <span class="coach-note-label"><${Icon} name="coach" size=${16} /> ${t('day.coachNote')}</span>
        <p dir="auto">${day.coach_note}</p></blockquote>` : null}
      ${day.is_rest_day ? html`<div class="card rest-card"><${Icon} name="rest" size=${28} />
        <p>${t('day.restText')}</p></div>` : html`
        <div class="day-actions">
          ${activeHere || !active ? html`<${Link} class="btn btn-primary btn-large"
            href=${`/workout/active?day=${name}`}>
            <${Icon} name="play" /> ${activeHere ? t('day.resume') : done ? t('day.again') : t('day.start')}</${Link}>`
            : html`<${Link} class="btn btn-primary btn-large" href="/workout/active">
            <${Icon} name="play" /> ${t('day.resumeOther', { day: fmt.weekdayInSentence(active.day) })}</${Link}>`}
          <${Link} class="btn btn-secondary" href=${ask}><${Icon} name="coach" /> ${t('day.ask')}</${Link}>
        </div>
        ${day.muscle_focus && day.muscle_focus.length ? html`<section aria-labelledby="day-muscles">
          <h2 id="day-muscles" class="section-title">${t('plan.muscleFocus')}</h2>
          <${MuscleFocus} focus=${day.muscle_focus} />
        </section>` : null}
        <section aria-labelledby="day-blocks">
          <h2 id="day-blocks" class="section-title">${t('day.session')}</h2>
          <${Blocks} day=${day} />
        </section>`}
      ${day.is_rest_day ? html`<div class="day-actions">
        <${Link} class="btn btn-secondary" href=${ask}><${Icon} name="coach" /> ${t('day.ask')}</${Link}>
      </div>` : null}
      <${Chips} items=${day.suggested_edits} label=${t('day.suggested')}
        onPick=${(text) => navigate(coachHref({ tab, day: name, send: text }))} />
      <${DayNav} day=${name} />`;
  }
  return html`<section class="view view-day">
    <${PageHeader} title=${title} eyebrow=${eyebrow} />
    ${body}
  </section>`;
}
