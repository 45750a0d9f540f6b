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

/** What a stored load looks like in the user's unit: 0.1 precision, no trailing zero. */
export function displayLoad(lbs) {
  return Math.round(toUnit(lbs) * 10) / 10;
}

export function number(value, maximumFractionDigits = 1) {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits }).format(value);
}

/** "+2.5" / "−1" with the language's own sign placement. */
export function signed(value, maximumFractionDigits = 1) {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits, signDisplay: 'exceptZero' })
    .format(value);
}

export function unitLabel() { return t(settings.units === 'kg' ? 'unit.kg' : 'unit.lb'); }

/** "22.5 kg" / "50 lb" from a stored pound value. */
export function load(lbs, { digits = 1 } = {}) {
  if (lbs === null || lbs === undefined) return '';
  return `${number(toUnit(lbs), digits)} ${unitLabel()}`;
}

/** Big totals (tonnage): no decimals, grouped. */
export function tonnage(lbs) {
  return `${number(toUnit(lbs), 0)} ${unitLabel()}`;
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

/** Monday "YYYY-MM-DD" of the week holding a timestamp, in the user's time zone. */
export function weekStartOf(iso) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: settings.timezone, year: 'numeric', month: '2-digit', day: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type) => Number((parts.find((p) => p.type === type) || {}).value);
  const day = new Date(Date.UTC(get('year'), get('month') - 1, get('day')));
  const back = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

export function addDays(isoDate, n) {
  const [y, m, d] = isoDate.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d + n));
  return day.toISOString().slice(0, 10);
}
