/** One basemap of the Map settings page: its row in the list and, opened, the fields of its kind. */
import { useId } from 'react';
import { BASEMAP_KIND_NAMES, isWmtsTemplate } from '@manway/core/api/installation-settings';
import type { Basemap } from '@manway/core/api/settings';
import { Button } from '../../../ui/controls/Button';
import { IntegerField } from '../../../ui/fields/IntegerField';
import { TextField } from '../../../ui/fields/TextField';
import { SelectField } from '../../../ui/form/SelectField';

const IMAGE_FORMATS = [
  { id: 'image/png', value: 'PNG' },
  { id: 'image/jpeg', value: 'JPEG' },
];

const URL_LABELS: Record<Basemap['kind'], string> = {
  none: '',
  xyz: 'Tile address',
  wmts: 'Service address or tile template',
  wms: 'Service address',
};

const URL_HINTS: Record<Basemap['kind'], string> = {
  none: '',
  xyz: 'With {z}, {x} and {y} where the tile numbers go, e.g. https://tile.example.org/{z}/{x}/{y}.png',
  wmts: 'A WMTS service (its tiles asked for with GetTile), or a tile template with {TileMatrix}, {TileCol} and {TileRow}.',
  wms: 'The WMS endpoint, e.g. https://maps.example.org/geoserver/wms. The map asks it for EPSG:3857 images.',
};

export interface BasemapEditorProps {
  basemap: Basemap;
  isDefault: boolean;
  open: boolean;
  /** Messages by field ('url', 'layer'…). */
  errors: Record<string, string>;
  showErrors: boolean;
  onChange: (change: Partial<Basemap>) => void;
  onMakeDefault: () => void;
  onToggle: () => void;
  onRemove: () => void;
}

export function BasemapEditor({
  basemap,
  isDefault,
  open,
  errors,
  showErrors,
  onChange,
  onMakeDefault,
  onToggle,
  onRemove,
}: BasemapEditorProps) {
  const nameId = useId();
  const name = basemap.name.trim() || 'New basemap';
  const offline = basemap.kind === 'none';
  const problems = Object.keys(errors).length;
  const text = (value: string) => (value.trim() === '' ? undefined : value);
  return (
    <li className={`mw-basemap${open ? ' mw-basemap--open' : ''}`} aria-labelledby={nameId}>
      <div className="mw-basemap__row">
        <input
          type="radio"
          name="default-basemap"
          className="mw-basemap__default"
          checked={isDefault}
          onChange={onMakeDefault}
          aria-label={`Default basemap: ${name}`}
        />
        <div className="mw-basemap__summary">
          <span id={nameId} className="mw-basemap__name">
            {name}
          </span>
          {!offline && <span className="mw-basemap__kind">{BASEMAP_KIND_NAMES[basemap.kind]}</span>}
          {isDefault && <span className="mw-basemap__badge">Default</span>}
          {problems > 0 && !open && (
            <span className="mw-basemap__badge mw-basemap__badge--error">
              {problems === 1 ? '1 problem' : `${problems} problems`}
            </span>
          )}
          <span className="mw-basemap__detail">
            {offline ? 'Nothing under the network: works with no internet.' : basemap.url || 'No address yet'}
          </span>
        </div>
        {!offline && (
          <div className="mw-basemap__actions">
            <Button onClick={onToggle} aria-expanded={open} aria-label={`${open ? 'Close' : 'Edit'} ${name}`}>
              {open ? 'Close' : 'Edit'}
            </Button>
            <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          </div>
        )}
      </div>

      {open && !offline && (
        <div className="mw-basemap__fields">
          <TextField
            label="Name"
            value={basemap.name}
            onChange={(value) => onChange({ name: value })}
            rules={{ required: true, maxLength: 100 }}
            error={errors.name ?? errors.id}
            showError={showErrors}
          />
          <TextField
            label={URL_LABELS[basemap.kind]}
            value={basemap.url ?? ''}
            onChange={(value) => onChange({ url: text(value) })}
            rules={{ required: true, maxLength: 2000 }}
            hint={URL_HINTS[basemap.kind]}
            error={errors.url}
            showError={showErrors}
            className="mw-basemap__wide"
          />
          {(basemap.kind === 'wms' || basemap.kind === 'wmts') && (
            <TextField
              label={basemap.kind === 'wms' ? 'Layers' : 'Layer'}
              value={basemap.layer ?? ''}
              onChange={(value) => onChange({ layer: text(value) })}
              rules={{ required: basemap.kind === 'wms' || !isWmtsTemplate(basemap.url), maxLength: 500 }}
              hint={basemap.kind === 'wms' ? 'The WMS LAYERS to draw, comma-separated.' : undefined}
              error={errors.layer}
              showError={showErrors}
            />
          )}
          {basemap.kind === 'wmts' && (
            <TextField
              label="Tile matrix set"
              value={basemap.tileMatrixSet ?? ''}
              onChange={(value) => onChange({ tileMatrixSet: text(value) })}
              rules={{ required: !isWmtsTemplate(basemap.url), maxLength: 200 }}
              hint="One on the GoogleMapsCompatible grid (EPSG:3857)."
              error={errors.tileMatrixSet}
              showError={showErrors}
            />
          )}
          {(basemap.kind === 'wms' || basemap.kind === 'wmts') && (
            <SelectField
              label="Image format"
              options={IMAGE_FORMATS}
              value={basemap.format ?? null}
              onChange={(id) => onChange({ format: id ?? undefined })}
              hint="Empty: PNG."
              error={errors.format}
              showError={showErrors}
            />
          )}
          <TextField
            label="Attribution"
            value={basemap.attribution ?? ''}
            onChange={(value) => onChange({ attribution: text(value) })}
            rules={{ maxLength: 500 }}
            hint="Shown on the map, as the source's terms ask, e.g. © OpenStreetMap contributors."
            error={errors.attribution}
            showError={showErrors}
            className="mw-basemap__wide"
          />
          {basemap.kind !== 'wms' && (
            <IntegerField
              label="Deepest zoom level"
              value={basemap.maxZoom ?? null}
              onChange={(value) => onChange({ maxZoom: value ?? undefined })}
              rules={{ min: 0, max: 24 }}
              hint="The deepest level the source has tiles for; the map enlarges them beyond it. Empty: no limit."
              error={errors.maxZoom}
              showError={showErrors}
            />
          )}
        </div>
      )}
    </li>
  );
}
