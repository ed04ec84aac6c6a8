/** The OpenLayers map inside React; loaded on its own so the page shell does not wait for OpenLayers. */
import { useEffect, useRef } from 'react';
import type { MapResults } from '@manway/core/api/map';
import type { Basemap } from '@manway/core/api/settings';
import 'ol/ol.css';
import { NetworkMap, type NetworkMapEvents } from '../networkMap';
import type { LayerSource } from '../scaleMode';
import type { SelectionKey } from '../selection';
import { MAP_LAYERS, type MapLayerId } from '../styleTable';
import type { Wgs84Extent } from '@manway/core/domain/extent';

export interface MapCanvasProps extends NetworkMapEvents {
  initialExtent: Wgs84Extent;
  basemap: Basemap | undefined;
  visibleLayers: ReadonlySet<MapLayerId>;
  results: Partial<Record<MapLayerId, MapResults>>;
  /** Whether each layer is drawn from its features or from vector tiles. */
  layerSources: Partial<Record<MapLayerId, LayerSource>>;
  tileUrlOf(layer: MapLayerId): string;
  /** The feature whose summary is open. */
  active: SelectionKey | null;
  /** The features a box selected. */
  members: ReadonlySet<SelectionKey>;
  /** Drags draw a selection box instead of panning. */
  boxMode: boolean;
  /** Changes each time the user asks for the full extent. */
  fullExtentRequest: number;
  /** Search results drawn over the layers, or shown instead of their layer's features. */
  search: { results: MapResults; mode: 'highlight' | 'filter' } | null;
  /** Hands the map to the page once made (and null once gone), for the marks other features draw. */
  onReady(map: NetworkMap | null): void;
}

export default function MapCanvas(props: MapCanvasProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<NetworkMap | null>(null);
  // The map outlives renders; its events call whatever handlers the latest render passed.
  const events = useRef<MapCanvasProps>(props);
  useEffect(() => {
    events.current = props;
  });

  const {
    initialExtent,
    basemap,
    visibleLayers,
    results,
    layerSources,
    active,
    members,
    boxMode,
    fullExtentRequest,
    search,
  } = props;

  useEffect(() => {
    const map = new NetworkMap(
      targetRef.current!,
      initialExtent,
      {
        onViewChange: (extent, tileZoom) => events.current.onViewChange(extent, tileZoom),
        onSelect: (feature) => events.current.onSelect(feature),
        onTilePick: (pick) => events.current.onTilePick(pick),
        onPointer: (lonLat) => events.current.onPointer(lonLat),
        onBoxSelect: (features, extent) => events.current.onBoxSelect(features, extent),
      },
      events.current.tileUrlOf,
    );
    mapRef.current = map;
    events.current.onReady(map);
    const resize = new ResizeObserver(() => map.updateSize());
    resize.observe(targetRef.current!);
    return () => {
      resize.disconnect();
      events.current.onReady(null);
      map.dispose();
      mapRef.current = null;
    };
    // The map is made once; the initial extent only matters then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => mapRef.current?.setBasemap(basemap), [basemap]);
  useEffect(() => {
    for (const layer of MAP_LAYERS) mapRef.current?.setLayerVisible(layer, visibleLayers.has(layer));
  }, [visibleLayers]);
  const nodes = results.Node;
  const sections = results.Section;
  const laterals = results.Lateral;
  useEffect(() => mapRef.current?.setFeatures('Node', nodes), [nodes]);
  useEffect(() => mapRef.current?.setFeatures('Section', sections), [sections]);
  useEffect(() => mapRef.current?.setFeatures('Lateral', laterals), [laterals]);
  useEffect(() => {
    for (const layer of MAP_LAYERS) mapRef.current?.setLayerSource(layer, layerSources[layer] ?? 'features');
  }, [layerSources]);
  useEffect(() => mapRef.current?.setSelection(active, members), [active, members]);
  useEffect(() => mapRef.current?.setSearchResults(search?.results ?? null, search?.mode ?? 'highlight'), [search]);
  useEffect(() => mapRef.current?.setBoxMode(boxMode), [boxMode]);
  useEffect(() => {
    if (fullExtentRequest > 0) mapRef.current?.fitExtent(initialExtent);
  }, [fullExtentRequest, initialExtent]);

  return <div ref={targetRef} className="mw-map__canvas" data-testid="map-canvas" />;
}
