// The workout in progress: kept in this browser (a reload or a lost connection loses no set),
// with one idempotency key made when the workout starts, so finishing twice, a double tap or
// a retry after a flaky connection records one log (DESIGN D7). Workouts finished offline
// wait in a queue on this device, in the order they were finished, each with its own key;
// they are sent one at a time, in that order, when the network is back.
import { api } from './api.js';
import * as fmt from './format.js';
import { createStore, readJson, sessionStore, userKey, writeJson } from './state.js';

export const workoutStore = createStore({ workout: null, queue: [], sent: [], userId: null,
  finishing: false, sending: false, error: null, justQueued: null });

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
    const queue = readJson(userKey('queue'), []);
    // A logged workout's summary is shown once; a reload starts afresh.
    if (workout && workout.result) {
      writeJson(userKey('workout'), null);
      workout = null;
    }
    // An older client kept its one queued workout as the workout in progress.
    if (workout && workout.queued) {
      if (!queue.some((w) => w.idempotency_key === workout.idempotency_key)) queue.push(workout);
      writeJson(userKey('queue'), queue);
      writeJson(userKey('workout'), null);
      workout = null;
    }
    workoutStore.set({ workout, queue, userId: session.user_id, finishing: false,
      sending: false, error: null });
  }
}

function save(workout) {
  writeJson(userKey('workout'), workout);
  workoutStore.set({ workout });
}

function saveQueue(queue) {
  writeJson(userKey('queue'), queue);
  workoutStore.set({ queue });
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
    // When it was finished on this device (stamped at the first Finish, so every retry
    // sends the same body): a workout sent later from the queue keeps its own time.
    completed_at: workout.finished_at || undefined,
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

let sendingQueue = null;

/** Send the queued workouts, oldest first, one at a time (on reconnecting, on start, on
 * "Try sending now"); a call while a send runs joins it, so each is sent once at a time.
 * A network failure, a 5xx, 401, 408 or 429 stops the round (the rest wait for the next); a
 * refusal (any other 4xx) stays in the queue with the server's reason, and the round goes on
 * with the next. */
export function sendQueued() {
  loadWorkout();
  if (sendingQueue) return sendingQueue;
  const queue = workoutStore.get().queue || [];
  if (!queue.some((w) => !w.refused)) return Promise.resolve();
  workoutStore.set({ sending: true });
  sendingQueue = (async () => {
    for (const queued of queue.filter((w) => !w.refused)) {
      try {
        const result = await api.logWorkout(logBody(queued));
        // Shown on the workout screen like a workout just finished (its records), once.
        workoutStore.set({ sent: [...(workoutStore.get().sent || []), { ...queued, result }] });
        saveQueue((workoutStore.get().queue || []).filter(
          (w) => w.idempotency_key !== queued.idempotency_key));
      } catch (error) {
        // Only the server's verdict on this workout refuses it; a network failure, a server
        // error (a restart behind a proxy), a rate limit or a lapsed sign-in leaves it queued
        // for the next round, never offered only for removal.
        const retryLater = error.isNetwork || !error.status || error.status >= 500
          || [401, 408, 429].includes(error.status);
        if (retryLater) break;
        saveQueue((workoutStore.get().queue || []).map((w) => (
          w.idempotency_key === queued.idempotency_key
            ? { ...w, refused: { status: error.status, message: error.message } } : w)));
      }
    }
  })().finally(() => {
    sendingQueue = null;
    workoutStore.set({ sending: false });
  });
  return sendingQueue;
}

/** Drop a queued workout the server refused (the user saw why). */
export function dropQueued(key) {
  saveQueue((workoutStore.get().queue || []).filter((w) => w.idempotency_key !== key));
}

if (typeof window !== 'undefined') window.addEventListener('online', () => { sendQueued(); });

export async function finishWorkout() {
  const { workout, finishing } = workoutStore.get();
  if (!workout || finishing || workout.result) return workout && workout.result;
  workoutStore.set({ finishing: true, error: null });
  // The moment it was finished, kept for every retry (the body stays the same).
  const finished = workout.finished_at ? workout
    : { ...workout, finished_at: new Date().toISOString() };
  save(finished);
  try {
    const result = await api.logWorkout(logBody(finished));
    save({ ...workoutStore.get().workout, rest: null, result });
    return result;
  } catch (error) {
    if (error.isNetwork) {
      // Offline: the workout joins the queue on this device, with its idempotency key, and
      // the next one can be started; the queue is sent when the network is back.
      saveQueue([...(workoutStore.get().queue || []), { ...finished, rest: null, queued: true }]);
      save(null);
      workoutStore.set({ error: null, justQueued: finished.idempotency_key });
    } else workoutStore.set({ error });
    return null;
  } finally {
    workoutStore.set({ finishing: false });
  }
}
