// Progress numbers computed in the browser from GET /api/workouts/logs, with the same
// definitions as the server's analytics (src/fitcoach/analytics): e1RM by Brzycki up to 10
// effective reps and Epley above, unreliable past 12 effective reps or under RPE 6; a hard
// set is RPE ≥ 7, or unrated and within 80 % of the session's best e1RM (50 % of the best
// reps when unloaded); weekly hard sets credit primary groups 1 and secondary groups 0.5
// (held against the seed's 10-20 landmark); tonnage is Σ weight × reps on primary groups.
import { weekStartOf } from './format.js';

export const HARD_SETS_LOW = 10;
export const HARD_SETS_HIGH = 20;

// catalog/vocabulary.py GROUP_OF_MUSCLE (forearms count for no group).
const GROUP_OF_MUSCLE = {
  chest: 'Chest', lats_upper_back: 'Back', lower_back: 'Back', front_delts: 'Shoulders',
  side_delts: 'Shoulders', rear_delts: 'Shoulders', quads: 'Quads', hamstrings: 'Hamstrings',
  glutes: 'Glutes', calves: 'Calves', biceps: 'Biceps', triceps: 'Triceps', core: 'Core',
};
export const GROUPS = ['Chest', 'Back', 'Shoulders', 'Quads', 'Hamstrings', 'Glutes', 'Calves',
  'Biceps', 'Triceps', 'Core'];

function multiplier(effectiveReps) {
  return effectiveReps <= 10 ? 36 / (37 - effectiveReps) : 1 + effectiveReps / 30;
}

/** {value, reliable} in pounds, or null without load or reps. */
export function e1rmEstimate(weightLbs, reps, rpe) {
  if (!(weightLbs > 0) || !(reps > 0)) return null;
  const effective = reps + (rpe === null || rpe === undefined ? 0 : 10 - rpe);
  const reliable = effective <= 12 && (rpe === null || rpe === undefined || rpe >= 6);
  return { value: weightLbs * multiplier(effective), reliable };
}

export function e1rm(weightLbs, reps, rpe) {
  const estimate = e1rmEstimate(weightLbs, reps, rpe);
  return estimate && estimate.reliable ? estimate.value : null;
}

function effortIndex(set) {
  const estimate = e1rmEstimate(set.weight_lbs, set.reps, set.rpe);
  return estimate ? estimate.value : set.reps;
}

export function hardSetFlags(sets) {
  const best = {};
  for (const s of sets) {
    if (s.reps >= 1) {
      const loaded = s.weight_lbs > 0;
      best[loaded] = Math.max(best[loaded] || 0, effortIndex(s));
    }
  }
  return sets.map((s) => {
    if (s.reps < 1) return false;
    if (s.rpe !== null && s.rpe !== undefined) return s.rpe >= 7;
    const loaded = s.weight_lbs > 0;
    return effortIndex(s) >= (loaded ? 0.8 : 0.5) * best[loaded];
  });
}

function groupsOf(exercise) {
  const primary = new Set(exercise.muscle_groups || []);
  const secondary = new Set();
  for (const muscle of exercise.secondary_muscles || []) {
    const group = GROUP_OF_MUSCLE[muscle];
    if (group && !primary.has(group)) secondary.add(group);
  }
  return { primary, secondary };
}

/** Per exercise, oldest first: the best reliable e1RM of each session (pounds). */
export function strengthHistory(logs) {
  const byExercise = new Map();
  for (const log of logs) {
    for (const entry of log.exercises_logged) {
      let best = null;
      for (const set of entry.sets) {
        const value = e1rm(set.weight_lbs, set.reps, set.rpe);
        if (value !== null && (best === null || value > best)) best = value;
      }
      if (!byExercise.has(entry.exercise_id)) {
        byExercise.set(entry.exercise_id, { name: entry.name, points: [] });
      }
      if (best !== null) {
        byExercise.get(entry.exercise_id).points.push({ at: log.completed_at, value: best });
      }
    }
  }
  for (const series of byExercise.values()) {
    series.points.sort((a, b) => new Date(a.at) - new Date(b.at));
  }
  return byExercise;
}

/** Week start → group → {hardSets, tonnage}: weeks in the user's time zone (Monday). */
export function weeklyVolume(logs, catalog) {
  const weeks = new Map();
  for (const log of logs) {
    const week = weekStartOf(log.completed_at);
    if (!weeks.has(week)) weeks.set(week, new Map());
    const groups = weeks.get(week);
    const add = (group, hard, tonnage) => {
      const row = groups.get(group) || { hardSets: 0, tonnage: 0 };
      row.hardSets += hard;
      row.tonnage += tonnage;
      groups.set(group, row);
    };
    for (const entry of log.exercises_logged) {
      const exercise = catalog && catalog.get(entry.exercise_id);
      if (!exercise) continue; // history outlives catalog changes
      const { primary, secondary } = groupsOf(exercise);
      const flags = hardSetFlags(entry.sets);
      const hard = flags.filter(Boolean).length;
      const tonnage = entry.sets.reduce((sum, s) => sum + s.weight_lbs * s.reps, 0);
      for (const group of primary) add(group, hard, tonnage);
      for (const group of secondary) add(group, hard * 0.5, 0);
    }
  }
  return weeks;
}
