import { useMemo } from 'react';
import { Grid, type GridProps } from '../../../ui/grid/Grid';
import type { GridColumn, GridFilterRendererProps } from '../../../ui/grid/columns';
import { IconButton } from '../../../ui/controls/IconButton';
import { InfoIcon } from '../../../ui/controls/icons';
import { CONDITION_LABELS, DISTRICTS, type ConditionGrade, type SampleAsset } from '../sampleAssets';
import { ConditionBadge, formatDiameter } from './AssetCells';

function selectFilter(options: readonly (readonly [value: string, label: string])[]) {
  return function SelectFilter({ value, onChange, label }: GridFilterRendererProps) {
    return (
      <select
        className="mw-compact-input mw-gallery-filter-select"
        aria-label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    );
  };
}

const TYPE_FILTER = selectFilter([
  ['Manhole', 'Manhole'],
  ['Sewer pipe', 'Sewer pipe'],
]);
const DISTRICT_FILTER = selectFilter(DISTRICTS.map((district) => [district, district] as const));
const CONDITION_FILTER = selectFilter(
  ([1, 2, 3, 4, 5] as const).map((grade) => [String(grade), `${grade} ${CONDITION_LABELS[grade]}`] as const),
);

/** The gallery's asset columns: text filters, select filters, number sorting and a control column. */
export function assetColumns(onOpenAsset: (asset: SampleAsset) => void): GridColumn<SampleAsset>[] {
  return [
    { propertyPath: 'assetId', label: 'Asset ID', width: 110 },
    { propertyPath: 'type', label: 'Type', width: 110, filter: 'equalsString', filterRenderer: TYPE_FILTER },
    { propertyPath: 'subtype', label: 'Subtype', width: 150, autoExpand: true },
    { propertyPath: 'material', label: 'Material', width: 130 },
    {
      propertyPath: 'diameterMm',
      label: 'Diameter',
      width: 120,
      sortType: 'basic',
      cellRenderer: ({ value }) => formatDiameter(value as number),
    },
    { propertyPath: 'yearBuilt', label: 'Built', width: 80, sortType: 'basic' },
    {
      propertyPath: 'district',
      label: 'District',
      width: 115,
      filter: 'equalsString',
      filterRenderer: DISTRICT_FILTER,
    },
    {
      propertyPath: 'condition',
      label: 'Condition',
      width: 135,
      sortType: 'basic',
      filter: 'equalsString',
      filterRenderer: CONDITION_FILTER,
      // A grade is one digit, which the search would also find in every ID and year.
      disableGlobalFilter: true,
      cellRenderer: ({ value }) => <ConditionBadge grade={value as ConditionGrade} />,
    },
    {
      propertyPath: 'details',
      label: 'Details',
      width: 80,
      isControlColumn: true,
      cellRenderer: ({ row }) => (
        <IconButton label={`Details of ${row.assetId}`} icon={<InfoIcon />} onClick={() => onOpenAsset(row)} />
      ),
    },
  ];
}

export type AssetGridProps = Omit<GridProps<SampleAsset>, 'columns' | 'label' | 'rowIdPath'> & {
  /** The control column's details button; keep it stable (a state setter), as it rebuilds the columns. */
  onOpenAsset: (asset: SampleAsset) => void;
};

/** The gallery's grid of sewer assets; the widget benchmark renders this same grid. */
export function AssetGrid({ onOpenAsset, ...props }: AssetGridProps) {
  const columns = useMemo(() => assetColumns(onOpenAsset), [onOpenAsset]);
  return (
    <Grid<SampleAsset>
      label="Sewer assets"
      columns={columns}
      rowIdPath="assetId"
      enableGlobalSearch
      enableColumnFilters
      enableRowSelection
      {...props}
    />
  );
}
