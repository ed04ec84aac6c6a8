/**
 * Configure a widget: what it reads (source, saved filter, period), what it measures and groups by,
 * how it shows (sort, limit, gauge target and parts, unit, values, each item's label, colour, order
 * and visibility). Core's widgetProblems are shown at their fields as the form changes, and a valid
 * form is previewed by the server a moment after the last change.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { PERIOD_LABELS, type WidgetConfig } from '@manway/core/api/dashboards';
import {
  defaultLabel,
  GROUP_BY_LABELS,
  MEASURE_LABELS,
  needsGroupBy,
  SOURCE_CATALOGUE,
  WIDGET_TYPE_INFO,
  widgetProblems,
  type GroupBy,
  type ItemSetting,
  type Measure,
  type MeasureKind,
  type Period,
  type Widget,
  type WidgetSort,
  type WidgetSource,
  type WidgetType,
} from '@manway/core/domain/widgets';
import { Button } from '../../../ui/controls/Button';
import { Checkbox } from '../../../ui/controls/Checkbox';
import { ColorPicker } from '../../../ui/controls/ColorPicker';
import { BoundedModal } from '../../../ui/modal/Modal';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetWidgetConfigQuery, usePrefillDataItemsMutation, usePreviewWidgetQuery } from '../api/editingSessions';
import { WidgetBody } from './WidgetBody';

export const PREVIEW_DEBOUNCE_MS = 400;

const SORT_LABELS: Record<WidgetSort, string> = {
  'value-desc': 'Largest first',
  'value-asc': 'Smallest first',
  key: 'By group',
  custom: 'As the items are ordered',
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The saved filters that narrow a source: its own asset type's, or any for inspections and tasks. */
function filtersFor(config: WidgetConfig, source: WidgetSource): string[] {
  if (!SOURCE_CATALOGUE[source].filterable) return [];
  const asset = source === 'node' || source === 'section' || source === 'lateral';
  return config.savedFilters.filter((f) => !asset || f.objectType.toLowerCase() === source).map((f) => f.name);
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="mw-dash-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mw-dash-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

const invalid = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

export interface WidgetConfigDialogProps {
  sessionId: string;
  widget: Widget;
  onSave(widget: Widget): void;
  onCancel(): void;
  saving?: boolean;
}

export function WidgetConfigDialog({
  sessionId,
  widget: initial,
  onSave,
  onCancel,
  saving = false,
}: WidgetConfigDialogProps) {
  const config = useGetWidgetConfigQuery({ sessionId, widgetId: initial.id });
  return (
    <BoundedModal
      title={`Configure ${initial.title}`}
      maxWidth="64rem"
      maxHeight="90vh"
      onDismiss={onCancel}
      className="mw-dash-config"
    >
      {config.data ? (
        <ConfigForm
          sessionId={sessionId}
          initial={initial}
          config={config.data}
          onSave={onSave}
          onCancel={onCancel}
          saving={saving}
        />
      ) : config.isError ? (
        <p role="alert">The widget’s settings could not be loaded.</p>
      ) : (
        <LoadingStatus />
      )}
    </BoundedModal>
  );
}

function ConfigForm({
  sessionId,
  initial,
  config,
  onSave,
  onCancel,
  saving,
}: {
  sessionId: string;
  initial: Widget;
  config: WidgetConfig;
  onSave(widget: Widget): void;
  onCancel(): void;
  saving: boolean;
}) {
  const ids = {
    title: useId(),
    type: useId(),
    source: useId(),
    filter: useId(),
    period: useId(),
    kind: useId(),
    property: useId(),
    groupBy: useId(),
    sort: useId(),
    limit: useId(),
    target: useId(),
    unit: useId(),
  };
  const [widget, setWidget] = useState<Widget>(initial);
  const [prefill, { isLoading: prefilling }] = usePrefillDataItemsMutation();
  const problems = widgetProblems(widget);
  const errorAt = (field: string) =>
    problems.find((p) => p.field === field || p.field.startsWith(`${field}[`))?.message;
  const debounced = useDebounced(widget, PREVIEW_DEBOUNCE_MS);
  const previewable = widgetProblems(debounced).length === 0;
  const preview = usePreviewWidgetQuery(previewable ? { sessionId, widget: debounced } : skipToken);

  const change = (patch: Partial<Widget>) => setWidget((w) => ({ ...w, ...patch }));
  const changeOptions = (patch: Partial<Widget['options']>) =>
    setWidget((w) => ({ ...w, options: { ...w.options, ...patch } }));
  const source = config.sources.find((s) => s.source === widget.source) ?? config.sources[0];
  const items = widget.options.items ?? [];
  const setItems = (next: ItemSetting[]) => changeOptions({ items: next });
  const setItem = (i: number, patch: Partial<ItemSetting>) =>
    setItems(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it!);
    changeOptions({ items: next, sort: 'custom' });
  };

  const changeSource = (next: WidgetSource) => {
    const info = SOURCE_CATALOGUE[next];
    setWidget((w) => ({
      ...w,
      source: next,
      savedFilter: null,
      states: [],
      period: info.dated ? w.period : 'all',
      measure: w.measure.kind === 'count' ? w.measure : { kind: 'count' },
      groupBy:
        w.groupBy && info.groupBys.includes(w.groupBy) ? w.groupBy : needsGroupBy(w.type) ? info.groupBys[0] : null,
      options: { ...w.options, items: [], parts: [] },
    }));
  };
  const changeKind = (kind: MeasureKind) => {
    const measure: Measure =
      kind === 'count' || kind === 'length' ? { kind } : { kind, property: source?.numeric[0]?.property ?? '' };
    change({ measure });
  };
  const changeType = (type: WidgetType) =>
    setWidget((w) => ({
      ...w,
      type,
      groupBy:
        type === 'total' ? null : (w.groupBy ?? (needsGroupBy(type) ? SOURCE_CATALOGUE[w.source].groupBys[0] : null)),
    }));

  const fillItems = async () => {
    try {
      const filled = await prefill({ sessionId, widget }).unwrap();
      changeOptions({ items: filled.options.items ?? [] });
    } catch {
      // Told by the global handling.
    }
  };

  const measureKinds: MeasureKind[] = [
    'count',
    ...(source?.hasLength ? (['length'] as const) : []),
    ...(source?.numeric.length ? (['sum', 'avg', 'min', 'max'] as const) : []),
  ];
  const filters = filtersFor(config, widget.source);
  const grouped = widget.type !== 'total';
  const charted = widget.type === 'bar' || widget.type === 'column' || widget.type === 'pie';

  return (
    <div className="mw-dash-config__layout">
      <form
        className="mw-dash-config__form"
        noValidate
        aria-label="Widget settings"
        onSubmit={(e) => {
          e.preventDefault();
          if (problems.length === 0) onSave(widget);
        }}
      >
        <Field id={ids.title} label="Title" error={errorAt('title')}>
          <input
            id={ids.title}
            className="mw-compact-input"
            value={widget.title}
            onChange={(e) => change({ title: e.target.value })}
            {...invalid(ids.title, errorAt('title'))}
          />
        </Field>
        <Field id={ids.type} label="Type">
          <select
            id={ids.type}
            className="mw-compact-input"
            value={widget.type}
            onChange={(e) => changeType(e.target.value as WidgetType)}
          >
            {(config.types.length
              ? config.types.map((t) => t.type)
              : (Object.keys(WIDGET_TYPE_INFO) as WidgetType[])
            ).map((t) => (
              <option key={t} value={t}>
                {WIDGET_TYPE_INFO[t].label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.source} label="Source">
          <select
            id={ids.source}
            className="mw-compact-input"
            value={widget.source}
            onChange={(e) => changeSource(e.target.value as WidgetSource)}
          >
            {config.sources.map((s) => (
              <option key={s.source} value={s.source}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        {SOURCE_CATALOGUE[widget.source].filterable && (
          <Field id={ids.filter} label="Saved filter" error={errorAt('savedFilter')}>
            <select
              id={ids.filter}
              className="mw-compact-input"
              value={widget.savedFilter ?? ''}
              onChange={(e) => change({ savedFilter: e.target.value || null })}
            >
              <option value="">The whole network</option>
              {filters.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
        )}
        {source && source.states.length > 0 && (
          <fieldset className="mw-dash-config__states">
            <legend>Only in these states</legend>
            {source.states.map((state) => {
              const chosen = widget.states ?? [];
              return (
                <Checkbox
                  key={state}
                  label={defaultLabel(null, state)}
                  checked={chosen.includes(state)}
                  onChange={(checked) =>
                    change({ states: checked ? [...chosen, state] : chosen.filter((s) => s !== state) })
                  }
                />
              );
            })}
            {errorAt('states') && <p className="mw-dash-field__error">{errorAt('states')}</p>}
          </fieldset>
        )}
        {source?.dated && (
          <Field id={ids.period} label="Period" error={errorAt('period')}>
            <select
              id={ids.period}
              className="mw-compact-input"
              value={widget.period ?? 'all'}
              onChange={(e) => change({ period: e.target.value as Period })}
            >
              {config.periods.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.label || PERIOD_LABELS[p.key]}
                </option>
              ))}
            </select>
          </Field>
        )}
        <div className="mw-dash-config__row">
          <Field id={ids.kind} label="Measure" error={errorAt('measure.kind')}>
            <select
              id={ids.kind}
              className="mw-compact-input"
              value={widget.measure.kind}
              onChange={(e) => changeKind(e.target.value as MeasureKind)}
            >
              {measureKinds.map((k) => (
                <option key={k} value={k}>
                  {MEASURE_LABELS[k]}
                </option>
              ))}
            </select>
          </Field>
          {'property' in widget.measure && (
            <Field id={ids.property} label="Property" error={errorAt('measure.property')}>
              <select
                id={ids.property}
                className="mw-compact-input"
                value={widget.measure.property}
                onChange={(e) =>
                  change({ measure: { ...(widget.measure as { kind: 'sum' }), property: e.target.value } })
                }
              >
                {source?.numeric.map((n) => (
                  <option key={n.property} value={n.property}>
                    {n.label}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
        {grouped && (
          <Field id={ids.groupBy} label="Group by" error={errorAt('groupBy')}>
            <select
              id={ids.groupBy}
              className="mw-compact-input"
              value={widget.groupBy ?? ''}
              onChange={(e) =>
                change({
                  groupBy: (e.target.value || null) as GroupBy | null,
                  options: { ...widget.options, items: [], parts: [] },
                })
              }
              {...invalid(ids.groupBy, errorAt('groupBy'))}
            >
              {!needsGroupBy(widget.type) && <option value="">None</option>}
              {source?.groupBys.map((g) => (
                <option key={g.key} value={g.key}>
                  {g.label || GROUP_BY_LABELS[g.key]}
                </option>
              ))}
            </select>
          </Field>
        )}
        {grouped && widget.groupBy && (
          <div className="mw-dash-config__row">
            <Field id={ids.sort} label="Sort">
              <select
                id={ids.sort}
                className="mw-compact-input"
                value={widget.options.sort ?? ''}
                onChange={(e) => changeOptions({ sort: (e.target.value || undefined) as WidgetSort | undefined })}
              >
                <option value="">Default</option>
                {(Object.keys(SORT_LABELS) as WidgetSort[]).map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={ids.limit} label="Groups shown" error={errorAt('options.limit')}>
              <input
                id={ids.limit}
                type="number"
                className="mw-compact-input"
                value={widget.options.limit ?? ''}
                onChange={(e) => changeOptions({ limit: e.target.value === '' ? undefined : Number(e.target.value) })}
                {...invalid(ids.limit, errorAt('options.limit'))}
              />
            </Field>
          </div>
        )}
        {widget.type === 'gauge' && (
          <Field id={ids.target} label="Target" error={errorAt('options.target')}>
            <input
              id={ids.target}
              type="number"
              className="mw-compact-input"
              value={widget.options.target ?? ''}
              onChange={(e) => changeOptions({ target: e.target.value === '' ? undefined : Number(e.target.value) })}
              {...invalid(ids.target, errorAt('options.target'))}
            />
          </Field>
        )}
        {(widget.type === 'total' || widget.type === 'gauge' || widget.type === 'table') && (
          <Field id={ids.unit} label="Unit">
            <input
              id={ids.unit}
              className="mw-compact-input"
              value={widget.options.unit ?? ''}
              onChange={(e) => changeOptions({ unit: e.target.value || undefined })}
            />
          </Field>
        )}
        {charted && (
          <Checkbox
            label="Show values"
            checked={widget.options.showValues ?? false}
            onChange={(checked) => changeOptions({ showValues: checked })}
          />
        )}
        {grouped && widget.groupBy && (
          <fieldset className="mw-dash-items">
            <legend>Items</legend>
            <Button
              onClick={() => void fillItems()}
              disabled={prefilling || problems.some((p) => !p.field.startsWith('options.items'))}
            >
              Prefill items
            </Button>
            {items.length === 0 ? (
              <p className="mw-dash-items__hint">Prefill the items to set their labels, colours and order.</p>
            ) : (
              <ol className="mw-dash-items__list">
                {items.map((item, i) => (
                  <li key={item.key} className="mw-dash-items__item">
                    <input
                      className="mw-compact-input"
                      aria-label={`Label of ${item.key}`}
                      value={item.label ?? ''}
                      onChange={(e) => setItem(i, { label: e.target.value || undefined })}
                    />
                    <ColorPicker
                      label={<span className="mw-visually-hidden">Colour of {item.label || item.key}</span>}
                      value={item.color}
                      onChange={(color) => setItem(i, { color })}
                    />
                    <Checkbox
                      label="Hidden"
                      checked={item.hidden ?? false}
                      onChange={(hidden) => setItem(i, { hidden: hidden || undefined })}
                    />
                    {widget.type === 'gauge' && (
                      <Checkbox
                        label="Counts to gauge"
                        checked={widget.options.parts?.includes(item.key) ?? false}
                        onChange={(on) =>
                          changeOptions({
                            parts: on
                              ? [...(widget.options.parts ?? []), item.key]
                              : (widget.options.parts ?? []).filter((k) => k !== item.key),
                          })
                        }
                      />
                    )}
                    <Button
                      variant="ghost"
                      aria-label={`Move ${item.label || item.key} up`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Move ${item.label || item.key} down`}
                      disabled={i === items.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </Button>
                    {errorAt(`options.items[${i}]`) && (
                      <p className="mw-dash-field__error">{errorAt(`options.items[${i}]`)}</p>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </fieldset>
        )}
        <div className="mw-dialog__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={problems.length > 0 || saving}>
            Save widget
          </Button>
        </div>
      </form>
      <section className="mw-dash-config__preview" aria-label="Preview">
        <h3 className="mw-dash-config__preview-title">Preview</h3>
        <div className="mw-dash-config__preview-box">
          {problems.length > 0 ? (
            <p className="mw-dash-widget__empty">Fix the settings to see a preview.</p>
          ) : preview.isError ? (
            <p role="alert">The preview could not be computed.</p>
          ) : preview.currentData && previewable ? (
            <WidgetBody widget={debounced} data={preview.currentData} />
          ) : (
            <LoadingStatus />
          )}
        </div>
      </section>
    </div>
  );
}
