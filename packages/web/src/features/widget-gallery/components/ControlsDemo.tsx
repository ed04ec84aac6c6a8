import { useState } from 'react';
import { Button } from '../../../ui/controls/Button';
import { Checkbox } from '../../../ui/controls/Checkbox';
import { ColorPicker } from '../../../ui/controls/ColorPicker';
import { DropdownMenu, type DropdownMenuItem } from '../../../ui/controls/DropdownMenu';
import { IconButton } from '../../../ui/controls/IconButton';
import { ChevronDownIcon, CloseIcon, InfoIcon } from '../../../ui/controls/icons';
import { GalleryExample, GallerySection } from './GallerySection';

const LAYERS = ['Manholes', 'Sewer pipes', 'Laterals'] as const;

export function ControlsDemo() {
  const [layers, setLayers] = useState<string[]>(['Manholes']);
  const [pipeColour, setPipeColour] = useState('#c2410c');
  const [clicks, setClicks] = useState(0);
  const [menuHeldOpen, setMenuHeldOpen] = useState(false);
  const [menuLog, setMenuLog] = useState<string[]>([]);
  const log = (entry: string) => setMenuLog((entries) => [entry, ...entries].slice(0, 4));

  const allLayers = layers.length === LAYERS.length;
  const menuItems: DropdownMenuItem[] = [
    { id: 'export', label: 'Export to CSV', onSelect: () => log('chose Export to CSV') },
    { id: 'print', label: 'Print list', onSelect: () => log('chose Print list') },
    { id: 'share', label: 'Share link (no rights)', onSelect: () => undefined, disabled: true },
  ];

  return (
    <GallerySection
      id="controls"
      title="Controls"
      files={[
        ['Checkbox', 'ui/controls/Checkbox.tsx'],
        ['ColorPicker', 'ui/controls/ColorPicker.tsx'],
        ['Button', 'ui/controls/Button.tsx'],
        ['IconButton', 'ui/controls/IconButton.tsx'],
        ['DropdownMenu', 'ui/controls/DropdownMenu.tsx'],
      ]}
      description="Native inputs in the theme's colours. A checkbox is controlled when given a boolean and keeps its own state otherwise. The colour picker reports a colour once it is committed. Buttons show a pressed state while held. The dropdown menu works with the arrow keys and Escape, and can be held open by its owner."
    >
      <GalleryExample title="Checkboxes">
        <div className="mw-gallery-stack">
          <Checkbox
            label="All layers"
            checked={allLayers}
            indeterminate={!allLayers && layers.length > 0}
            onChange={(checked) => setLayers(checked ? [...LAYERS] : [])}
          />
          <div className="mw-gallery-indent">
            {LAYERS.map((layer) => (
              <Checkbox
                key={layer}
                label={layer}
                checked={layers.includes(layer)}
                onChange={(checked) =>
                  setLayers((current) => (checked ? [...current, layer] : current.filter((l) => l !== layer)))
                }
              />
            ))}
          </div>
          <Checkbox label="Keeps its own state" defaultChecked />
          <Checkbox label="Disabled" checked disabled />
        </div>
      </GalleryExample>
      <GalleryExample title="Colour picker">
        <ColorPicker label="Pipe colour on the map" value={pipeColour} onChange={setPipeColour} />
        <p className="mw-gallery-note">
          Reported: <code>{pipeColour}</code>
        </p>
      </GalleryExample>
      <GalleryExample title="Buttons">
        <div className="mw-gallery-row">
          <Button variant="primary" onClick={() => setClicks((n) => n + 1)}>
            Primary
          </Button>
          <Button onClick={() => setClicks((n) => n + 1)}>Secondary</Button>
          <Button variant="danger" onClick={() => setClicks((n) => n + 1)}>
            Danger
          </Button>
          <Button variant="ghost" onClick={() => setClicks((n) => n + 1)}>
            Ghost
          </Button>
          <Button variant="primary" disabled onClick={() => setClicks((n) => n + 1)}>
            Disabled
          </Button>
        </div>
        <p className="mw-gallery-note">Clicked {clicks} times (the disabled one never counts).</p>
      </GalleryExample>
      <GalleryExample title="Icon buttons: small (default), medium, large">
        <div className="mw-gallery-row">
          <IconButton label="Asset information" icon={<InfoIcon />} onClick={() => setClicks((n) => n + 1)} />
          <IconButton label="Expand" icon={<ChevronDownIcon />} size="medium" onClick={() => setClicks((n) => n + 1)} />
          <IconButton
            label="Close panel"
            icon={<CloseIcon />}
            size="large"
            variant="secondary"
            onClick={() => setClicks((n) => n + 1)}
          />
          <IconButton label="Unavailable" icon={<CloseIcon />} disabled />
        </div>
      </GalleryExample>
      <GalleryExample title="Dropdown menu">
        <div className="mw-gallery-row">
          <DropdownMenu
            trigger={
              <>
                List actions <ChevronDownIcon />
              </>
            }
            items={menuItems}
            visible={menuHeldOpen}
            onToggle={(open) => log(open ? 'opened' : 'closed')}
          />
          <Checkbox label="Hold the menu open" checked={menuHeldOpen} onChange={setMenuHeldOpen} />
        </div>
        <p className="mw-gallery-note" aria-live="polite">
          {menuLog.length === 0 ? 'Nothing reported yet.' : `Reported: ${menuLog.join(' · ')}`}
        </p>
      </GalleryExample>
    </GallerySection>
  );
}
