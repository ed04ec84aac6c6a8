/**
 * A dashboard as a shared link shows it: its widgets on the grid, read-only, each loading its data
 * through the link. Copying, editing and drilling into the map are for those who open the
 * dashboard itself.
 */
import type { Widget } from '@manway/core/domain/widgets';
import { useGetSharedWidgetDataQuery } from '../api/sharedDashboard';
import { DashboardGrid } from './DashboardGrid';
import { NoWidgets } from './NoWidgets';
import { WidgetBody } from './WidgetBody';
import { WidgetFrame } from './WidgetFrame';
import './DashboardsPage.css';

export interface SharedDashboardProps {
  token: string;
  dashboard: { name: string; version: number; widgets: readonly Widget[] };
}

export function SharedDashboard({ token, dashboard }: SharedDashboardProps) {
  if (dashboard.widgets.length === 0) return <NoWidgets />;
  return (
    <div className="mw-dashboards" aria-label={`Dashboard ${dashboard.name}`} role="region">
      <DashboardGrid
        widgets={dashboard.widgets}
        renderWidget={(widget) => <SharedWidget token={token} widget={widget} version={dashboard.version} />}
      />
    </div>
  );
}

function SharedWidget({ token, widget, version }: { token: string; widget: Widget; version: number }) {
  const answer = useGetSharedWidgetDataQuery({ token, widgetId: widget.id, version });
  const data = answer.currentData?.data;
  return (
    <WidgetFrame
      title={widget.title}
      loading={!data && !answer.isError}
      failed={answer.isError}
      onRetry={() => void answer.refetch()}
    >
      {data && <WidgetBody widget={answer.currentData?.widget ?? widget} data={data} />}
    </WidgetFrame>
  );
}
