/**
 * The asset selector: the asset an inspection outside any planned task is for, picked by its
 * readable id (a lookup over the asset type chosen). On the map, the same is done from an asset's
 * details; this is for the crew who reads the id off the manhole cover.
 */
import { useId, useState } from 'react';
import type { LookupValue } from '@manway/core/forms/template';
import { Button } from '../../../ui/controls/Button';
import { LookupField } from '../../../ui/form/LookupField';
import { SelectField } from '../../../ui/form/SelectField';
import { Modal } from '../../../ui/modal/Modal';
import { useLookupSearch } from '../useLookupSearch';

export interface PickedAsset {
  type: string;
  id: number;
  readableId: string;
}

const ASSET_TYPES = [
  { id: 'Node', value: 'Node (manhole, gully, …)' },
  { id: 'Section', value: 'Section (pipe)' },
  { id: 'Lateral', value: 'Lateral' },
] as const;

export function AssetSelector({
  title,
  proceedText,
  busy = false,
  onPick,
  onCancel,
}: {
  title: string;
  proceedText: string;
  busy?: boolean;
  onPick(asset: PickedAsset): void;
  onCancel(): void;
}) {
  const titleId = useId();
  const search = useLookupSearch();
  const [type, setType] = useState<string>('Node');
  const [asset, setAsset] = useState<LookupValue | null>(null);

  return (
    <Modal labelledBy={titleId} onDismiss={onCancel} className="mw-asset-selector">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (asset && !busy) onPick({ type, id: asset.id, readableId: asset.readableId });
        }}
      >
        <h2 id={titleId} className="mw-dialog__title">
          {title}
        </h2>
        <SelectField
          label="Asset type"
          required
          options={ASSET_TYPES}
          value={type}
          onChange={(next) => {
            setType(next ?? 'Node');
            setAsset(null);
          }}
        />
        <LookupField
          label="Asset id"
          required
          objectType={type}
          search={search}
          value={asset}
          onChange={setAsset}
          hint="Type the id as it reads on the asset; pick it from the list."
        />
        <div className="mw-dialog__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!asset || busy}>
            {proceedText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
