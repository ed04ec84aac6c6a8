import type { TaskList } from '@manway/core/api/work';
import { NO_TASKS } from '../taskLabels';

type Counts = TaskList['counts'];

/**
 * A project's progress: its completed tasks out of those that still count (deleted ones are history,
 * not work), with the rest in words: '3 of 10 completed · 5 planned, 1 started, 1 inspection created'.
 */
export function progressOf(counts: Counts): { done: number; of: number; text: string } {
  const of = counts.planned + counts.started + counts['inspection-created'] + counts.completed;
  const open = [
    counts.planned > 0 && `${counts.planned.toLocaleString('en')} planned`,
    counts.started > 0 && `${counts.started.toLocaleString('en')} started`,
    counts['inspection-created'] > 0 && `${counts['inspection-created'].toLocaleString('en')} inspection created`,
  ].filter(Boolean);
  const parts = [
    of === 0 ? NO_TASKS : `${counts.completed.toLocaleString('en')} of ${of.toLocaleString('en')} completed`,
    open.join(', '),
    counts.deleted > 0 && `${counts.deleted.toLocaleString('en')} deleted`,
  ].filter(Boolean);
  return { done: counts.completed, of, text: parts.join(' · ') };
}

export function ProjectProgress({ name, counts }: { name: string; counts: Counts }) {
  const { done, of, text } = progressOf(counts);
  const percent = of === 0 ? 0 : Math.round((done / of) * 100);
  return (
    <div className="mw-projects__progress">
      <progress
        className="mw-projects__bar"
        aria-label={`Progress of ${name}`}
        aria-valuetext={`${percent}%: ${text}`}
        max={Math.max(of, 1)}
        value={done}
      />
      <p className="mw-projects__progress-text">
        <span className="mw-projects__percent">{percent}%</span> {text}
      </p>
    </div>
  );
}
