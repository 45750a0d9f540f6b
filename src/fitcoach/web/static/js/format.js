// Numbers, loads, durations and dates in the user's language, unit and time zone (DESIGN D4:
// loads are stored in pounds; a kg user sees and types kg; weeks start on Monday).
import { locale, t } from './i18n.js';

export const KG_PER_LB = 0.45359237;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday',
  'sunday'];

let settings = { units: 'kg', timezone: 'UTC' };

export function configure({ units, timezone }) {
  settings = { units: units === 'lb' ? 'lb' : 'kg', timezone: timezone || 'UTC' };
}
export function units() { return settings.units; }
export function timezone() { return settings.timezone; }

/** Pounds → the user's unit, unrounded. */
export function toUnit(lbs) {
  return settings.units === 'kg' ? lbs * KG_PER_LB : lbs;
}

/** A value typed in the user's unit → pounds. */
export function toLbs(value) {
  return settings.units === 'kg' ? value / KG_PER_LB : value;
}

export function number(value, maximumFractionDigits = 1) {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits }).format(value);
}

/** A 0-100 score as a percentage in the user's language ("83 %", "83%"). */
export function percent(value) {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 0 })
    .format(Number(value) / 100);
}

export function unitLabel() { return t(settings.units === 'kg' ? 'unit.kg' : 'unit.lb'); }

/**
 * The one way the client shows a load: "22.5 kg", "48.5 lb", "+2.5 kg", "1,335 lb".
 * `value` is pounds, as the server stores and answers loads (DESIGN D4), unless `inUnit` says
 * it is already in the user's unit (GET /api/progress, what the user typed). A load keeps at
 * most one decimal, the server's display rounding (analytics/units.py `display_weight`), so
 * 22.5 kg and 47.5 lb read as typed and a converted 48.50197 lb reads 48.5 lb; a `total`
 * (tonnage, volume) is whole. `signed` marks a change ("+2.5 kg"); `bare` leaves the unit off
 * (chart axes, which name the unit once).
 */
export function load(value, { inUnit = false, total = false, signed = false, bare = false } = {}) {
  const amount = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(amount)) return '';
  const text = new Intl.NumberFormat(locale(), {
    maximumFractionDigits: total ? 0 : 1,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(inUnit ? amount : toUnit(amount));
  return bare ? text : `${text} ${unitLabel()}`;
}

export function minutes(value) {
  return t('fmt.minutes', { n: number(value, 0) });
}

/** Rest periods: "45 s", "2 min", "1 min 30 s". */
export function rest(seconds) {
  const total = Math.max(0, Math.round(Number(seconds) || 0));
  if (total < 60) return t('fmt.seconds', { n: number(total, 0) });
  if (total % 60 === 0) return t('fmt.minutes', { n: number(total / 60, 0) });
  return t('fmt.minSec', { m: number(Math.floor(total / 60), 0), s: number(total % 60, 0) });
}

/** "1:05" countdown text. */
export function clock(totalSeconds) {
  const s = Math.max(0, Math.round(totalSeconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** target_reps "8-10", "12" or "30-45s" → display text ("8–10", "30–45 s"). */
export function reps(target) {
  const text = String(target || '');
  const timed = /s$/.test(text);
  const core = text.replace(/s$/, '').replace('-', '–');
  return timed ? t('fmt.secondsShort', { n: core }) : core;
}

export function isTimed(target) { return /s$/.test(String(target || '')); }

// A Monday, used to name weekdays through Intl without any date arithmetic in time zones.
const A_MONDAY = Date.UTC(2026, 8, 14);

/** A weekday's name; `inSentence` keeps the language's own case ("del lunes"). */
export function weekdayName(day, style = 'long', inSentence = false) {
  const index = WEEKDAYS.indexOf(day);
  if (index < 0) return day;
  const name = new Intl.DateTimeFormat(locale(), { weekday: style, timeZone: 'UTC' })
    .format(new Date(A_MONDAY + index * 86400000));
  return inSentence ? name : name.charAt(0).toLocaleUpperCase(locale()) + name.slice(1);
}

export function weekdayInSentence(day) { return weekdayName(day, 'long', true); }

// The first day of the week as the user's language shows a calendar: display only, the
// engine's weeks stay Monday to Sunday (DESIGN D4). Hebrew calendars start on Sunday; the
// other languages the app speaks keep Monday (ISO 8601, the engine's week).
const FIRST_WEEKDAY = { he: 'sunday' };

export function firstWeekday() { return FIRST_WEEKDAY[locale()] || 'monday'; }

/** "2026-09-14" + n days → "2026-09-2x" (calendar arithmetic, no time zone). */
export function addDays(iso, n) {
  const [y, m, d] = String(iso).slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The weekday name ("monday"…) of a calendar date. */
export function weekdayOf(iso) {
  const [y, m, d] = String(iso).slice(0, 10).split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

/**
 * The seven dates the week screen lists, in the user's reading order: the engine's week
 * (Monday `weekStart` to Sunday) when the week starts on Monday; else the Sunday-to-Saturday
 * week holding `today` (the Sunday before this Monday, or today when it is a Sunday, with
 * the six days after it).
 */
export function displayWeek(weekStart, today) {
  if (firstWeekday() !== 'sunday') return [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(weekStart, i));
  const sunday = weekdayOf(today) === 'sunday' ? today : addDays(weekStart, -1);
  return [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(sunday, i));
}

/** A calendar date "2026-09-14" (no time zone involved) in the user's language. */
export function calendarDate(iso, options = { day: 'numeric', month: 'short' }) {
  if (!iso) return '';
  const [y, m, d] = String(iso).slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(locale(), { ...options, timeZone: 'UTC' })
    .format(new Date(Date.UTC(y, m - 1, d)));
}

/** A timestamp in the user's time zone. */
export function dateTime(iso, options = { day: 'numeric', month: 'short', hour: 'numeric',
  minute: '2-digit' }) {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale(), { ...options, timeZone: settings.timezone })
    .format(new Date(iso));
}

export function dateOnly(iso) {
  return dateTime(iso, { day: 'numeric', month: 'short' });
}

/** "in 3 days", "tomorrow" … relative to now. */
export function relative(iso, now = Date.now()) {
  const diff = new Date(iso).getTime() - now;
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  const hours = diff / 3600000;
  if (Math.abs(hours) < 24) return rtf.format(Math.round(hours), 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}

/** The user's local date "YYYY-MM-DD" and weekday name right now. */
export function localToday(now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: settings.timezone, year: 'numeric', month: '2-digit', day: '2-digit',
    weekday: 'long',
  }).formatToParts(now);
  const get = (type) => (parts.find((p) => p.type === type) || {}).value;
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: String(get('weekday')).toLowerCase(),
  };
}
