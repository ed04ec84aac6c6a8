/**
 * The OpenLayers map of the network, behind a small imperative surface the React page drives:
 * basemap, layer visibility, each layer's features, selection (click or box), the full extent, and
 * the marks other features ask for (the user's position, a location being edited, a picked point).
 */
import type { Basemap } from '@manway/core/api/settings';
import { wmtsTileTemplate } from '@manway/core/api/installation-settings';
import type { MapResults } from '@manway/core/api/map';
import OlMap from 'ol/Map';
import View from 'ol/View';
import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import { defaults as defaultControls } from 'ol/control/defaults';
import { platformModifierKeyOnly, primaryAction, shiftKeyOnly } from 'ol/events/condition';
import ScaleLine from 'ol/control/ScaleLine';
import { boundingExtent, type Extent } from 'ol/extent';
import GeoJSON from 'ol/format/GeoJSON';
import type Geometry from 'ol/geom/Geometry';
import Point from 'ol/geom/Point';
import { circular } from 'ol/geom/Polygon';
import DragBox from 'ol/interaction/DragBox';
import DragPan from 'ol/interaction/DragPan';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import MVT from 'ol/format/MVT';
import type Layer from 'ol/layer/Layer';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorTileLayer from 'ol/layer/VectorTile';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import type TileSource from 'ol/source/Tile';
import TileWMS from 'ol/source/TileWMS';
import VectorSource from 'ol/source/Vector';
import VectorTileSource from 'ol/source/VectorTile';
import XYZ from 'ol/source/XYZ';
import { TILE_MAX_ZOOM } from '@manway/core/api/tiles';
import {
  largePointTileLayer,
  tileFeaturesInExtent,
  tileHoldsAny,
  tilePointNear,
  tilePointsWithIds,
  tileZoomFor,
} from './largePoints';
import { mvtPointLoader, pointOf } from './tileFeatures';
import type { LayerSource } from './scaleMode';
import OlFeature from 'ol/Feature';
import {
  assetStyle,
  clusterStyle,
  editedLocationStyle,
  userPositionStyles,
  workMarkStyle,
  type Highlight,
} from './olStyles';
import { selectionKey, type SelectedFeature, type SelectionKey } from './selection';
import { CLUSTER_MIN_RESOLUTION, MAP_LAYERS, type MapLayerId } from './styleTable';
import type { Wgs84Extent } from '@manway/core/domain/extent';

export type LonLat = [longitude: number, latitude: number];

/**
 * A click on a feature of a layer drawn from vector tiles. A tile carries only what a feature is
 * drawn by, so the page loads the summary by its id.
 */
export interface TilePick {
  layer: MapLayerId;
  id: number;
}

/** How far from a point's centre, in pixels, a click on point tiles still picks it: the largest symbol and some. */
const POINT_PICK_PIXELS = 10;

export interface NetworkMapEvents {
  /** tileZoom: the zoom of the vector tiles the view draws, whose thinning the layer counts tell. */
  onViewChange(extent: Wgs84Extent, tileZoom: number): void;
  onSelect(feature: SelectedFeature | null): void;
  onTilePick(pick: TilePick): void;
  onPointer(lonLat: LonLat | null): void;
  /** The features of the visible layers that a box the user drew touches, and the box itself. */
  onBoxSelect(features: SelectedFeature[], extent: Wgs84Extent): void;
}

/** A place where the crew has work (a task's asset), numbered as their list numbers it. */
export interface WorkMark {
  lonLat: LonLat;
  label: string;
  /** The disc's fill: the stage the work is at. */
  colour: string;
}

export interface UserPositionMark {
  lonLat: LonLat;
  /** Horizontal accuracy in metres: the radius of the circle drawn around the position. */
  accuracyMetres: number | null;
}

/** The attributes the page shows, without the geometry OpenLayers keeps among a feature's properties. */
function propertiesOf(feature: FeatureLike): SelectedFeature['properties'] {
  const get = (name: string) => feature.get(name) as unknown;
  return {
    assetId: String(get('assetId')),
    subtype: String(get('subtype')),
    conditionGrade: (get('conditionGrade') as number | null | undefined) ?? null,
    material: (get('material') as string | null | undefined) ?? null,
    sizeMm: (get('sizeMm') as number | null | undefined) ?? null,
  };
}

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/** Laterals under sections under nodes: the smaller the feature, the higher it is drawn and clicked. */
const Z_INDEX: Record<MapLayerId, number> = { Lateral: 1, Section: 2, Node: 3 };

function basemapLayer(basemap: Basemap): TileLayer | null {
  const attributions = basemap.attribution ? [basemap.attribution] : undefined;
  const credit = { attributions, crossOrigin: 'anonymous' } as const;
  // Past its deepest tiles the source's are enlarged rather than left blank.
  const tiles = { ...credit, maxZoom: basemap.maxZoom };
  switch (basemap.kind) {
    case 'none':
      return null;
    case 'xyz':
      return new TileLayer({ source: new XYZ({ ...tiles, url: basemap.url }) });
    case 'wmts':
      // WMTS on the GoogleMapsCompatible matrix set is an XYZ grid under other names.
      return new TileLayer({ source: new XYZ({ ...tiles, url: wmtsTileTemplate(basemap) }) });
    case 'wms':
      return new TileLayer({
        source: new TileWMS({
          url: basemap.url,
          params: { LAYERS: basemap.layer ?? '', FORMAT: basemap.format ?? 'image/png', TILED: true },
          ...credit,
        }),
      });
  }
}

export class NetworkMap {
  readonly #map: OlMap;
  readonly #sources = new Map<MapLayerId, VectorSource<Feature<Geometry>>>();
  readonly #layers = new Map<MapLayerId, VectorLayer[]>();
  /** Search results drawn over the layers: highlighted, or the only features of their layer (filter). */
  readonly #searchSources = new Map<MapLayerId, VectorSource<Feature<Geometry>>>();
  readonly #searchLayers = new Map<MapLayerId, VectorLayer>();
  #filtered: MapLayerId | null = null;
  /** Each layer drawn from vector tiles, shown instead of #layers while its source is 'tiles'. */
  readonly #tileLayers = new Map<MapLayerId, Layer>();
  /**
   * The selected features of point tiles drawn on GPU or into images, drawn live above them: those
   * layers draw every point alike.
   */
  readonly #tileSelections = new Map<MapLayerId, VectorLayer<VectorSource<Feature<Geometry>>>>();
  readonly #modes = new Map<MapLayerId, LayerSource>(MAP_LAYERS.map((l) => [l, 'features']));
  readonly #visible = new Set<MapLayerId>(MAP_LAYERS);
  #basemap: TileLayer | null = null;
  #active: SelectionKey | null = null;
  #members: ReadonlySet<SelectionKey> = new Set();
  #boxMode = false;
  readonly #dragPan: DragPan | undefined;
  readonly #marks = new VectorSource<Feature<Geometry>>();
  readonly #workMarks = new VectorSource<Feature<Geometry>>();
  readonly #userPosition = new OlFeature<Geometry>();
  readonly #userAccuracy = new OlFeature<Geometry>();
  readonly #editedLocation = new OlFeature<Geometry>();
  #pick: ((lonLat: LonLat | null) => void) | null = null;
  readonly #target: HTMLElement;

  constructor(
    target: HTMLElement,
    initialExtent: Wgs84Extent,
    events: NetworkMapEvents,
    /** The tile URL template of a layer ({z}/{x}/{y}). */
    tileUrlOf: (layer: MapLayerId) => string,
  ) {
    this.#target = target;
    // Shift-drag selects here, as in most GIS desktops, instead of OpenLayers' default zoom box.
    const interactions = defaultInteractions({ shiftDragZoom: false });
    this.#dragPan = interactions.getArray().find((i): i is DragPan => i instanceof DragPan);
    this.#map = new OlMap({
      target,
      interactions,
      controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true } }).extend([new ScaleLine()]),
      view: new View({ center: [0, 0], zoom: 2, maxZoom: 22, constrainResolution: false }),
    });
    for (const layer of MAP_LAYERS) {
      const source = new VectorSource<Feature<Geometry>>();
      this.#sources.set(layer, source);
      const style = assetStyle(layer, (f) => this.#highlightOf(layer, f));
      const plain = new VectorLayer({
        source,
        style,
        zIndex: Z_INDEX[layer],
        properties: { assetLayer: layer },
        // Nodes above the cluster threshold are drawn by the cluster layer instead.
        maxResolution: layer === 'Node' ? CLUSTER_MIN_RESOLUTION : undefined,
      });
      const layers = [plain];
      if (layer === 'Node') {
        layers.push(
          new VectorLayer({
            source: new Cluster({ source, distance: 36, minDistance: 12 }),
            style: clusterStyle(style),
            zIndex: Z_INDEX[layer],
            minResolution: CLUSTER_MIN_RESOLUTION,
            properties: { assetLayer: layer, cluster: true },
          }),
        );
      }
      this.#layers.set(layer, layers);
      for (const l of layers) this.#map.addLayer(l);
      // Every result stays marked, including those the active one is not.
      const searchSource = new VectorSource<Feature<Geometry>>();
      const searchLayer = new VectorLayer({
        source: searchSource,
        style: assetStyle(layer, (f) => (this.#highlightOf(layer, f) === 'active' ? 'active' : 'member')),
        zIndex: 10 + Z_INDEX[layer],
        properties: { assetLayer: layer, search: true },
      });
      this.#searchSources.set(layer, searchSource);
      this.#searchLayers.set(layer, searchLayer);
      this.#map.addLayer(searchLayer);

      const tileOptions = { zIndex: Z_INDEX[layer], properties: { assetLayer: layer, tiles: true } };
      const tiles =
        layer === 'Node'
          ? largePointTileLayer(mvtPointLoader(tileUrlOf(layer)), {
              ...tileOptions,
              layer,
              canvasStyle: assetStyle(layer, () => 'none'),
            })
          : new VectorTileLayer({
              ...tileOptions,
              source: new VectorTileSource({ format: new MVT(), url: tileUrlOf(layer), maxZoom: TILE_MAX_ZOOM }),
              style,
            });
      tiles.setVisible(false);
      this.#tileLayers.set(layer, tiles);
      this.#map.addLayer(tiles);
      if (tiles.get('pointsRemembered')) {
        const selected = new VectorLayer({ source: new VectorSource(), style, zIndex: Z_INDEX[layer] + 0.5 });
        selected.setVisible(false);
        this.#tileSelections.set(layer, selected);
        this.#map.addLayer(selected);
        // A tile loaded after the selection was made may hold some of it.
        (tiles.getSource() as TileSource).on('tileloadend', (e) => {
          const ids = this.#selectedIds(layer);
          if (ids.size && tileHoldsAny(tiles, e.tile.getTileCoord(), ids)) this.#drawTileSelection(layer);
        });
      }
    }
    const [positionStyle, accuracyStyle] = userPositionStyles();
    this.#userPosition.setStyle(positionStyle);
    this.#userAccuracy.setStyle(accuracyStyle);
    this.#editedLocation.setStyle(editedLocationStyle());
    this.#map.addLayer(new VectorLayer({ source: this.#workMarks, zIndex: 29 }));
    this.#map.addLayer(new VectorLayer({ source: this.#marks, zIndex: 30 }));

    const box = new DragBox({
      className: 'mw-map__dragbox',
      condition: (e) => primaryAction(e) && (this.#boxMode || shiftKeyOnly(e) || platformModifierKeyOnly(e)),
    });
    box.on('boxend', () => {
      const drawn = box.getGeometry().getExtent();
      events.onBoxSelect(this.#featuresIn(drawn), transformExtent(drawn, 'EPSG:3857', 'EPSG:4326') as Wgs84Extent);
    });
    this.#map.addInteraction(box);
    this.fitExtent(initialExtent, false);

    this.#map.on('moveend', () => events.onViewChange(this.viewExtent(), this.#tileZoom()));
    this.#map.on('pointermove', (e) => {
      if (e.dragging) return;
      const [lon, lat] = toLonLat(e.coordinate);
      events.onPointer([lon!, lat!]);
      if (this.#pick || this.#boxMode) return;
      const hit =
        this.#map.hasFeatureAtPixel(e.pixel, {
          hitTolerance: 4,
          layerFilter: (l) => l.get('assetLayer') !== undefined && !l.get('pointsRemembered'),
        }) || this.#tilePointAt(e.coordinate) !== null;
      target.style.cursor = hit ? 'pointer' : '';
    });
    target.addEventListener('pointerleave', () => events.onPointer(null));
    this.#map.on('singleclick', (e) => {
      if (this.#pick) {
        const [lon, lat] = toLonLat(e.coordinate);
        this.#finishPick([lon!, lat!]);
        return;
      }
      // Point tiles are drawn above the other network layers: a point there wins over what lies under it.
      const point = this.#tilePointAt(e.coordinate);
      const above = (l: Layer) => !point || (l.getZIndex() ?? 0) > Z_INDEX[point.layer];
      const hit = this.#map.forEachFeatureAtPixel(
        e.pixel,
        (feature, layer): { cluster: Extent } | { feature: SelectedFeature } | { tile: TilePick } => {
          const assetLayer = layer.get('assetLayer') as MapLayerId;
          if (layer.get('tiles')) return { tile: { layer: assetLayer, id: Number(feature.getId()) } };
          let target: FeatureLike = feature;
          if (layer.get('cluster')) {
            const members = feature.get('features') as FeatureLike[];
            if (members.length > 1) {
              return { cluster: boundingExtent(members.map((m) => (m.getGeometry() as Point).getCoordinates())) };
            }
            target = members[0]!;
          }
          return {
            feature: {
              layer: assetLayer,
              id: Number(target.getId()),
              properties: propertiesOf(target),
            },
          };
        },
        {
          hitTolerance: 4,
          layerFilter: (l) => l.get('assetLayer') !== undefined && !l.get('pointsRemembered') && above(l),
        },
      );
      // A group of nodes opens up instead of choosing one of them.
      if (hit && 'cluster' in hit) {
        this.#map.getView().fit(hit.cluster, { padding: [80, 80, 80, 80], duration: 300, maxZoom: 19 });
        return;
      }
      const tileHit = hit && 'tile' in hit ? hit.tile : hit ? null : point;
      if (tileHit) events.onTilePick(tileHit);
      else events.onSelect(hit && 'feature' in hit ? hit.feature : null);
    });
  }

  /** The zoom of the tiles a tile layer loads for the current view (OpenLayers' own choice of level). */
  #tileZoom(): number {
    return tileZoomFor(this.#map.getView().getResolution() ?? 0);
  }

  /** The point of a visible point-tile layer under a coordinate: those layers cannot be hit-tested. */
  #tilePointAt(coordinate: number[]): TilePick | null {
    const resolution = this.#map.getView().getResolution() ?? 1;
    for (const layer of this.#tileSelections.keys()) {
      const tiles = this.#tileLayers.get(layer)!;
      if (!tiles.getVisible()) continue;
      const point = tilePointNear(tiles, coordinate, POINT_PICK_PIXELS * resolution, resolution);
      if (point) return { layer, id: Number(point.getId()) };
    }
    return null;
  }

  /** The ids of a layer's features that are selected: the open one and a box's. */
  #selectedIds(layer: MapLayerId): Set<number> {
    const ids = new Set<number>();
    for (const key of [this.#active, ...this.#members]) {
      const [keyLayer, id] = (key?.split(':') ?? []) as [string?, string?];
      if (keyLayer === layer) ids.add(Number(id));
    }
    return ids;
  }

  /** Puts the selected features of a point-tile layer above it, from the tiles it has loaded. */
  #drawTileSelection(layer: MapLayerId): void {
    const selected = this.#tileSelections.get(layer)!.getSource()!;
    const ids = this.#selectedIds(layer);
    if (ids.size === 0 && selected.getFeatures().length === 0) return;
    const resolution = this.#map.getView().getResolution() ?? 1;
    selected.clear(true);
    selected.addFeatures(
      tilePointsWithIds(this.#tileLayers.get(layer)!, ids, resolution).map((f) => {
        const feature = new OlFeature<Geometry>({ ...f.getProperties(), geometry: new Point(pointOf(f)!) });
        feature.setId(f.getId());
        return feature;
      }),
    );
  }

  viewExtent(): Wgs84Extent {
    const size = this.#map.getSize() ?? [1, 1];
    const [w, s, e, n] = transformExtent(this.#map.getView().calculateExtent(size), 'EPSG:3857', 'EPSG:4326');
    return [Math.max(-180, w!), Math.max(-90, s!), Math.min(180, e!), Math.min(90, n!)];
  }

  fitExtent(extent: Wgs84Extent, animate = true): void {
    this.#map.getView().fit(transformExtent([...extent], 'EPSG:4326', 'EPSG:3857'), {
      size: this.#map.getSize() ?? [800, 600],
      padding: [16, 16, 16, 16],
      duration: animate ? 300 : undefined,
    });
  }

  setBasemap(basemap: Basemap | undefined): void {
    if (this.#basemap) this.#map.removeLayer(this.#basemap);
    this.#basemap = basemap ? basemapLayer(basemap) : null;
    if (this.#basemap) {
      this.#basemap.setZIndex(0);
      this.#map.getLayers().insertAt(0, this.#basemap);
    }
  }

  setLayerVisible(layer: MapLayerId, visible: boolean): void {
    if (visible) this.#visible.add(layer);
    else this.#visible.delete(layer);
    this.#showLayer(layer);
  }

  /**
   * Search results of one layer: 'highlight' marks them over the layer, 'filter' shows them instead
   * of the layer's own features; null takes them away.
   */
  setSearchResults(results: MapResults | null, mode: 'highlight' | 'filter'): void {
    const layer = results && MAP_LAYERS.find((l) => l.toLowerCase() === results.objectType.toLowerCase());
    const previous = this.#filtered;
    this.#filtered = layer && mode === 'filter' ? layer : null;
    for (const l of MAP_LAYERS) {
      const source = this.#searchSources.get(l)!;
      source.clear(true);
      if (results && l === layer) source.addFeatures(format.readFeatures(results) as Feature<Geometry>[]);
    }
    if (previous) this.#showLayer(previous);
    if (this.#filtered) this.#showLayer(this.#filtered);
  }

  /** Draws a layer from the viewport's features or from vector tiles (scaleMode.ts decides). */
  setLayerSource(layer: MapLayerId, source: LayerSource): void {
    if (this.#modes.get(layer) === source) return;
    this.#modes.set(layer, source);
    this.#showLayer(layer);
  }

  #showLayer(layer: MapLayerId): void {
    // A filtered layer shows only what the filter found, even where the user had hidden the layer.
    const own = this.#visible.has(layer) && this.#filtered !== layer;
    const tiled = this.#modes.get(layer) === 'tiles';
    for (const l of this.#layers.get(layer) ?? []) l.setVisible(own && !tiled);
    this.#tileLayers.get(layer)!.setVisible(own && tiled);
    this.#tileSelections.get(layer)?.setVisible(own && tiled);
    this.#searchLayers.get(layer)?.setVisible(this.#visible.has(layer) || this.#filtered === layer);
  }

  setFeatures(layer: MapLayerId, results: MapResults | undefined): void {
    const source = this.#sources.get(layer)!;
    source.clear(true);
    if (results) source.addFeatures(format.readFeatures(results) as Feature<Geometry>[]);
  }

  /** The feature whose summary is open, and the features a box selected. */
  setSelection(active: SelectionKey | null, members: ReadonlySet<SelectionKey>): void {
    this.#active = active;
    this.#members = members;
    for (const layers of this.#layers.values()) for (const l of layers) l.changed();
    for (const l of this.#searchLayers.values()) l.changed();
    for (const layer of this.#tileLayers.keys()) {
      if (this.#tileSelections.has(layer)) this.#drawTileSelection(layer);
      else this.#tileLayers.get(layer)!.changed();
    }
  }

  /** On touch screens a drag selects by box instead of panning while this is on. */
  setBoxMode(on: boolean): void {
    this.#boxMode = on;
    this.#dragPan?.setActive(!on);
    this.#updateCursor();
  }

  /** Resolves with the point the user clicks next, or null when cancelled or asked again. */
  pickPoint(): Promise<LonLat | null> {
    this.#finishPick(null);
    return new Promise((resolve) => {
      this.#pick = resolve;
      this.#updateCursor();
    });
  }

  cancelPick(): void {
    this.#finishPick(null);
  }

  setUserPosition(mark: UserPositionMark | null): void {
    this.#setMark(this.#userPosition, mark && new Point(fromLonLat(mark.lonLat)));
    // A geodesic circle, so the accuracy reads true at any latitude in Web Mercator.
    const circle =
      mark && mark.accuracyMetres !== null && mark.accuracyMetres > 0
        ? circular(mark.lonLat, mark.accuracyMetres, 64).transform('EPSG:4326', 'EPSG:3857')
        : null;
    this.#setMark(this.#userAccuracy, circle);
  }

  /** Replaces the marks of the crew's work (none: an empty list). */
  setWorkMarks(marks: readonly WorkMark[]): void {
    this.#workMarks.clear(true);
    this.#workMarks.addFeatures(
      marks.map((mark) => {
        const feature = new OlFeature<Geometry>(new Point(fromLonLat(mark.lonLat)));
        feature.setStyle(workMarkStyle(mark.label, mark.colour));
        return feature;
      }),
    );
  }

  setEditedLocation(lonLat: LonLat | null): void {
    this.#setMark(this.#editedLocation, lonLat && new Point(fromLonLat(lonLat)));
  }

  /** Brings a point into view, zooming in to street level when the map is further out. */
  centreOn(lonLat: LonLat, minZoom = 17): void {
    const view = this.#map.getView();
    view.animate({ center: fromLonLat(lonLat), zoom: Math.max(view.getZoom() ?? 0, minZoom), duration: 300 });
  }

  updateSize(): void {
    this.#map.updateSize();
  }

  dispose(): void {
    this.#finishPick(null);
    this.#map.setTarget(undefined);
    this.#map.dispose();
  }

  #highlightOf(layer: MapLayerId, feature: FeatureLike): Highlight {
    const key = selectionKey(layer, Number(feature.getId()));
    if (key === this.#active) return 'active';
    return this.#members.has(key) ? 'member' : 'none';
  }

  #featuresIn(extent: Extent): SelectedFeature[] {
    const found: SelectedFeature[] = [];
    for (const layer of MAP_LAYERS) {
      const tiles = this.#tileLayers.get(layer)!;
      // Tiles carry what features are drawn by; the list shows those, the summary loads the rest.
      if (tiles.getVisible()) {
        for (const f of tileFeaturesInExtent(tiles, extent, this.#map.getView().getResolution() ?? 1))
          found.push({ layer, id: Number(f.getId()), properties: propertiesOf(f) });
      }
      // A filtered layer offers what the filter found.
      const source = this.#filtered === layer ? this.#searchSources.get(layer) : this.#sources.get(layer);
      if (!(this.#filtered === layer || this.#layers.get(layer)?.[0]?.getVisible())) continue;
      source!.forEachFeatureIntersectingExtent(extent, (f) => {
        found.push({ layer, id: Number(f.getId()), properties: propertiesOf(f) });
      });
    }
    return found;
  }

  #setMark(feature: Feature<Geometry>, geometry: Geometry | null): void {
    feature.setGeometry(geometry ?? undefined);
    const shown = this.#marks.hasFeature(feature);
    if (geometry && !shown) this.#marks.addFeature(feature);
    if (!geometry && shown) this.#marks.removeFeature(feature);
  }

  #finishPick(lonLat: LonLat | null): void {
    const resolve = this.#pick;
    this.#pick = null;
    this.#updateCursor();
    resolve?.(lonLat);
  }

  #updateCursor(): void {
    this.#target.style.cursor = this.#pick || this.#boxMode ? 'crosshair' : '';
  }
}
