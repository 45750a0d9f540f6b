// A personal record in words ("Goblet Squat: heaviest set yet, 24 kg × 8"), as the finished
// workout and the workout history both say it.
import { t } from './i18n.js';
import * as fmt from './format.js';

/** `record` is one of a log's `new_prs`; `nameOf(slug)` gives the exercise's name. */
export function recordText(record, nameOf) {
  const name = nameOf(record.exercise_id);
  if (record.kind === 'estimated_1rm') return t('pr.e1rm', { name, load: fmt.load(record.value) });
  if (record.kind === 'max_weight') {
    return t('pr.maxWeight', { name, load: fmt.load(record.weight_lbs), reps: fmt.number(record.reps, 0) });
  }
  return t('pr.repRecord', { name, load: fmt.load(record.weight_lbs), reps: fmt.number(record.reps, 0) });
}
