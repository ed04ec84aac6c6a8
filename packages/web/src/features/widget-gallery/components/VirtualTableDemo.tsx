import { useMemo, useState } from 'react';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import {
  VirtualTable,
  type VirtualTableColumn,
  type VirtualTableProps,
  type VirtualTableSort,
} from '../../../ui/virtual-table/VirtualTable';
import { loadSampleAssetDetails } from '../sampleAssetDetails';
import type { SampleAsset } from '../sampleAssets';
import { ConditionBadge, formatDiameter } from './AssetCells';
import { GallerySection, SelectionCount } from './GallerySection';

export const VIRTUAL_TABLE_ROW_COUNT = 100_000;

export const ASSET_VIRTUAL_COLUMNS: readonly VirtualTableColumn<SampleAsset, number>[] = [
  { id: 'assetId', label: 'Asset ID', width: 120, sortable: true, render: (asset) => asset.assetId },
  { id: 'type', label: 'Type', width: 110, render: (asset) => asset.type },
  { id: 'material', label: 'Material', width: 140, render: (asset) => asset.material },
  { id: 'diameter', label: 'Diameter', width: 100, render: (asset) => formatDiameter(asset.diameterMm) },
  { id: 'district', label: 'District', width: 120, render: (asset) => asset.district },
  { id: 'condition', label: 'Condition', width: 150, render: (asset) => <ConditionBadge grade={asset.condition} /> },
  {
    id: 'lastInspectedAt',
    label: 'Last inspected',
    width: 180,
    render: (asset) => <DateTimeText value={asset.lastInspectedAt} />,
  },
];

/** Ids 1 to `count`; the benchmark builds the same list. */
export function sampleAssetIds(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

type AssetVirtualTableProps = Omit<VirtualTableProps<SampleAsset, number>, 'label' | 'columns' | 'loadDetails'> & {
  loadDetails?: VirtualTableProps<SampleAsset, number>['loadDetails'];
};

/** The gallery's id-first asset list; the widget benchmark renders this same table. */
export function AssetVirtualTable({ loadDetails = loadSampleAssetDetails, ...props }: AssetVirtualTableProps) {
  return (
    <VirtualTable<SampleAsset, number>
      label="Asset log"
      columns={ASSET_VIRTUAL_COLUMNS}
      loadDetails={loadDetails}
      {...props}
    />
  );
}

export function VirtualTableDemo({ onOpenAsset }: { onOpenAsset: (asset: SampleAsset) => void }) {
  const ascending = useMemo(() => sampleAssetIds(VIRTUAL_TABLE_ROW_COUNT), []);
  const descending = useMemo(() => [...ascending].reverse(), [ascending]);
  const [sort, setSort] = useState<VirtualTableSort>({ columnId: 'assetId', direction: 'asc' });
  const [selectedIds, setSelectedIds] = useState<number[]>([]);

  return (
    <GallerySection
      id="virtual-table"
      title="Virtual table"
      wide
      files={[
        ['VirtualTable', 'ui/virtual-table/VirtualTable.tsx'],
        ['AssetVirtualTable', 'features/widget-gallery/components/VirtualTableDemo.tsx'],
      ]}
      description={
        <>
          {VIRTUAL_TABLE_ROW_COUNT.toLocaleString('en-US')} ids known up front, details fetched for the rows in view in
          batches of at least 20 (here from a stand-in that answers after 200 ms), placeholders until they arrive. Only
          the rows on screen are in the page. Every 97th asset has since been deleted and shows as no longer available.
          Click a row for its details; sort by Asset ID.
        </>
      }
    >
      <SelectionCount count={selectedIds.length} />
      <div className="mw-gallery-virtual">
        <AssetVirtualTable
          ids={sort.direction === 'asc' ? ascending : descending}
          sort={sort}
          onSortChange={setSort}
          selectedIds={selectedIds}
          onSelectedIdsChange={setSelectedIds}
          onRowClick={onOpenAsset}
        />
      </div>
    </GallerySection>
  );
}
