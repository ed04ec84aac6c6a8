import { ScrollStrip } from '../../../ui/scroll/ScrollStrip';
import { sampleAssets } from '../sampleAssets';
import { ConditionBadge } from './AssetCells';
import { GallerySection } from './GallerySection';

const RECENT = sampleAssets(24);

export function ScrollDemo() {
  return (
    <GallerySection
      id="scroll"
      title="Scroll strip"
      files={[
        ['ScrollStrip', 'ui/scroll/ScrollStrip.tsx'],
        ['scrollEdges', 'ui/scroll/scrollEdges.ts'],
      ]}
      description="One row that scrolls sideways. Arrows appear once it overflows, move it by one viewport and grey out at either end (1 px tolerance in Chrome). Keyboard users Tab through the items, which scrolls them into view."
    >
      <ScrollStrip label="Recently inspected assets" className="mw-gallery-strip">
        {RECENT.map((asset) => (
          <button key={asset.assetId} type="button" className="mw-gallery-strip__item">
            <strong>{asset.assetId}</strong>
            <ConditionBadge grade={asset.condition} />
          </button>
        ))}
      </ScrollStrip>
    </GallerySection>
  );
}
