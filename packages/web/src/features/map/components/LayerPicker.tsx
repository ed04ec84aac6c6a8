import type { ReactNode } from 'react';
import type { MapResults } from '@manway/core/api/map';
import type { Basemap } from '@manway/core/api/settings';
import { tileIsThinned, tileShowsType } from '@manway/core/api/tiles';
import { Checkbox } from '../../../ui/controls/Checkbox';
import type { LayerSource } from '../scaleMode';
import { LAYER_LABELS, MAP_LAYERS, type MapLayerId } from '../styleTable';

export interface LayerPickerProps {
  basemaps: readonly Basemap[];
  basemapId: string;
  onBasemapChange(id: string): void;
  visibleLayers: ReadonlySet<MapLayerId>;
  onLayerToggle(layer: MapLayerId, visible: boolean): void;
  results: Partial<Record<MapLayerId, MapResults>>;
  sources: Partial<Record<MapLayerId, LayerSource>>;
  /** The zoom of the vector tiles drawn, once the map has a view. */
  tileZoom: number | null;
  loading: ReadonlySet<MapLayerId>;
  /** The layer a search shows instead of its own features, with the search's answer. */
  filtered?: { layer: MapLayerId; results: MapResults } | null;
}

const count = new Intl.NumberFormat('en');

/**
 * How many features of a layer the view holds (spec section 9's found, plus-found, first N shown),
 * and whether vector tiles draw them all: tiles up to TILE_THIN_MAX_ZOOM are thinned to their pixels
 * and leave laterals out.
 */
export function layerCountText(
  results: MapResults | undefined,
  source: LayerSource = 'features',
  layer?: MapLayerId,
  tileZoom: number | null = null,
): string {
  if (!results) return '';
  const found = `${count.format(results.total)}${results.plusFound ? '+' : ''} found`;
  if (source === 'tiles' && tileZoom !== null && tileIsThinned(tileZoom)) {
    return layer && !tileShowsType(layer.toLowerCase(), tileZoom)
      ? `${found}, zoom in to draw them`
      : `${found}, drawn from tiles, thinned to the pixels at this zoom`;
  }
  if (source === 'tiles') return `${found}, all drawn from tiles`;
  if (results.plusFound || results.total > results.features.length)
    return `first ${count.format(results.features.length)} of ${found.replace(' found', '')} shown`;
  return found;
}

/** A layer the search filters draws the search's answer: its count, not the view's. */
export function searchCountText(results: MapResults): string {
  const shown = results.features.length;
  if (results.plusFound || results.total > shown)
    return `search: first ${count.format(shown)} of ${count.format(results.total)}${results.plusFound ? '+' : ''} shown`;
  return `search: ${count.format(results.total)} shown`;
}

/** A checkbox per layer, with a note beside each (the map's counts). */
export function LayerChecklist({
  visibleLayers,
  onLayerToggle,
  renderNote,
}: Pick<LayerPickerProps, 'visibleLayers' | 'onLayerToggle'> & { renderNote?(layer: MapLayerId): ReactNode }) {
  return (
    <ul className="mw-layer-picker__list">
      {MAP_LAYERS.map((layer) => (
        <li key={layer} className="mw-layer-picker__layer">
          <Checkbox
            label={LAYER_LABELS[layer]}
            checked={visibleLayers.has(layer)}
            onChange={(checked) => onLayerToggle(layer, checked)}
          />
          {renderNote?.(layer)}
        </li>
      ))}
    </ul>
  );
}

/** One radio button per basemap. */
export function BasemapChoices({
  basemaps,
  basemapId,
  onBasemapChange,
}: Pick<LayerPickerProps, 'basemaps' | 'basemapId' | 'onBasemapChange'>) {
  return (
    <fieldset className="mw-layer-picker__basemaps">
      <legend className="mw-legend__group">Basemap</legend>
      {basemaps.map((b) => (
        <label key={b.id} className="mw-layer-picker__basemap">
          <input
            type="radio"
            name="basemap"
            value={b.id}
            checked={b.id === basemapId}
            onChange={() => onBasemapChange(b.id)}
          />
          <span>{b.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function LayerPicker(props: LayerPickerProps) {
  const {
    basemaps,
    basemapId,
    onBasemapChange,
    visibleLayers,
    onLayerToggle,
    results,
    sources,
    tileZoom,
    loading,
    filtered,
  } = props;
  return (
    <section className="mw-layer-picker" aria-labelledby="mw-layers-title">
      <h2 id="mw-layers-title" className="mw-map__panel-title">
        Layers
      </h2>
      <LayerChecklist
        visibleLayers={visibleLayers}
        onLayerToggle={onLayerToggle}
        renderNote={(layer) => (
          <span className="mw-layer-picker__count" data-testid={`layer-count-${layer}`} aria-live="polite">
            {filtered?.layer === layer
              ? searchCountText(filtered.results)
              : visibleLayers.has(layer)
                ? loading.has(layer)
                  ? 'loading…'
                  : layerCountText(results[layer], sources[layer], layer, tileZoom)
                : 'hidden'}
          </span>
        )}
      />
      <BasemapChoices basemaps={basemaps} basemapId={basemapId} onBasemapChange={onBasemapChange} />
    </section>
  );
}
