/**
 * The OpenLayers map of the network, behind a small imperative surface the React page drives:
 * basemap, layer visibility, each layer's features, selection and the full extent.
 */
import type { Basemap } from '@manway/core/api/settings';
import type { MapResults } from '@manway/core/api/map';
import OlMap from 'ol/Map';
import View from 'ol/View';
import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import { boundingExtent, type Extent } from 'ol/extent';
import GeoJSON from 'ol/format/GeoJSON';
import type Geometry from 'ol/geom/Geometry';
import type Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { toLonLat, transformExtent } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import TileWMS from 'ol/source/TileWMS';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { assetStyle, clusterStyle } from './olStyles';
import { CLUSTER_MIN_RESOLUTION, MAP_LAYERS, type MapLayerId } from './styleTable';
import type { Wgs84Extent } from './viewportLoader';

export interface SelectedFeature {
  layer: MapLayerId;
  id: number;
  properties: MapResults['features'][number]['properties'];
}

export interface NetworkMapEvents {
  onViewChange(extent: Wgs84Extent): void;
  onSelect(feature: SelectedFeature | null): void;
  onPointer(lonLat: [number, number] | null): void;
}

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/** Laterals under sections under nodes: the smaller the feature, the higher it is drawn and clicked. */
const Z_INDEX: Record<MapLayerId, number> = { Lateral: 1, Section: 2, Node: 3 };

function basemapLayer(basemap: Basemap): TileLayer | null {
  const attributions = basemap.attribution ? [basemap.attribution] : undefined;
  switch (basemap.kind) {
    case 'none':
      return null;
    case 'xyz':
      return new TileLayer({ source: new XYZ({ url: basemap.url, attributions, crossOrigin: 'anonymous' }) });
    case 'wmts':
      // REST WMTS on the GoogleMapsCompatible matrix set is an XYZ grid under other names.
      return new TileLayer({
        source: new XYZ({
          url: basemap.url?.replace('{TileMatrix}', '{z}').replace('{TileRow}', '{y}').replace('{TileCol}', '{x}'),
          attributions,
          crossOrigin: 'anonymous',
        }),
      });
    case 'wms':
      return new TileLayer({
        source: new TileWMS({
          url: basemap.url,
          params: { LAYERS: basemap.layer ?? '', TILED: true },
          attributions,
          crossOrigin: 'anonymous',
        }),
      });
  }
}

export class NetworkMap {
  readonly #map: OlMap;
  readonly #sources = new Map<MapLayerId, VectorSource<Feature<Geometry>>>();
  readonly #layers = new Map<MapLayerId, VectorLayer[]>();
  #basemap: TileLayer | null = null;
  #selected: { layer: MapLayerId; id: number } | null = null;

  constructor(target: HTMLElement, initialExtent: Wgs84Extent, events: NetworkMapEvents) {
    this.#map = new OlMap({
      target,
      controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true } }).extend([new ScaleLine()]),
      view: new View({ center: [0, 0], zoom: 2, maxZoom: 22, constrainResolution: false }),
    });
    for (const layer of MAP_LAYERS) {
      const source = new VectorSource<Feature<Geometry>>();
      this.#sources.set(layer, source);
      const style = assetStyle(layer, (f) => this.#isSelected(layer, f));
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
    }
    this.fitExtent(initialExtent, false);

    this.#map.on('moveend', () => events.onViewChange(this.viewExtent()));
    this.#map.on('pointermove', (e) => {
      if (e.dragging) return;
      const [lon, lat] = toLonLat(e.coordinate);
      events.onPointer([lon!, lat!]);
      const hit = this.#map.hasFeatureAtPixel(e.pixel, { hitTolerance: 4 });
      target.style.cursor = hit ? 'pointer' : '';
    });
    target.addEventListener('pointerleave', () => events.onPointer(null));
    this.#map.on('singleclick', (e) => {
      const hit = this.#map.forEachFeatureAtPixel(
        e.pixel,
        (feature, layer): { cluster: Extent } | { feature: SelectedFeature } => {
          const assetLayer = layer.get('assetLayer') as MapLayerId;
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
              properties: target.getProperties() as SelectedFeature['properties'],
            },
          };
        },
        { hitTolerance: 4, layerFilter: (l) => l.get('assetLayer') !== undefined },
      );
      // A group of nodes opens up instead of choosing one of them.
      if (hit && 'cluster' in hit) {
        this.#map.getView().fit(hit.cluster, { padding: [80, 80, 80, 80], duration: 300, maxZoom: 19 });
        return;
      }
      events.onSelect(hit ? hit.feature : null);
    });
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
    for (const l of this.#layers.get(layer) ?? []) l.setVisible(visible);
  }

  setFeatures(layer: MapLayerId, results: MapResults | undefined): void {
    const source = this.#sources.get(layer)!;
    source.clear(true);
    if (results) source.addFeatures(format.readFeatures(results) as Feature<Geometry>[]);
  }

  setSelected(selected: { layer: MapLayerId; id: number } | null): void {
    this.#selected = selected;
    for (const layers of this.#layers.values()) for (const l of layers) l.changed();
  }

  updateSize(): void {
    this.#map.updateSize();
  }

  dispose(): void {
    this.#map.setTarget(undefined);
    this.#map.dispose();
  }

  #isSelected(layer: MapLayerId, feature: FeatureLike): boolean {
    return this.#selected !== null && this.#selected.layer === layer && Number(feature.getId()) === this.#selected.id;
  }
}
