// /workout/active: log each set (load in the user's unit, reps, RPE), a rest timer after each
// set, swap an exercise through the coach on the spot, and finish → POST /api/workouts/log.
import { html, useEffect, useRef, useState } from '../lib.js';
import { locale, t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { Link, navigate, useRoute } from '../router.js';
import { catalogStore, planStore, useCatalog, usePlan, useStore } from '../state.js';
import {
  adjustRest, applyDay, discardWorkout, dropQueued, endRest, finishWorkout, loadWorkout, logSet,
  removeSet, sendQueued, startWorkout, workoutStore,
} from '../workout.js';
import { api } from '../api.js';
import { chatStore, acceptProposal, dismissProposal, sendMessage } from '../chat.js';
import { Markdown } from '../markdown.js';
import { ErrorNote, Loading, PageHeader, Phrase } from '../ui.js';
import { reveal } from '../reveal.js';
import { recordText } from '../records.js';
import { askNotificationPermission, notificationPermission, notifyRestOver } from '../rest-alert.js';
import { NoPlan } from './week.js';
import { ExerciseLink } from './exercise.js';
import { MemoryNotes, StagedProposalCard } from '../components/proposal-card.js';

const RPE_VALUES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10'];

function firstNumber(target) {
  const found = /\d+/.exec(String(target || ''));
  return found ? found[0] : '';
}

/** A weight in pounds as the user types it: their unit, one decimal at most. */
function typedLoad(lbs, unit) {
  const value = unit === 'kg' ? lbs * fmt.KG_PER_LB : lbs;
  return String(Math.round(value * 10) / 10);
}

/**
 * The load field starts at: the weight of the set just done in this workout, else the
 * engine's target (`target_weight_lbs`), else what the same set weighed last time, else empty
 * (no history: the app never invents a load).
 */
function defaultLoad(exercise, unit, last) {
  const done = exercise.sets[exercise.sets.length - 1];
  if (done && done.weight !== null && done.weight !== undefined) return String(done.weight);
  if (exercise.target_weight_lbs) {
    const value = unit === 'kg' ? exercise.target_weight_lbs * fmt.KG_PER_LB : exercise.target_weight_lbs;
    return String(Math.round(value * 2) / 2);
  }
  const before = last && last.sets.length
    ? last.sets[Math.min(exercise.sets.length, last.sets.length - 1)] : null;
  return before && before.weight_lbs > 0 ? typedLoad(before.weight_lbs, unit) : '';
}

/** "12.5 kg × 10" (or "BW × 12") for a logged set read back from the server (pounds). */
function setText(set) {
  const load = set.weight_lbs > 0 ? fmt.load(set.weight_lbs) : t('active.bw');
  return `${load} × ${fmt.number(set.reps, 0)}`;
}

/**
 * The last logged sets of each exercise of the workout: the plan's `last` when the engine
 * sends it (D10), else GET /api/workouts/logs?exercise=…&limit=1, one request per exercise.
 */
function useLastSessions(exercises) {
  const [bySlug, setBySlug] = useState({});
  const wanted = exercises.filter((e) => !e.last).map((e) => e.exercise_id);
  const key = [...new Set(wanted)].sort().join(',');
  useEffect(() => {
    if (!key) return undefined;
    let live = true;
    Promise.all(key.split(',').map((slug) => api.workoutLogs({ exercise: slug, limit: 1 })
      .then((answer) => {
        const logs = Array.isArray(answer) ? answer : (answer && (answer.logs || answer.items)) || [];
        const log = logs[0];
        const entry = log && (log.exercises_logged || []).find((e) => e.exercise_id === slug);
        return [slug, entry ? { completed_at: log.completed_at, sets: entry.sets } : null];
      })
      .catch(() => [slug, null])))
      .then((pairs) => { if (live) setBySlug(Object.fromEntries(pairs)); });
    return () => { live = false; };
  }, [key]);
  return (exercise) => exercise.last || bySlug[exercise.exercise_id] || null;
}

/**
 * After a set is logged its form is replaced, which would drop keyboard focus to the page:
 * focus moves to where the next set is typed (the next exercise of a superset round, else this
 * exercise's next set, else the next exercise with sets to do, else Finish), and a status line
 * says what was logged.
 */
function focusAfterLog(key, number) {
  setTimeout(() => {
    const workout = workoutStore.get().workout;
    if (!workout) return;
    const exercises = workout.exercises.filter((e) => !e.swappedOut);
    const done = exercises.find((e) => e.key === key);
    const open = (e) => e && e.sets.length < e.target_sets;
    const round = done ? exercises.filter((e) => e.block === done.block) : [];
    const nextInRound = done && done.blockSize > 1
      ? round.slice(done.position + 1).concat(round.slice(0, done.position)).find(open) : null;
    const order = [nextInRound, document.getElementById(`set-${key}-load`) ? done : null,
      exercises.find(open)].filter(Boolean);
    let target = null;
    for (const exercise of order) {
      target = document.getElementById(`set-${exercise.key}-load`);
      if (target) break;
    }
    target = target || document.getElementById('finish-button');
    const status = document.getElementById('set-logged-status');
    if (status && done) status.textContent = t('active.setLogged', { n: number, name: done.name });
    if (target) {
      target.focus({ preventScroll: true });
      reveal(target);
    }
  }, 0);
}

/** The heaviest dumbbell the user said they have (GET /api/memory, the equipment staple), lb. */
function useDumbbellMax() {
  const [max, setMax] = useState(null);
  useEffect(() => {
    let live = true;
    api.memory().then((memory) => {
      const staple = (memory.tier_1_staples || []).find((item) => item.max_dumbbell_lbs);
      if (live && staple) setMax(staple.max_dumbbell_lbs);
    }).catch(() => { /* the warning is a nicety: logging works without it */ });
    return () => { live = false; };
  }, []);
  return max;
}

// The load steppers' step in the user's unit: the smallest jump most gyms and adjustable
// dumbbells offer (a pair of 1.25 kg plates, or 2.5 lb plates). For dumbbells it is the
// weight of each dumbbell, as the field is.
const LOAD_STEP = { kg: 2.5, lb: 5 };

function stepped(text, delta) {
  const current = Number(String(text).replace(',', '.'));
  const base = String(text).trim() === '' || !Number.isFinite(current) ? 0 : current;
  return String(Math.max(0, Math.round((base + delta) * 100) / 100));
}

// Exercises whose sets carry an external load: an empty load field there is asked about.
const LOADED = new Set(['dumbbell', 'barbell', 'machine', 'cable']);

function SetForm({ exercise, unit, number, maxLbs, lastSession, loadKind }) {
  const last = exercise.sets[exercise.sets.length - 1];
  const [weight, setWeight] = useState(defaultLoad(exercise, unit, lastSession));
  // Loaded after the form appeared (the logs answer late): fill the field once, if untouched.
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current && weight === '') setWeight(defaultLoad(exercise, unit, lastSession));
  }, [lastSession]);
  const sameSetLastTime = lastSession && lastSession.sets[exercise.sets.length];
  const hints = [];
  if (sameSetLastTime) hints.push(t('active.setLast', { n: fmt.number(number, 0), set: setText(sameSetLastTime) }));
  if (exercise.target_weight_lbs) hints.push(t('active.target', { load: fmt.load(exercise.target_weight_lbs) }));
  const [reps, setReps] = useState(last ? String(last.reps) : firstNumber(exercise.target_reps));
  const [rpe, setRpe] = useState(last && last.rpe ? String(last.rpe) : '');
  const [problem, setProblem] = useState(null);
  const [askBodyweight, setAskBodyweight] = useState(false);
  const id = `set-${exercise.key}`;
  // A load above the heaviest dumbbell the user has is said, not silently logged (it may be a
  // typo, or new gear the coach should hear about); logging it stays possible.
  const typed = Number(String(weight).replace(',', '.'));
  const maxInUnit = maxLbs ? Math.round(fmt.toUnit(maxLbs) * 10) / 10 : null;
  const overMax = Boolean(maxInUnit && String(weight).trim() !== '' && Number.isFinite(typed) && typed > maxInUnit);
  const increment = LOAD_STEP[unit] || LOAD_STEP.kg;
  const step = (direction) => {
    touched.current = true;
    setAskBodyweight(false);
    setWeight((current) => stepped(current, direction * increment));
  };
  // "Add 2.5 kg on each dumbbell": the step said plainly, per dumbbell where it is.
  const stepLabel = (key) => t(loadKind === 'dumbbell' ? `${key}PerDumbbell` : key,
    { step: fmt.load(increment, { inUnit: true }) });
  const submit = (event) => {
    event.preventDefault();
    const repsValue = Number(reps);
    const weightValue = weight.trim() === '' ? null : Number(weight.replace(',', '.'));
    if (!Number.isInteger(repsValue) || repsValue < 0 || repsValue > 100) {
      setProblem(t(exercise.timed ? 'active.badSeconds' : 'active.badReps'));
      return;
    }
    if (weightValue !== null && (!Number.isFinite(weightValue) || weightValue < 0 || weightValue > (unit === 'kg' ? 900 : 2000))) {
      setProblem(t('active.badLoad'));
      return;
    }
    setProblem(null);
    // A loaded exercise with no load typed is asked about once, not saved as bodyweight
    // behind the user's back.
    if (weightValue === null && LOADED.has(loadKind) && !askBodyweight && event.type === 'submit') {
      setAskBodyweight(true);
      return;
    }
    logSet(exercise.key, { weight: weightValue, reps: repsValue, rpe: rpe === '' ? null : Number(rpe) });
    focusAfterLog(exercise.key, number);
  };
  return html`<form class="set-form" onSubmit=${submit} aria-label=${t('active.logSetN', { n: number })}>
    ${hints.length ? html`<p class="set-hint" id=${`${id}-hint`}>${hints.join(' · ')}</p>` : null}
    <div class="field">
      <label for=${`${id}-load`}>${t('active.load', { unit: fmt.unitLabel() })}${loadKind === 'dumbbell'
        ? html` <span class="label-sub">${t('active.perDumbbell')}</span>` : null}</label>
      <div class="stepper">
        <button type="button" class="btn-icon stepper-less" onClick=${() => step(-1)}
          aria-label=${stepLabel('active.loadLess')}><${Icon} name="minus" size=${18} /></button>
        <input id=${`${id}-load`} type="text" inputmode="decimal" autocomplete="off" value=${weight}
          aria-describedby=${[hints.length ? `${id}-hint` : '', overMax ? `${id}-over` : ''].join(' ').trim() || undefined}
          placeholder=${t('active.bw')} title=${t('active.bodyweight')}
          onInput=${(e) => { touched.current = true; setAskBodyweight(false); setWeight(e.currentTarget.value); }} />
        <button type="button" class="btn-icon stepper-more" onClick=${() => step(1)}
          aria-label=${stepLabel('active.loadMore')}><${Icon} name="plus" size=${18} /></button>
      </div>
    </div>
    <div class="field">
      <label for=${`${id}-reps`}>${exercise.timed ? t('active.seconds') : t('active.reps')}</label>
      <input id=${`${id}-reps`} type="number" inputmode="numeric" min="0" max="100" step="1"
        required value=${reps} onInput=${(e) => setReps(e.currentTarget.value)} />
    </div>
    <div class="field">
      <label for=${`${id}-rpe`}>${t('active.rpe')}</label>
      <select id=${`${id}-rpe`} value=${rpe} onChange=${(e) => setRpe(e.currentTarget.value)}>
        <option value="">—</option>
        ${RPE_VALUES.map((v) => html`<option value=${v}>${fmt.number(Number(v))}</option>`)}
      </select>
    </div>
    ${overMax ? html`<p class="field-note" id=${`${id}-over`} role="status">${t('active.overMax', {
      load: fmt.load(typed, { inUnit: true }), max: fmt.load(maxLbs) })}</p>` : null}
    ${askBodyweight && String(weight).trim() === '' ? html`<div class="field-note" role="alert">
      <p>${t('active.noLoad')}</p>
      <button type="button" class="btn btn-small btn-secondary" onClick=${submit}>${t('active.logAsBodyweight')}</button>
    </div>` : null}
    <button type="submit" class="btn btn-primary">${t('active.logSetN', { n: number })}</button>
    ${problem ? html`<p class="field-error" role="alert">${problem}</p>` : null}
  </form>`;
}

function ExerciseCard({ exercise, unit, current, onSwap, maxLbs, lastSession, loadKind }) {
  const [extra, setExtra] = useState(false);
  const complete = exercise.sets.length >= exercise.target_sets;
  const showForm = !exercise.swappedOut && (!complete || extra);
  const titleId = `ex-${exercise.key}`;
  return html`<section class=${`wk-exercise${current ? ' is-current' : ''}${complete ? ' is-complete' : ''}`}
      aria-labelledby=${titleId}>
    <header class="wk-head">
      <div class="wk-head-row">
        <span class="block-label">${exercise.label}${exercise.blockSize > 1 ? ` · ${exercise.position + 1}` : ''}</span>
        ${exercise.blockSize > 1 ? html`<span class="tag tag-superset">${t('plan.superset')}</span>` : null}
        ${complete ? html`<span class="tag tag-done"><${Icon} name="check" size=${14} />
          ${t('week.done')}</span>` : null}
        ${exercise.swappedOut ? null : html`<button type="button" class="btn btn-ghost btn-small wk-swap"
          onClick=${() => onSwap(exercise)} aria-label=${`${t('active.swap')}: ${exercise.name}`}>
          <${Icon} name="swap" size=${16} /> ${t('active.swap')}</button>`}
      </div>
      <h2 id=${titleId}><${ExerciseLink} slug=${exercise.exercise_id}><bdi>${exercise.name}</bdi></${ExerciseLink}></h2>
    </header>
    <p class="rx">
      <span class="rx-sets">${t('plan.setsReps', { sets: fmt.number(exercise.target_sets, 0), reps: fmt.reps(exercise.target_reps) })}</span>
      <span>${t('plan.rest', { rest: fmt.rest(exercise.rest_seconds) })}</span>
      ${exercise.target_weight_lbs ? html`<span class="rx-load">${t('active.target', { load: fmt.load(exercise.target_weight_lbs) })}</span>` : null}
    </p>
    ${lastSession && lastSession.sets.length ? html`<p class="last-time">${t('active.lastTime', {
      date: fmt.dateOnly(lastSession.completed_at), sets: lastSession.sets.map(setText).join(', ') })}</p>` : null}
    ${exercise.sets.length ? html`<table class="sets-table">
      <caption class="visually-hidden">${t('active.loggedSets', { name: exercise.name })}</caption>
      <thead><tr><th scope="col">${t('active.set')}</th><th scope="col">${t('active.load', { unit: fmt.unitLabel() })}</th>
        <th scope="col">${exercise.timed ? t('active.seconds') : t('active.reps')}</th><th scope="col">${t('active.rpe')}</th>
        <th scope="col"><span class="visually-hidden">${t('active.remove')}</span></th></tr></thead>
      <tbody>${exercise.sets.map((set, index) => html`<tr>
        <td>${fmt.number(index + 1, 0)}</td>
        <td>${set.weight === null || set.weight === undefined ? t('active.bw') : fmt.load(set.weight, { inUnit: true, bare: true })}</td>
        <td>${fmt.number(set.reps, 0)}</td>
        <td>${set.rpe ? fmt.number(set.rpe) : '—'}</td>
        <td><button type="button" class="btn-icon" onClick=${() => removeSet(exercise.key, index)}
          aria-label=${t('active.removeSet', { n: index + 1 })}><${Icon} name="trash" size=${16} /></button></td>
      </tr>`)}</tbody>
    </table>` : null}
    ${showForm ? html`<${SetForm} key=${`${exercise.key}-${exercise.sets.length}`} exercise=${exercise}
      unit=${unit} number=${exercise.sets.length + 1} maxLbs=${maxLbs} lastSession=${lastSession}
      loadKind=${loadKind} />` : null}
    ${complete && !extra && !exercise.swappedOut ? html`<button type="button" class="btn btn-ghost btn-small"
      onClick=${() => setExtra(true)}><${Icon} name="plus" size=${16} /> ${t('active.extraSet')}</button>` : null}
  </section>`;
}

function beep() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const context = new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.4);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.4);
    oscillator.onended = () => context.close();
  } catch { /* sound is a nicety */ }
}

/** "−15" / "+15" in the user's digits, with a true minus sign. */
function signedSeconds(n) {
  return new Intl.NumberFormat(locale(), { signDisplay: 'exceptZero' }).format(n)
    .replace(/[\u200e\u200f\u061c]/g, '').replace('-', '\u2212');
}

function RestTimer({ rest, nextLabel }) {
  const [now, setNow] = useState(Date.now());
  const [permission, setPermission] = useState(notificationPermission());
  const announced = useRef(false);
  useEffect(() => {
    announced.current = false;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [rest.ends_at]);
  const remaining = Math.max(0, (rest.ends_at - now) / 1000);
  const over = remaining <= 0;
  useEffect(() => {
    if (over && !announced.current) {
      announced.current = true;
      beep();
      if (navigator.vibrate) navigator.vibrate([180, 80, 180]);
      notifyRestOver(t('active.restOver'), nextLabel ? t('active.next', { what: nextLabel }) : '');
    }
  }, [over]);
  const share = Math.min(1, Math.max(0, remaining / rest.total));
  return html`<aside class=${`rest-timer${over ? ' is-over' : ''}`} aria-label=${t('active.restTimer')}
      data-cover="bottom">
    <div class="rest-main">
      <span class="rest-label">${over ? t('active.restOver') : t('active.resting')}</span>
      <span class="rest-clock" role="timer" aria-live="off">${fmt.clock(Math.ceil(remaining))}</span>
      ${nextLabel ? html`<span class="rest-next">${t('active.next', { what: nextLabel })}</span>` : null}
    </div>
    <div class="rest-bar" aria-hidden="true"><span style=${`inline-size:${share * 100}%`}></span></div>
    <div class="rest-actions">
      ${over ? null : html`<button type="button" class="btn btn-small btn-ghost" onClick=${() => adjustRest(-15)}
        aria-label=${t('active.restLess')}><${Phrase} k="fmt.seconds" params=${{ n: signedSeconds(-15) }} ltr=${['n']} /></button>
      <button type="button" class="btn btn-small btn-ghost" onClick=${() => adjustRest(15)}
        aria-label=${t('active.restMore')}><${Phrase} k="fmt.seconds" params=${{ n: signedSeconds(15) }} ltr=${['n']} /></button>`}
      <button type="button" class="btn btn-small btn-primary" onClick=${endRest}>
        ${over ? t('active.restDone') : t('active.restSkip')}</button>
    </div>
    ${permission === 'default' && !over ? html`<button type="button" class="btn btn-small btn-ghost rest-notify"
      onClick=${() => askNotificationPermission().then(setPermission)}>
      <${Icon} name="timer" size=${16} /> ${t('active.notifyMe')}</button>` : null}
    <p class="visually-hidden" role="status">${over ? t('active.restOver') : ''}</p>
  </aside>`;
}

function swapMessage(reason, name, own) {
  if (reason === 'own') return own.trim();
  return t(`swap.msg.${reason}`, { name });
}

function SwapDialog({ exercise, day, onClose }) {
  const dialog = useRef(null);
  const [reason, setReason] = useState('busy');
  const [own, setOwn] = useState('');
  const [lineId, setLineId] = useState(null);
  const [error, setError] = useState(null);
  const chat = useStore(chatStore);
  const line = lineId ? chat.lines.find((l) => l.id === lineId) : null;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    const closed = () => onClose();
    element.addEventListener('close', closed);
    return () => element.removeEventListener('close', closed);
  }, []);

  useEffect(() => {
    if (line && line.status === 'accepted') {
      const plan = planStore.get().plan;
      if (plan && plan.days[day]) applyDay(plan.days[day]);
    }
  }, [line && line.status]);

  const ask = async (event) => {
    event.preventDefault();
    const text = swapMessage(reason, exercise.name, own);
    if (!text) return;
    setError(null);
    try {
      const reply = await sendMessage(text, { tab: 'workout', day });
      if (reply) setLineId(reply.id);
    } catch (failure) {
      setError(failure);
    }
  };
  const close = () => dialog.current && dialog.current.close();
  return html`<dialog ref=${dialog} class="sheet" aria-labelledby="swap-title">
    <div class="sheet-head">
      <h2 id="swap-title">${t('swap.title', { name: exercise.name })}</h2>
      <button type="button" class="btn-icon" onClick=${close} aria-label=${t('action.close')}>
        <${Icon} name="close" /></button>
    </div>
    ${line ? html`<div class="swap-answer">
      <div class="bubble bubble-coach"><${Markdown} text=${line.text} /></div>
      <${MemoryNotes} mutations=${line.mutations} />
      ${line.proposal ? html`<${StagedProposalCard} line=${line} onAccept=${acceptProposal}
        onDismiss=${dismissProposal} />` : null}
      ${line.status === 'accepted' ? html`<button type="button" class="btn btn-primary" onClick=${close}>
        ${t('swap.backToWorkout')}</button>` : null}
      ${!line.proposal || line.status !== 'pending' && line.status !== 'accepted' ? html`<button type="button"
        class="btn btn-ghost" onClick=${() => setLineId(null)}>${t('swap.askAgain')}</button>` : null}
    </div>` : html`<form onSubmit=${ask} class="swap-form">
      <fieldset>
        <legend>${t('swap.why')}</legend>
        ${['busy', 'pain', 'other', 'own'].map((value) => html`<label class="radio">
          <input type="radio" name="swap-reason" value=${value} checked=${reason === value}
            onChange=${() => setReason(value)} />
          <span>${t(`swap.reason.${value}`)}</span></label>`)}
      </fieldset>
      ${reason === 'own' ? html`<div class="field"><label for="swap-own">${t('swap.ownLabel')}</label>
        <textarea id="swap-own" rows="2" maxlength="4000" value=${own}
          onInput=${(e) => setOwn(e.currentTarget.value)}></textarea></div>` : html`<p class="muted swap-preview">
        “${swapMessage(reason, exercise.name, own)}”</p>`}
      <${ErrorNote} error=${error} title=${t('coach.notSent')} />
      <button type="submit" class="btn btn-primary" disabled=${chat.sending}>
        ${chat.sending ? t('coach.thinking') : t('swap.ask')}</button>
    </form>`}
  </dialog>`;
}

function Finished({ workout, onDone = discardWorkout }) {
  const catalog = useStore(catalogStore);
  const nameOf = (slug) => {
    const own = workout.exercises.find((e) => e.exercise_id === slug);
    if (own) return own.name;
    const entry = catalog.bySlug && catalog.bySlug.get(slug);
    return entry ? entry.name : slug;
  };
  const records = (workout.result && workout.result.new_prs) || [];
  const sets = workout.exercises.reduce((n, e) => n + e.sets.length, 0);
  const done = () => { onDone(); };
  return html`<div class="finished">
    <div class="card finished-card" role="status">
      <span class="finished-icon"><${Icon} name="check" size=${28} /></span>
      <h2>${t('active.logged')}</h2>
      <p>${t('active.loggedSummary', { count: sets, title: workout.title || fmt.weekdayName(workout.day) })}</p>
    </div>
    ${records.length ? html`<section class="card prs" aria-labelledby="prs-title">
      <h2 id="prs-title"><${Icon} name="trophy" size=${24} /> ${t('active.newRecords', { count: records.length })}</h2>
      <ul>${records.map((record) => html`<li>${recordText(record, nameOf)}</li>`)}</ul>
    </section>` : null}
    <div class="day-actions">
      <${Link} class="btn btn-primary" href="/progress" onNavigate=${done}>${t('active.seeProgress')}</${Link}>
      <${Link} class="btn btn-secondary" href="/week" onNavigate=${done}>${t('active.backToWeek')}</${Link}>
    </div>
  </div>`;
}

/** Finished offline: each workout waiting on this device, oldest first (the order they are
 * sent in), and that they go once the network is back. */
function QueuedList({ queue, sending, justQueued }) {
  const list = useRef(null);
  useEffect(() => {
    // A workout just joined the queue (finished offline): its card takes focus, in sight,
    // instead of focus dropping to the page when the Finish button goes.
    if (!justQueued || !list.current) return;
    const heading = list.current.querySelector(`.queued-card[data-key="${justQueued}"] h2`);
    if (heading) { heading.focus({ preventScroll: true }); reveal(heading); }
    workoutStore.set({ justQueued: null });
  }, [justQueued]);
  return html`<section class="queued-list" aria-labelledby="queued-title" ref=${list}>
    <h2 id="queued-title" class="section-title">${t('queue.banner', { count: queue.length })}</h2>
    <p class="muted">${t('queue.text')}</p>
    <ol class="queued-cards">${queue.map((workout) => {
      const sets = workout.exercises.reduce((n, e) => n + e.sets.length, 0);
      return html`<li class="card queued-card" data-key=${workout.idempotency_key}>
        <h2 tabindex="-1"><${Icon} name="timer" size=${22} /> ${t('queue.title')}</h2>
        <p>${t('active.loggedSummary', { count: sets, title: workout.title || fmt.weekdayName(workout.day) })}
          ${workout.finished_at ? html` <span class="muted">· ${fmt.dateTime(workout.finished_at)}</span>` : null}</p>
        ${workout.refused ? html`<div class="note note-error" role="alert"><p>${t('queue.refused', {
          reason: workout.refused.message })}</p>
          <button type="button" class="btn btn-small btn-ghost" onClick=${() => dropQueued(workout.idempotency_key)}>
            ${t('queue.remove')}</button></div>` : null}
      </li>`;
    })}</ol>
    <button type="button" class="btn btn-secondary" disabled=${sending} onClick=${() => sendQueued()}>
      ${sending ? t('active.saving') : t('queue.sendNow')}</button>
  </section>`;
}

function StartPanel({ plan, preferred }) {
  const today = fmt.localToday();
  const training = fmt.WEEKDAYS.filter((d) => plan.days[d] && !plan.days[d].is_rest_day);
  const first = training.includes(preferred) ? preferred : training.includes(today.weekday) ? today.weekday : null;
  return html`<div class="start-panel">
    ${first ? html`<div class="card">
      <h2>${fmt.weekdayName(first)} · ${plan.days[first].title}</h2>
      <p class="muted">${fmt.minutes(plan.days[first].duration_minutes)}</p>
      <button type="button" class="btn btn-primary btn-large" onClick=${() => startWorkout(first, plan.days[first])}>
        <${Icon} name="play" /> ${t('day.start')}</button>
    </div>` : html`<p>${t('active.noTrainingToday')}</p>`}
    ${training.filter((d) => d !== first).length ? html`<h2 class="section-title">${t('active.otherDay')}</h2>
    <div class="chips">${training.filter((d) => d !== first).map((d) => html`<button type="button" class="chip"
      onClick=${() => startWorkout(d, plan.days[d])}>${fmt.weekdayName(d)} · ${plan.days[d].title}</button>`)}</div>` : null}
  </div>`;
}

export function ActiveWorkoutView() {
  const catalog = useCatalog();
  const dumbbellMax = useDumbbellMax();
  const loadKindOf = (slug) => {
    const entry = catalog.bySlug && catalog.bySlug.get(slug);
    return entry ? entry.load_kind : null;
  };
  const isDumbbell = (slug) => loadKindOf(slug) === 'dumbbell';
  const { query } = useRoute();
  const { status, plan, error: planError } = usePlan();
  const state = useStore(workoutStore);
  const [swapping, setSwapping] = useState(null);
  const [confirmFinish, setConfirmFinish] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  useEffect(() => {
    loadWorkout();
    // A logged workout's summary is shown once: leaving the screen closes it.
    return () => {
      const w = workoutStore.get().workout;
      if (w && w.result) discardWorkout();
      workoutStore.set({ sent: [] });
    };
  }, []);
  const workout = state.workout;
  const lastOf = useLastSessions(workout && !workout.result ? workout.exercises : []);
  const wanted = fmt.WEEKDAYS.includes(query.get('day')) ? query.get('day') : null;

  // Arriving from a day's "Start workout": start that day (never over a workout in progress).
  useEffect(() => {
    if (!workout && wanted && plan && plan.days[wanted] && !plan.days[wanted].is_rest_day) {
      startWorkout(wanted, plan.days[wanted]);
    }
  }, [plan, wanted]);

  let body;
  if (workout && workout.result) body = html`<${Finished} workout=${workout} />`;
  else if (workout) {
    const unit = workout.unit;
    const total = workout.exercises.reduce((n, e) => n + (e.swappedOut ? 0 : e.target_sets), 0);
    const logged = workout.exercises.reduce((n, e) => n + e.sets.length, 0);
    const current = workout.exercises.find((e) => !e.swappedOut && e.sets.length < e.target_sets);
    const volume = workout.exercises.reduce((sum, e) => sum + e.sets.reduce(
      (s, set) => s + (Number(set.weight) || 0) * set.reps, 0), 0);
    const next = current ? t('active.nextSet', { name: current.name, n: current.sets.length + 1 }) : null;
    const finish = async () => {
      setConfirmFinish(false);
      await finishWorkout();
    };
    body = html`
      <div class="wk-progress" data-cover="top">
        <div class="wk-progress-text">
          <span>${t('active.setsDone', { done: fmt.number(logged, 0), total: fmt.number(total, 0) })}</span>
          <span>${t('active.volumeSoFar', { load: fmt.load(volume, { inUnit: true, total: true }) })}</span>
        </div>
        <div class="progress-bar" role="progressbar" aria-valuemin="0" aria-valuemax=${total}
          aria-valuenow=${Math.min(logged, total)} aria-label=${t('active.progress')}>
          <span style=${`inline-size:${total ? Math.min(100, (logged / total) * 100) : 0}%`}></span></div>
      </div>
      ${workout.exercises.map((exercise) => html`<${ExerciseCard} key=${exercise.key} exercise=${exercise}
        unit=${unit} current=${current && current.key === exercise.key} onSwap=${setSwapping}
        maxLbs=${isDumbbell(exercise.exercise_id) ? dumbbellMax : null}
        lastSession=${lastOf(exercise)} loadKind=${loadKindOf(exercise.exercise_id)} />`)}
      <section class="card finish" aria-labelledby="finish-title">
        <h2 id="finish-title">${t('active.finishTitle')}</h2>
        <${ErrorNote} error=${state.error} title=${t('active.notLogged')} />
        ${state.error ? html`<p class="muted">${t('active.retrySafe')}</p>` : null}
        ${confirmFinish ? html`<p>${t('active.finishEarly', { count: total - logged })}</p>
          <div class="day-actions">
            <button type="button" class="btn btn-primary" onClick=${finish} disabled=${state.finishing}>${t('active.finishAnyway')}</button>
            <button type="button" class="btn btn-ghost" onClick=${() => setConfirmFinish(false)}>${t('action.cancel')}</button>
          </div>` : html`<div class="day-actions">
            <button type="button" id="finish-button" class="btn btn-primary btn-large" disabled=${state.finishing || logged === 0}
              onClick=${() => (logged < total && !state.error ? setConfirmFinish(true) : finish())}>
              <${Icon} name="check" /> ${state.finishing ? t('active.saving') : state.error ? t('action.retry') : t('active.finish')}</button>
            ${confirmDiscard ? html`<span class="confirm-inline">${t('active.discardConfirm')}
              <button type="button" class="btn btn-danger btn-small" onClick=${() => { discardWorkout(); navigate('/today'); }}>${t('active.discard')}</button>
              <button type="button" class="btn btn-ghost btn-small" onClick=${() => setConfirmDiscard(false)}>${t('action.cancel')}</button></span>`
              : html`<button type="button" class="btn btn-ghost" onClick=${() => setConfirmDiscard(true)}>${t('active.discard')}</button>`}
          </div>`}
        ${logged === 0 ? html`<p class="muted">${t('active.logFirst')}</p>` : null}
      </section>
      ${workout.rest ? html`<${RestTimer} rest=${workout.rest} nextLabel=${next} />` : null}
      ${swapping ? html`<${SwapDialog} exercise=${swapping} day=${workout.day} onClose=${() => setSwapping(null)} />` : null}`;
  } else if (status === 'error') body = html`<${ErrorNote} error=${planError} title=${t('plan.loadFailed')} />`;
  else if (status !== 'ready') body = html`<${Loading} />`;
  else if (!plan) body = html`<${NoPlan} />`;
  else body = html`<${StartPanel} plan=${plan} preferred=${wanted} />`;
  const queue = state.queue || [];
  const sent = !workout ? state.sent || [] : [];
  const waiting = !workout && queue.length
    ? html`<${QueuedList} queue=${queue} sending=${state.sending}
      justQueued=${state.justQueued} />` : null;

  const title = workout ? (workout.title || fmt.weekdayName(workout.day)) : t('active.title');
  const eyebrow = workout ? `${t('active.title')} · ${fmt.weekdayName(workout.day)}` : null;
  return html`<section class=${`view view-active${workout && workout.rest ? ' has-timer' : ''}`}>
    <${PageHeader} title=${title} eyebrow=${eyebrow} />
    ${sent.map((w) => html`<${Finished} key=${w.idempotency_key} workout=${w}
      onDone=${() => workoutStore.set({ sent: [] })} />`)}
    ${waiting}
    ${body}
    <p id="set-logged-status" class="visually-hidden" role="status"></p>
  </section>`;
}
