import { useId, useState } from 'react';
import { Button } from '../../../ui/controls/Button';
import type { SampleAsset } from '../sampleAssets';
import { AssetGrid } from './AssetGrid';
import { GallerySection, SelectionCount } from './GallerySection';

type GridState = 'data' | 'loading' | 'error' | 'empty';

const GRID_STATES: [GridState, string][] = [
  ['data', 'Data'],
  ['loading', 'Loading'],
  ['error', 'Error'],
  ['empty', 'Empty'],
];

const NO_ASSETS: SampleAsset[] = [];

export function GridDemo({
  assets,
  generatedCount,
  selectedIds,
  onSelectedIdsChange,
  onOpenAsset,
  onDeleteSelected,
  onRestore,
}: {
  assets: readonly SampleAsset[];
  /** How many assets the gallery made; more than `assets` once some were deleted. */
  generatedCount: number;
  selectedIds: readonly string[];
  onSelectedIdsChange: (ids: string[]) => void;
  onOpenAsset: (asset: SampleAsset) => void;
  onDeleteSelected: () => void;
  onRestore: () => void;
}) {
  const [state, setState] = useState<GridState>('data');
  const stateName = useId();

  return (
    <GallerySection
      id="grid"
      title="Grid"
      wide
      files={[
        ['Grid', 'ui/grid/Grid.tsx'],
        ['GridColumn', 'ui/grid/columns.ts'],
        ['AssetGrid', 'features/widget-gallery/components/AssetGrid.tsx'],
      ]}
      description={
        <>
          {generatedCount.toLocaleString('en-US')} generated sewer assets, sorted, searched and paged in the browser.
          Click a header to sort; filter under it (text filters wait a second after typing); tick rows to select them
          across pages. Grade 5 rows are highlighted. The last column is a control column: no sort, no filter, one
          header cell over both header rows.
        </>
      }
    >
      <fieldset className="mw-gallery-segmented">
        <legend>Show the grid as</legend>
        {GRID_STATES.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={stateName}
              value={value}
              checked={state === value}
              onChange={() => setState(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <AssetGrid
        data={state === 'data' ? assets : NO_ASSETS}
        loading={state === 'loading'}
        error={state === 'error'}
        emptyMessage="No assets in this area"
        selectedRowIds={selectedIds}
        onSelectedRowIdsChange={onSelectedIdsChange}
        onOpenAsset={onOpenAsset}
      />
      <div className="mw-gallery-actions">
        <SelectionCount count={selectedIds.length} />
        <Button variant="danger" disabled={selectedIds.length === 0} onClick={onDeleteSelected}>
          Delete selected…
        </Button>
        <Button disabled={assets.length === generatedCount} onClick={onRestore}>
          Restore deleted
        </Button>
      </div>
    </GallerySection>
  );
}
