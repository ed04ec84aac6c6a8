import { useState } from 'react';
import { Checkbox } from '../../../ui/controls/Checkbox';
import { DecimalField } from '../../../ui/fields/DecimalField';
import { IntegerField } from '../../../ui/fields/IntegerField';
import { TextField } from '../../../ui/fields/TextField';
import { SearchBox } from '../../../ui/search-box/SearchBox';
import { sampleAssets } from '../sampleAssets';
import { GalleryExample, GallerySection } from './GallerySection';

const ASSET_ID_RULE = { expression: '(MH|SE)-\\d{6}', message: 'Use the form MH-000123 or SE-000123' };
const SEARCHABLE_ASSETS = sampleAssets(200);
const MAX_RESULTS_SHOWN = 6;

function shown(value: string | number | null): string {
  return value === null ? 'null' : JSON.stringify(value);
}

export function FieldsDemo() {
  const [name, setName] = useState<string | null>('Harbour Road outfall');
  const [assetId, setAssetId] = useState<string | null>('');
  const [yearBuilt, setYearBuilt] = useState<number | null>(1932);
  const [depth, setDepth] = useState<number | null>(2.45);
  const [showErrors, setShowErrors] = useState(false);
  const [term, setTerm] = useState('');

  const needle = term.toLocaleLowerCase();
  const found = needle
    ? SEARCHABLE_ASSETS.filter((asset) =>
        [asset.assetId, asset.district, asset.material].some((text) => text.toLocaleLowerCase().includes(needle)),
      )
    : [];

  return (
    <GallerySection
      id="fields"
      title="Fields and search box"
      files={[
        ['TextField', 'ui/fields/TextField.tsx'],
        ['IntegerField', 'ui/fields/IntegerField.tsx'],
        ['DecimalField', 'ui/fields/DecimalField.tsx'],
        ['validateField', '@manway/core/rules/field-validation.ts'],
        ['SearchBox', 'ui/search-box/SearchBox.tsx'],
      ]}
      description="Fields refuse what cannot be typed (past the maximum length, above the maximum, more decimals than the precision) and show an error once left, never while you type, unless errors are asked for. Numbers are reported as numbers. The search box reports trimmed terms 250 ms after typing stops; Enter searches at once, Escape clears."
    >
      <div className="mw-gallery-fields">
        <TextField
          label="Asset name"
          value={name}
          onChange={setName}
          rules={{ required: true, maxLength: 30 }}
          showError={showErrors}
        />
        <TextField
          label="Asset ID"
          placeholder="MH-000123"
          value={assetId}
          onChange={setAssetId}
          rules={{ required: true, regex: ASSET_ID_RULE }}
          showError={showErrors}
        />
        <IntegerField
          label="Year built"
          value={yearBuilt}
          onChange={setYearBuilt}
          rules={{ required: true, min: 1800, max: 2049 }}
          showError={showErrors}
        />
        <DecimalField
          label="Depth to invert (m)"
          value={depth}
          onChange={setDepth}
          rules={{ min: 0.3, max: 30, precision: 2 }}
          showError={showErrors}
        />
      </div>
      <Checkbox label="Show errors before the fields are touched" checked={showErrors} onChange={setShowErrors} />
      <p className="mw-gallery-note">
        Values reported: <code>{shown(name)}</code>, <code>{shown(assetId)}</code>, <code>{shown(yearBuilt)}</code>,{' '}
        <code>{shown(depth)}</code>
      </p>
      <GalleryExample title="Search box">
        <SearchBox
          className="mw-gallery-search"
          label="Search assets"
          showLabel
          placeholder="Asset ID, district or material"
          onSearch={setTerm}
        />
        <p className="mw-gallery-note" aria-live="polite">
          {term === ''
            ? `Searches the first ${SEARCHABLE_ASSETS.length} assets.`
            : `${found.length} found for “${term}”${found.length > MAX_RESULTS_SHOWN ? `, first ${MAX_RESULTS_SHOWN} shown` : ''}.`}
        </p>
        {found.length > 0 && (
          <ul className="mw-gallery-results">
            {found.slice(0, MAX_RESULTS_SHOWN).map((asset) => (
              <li key={asset.assetId}>
                <strong>{asset.assetId}</strong> {asset.material}, {asset.district}
              </li>
            ))}
          </ul>
        )}
      </GalleryExample>
    </GallerySection>
  );
}
