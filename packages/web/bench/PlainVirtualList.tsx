import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { CONDITION_LABELS, type SampleAsset } from '../src/features/widget-gallery/sampleAssets';

const ROW_HEIGHT = 60;

/**
 * The baseline: the same rows through TanStack Virtual with nothing of ours around it — no
 * details loading, no selection, no table semantics, plain text cells.
 */
export function PlainVirtualList({ rows }: { rows: readonly SampleAsset[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 1,
  });
  return (
    <div ref={scroller} className="bench-scroller" data-bench-scroller>
      <div style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              className="bench-plain-row"
              data-bench-row
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <span>{row.assetId}</span>
              <span>{row.type}</span>
              <span>{row.material}</span>
              <span>{row.diameterMm} mm</span>
              <span>{row.district}</span>
              <span>{CONDITION_LABELS[row.condition]}</span>
              <span>{new Date(row.lastInspectedAt).toLocaleString()}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
