import { SCENARIO_LABELS, type Scenario } from '@manway/core/api/websync';

/** Direction of travel and what moves: ⇩ Office to Field, ⇧ Field to Office. */
const GLYPHS: Record<Scenario, string> = {
  GettingPlannedTasks: '⇩T',
  SendingCompletedTasks: '⇧T',
  GettingAssets: '⇩A',
  GettingUsers: '⇩U',
  GettingProjects: '⇩P',
  GettingDatabaseStructure: '⇩S',
};

export function ScenarioIcon({ scenario }: { scenario: Scenario }) {
  return (
    <span className={`mw-ws-icon mw-ws-icon--${scenario}`} role="img" aria-label={SCENARIO_LABELS[scenario]}>
      {GLYPHS[scenario]}
    </span>
  );
}
