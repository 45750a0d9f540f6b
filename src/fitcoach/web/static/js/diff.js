// What a staged proposal changes against the plan the user has now: structured changes that
// the proposal card renders in the user's language (stored with the chat line, so the card
// still tells what it changed after the plan moved on).
import { WEEKDAYS } from './format.js';

function exercisesOf(day) {
  if (!day || day.is_rest_day) return [];
  return (day.blocks || []).flatMap((block) => block.exercises || []);
}

const prescription = (e) => ({ sets: e.target_sets, reps: e.target_reps, rest: e.rest_seconds });

/** Changes from one day object to another; [] when nothing a person would notice changed. */
export function diffDay(before, after) {
  const changes = [];
  if (!after) return changes;
  const wasTraining = before && !before.is_rest_day;
  const isTraining = !after.is_rest_day;
  if (!before || (!wasTraining && isTraining)) {
    if (isTraining) changes.push({ kind: 'newSession', title: after.title });
    return changes;
  }
  if (wasTraining && !isTraining) {
    changes.push({ kind: 'becomesRest' });
    return changes;
  }
  if (!isTraining) return changes;
  if ((before.title || '') !== (after.title || '')) {
    changes.push({ kind: 'title', from: before.title, to: after.title });
  }
  if (before.duration_minutes !== after.duration_minutes) {
    changes.push({ kind: 'duration', from: before.duration_minutes, to: after.duration_minutes });
  }
  const old = exercisesOf(before);
  const now = exercisesOf(after);
  const oldIds = new Set(old.map((e) => e.exercise_id));
  const newIds = new Set(now.map((e) => e.exercise_id));
  const removed = old.filter((e) => !newIds.has(e.exercise_id));
  const added = now.filter((e) => !oldIds.has(e.exercise_id));
  const pairs = Math.min(removed.length, added.length);
  for (let i = 0; i < pairs; i += 1) {
    changes.push({ kind: 'swap', from: removed[i].name, to: added[i].name,
      prescription: prescription(added[i]) });
  }
  for (const e of removed.slice(pairs)) changes.push({ kind: 'removed', name: e.name });
  for (const e of added.slice(pairs)) {
    changes.push({ kind: 'added', name: e.name, prescription: prescription(e) });
  }
  for (const e of now) {
    const was = old.find((o) => o.exercise_id === e.exercise_id);
    if (!was) continue;
    const change = { kind: 'prescription', name: e.name, from: prescription(was), to: prescription(e) };
    if (isVisibleChange(change)) changes.push(change);
  }
  return changes;
}

const sameReps = (a, b) => String(a || '').replace('–', '-') === String(b || '').replace('–', '-');

/**
 * Whether a change says something a person would see. Lines stored by older versions of the
 * client (kept in the transcript) may hold a "prescription" change whose sets, reps and rest
 * are all the same ("3 × 6–10 → 3 × 6–10"); those are not shown.
 */
export function isVisibleChange(change) {
  if (!change) return false;
  if (change.kind === 'prescription') {
    const { from, to } = change;
    return from.sets !== to.sets || !sameReps(from.reps, to.reps) || from.rest !== to.rest;
  }
  if (change.kind === 'title') return (change.from || '') !== (change.to || '');
  if (change.kind === 'duration') return change.from !== change.to;
  return true;
}

/** Per weekday, the changes of a proposed week against the current one. */
export function diffWeek(before, after) {
  if (!after || !after.days) return [];
  return WEEKDAYS
    .map((day) => ({ day, changes: diffDay(before && before.days ? before.days[day] : null,
      after.days[day]) }))
    .filter((row) => row.changes.length > 0);
}


/** The changes a proposal makes, or null when there is no current plan to compare with. */
export function proposalChanges(proposal, currentPlan) {
  if (!proposal || !proposal.data || !currentPlan) return null;
  if (proposal.type === 'UPDATE_DAY') {
    const day = proposal.target_day;
    return [{ day, changes: diffDay(currentPlan.days ? currentPlan.days[day] : null,
      proposal.data) }];
  }
  if (proposal.type === 'UPDATE_WEEK') return diffWeek(currentPlan, proposal.data);
  return null;
}
