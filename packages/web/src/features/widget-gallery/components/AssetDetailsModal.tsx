import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { BoundedModal } from '../../../ui/modal/Modal';
import type { SampleAsset } from '../sampleAssets';
import { ConditionBadge, formatDiameter } from './AssetCells';

/** What a row's details button or a row click opens: the asset's facts in a bounded modal. */
export function AssetDetailsModal({ asset, onClose }: { asset: SampleAsset; onClose: () => void }) {
  return (
    <BoundedModal
      title={asset.assetId}
      maxWidth="28rem"
      onDismiss={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="mw-gallery-facts">
        <dt>Type</dt>
        <dd>
          {asset.type}, {asset.subtype.toLowerCase()}
        </dd>
        <dt>Material</dt>
        <dd>{asset.material}</dd>
        <dt>Diameter</dt>
        <dd>{formatDiameter(asset.diameterMm)}</dd>
        <dt>Built</dt>
        <dd>{asset.yearBuilt}</dd>
        <dt>District</dt>
        <dd>{asset.district}</dd>
        <dt>Condition</dt>
        <dd>
          <ConditionBadge grade={asset.condition} />
        </dd>
        <dt>Last inspected</dt>
        <dd>
          <DateTimeText value={asset.lastInspectedAt} />
        </dd>
      </dl>
    </BoundedModal>
  );
}
