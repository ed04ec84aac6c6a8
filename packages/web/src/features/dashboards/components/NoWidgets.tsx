import { NO_WIDGETS } from '@manway/core/api/dashboards';

/** The spec's empty-state text for a dashboard without widgets. */
export function NoWidgets() {
  return <p className="mw-dash-empty">{NO_WIDGETS}</p>;
}
