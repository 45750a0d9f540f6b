// The workout in progress: kept in this browser (a reload or a lost connection loses no set),
// with one idempotency key made when the workout starts, so finishing twice, a double tap or
// a retry after a flaky connection records one log (DESIGN D7).
import { api } from './api.js';
import * as fmt from './format.js';
import { createStore, readJson, sessionStore, userKey, writeJson } from './state.js';

export const workoutStore = createStore({ workout: null, userId: null, finishing: false,
  error: null });

function randomKey() {
  // crypto.randomUUID needs a secure context; getRandomValues works over plain http too.
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return `wk_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function loadWorkout() {
  const session = sessionStore.get().session;
  if (!session) return;
  if (workoutStore.get().userId !== session.user_id) {
    let workout = readJson(userKey('workout'));
    // A logged workout's summary is shown once; a reload starts afresh.
    if (workout && workout.result) {
      writeJson(userKey('workout'), null);
      workout = null;
    }
    workoutStore.set({ workout, userId: session.user_id, finishing: false, error: null });
  }
}

function save(workout) {
  writeJson(userKey('workout'), workout);
  workoutStore.set({ workout });
}

function mutate(change) {
  const current = workoutStore.get().workout;
  if (!current) return;
  save(change(current));
}

function exercisesFrom(day, previous = []) {
  const list = [];
  (day.blocks || []).forEach((block, blockIndex) => {
    block.exercises.forEach((exercise, position) => {
      const kept = previous.find((p) => p.exercise_id === exercise.exercise_id && !p.swappedOut);
      list.push({
        key: `${blockIndex}-${position}-${exercise.exercise_id}`,
        exercise_id: exercise.exercise_id,
        name: exercise.name,
        label: block.label || String.fromCharCode(65 + blockIndex),
        block: blockIndex,
        position,
        blockSize: block.exercises.length,
        target_sets: exercise.target_sets,
        target_reps: exercise.target_reps,
        rest_seconds: exercise.rest_seconds,
        target_weight_lbs: exercise.target_weight_lbs || null,
        // The engine's last logged sets for this exercise (D10), when the plan carries them.
        last: exercise.last || null,
        timed: fmt.isTimed(exercise.target_reps),
        sets: kept ? kept.sets : [],
      });
    });
  });
  // Sets already done on an exercise the coach swapped out still happened: they are logged.
  for (const p of previous) {
    if (p.sets.length && !list.some((e) => e.exercise_id === p.exercise_id)) {
      list.push({ ...p, key: `done-${p.key}`, swappedOut: true });
    }
  }
  return list;
}

export function startWorkout(dayName, day) {
  const workout = {
    idempotency_key: randomKey(),
    day: dayName,
    title: day.title,
    started_at: new Date().toISOString(),
    unit: fmt.units(),
    exercises: exercisesFrom(day),
    rest: null,
    result: null,
  };
  save(workout);
  workoutStore.set({ error: null, finishing: false });
  return workout;
}

/** The accepted day after a swap: new exercise list, logged sets kept. */
export function applyDay(day) {
  mutate((w) => ({ ...w, title: day.title, exercises: exercisesFrom(day, w.exercises) }));
}

export function logSet(key, { weight, reps, rpe }) {
  mutate((w) => {
    const exercises = w.exercises.map((e) => (e.key === key
      ? { ...e, sets: [...e.sets, { weight, reps, rpe }] } : e));
    const done = exercises.find((e) => e.key === key);
    // In a superset the rest comes after the last exercise of the round.
    const restsNow = !done || done.blockSize <= 1 || done.position === done.blockSize - 1;
    const seconds = done ? done.rest_seconds : 0;
    const rest = restsNow && seconds > 0
      ? { ends_at: Date.now() + seconds * 1000, total: seconds, after: key } : null;
    return { ...w, exercises, rest };
  });
}

export function removeSet(key, index) {
  mutate((w) => ({ ...w, exercises: w.exercises.map((e) => (e.key === key
    ? { ...e, sets: e.sets.filter((_, i) => i !== index) } : e)) }));
}

export function adjustRest(seconds) {
  mutate((w) => {
    if (!w.rest) return w;
    const endsAt = Math.max(Date.now(), w.rest.ends_at + seconds * 1000);
    return { ...w, rest: { ...w.rest, ends_at: endsAt, total: Math.max(1, w.rest.total + seconds) } };
  });
}

export function endRest() { mutate((w) => ({ ...w, rest: null })); }

export function discardWorkout() {
  save(null);
  workoutStore.set({ error: null, finishing: false });
}

/** The body of POST /api/workouts/log, loads in the unit they were typed in. */
export function logBody(workout) {
  const exercises = workout.exercises.filter((e) => e.sets.length > 0);
  return {
    idempotency_key: workout.idempotency_key,
    day: workout.day,
    exercises_logged: exercises.map((e) => ({
      exercise_id: e.exercise_id,
      sets: e.sets.map((s) => {
        const set = { reps: s.reps };
        if (s.weight !== null && s.weight !== undefined && s.weight !== '') {
          set[workout.unit === 'lb' ? 'weight_lbs' : 'weight_kg'] = Number(s.weight);
        }
        if (s.rpe !== null && s.rpe !== undefined && s.rpe !== '') set.rpe = Number(s.rpe);
        return set;
      }),
    })),
  };
}

/** Send the workout that finished offline, if there is one (on reconnecting, on start). */
export function sendQueued() {
  loadWorkout();
  const { workout, finishing } = workoutStore.get();
  if (workout && workout.queued && !workout.result && !finishing) finishWorkout();
}

if (typeof window !== 'undefined') window.addEventListener('online', sendQueued);

export async function finishWorkout() {
  const { workout, finishing } = workoutStore.get();
  if (!workout || finishing || workout.result) return workout && workout.result;
  workoutStore.set({ finishing: true, error: null });
  try {
    const result = await api.logWorkout(logBody(workout));
    save({ ...workoutStore.get().workout, rest: null, result, queued: false,
      finished_at: new Date().toISOString() });
    return result;
  } catch (error) {
    if (error.isNetwork) {
      // Offline: the workout waits here, finished, with its idempotency key; it is sent
      // when the network is back (sendQueued), and the server logs it once however often.
      save({ ...workoutStore.get().workout, rest: null, queued: true });
      workoutStore.set({ error: null });
    } else workoutStore.set({ error });
    return null;
  } finally {
    workoutStore.set({ finishing: false });
  }
}
