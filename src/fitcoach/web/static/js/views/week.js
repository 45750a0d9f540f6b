// /week: the seven days at a glance, and <ModifyWeekWithCoachCard />.
import { html, useEffect, useState } from '../lib.js';
import { t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { Link, coachHref, navigate } from '../router.js';
import { api } from '../api.js';
import { planStartOf, usePlan } from '../state.js';
import { Chips, Empty, ErrorNote, Loading, PageHeader } from '../ui.js';

export function ModifyWeekWithCoachCard({ edits }) {
  return html`<section class="card modify-week" aria-labelledby="modify-week-title">
    <div class="modify-week-text">
      <h2 id="modify-week-title">${t('week.modifyTitle')}</h2>
      <p>${t('week.modifyText')}</p>
    </div>
    <${Link} class="btn btn-primary" href=${coachHref({ tab: 'week' })}>
      <${Icon} name="coach" /> ${t('week.modifyButton')}</${Link}>
    <${Chips} items=${edits} label=${t('week.suggested')}
      onPick=${(text) => navigate(coachHref({ tab: 'week', send: text }))} />
  </section>`;
}

export function NoPlan() {
  return html`<${Empty} icon="week" title=${t('plan.none')}>
    <p>${t('plan.noneText')}</p>
    <${Link} class="btn btn-primary" href="/coach">${t('plan.talkToCoach')}</${Link}>
  </${Empty}>`;
}

/** A training day in the past that was not logged: before the plan started, or not logged. */
export function pastNote(day, today, start) {
  if (day.is_rest_day || day.status === 'completed' || day.date >= today) return null;
  return start && day.date < start ? 'week.beforePlan' : 'week.notLogged';
}

function DayCard({ name, day, isToday, past }) {
  const rest = day.is_rest_day;
  const done = day.status === 'completed';
  const classes = ['day-card', rest ? 'is-rest' : '', done ? 'is-done' : '', isToday ? 'is-today' : '',
    past ? 'is-past' : ''].filter(Boolean).join(' ');
  return html`<li>
    <${Link} class=${classes} href=${`/workouts/${name}`} aria-current=${isToday ? 'date' : undefined}>
      <span class="day-date">
        <span class="day-name">${fmt.weekdayName(name, 'short')}</span>
        <span class="day-num">${fmt.calendarDate(day.date, { day: 'numeric' })}</span>
      </span>
      <span class="day-body">
        <span class="day-title"><bdi>${rest ? t('plan.restDay') : day.title}</bdi></span>
        ${rest ? html`<span class="day-meta">${t('week.recover')}</span>` : html`<span class="day-meta">
          ${day.focus_tag ? html`<span>${day.focus_tag}</span>` : null}
          <span>${fmt.minutes(day.duration_minutes)}</span>
        </span>`}
      </span>
      <span class="day-status">
        ${done ? html`<span class="tag tag-done"><${Icon} name="check" size=${14} /> ${t('week.done')}</span>`
          : isToday ? html`<span class="tag tag-today">${t('week.today')}</span>`
            : past ? html`<span class="tag tag-past">${t(past)}</span>` : null}
        <${Icon} name="chevron" className="flip-rtl" />
      </span>
    </${Link}>
  </li>`;
}

/** The plan of another week (GET /api/plans/week/{date}), for the days a Sunday-first week
 * shows outside the plan's own: read only, null when there is none (or offline). */
function useOtherWeek(date) {
  const [state, setState] = useState({ status: date ? 'loading' : 'idle', plan: null });
  useEffect(() => {
    if (!date) { setState({ status: 'idle', plan: null }); return undefined; }
    let live = true;
    setState({ status: 'loading', plan: null });
    api.weekPlan(date).then((plan) => live && setState({ status: 'ready', plan }))
      .catch(() => live && setState({ status: 'ready', plan: null }));
    return () => { live = false; };
  }, [date]);
  return state;
}

/** A day of the week before or after the plan's (a Sunday-first week holds one): shown as
 * it is in that week's plan, not opened (a day screen shows the plan's own week). */
function OtherWeekDayCard({ date, other, later }) {
  const name = fmt.weekdayOf(date);
  const day = other.plan && other.plan.days && other.plan.days[name];
  const found = day && day.date === date ? day : null;
  const done = found && found.status === 'completed';
  const rest = found && found.is_rest_day;
  return html`<li>
    <div class=${`day-card is-other-week${rest ? ' is-rest' : ''}${done ? ' is-done' : ''}`} data-date=${date}>
      <span class="day-date">
        <span class="day-name">${fmt.weekdayName(name, 'short')}</span>
        <span class="day-num">${fmt.calendarDate(date, { day: 'numeric' })}</span>
      </span>
      <span class="day-body">
        <span class="day-title"><bdi>${found ? (rest ? t('plan.restDay') : found.title)
          : other.status === 'loading' ? t('state.loading') : t('week.noPlanThatDay')}</bdi></span>
        <span class="day-meta">${t(later ? 'week.nextWeek' : 'week.lastWeek')}</span>
      </span>
      <span class="day-status">${done ? html`<span class="tag tag-done"><${Icon} name="check" size=${14} />
        ${t('week.done')}</span>` : null}</span>
    </div>
  </li>`;
}

export function WeekView() {
  const { status, plan, error } = usePlan();
  const today = fmt.localToday();
  // In a Sunday-first week the list runs Sunday to Saturday around today: one or six of its
  // days belong to the engine week before or after the plan's, read on their own.
  const dates = plan ? fmt.displayWeek(plan.week_start_date, today.date) : [];
  const weekEnd = plan ? fmt.addDays(plan.week_start_date, 6) : null;
  const outside = dates.find((date) => date < plan.week_start_date || date > weekEnd) || null;
  const other = useOtherWeek(outside);
  let body;
  if (status === 'error') body = html`<${ErrorNote} error=${error} title=${t('plan.loadFailed')} />`;
  else if (status !== 'ready') body = html`<${Loading} />`;
  else if (!plan) body = html`<${NoPlan} />`;
  else {
    const summary = plan.summary || {};
    const start = planStartOf(plan);
    const done = fmt.WEEKDAYS.filter((d) => plan.days[d] && plan.days[d].status === 'completed').length;
    body = html`
      ${plan.theme ? html`<p class="lead" dir="auto">${plan.theme}</p>` : null}
      <dl class="stats">
        <div><dt>${t('week.statSessions')}</dt><dd>${fmt.number(done, 0)} / ${fmt.number(summary.frequency || 0, 0)}</dd></div>
        <div><dt>${t('week.statTime')}</dt><dd>${fmt.minutes(summary.total_time_minutes || 0)}</dd></div>
        <div><dt>${t('week.statVolume')}</dt><dd>${fmt.load(summary.total_volume_lbs || 0, { total: true })}</dd></div>
      </dl>
      <p class="fine-print stats-note">${t('plan.volumeNote')}</p>
      <ol class="days">
        ${dates.map((date) => {
          if (date < plan.week_start_date || date > weekEnd) {
            return html`<${OtherWeekDayCard} key=${date} date=${date} other=${other}
              later=${date > weekEnd} />`;
          }
          const name = fmt.weekdayOf(date);
          return plan.days[name] ? html`<${DayCard} key=${name} name=${name}
            day=${plan.days[name]} isToday=${plan.days[name].date === today.date}
            past=${pastNote(plan.days[name], today.date, start)} />` : null;
        })}
      </ol>
      ${outside && outside < plan.week_start_date && plan.days.sunday ? html`
        <h2 class="section-title" id="week-then">${t('week.thenInPlan')}</h2>
        <ol class="days days-then" aria-labelledby="week-then">
          <${DayCard} name="sunday" day=${plan.days.sunday} isToday=${false}
            past=${pastNote(plan.days.sunday, today.date, start)} />
        </ol>` : null}
      ${outside ? html`<p class="fine-print week-order-note">${t('week.sundayFirstNote', {
        date: fmt.calendarDate(plan.week_start_date, { day: 'numeric', month: 'long' }) })}</p>` : null}
      <${ModifyWeekWithCoachCard} edits=${plan.suggested_edits} />`;
  }
  const eyebrow = status === 'ready' && plan
    ? t('week.of', { date: fmt.calendarDate(dates[0], { day: 'numeric', month: 'long' }) })
    : null;
  return html`<section class="view view-week">
    <${PageHeader} title=${t('nav.week')} eyebrow=${eyebrow} />
    ${body}
  </section>`;
}
