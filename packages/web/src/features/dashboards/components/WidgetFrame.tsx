/**
 * One widget on the grid: its title (the drag handle while editing), its menu, and its body, which
 * loads on its own with its own spinner and, failing, its own error and Retry.
 */
import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { DataItem, Widget, WidgetData } from '@manway/core/domain/widgets';
import { Button } from '../../../ui/controls/Button';
import { DropdownMenu, type DropdownMenuItem } from '../../../ui/controls/DropdownMenu';
import { Spinner } from '../../../ui/Spinner';
import { useGetWidgetDataQuery, type DashboardRef } from '../api/dashboards';
import { usePreviewWidgetQuery } from '../api/editingSessions';
import { WidgetBody } from './WidgetBody';

export const DRAG_HANDLE_CLASS = 'mw-dash-widget__handle';

interface FrameProps {
  title: string;
  menu?: readonly DropdownMenuItem[];
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  children?: ReactNode;
}

export function WidgetFrame({ title, menu, loading, failed, onRetry, children }: FrameProps) {
  return (
    <section
      className="mw-dash-widget"
      aria-label={title}
      data-state={loading ? 'loading' : failed ? 'failed' : 'ready'}
    >
      <header className={`mw-dash-widget__header${menu ? ` ${DRAG_HANDLE_CLASS}` : ''}`}>
        <h2 className="mw-dash-widget__title" title={title}>
          {title}
        </h2>
        {menu && (
          <DropdownMenu
            className="mw-dash-widget__menu"
            trigger="⋯"
            triggerLabel={`Actions for ${title}`}
            triggerVariant="ghost"
            align="end"
            items={menu}
          />
        )}
      </header>
      <div className="mw-dash-widget__body">
        {loading ? (
          <div className="mw-dash-widget__status" role="status" aria-label={`Loading ${title}`}>
            <Spinner />
          </div>
        ) : failed ? (
          <div className="mw-dash-widget__status mw-dash-widget__status--error" role="alert">
            <p>The widget’s data could not be loaded.</p>
            <Button onClick={onRetry}>Retry</Button>
          </div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

type Drill = (widget: Widget, item: DataItem) => void;

/** A widget of a saved dashboard, with its data from GET api/dashboard/widgets/{id}. */
export function SavedWidget({
  widget,
  dashboard,
  version,
  onDrill,
}: {
  widget: Widget;
  dashboard: DashboardRef;
  version: number;
  onDrill?: Drill;
}) {
  const answer = useGetWidgetDataQuery({ ...dashboard, widgetId: widget.id, version });
  const data: WidgetData | undefined = answer.currentData?.data;
  return (
    <WidgetFrame
      title={widget.title}
      loading={!data && !answer.isError}
      failed={answer.isError}
      onRetry={() => void answer.refetch()}
    >
      {data && <WidgetBody widget={answer.currentData?.widget ?? widget} data={data} onDrill={onDrill} />}
    </WidgetFrame>
  );
}

/** A widget of an editing session, drawn from POST …/widgets/preview as it is configured now. */
export function SessionWidget({
  widget,
  sessionId,
  menu,
  onDrill,
}: {
  widget: Widget;
  sessionId: string | null;
  menu?: readonly DropdownMenuItem[];
  onDrill?: Drill;
}) {
  const answer = usePreviewWidgetQuery(sessionId ? { sessionId, widget } : skipToken);
  const data = answer.currentData;
  return (
    <WidgetFrame
      title={widget.title}
      menu={menu}
      loading={!data && !answer.isError}
      failed={answer.isError}
      onRetry={() => void answer.refetch()}
    >
      {data && <WidgetBody widget={widget} data={data} onDrill={onDrill} />}
    </WidgetFrame>
  );
}
