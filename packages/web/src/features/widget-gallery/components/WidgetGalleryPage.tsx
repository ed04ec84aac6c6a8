import { useState } from 'react';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { sampleAssets, type SampleAsset } from '../sampleAssets';
import { AssetDetailsModal } from './AssetDetailsModal';
import { BusyDemo } from './BusyDemo';
import { ConfirmDemo } from './ConfirmDemo';
import { ControlsDemo } from './ControlsDemo';
import { DateTimeDemo } from './DateTimeDemo';
import { FieldsDemo } from './FieldsDemo';
import { FormFieldsDemo } from './FormFieldsDemo';
import { GridDemo } from './GridDemo';
import { ModalsDemo } from './ModalsDemo';
import { PagerDemo } from './PagerDemo';
import { ResponsiveDemo } from './ResponsiveDemo';
import { ScrollDemo } from './ScrollDemo';
import { SelectDemo } from './SelectDemo';
import { VirtualTableDemo } from './VirtualTableDemo';
import './WidgetGalleryPage.css';

export const GALLERY_ASSET_COUNT = 10_000;

const CONTENTS: [id: string, title: string][] = [
  ['grid', 'Grid'],
  ['virtual-table', 'Virtual table'],
  ['pager', 'Pager'],
  ['modals', 'Modals'],
  ['select', 'Select modals'],
  ['date-time', 'Date and time'],
  ['confirm', 'Confirmations'],
  ['fields', 'Fields'],
  ['form-fields', 'Form fields'],
  ['controls', 'Controls'],
  ['scroll', 'Scroll strip'],
  ['busy', 'Busy overlay'],
  ['responsive', 'Responsive'],
];

function assetsWord(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'asset' : 'assets'}`;
}

/**
 * Every shared widget, live, with realistic data: how a newcomer learns the kit, and what the
 * end-to-end tests and the widget benchmark drive. Each section names its components and files.
 */
export function WidgetGalleryPage() {
  const dispatch = useAppDispatch();
  const [assets, setAssets] = useState(() => sampleAssets(GALLERY_ASSET_COUNT));
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [openAsset, setOpenAsset] = useState<SampleAsset | null>(null);

  const deleteSelected = async () => {
    const doomed = new Set(selectedIds);
    const count = doomed.size;
    const proceeded = await dispatch(
      confirm({
        type: 'massDelete',
        title: `Delete ${assetsWord(count)}?`,
        text: 'They leave the grid until you restore them. Type the number of assets to confirm.',
        count,
        proceedButtonText: 'Delete',
      }),
    );
    if (!proceeded) {
      dispatch(showNotification({ type: 'info', title: 'Nothing deleted', text: 'The mass delete was cancelled.' }));
      return;
    }
    setAssets((current) => current.filter((asset) => !doomed.has(asset.assetId)));
    setSelectedIds([]);
    dispatch(showNotification({ type: 'success', title: `Deleted ${assetsWord(count)}` }));
  };

  return (
    <article className="mw-gallery" aria-labelledby="gallery-title">
      <header className="mw-gallery__intro">
        <h1 id="gallery-title">Widget gallery</h1>
        <p className="mw-page__lead">
          The shared widgets every Manway screen is built from, each in its main states with realistic data. Paths are
          relative to <code>packages/web/src</code>.
        </p>
        <nav aria-label="Gallery sections" className="mw-gallery__contents">
          <ul>
            {CONTENTS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="mw-gallery__sections">
        <GridDemo
          assets={assets}
          generatedCount={GALLERY_ASSET_COUNT}
          selectedIds={selectedIds}
          onSelectedIdsChange={setSelectedIds}
          onOpenAsset={setOpenAsset}
          onDeleteSelected={() => void deleteSelected()}
          onRestore={() => setAssets(sampleAssets(GALLERY_ASSET_COUNT))}
        />
        <VirtualTableDemo onOpenAsset={setOpenAsset} />
        <PagerDemo />
        <ModalsDemo />
        <SelectDemo />
        <DateTimeDemo />
        <ConfirmDemo selectedCount={selectedIds.length} onMassDelete={() => void deleteSelected()} />
        <FieldsDemo />
        <FormFieldsDemo />
        <ControlsDemo />
        <ScrollDemo />
        <BusyDemo />
        <ResponsiveDemo />
      </div>
      {openAsset && <AssetDetailsModal asset={openAsset} onClose={() => setOpenAsset(null)} />}
    </article>
  );
}
