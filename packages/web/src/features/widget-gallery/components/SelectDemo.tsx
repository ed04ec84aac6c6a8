import { useState } from 'react';
import { toSelectOptions } from '@manway/core/rules/select-options';
import { Button } from '../../../ui/controls/Button';
import { SelectModal } from '../../../ui/select-modal/SelectModal';
import { DISTRICTS, MATERIALS } from '../sampleAssets';
import { GalleryExample, GallerySection } from './GallerySection';

const byName = (names: readonly string[]) => toSelectOptions(Object.fromEntries(names.map((name) => [name, name])));

const MATERIAL_OPTIONS = byName(MATERIALS);
/** No longer laid; still found in old networks, so offered only after 'show all'. */
const LEGACY_MATERIALS = ['Asbestos cement', 'Pitch fibre'];
const DISTRICT_OPTIONS = byName(DISTRICTS);
/** Merged into neighbours in the last reorganisation. */
const FORMER_DISTRICTS = ['Ashby', 'Fenwick'];

type Open = 'material' | 'districts' | 'crew' | null;

function Chosen({ children }: { children: string }) {
  return (
    <p className="mw-gallery-note">
      Chosen: <output className="mw-gallery-value">{children}</output>
    </p>
  );
}

export function SelectDemo() {
  const [open, setOpen] = useState<Open>(null);
  const [material, setMaterial] = useState<string | null>('Concrete');
  const [districts, setDistricts] = useState<string[]>(['Harbour', 'Old Town']);
  const [crew, setCrew] = useState<string | null>(null);
  const close = () => setOpen(null);

  return (
    <GallerySection
      id="select"
      title="Select modals"
      files={[
        ['SelectModal', 'ui/select-modal/SelectModal.tsx'],
        ['toSelectOptions', '@manway/core/rules/select-options.ts'],
      ]}
      description="Chosen items sit in a strip above the list; a search box appears above 8 options when enabled; hidden options appear after 'show all'. A single pick closes at once; several picks apply when the modal closes, and only if they changed."
    >
      <GalleryExample title="Single select, searchable">
        <Button onClick={() => setOpen('material')}>Choose material</Button>
        <Chosen>{material ?? 'none'}</Chosen>
      </GalleryExample>
      <GalleryExample title="Multi select, searchable">
        <Button onClick={() => setOpen('districts')}>Choose districts</Button>
        <Chosen>{districts.length === 0 ? 'none' : districts.join(', ')}</Chosen>
      </GalleryExample>
      <GalleryExample title="No options">
        <Button onClick={() => setOpen('crew')}>Choose crew</Button>
        <Chosen>{crew ?? 'none'}</Chosen>
      </GalleryExample>
      {open === 'material' && (
        <SelectModal
          title="Material"
          options={MATERIAL_OPTIONS}
          hiddenOptionIds={LEGACY_MATERIALS}
          searchable
          value={material}
          onChange={setMaterial}
          onClose={close}
        />
      )}
      {open === 'districts' && (
        <SelectModal
          multiple
          title="Districts"
          options={DISTRICT_OPTIONS}
          hiddenOptionIds={FORMER_DISTRICTS}
          searchable
          value={districts}
          onChange={setDistricts}
          onClose={close}
        />
      )}
      {open === 'crew' && <SelectModal title="Crew" options={[]} value={crew} onChange={setCrew} onClose={close} />}
    </GallerySection>
  );
}
