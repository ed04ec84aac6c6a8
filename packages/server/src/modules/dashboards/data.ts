/**
 * The widget data engine: what a dashboard widget draws, computed by one SQL aggregate over its
 * records (never by loading them into Node), narrowed by its saved filter exactly as the map and the
 * lists narrow by it; and a drawn group as a search the map can show (a drill-down).
 */
import { SELECTION_CAP, type FilterDefinition, type FilterNode } from '@manway/core/api/filters';
import type { DrillResult } from '@manway/core/api/dashboards';
import {
  GROUP_BY_LABELS,
  OTHER_KEY,
  SOURCE_CATALOGUE,
  combineValues,
  defaultLabel,
  gaugeOf,
  groupKeyOf,
  isAdditive,
  periodRange,
  shapeItems,
  widgetProblems,
  type GroupBy,
  type GroupRow,
  type Widget,
  type WidgetData,
  type WidgetSource,
} from '@manway/core/domain/widgets';
import type { Database } from '../../db/connection';
import type { SQL } from '../../db/sql';
import { fail } from '../../errors';
import type { FiltersService } from '../filters/service';
import { WidgetDataRepository, type WidgetQuery } from './data-repository';

/**
 * The most asset ids a drill-down answers: a selection's cap, so the map's result list can send them
 * back in its id restriction (a JSON text of at most 20,000 characters: 2,000 ids of up to 9 digits).
 */
export const DRILL_IDS_MAX = SELECTION_CAP;

type AssetSource = 'node' | 'section' | 'lateral';

function isAssetSource(source: WidgetSource): source is AssetSource {
  return source === 'node' || source === 'section' || source === 'lateral';
}

/** The engine compiles only a widget whose every rule holds, wherever it was read from. */
function checked(widget: Widget): void {
  const problems = widgetProblems(widget);
  if (problems.length === 0) return;
  const fields: Record<string, string[]> = {};
  for (const p of problems) (fields[p.field] ??= []).push(p.message);
  throw fail.validation(fields);
}

/** The condition that selects one group of assets, on the property the group-by reads. */
function groupCondition(groupBy: GroupBy, key: string | null): FilterNode {
  const property = groupBy === 'yearBuiltBand' ? 'yearBuilt' : groupBy;
  if (key === null) return { property, operator: 'isEmpty' };
  const whole = (): number => {
    if (!/^\d{1,4}$/.test(key)) throw fail.field('Key', `"${key}" is not a group of this widget.`);
    return Number(key);
  };
  switch (groupBy) {
    case 'conditionGrade':
      return { property, operator: 'eq', value: whole() };
    case 'yearBuiltBand': {
      const decade = whole();
      return { property, operator: 'between', value: [decade, decade + 9] };
    }
    default:
      return { property, operator: 'eq', value: key };
  }
}

/** A filter narrowed by one more condition, its own conditions kept as they combine. */
function narrowed(definition: FilterDefinition, condition: FilterNode): FilterDefinition {
  const own = definition.conditions;
  if (definition.combine === 'and' || own.length <= 1) {
    return { ...definition, combine: 'and', conditions: [...own, condition] };
  }
  return { ...definition, combine: 'and', conditions: [{ combine: definition.combine, conditions: own }, condition] };
}

export class WidgetDataService {
  private readonly repo: WidgetDataRepository;

  constructor(
    db: Database,
    private readonly filters: FiltersService,
  ) {
    this.repo = new WidgetDataRepository(db);
  }

  /** What the widget draws now: its items, its total over every record, and a total's previous period or a gauge. */
  async data(userId: string, widget: Widget, now: Date = new Date()): Promise<WidgetData> {
    checked(widget);
    const range = periodRange(widget.period ?? 'all', now);
    const query = await this.query(userId, widget, now);
    const additive = isAdditive(widget.measure.kind);
    const orZero = (v: number | null) => (additive ? (v ?? 0) : v);
    if (widget.type === 'total' && range) {
      const t = await this.repo.totalWithPrevious(query, { from: range.previousFrom, to: range.previousTo });
      return { items: [], total: orZero(t.value), count: t.count, previous: orZero(t.previous) };
    }
    const { groups, whole } = await this.aggregate(widget, query);
    const total = orZero(whole.value);
    return {
      items: widget.groupBy ? shapeItems(widget, groups) : [],
      total,
      count: whole.count,
      ...(widget.type === 'gauge' ? { gauge: gaugeOf(widget, groups, total) } : {}),
    };
  }

  /** The groups as the aggregate finds them (none without a group-by): what the configuration dialog prefills from. */
  async rows(userId: string, widget: Widget, now: Date = new Date()): Promise<GroupRow[]> {
    checked(widget);
    if (!widget.groupBy) return [];
    return (await this.aggregate(widget, await this.query(userId, widget, now))).groups;
  }

  /**
   * One drawn group as a search for the map. Assets: the widget's saved filter narrowed to the group.
   * Inspections and tasks: the assets they are on, of the type most of them have, by id.
   */
  async drill(userId: string, widget: Widget, key: string, now: Date = new Date()): Promise<DrillResult> {
    checked(widget);
    const groupBy = widget.groupBy ?? null;
    if (groupBy === null) throw fail.field('Key', 'This widget is one number: it has no groups to show on the map.');
    if (key === OTHER_KEY) throw fail.field('Key', '"Other" gathers several groups: show one of them on the map.');
    const groupKey = groupKeyOf(key);
    const info = SOURCE_CATALOGUE[widget.source];
    const setting = widget.options.items?.find((s) => s.key === key);
    const label = setting?.label?.trim() || defaultLabel(groupBy, groupKey);
    const title = `${info.label} by ${GROUP_BY_LABELS[groupBy].toLowerCase()}: ${label}`;

    if (isAssetSource(widget.source)) {
      const condition = groupCondition(groupBy, groupKey);
      const saved = await this.savedFilter(userId, widget);
      const base: FilterDefinition = saved?.definition ?? {
        objectType: await this.repo.typeName(widget.source),
        combine: 'and',
        conditions: [],
      };
      return { filter: narrowed(base, condition), title, truncated: false };
    }
    const query = await this.query(userId, widget, now);
    const found = await this.repo.drillAssets(query, groupKey, DRILL_IDS_MAX + 1);
    return {
      // No asset at all: a search of sections restricted to no id, which finds nothing, as the group holds.
      filter: { objectType: found.typeName ?? (await this.repo.typeName('section')), combine: 'and', conditions: [] },
      additionalRestrictions: { ids: found.ids.slice(0, DRILL_IDS_MAX) },
      title,
      truncated: found.ids.length > DRILL_IDS_MAX,
    };
  }

  /**
   * The groups and the row over every record. Sums, counts, minima and maxima of the whole follow
   * from the groups'; an average does not (the groups' averages weigh records without a value
   * wrongly), so the aggregate computes that one itself, in the same statement.
   */
  private async aggregate(widget: Widget, query: WidgetQuery): Promise<{ groups: GroupRow[]; whole: GroupRow }> {
    const kind = widget.measure.kind;
    const { groups, whole } = await this.repo.aggregate(query, kind === 'avg');
    return {
      groups,
      whole: whole ?? {
        key: null,
        value: combineValues(kind, groups),
        count: groups.reduce((n, g) => n + g.count, 0),
      },
    };
  }

  private async query(userId: string, widget: Widget, now: Date): Promise<WidgetQuery> {
    const range = periodRange(widget.period ?? 'all', now);
    const saved = await this.savedFilter(userId, widget);
    return {
      source: widget.source,
      groupBy: widget.groupBy ?? null,
      measure: widget.measure,
      period: range ? { from: range.from, to: range.to } : null,
      assets: saved?.where ?? null,
      states: widget.states ?? [],
    };
  }

  /**
   * The widget's saved filter, as the user sees it (own or shared): for an asset source it must
   * search that asset type; inspections and tasks are narrowed to those on its assets.
   */
  private async savedFilter(
    userId: string,
    widget: Widget,
  ): Promise<{ definition: FilterDefinition; where: SQL } | null> {
    const name = widget.savedFilter?.trim();
    if (!name) return null;
    const found = await this.filters.matchingWhere(userId, name, 'savedFilter');
    if (isAssetSource(widget.source) && found.objectType !== widget.source) {
      const wanted = SOURCE_CATALOGUE[widget.source].label.toLowerCase();
      throw fail.field('savedFilter', `The filter "${name}" searches ${found.typeName} records, not ${wanted}.`);
    }
    return found;
  }
}
