/** SQL snapshots of the widget data engine (db/sql-snapshots.ts): the default dashboard's aggregates and a drill-down. */
import { sql } from '../../db/sql';
import { defineSnapshots } from '../../db/sql-snapshots';
import { WidgetDataRepository, type WidgetQuery } from './data-repository';

const lastYear = { from: new Date('2025-04-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
const thisYear = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
const veryPoor = sql`a.object_type = ${'section'} AND ((a.condition_grade >= ${4}::double precision))`;

const lengthByGrade: WidgetQuery = {
  source: 'section',
  groupBy: 'conditionGrade',
  measure: { kind: 'length' },
  period: null,
  assets: null,
  states: [],
};
const inspectionsPerMonth: WidgetQuery = {
  source: 'inspection',
  groupBy: 'inspectionMonth',
  measure: { kind: 'count' },
  period: lastYear,
  assets: null,
  states: [],
};
const tasksByCrew: WidgetQuery = {
  source: 'task',
  groupBy: 'crew',
  measure: { kind: 'count' },
  period: null,
  assets: null,
  states: ['planned', 'started', 'inspection-created'],
};

export const snapshots = defineSnapshots('dashboards', (db) => new WidgetDataRepository(db), {
  'length of sections by condition grade': (repo) => repo.aggregate(lengthByGrade, false),
  'inspections per month, last 12 months': (repo) => repo.aggregate(inspectionsPerMonth, false),
  'tasks by crew': (repo) => repo.aggregate(tasksByCrew, false),
  'worst districts: the average grade by district and over every section': (repo) =>
    repo.aggregate(
      {
        source: 'section',
        groupBy: 'district',
        measure: { kind: 'avg', property: 'conditionGrade' },
        period: null,
        assets: null,
        states: [],
      },
      true,
    ),
  'network length': (repo) =>
    repo.aggregate(
      { source: 'section', groupBy: null, measure: { kind: 'length' }, period: null, assets: null, states: [] },
      false,
    ),
  "this year's plan by task state": (repo) =>
    repo.aggregate(
      { source: 'task', groupBy: 'taskState', measure: { kind: 'count' }, period: thisYear, assets: null, states: [] },
      false,
    ),
  'inspections this year beside last year': (repo) =>
    repo.totalWithPrevious(
      { source: 'inspection', groupBy: null, measure: { kind: 'count' }, period: thisYear, assets: null, states: [] },
      { from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-03-10T12:00:00Z') },
    ),
  'inspections on a saved filter’s sections by crew': (repo) =>
    repo.aggregate({ ...inspectionsPerMonth, groupBy: 'crew', assets: veryPoor }, false),
  'drill: the sections of one crew’s tasks': (repo) => repo.drillAssets(tasksByCrew, 'Ivan Inspector', 10_001),
});
