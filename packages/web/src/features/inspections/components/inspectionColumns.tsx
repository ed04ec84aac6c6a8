import { Link } from 'react-router';
import type { InspectionGroup, InspectionListRow } from '@manway/core/api/work';
import type { GridColumn, GridFilterRendererProps } from '../../../ui/grid/columns';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { reviewText } from './inspectionLabels';

type Column = GridColumn<InspectionListRow>;

function ReviewFilter({ value, onChange, label }: GridFilterRendererProps) {
  return (
    <select
      className="mw-compact-input mw-inspections__filter-select"
      aria-label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">All</option>
      <option value="rejected">Rejected</option>
    </select>
  );
}

const grade = (value: unknown) => (typeof value === 'number' ? String(value) : '—');

/**
 * The columns of a group's list. Only the columns the server sorts or filters by offer it
 * (core's INSPECTION_SORT_COLUMNS and INSPECTION_FILTER_COLUMNS); the asset ID cell is the link to
 * the review, so the keyboard reaches it as well as a click on the row does.
 */
export function inspectionColumns(group: InspectionGroup, reviewHref: (row: InspectionListRow) => string): Column[] {
  const review: Column[] =
    group === 'completed'
      ? [
          { propertyPath: 'reviewedBy', label: 'Reviewed by', width: 140, disableSortBy: true, filter: false },
          {
            propertyPath: 'reviewedAt',
            label: 'Reviewed at',
            width: 160,
            filter: false,
            cellRenderer: ({ value }) => <DateTimeText value={value as string | null} />,
          },
        ]
      : [
          {
            propertyPath: 'review',
            label: 'Review',
            width: 220,
            autoExpand: true,
            disableSortBy: true,
            filterRenderer: ReviewFilter,
            cellRenderer: ({ row }) => {
              const text = reviewText(row);
              return text ? (
                <span className={`mw-inspections__review mw-inspections__review--${row.review}`} title={text}>
                  {text}
                </span>
              ) : null;
            },
          },
        ];
  return [
    {
      propertyPath: 'assetReadableId',
      label: 'Asset ID',
      width: 130,
      cellRenderer: ({ row }) => (
        <Link to={reviewHref(row)} className="mw-inspections__open">
          {row.assetReadableId}
        </Link>
      ),
    },
    {
      propertyPath: 'inspectedAt',
      label: 'Inspected',
      width: 120,
      filter: false,
      cellRenderer: ({ value }) => <DateTimeText value={value as string} show="date" />,
    },
    { propertyPath: 'operator', label: 'Operator', width: 140 },
    { propertyPath: 'projectName', label: 'Project', width: 160 },
    { propertyPath: 'district', label: 'District', width: 130 },
    {
      propertyPath: 'structuralPeak',
      label: 'Structural peak',
      width: 110,
      filter: false,
      cellRenderer: ({ value }) => grade(value),
    },
    {
      propertyPath: 'operationalPeak',
      label: 'O&M peak',
      width: 100,
      filter: false,
      cellRenderer: ({ value }) => grade(value),
    },
    { propertyPath: 'lengthSurveyedM', label: 'Length (m)', width: 100, filter: false },
    { propertyPath: 'observationCount', label: 'Observations', width: 120, filter: false, disableSortBy: true },
    ...review,
  ];
}
