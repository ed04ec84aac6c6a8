import { CONDITION_LABELS, type ConditionGrade } from '../sampleAssets';

/** The condition grade as a coloured pill; the words carry the meaning, the colour only helps. */
export function ConditionBadge({ grade }: { grade: ConditionGrade }) {
  return (
    <span className={`mw-condition mw-condition--${grade}`}>
      <span className="mw-condition__grade">{grade}</span> {CONDITION_LABELS[grade]}
    </span>
  );
}

// One formatter for every cell: toLocaleString makes a new one per call, which a long list notices.
const WHOLE_NUMBER = new Intl.NumberFormat('en-US');

export function formatDiameter(diameterMm: number): string {
  return `${WHOLE_NUMBER.format(diameterMm)} mm`;
}
