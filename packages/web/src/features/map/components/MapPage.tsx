/**
 * The map of the network, home of the office and inspect editions: asset layers for the current
 * view, basemaps and a layer picker remembered per user, the legend, selection by click or box with
 * a summary and details, the full extent and the pointer's coordinates in the user's format.
 * Other features (the user's location, the location editor) plug in through MapTools, composed by
 * the edition, since features do not import each other.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import type { MapResults } from '@manway/core/api/map';
import type { ObjectDetails } from '@manway/core/api/objects';
import type { InspectionSummary } from '@manway/core/api/work';
import type { MapSettings, UserSettings } from '@manway/core/api/settings';
import type { CoordinateFormat } from '@manway/core/coordinates-format';
import { formatCoordinatePair } from '@manway/core/rules/coordinates';
import { settingsReceived } from '../../../shell/settings/settingsSlice';
import { stopRequest } from '../../../shell/request/lifecycle';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { LoadingStatus } from '../../../ui/Spinner';
import { getLayerFeature } from '../api/getLayerFeature';
import { getLayerFeatures } from '../api/getLayerFeatures';
import { getMapSettings } from '../api/getMapSettings';
import { getObjectDetails } from '../api/getObjectDetails';
import { getUserSettings } from '../api/getUserSettings';
import { saveUserSettings } from '../api/saveUserSettings';
import { tileUrl } from '../api/tileUrl';
import type { LonLat, NetworkMap, TilePick, UserPositionMark } from '../networkMap';
import { cutLayers, filteredLayer } from '../layerNotices';
import { nextLayerSource, type LayerSource } from '../scaleMode';
import {
  boxSelection,
  selectionKey,
  selectionLimitText,
  type BoxSelection,
  type SelectedFeature,
  type SelectionKey,
} from '../selection';
import { MAP_LAYERS, type MapLayerId } from '../styleTable';
import { ViewportLoader, type Wgs84Extent } from '../viewportLoader';
import { AssetInspections } from './AssetInspections';
import { CoordinateFormatPicker } from './CoordinateFormatPicker';
import type { MapCanvasProps } from './MapCanvas';
import { FeatureSummary } from './FeatureSummary';
import { LayerPicker } from './LayerPicker';
import { Legend } from './Legend';
import { ObjectDetailsPanel } from './ObjectDetailsPanel';
import { SelectionList } from './SelectionList';
import './MapPage.css';

const MapCanvas = lazy(() => import('./MapCanvas'));

/**
 * The layers a user sees. A user who never saved map choices has no basemap stored and sees every
 * layer; from the first choice on, visibleLayers is exactly what they left switched on.
 */
export function initialVisibleLayers(user: UserSettings): Set<MapLayerId> {
  if (user.basemapId === null) return new Set(MAP_LAYERS);
  return new Set(MAP_LAYERS.filter((l) => user.visibleLayers.includes(l)));
}

export function initialBasemapId(user: UserSettings, map: MapSettings): string {
  return map.basemaps.some((b) => b.id === user.basemapId) ? user.basemapId! : map.defaultBasemapId;
}

interface Loaded {
  map: MapSettings;
  user: UserSettings;
}

/** What the map lends to the features an edition places on it. */
export interface MapTools {
  coordinateFormat: CoordinateFormat;
  setUserPosition(mark: UserPositionMark | null): void;
  setEditedLocation(lonLat: LonLat | null): void;
  centreOn(lonLat: LonLat): void;
  /** Resolves with the next point the user clicks on the map, or null when cancelled. */
  pickPoint(): Promise<LonLat | null>;
  cancelPick(): void;
  /**
   * Search results on the map: 'highlight' marks them over their layer, 'filter' shows only them in
   * their layer; null clears them.
   */
  showSearchResults(results: MapResults | null, mode: 'highlight' | 'filter'): void;
  /** Selects a feature as a click on it does, opening its summary. */
  selectFeature(feature: SelectedFeature): void;
}

export interface MapPageExtensions {
  /** A panel at the top of the sidebar (search). */
  renderPanel?(tools: MapTools): ReactNode;
  /** More tools beside Full extent and Select by box. */
  renderTools?(tools: MapTools): ReactNode;
  /** Sections added to an object's details panel. */
  renderObjectSections?(object: ObjectDetails, tools: MapTools): ReactNode;
  /** What an inspection listed in an asset's details opens: its observations. */
  renderObservations?(inspection: InspectionSummary, title: string): ReactNode;
}

export function MapPage({ title, ...extensions }: { title: string } & MapPageExtensions) {
  const dispatch = useAppDispatch();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([dispatch(getMapSettings()), dispatch(getUserSettings())]).then(
      ([map, user]) => live && setLoaded({ map, user }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [dispatch]);

  return (
    <div className="mw-map-page">
      <h1 className="mw-visually-hidden">{title}</h1>
      {loaded ? (
        <NetworkMapView map={loaded.map} user={loaded.user} {...extensions} />
      ) : failed ? (
        <p className="mw-map-page__message" role="alert">
          The map could not be loaded. Please try refreshing the page.
        </p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}
    </div>
  );
}

function NetworkMapView({
  map,
  user,
  renderTools,
  renderObjectSections,
  renderObservations,
  renderPanel,
}: Loaded & MapPageExtensions) {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => state.settings.data);
  const format = settings?.coordinateDisplayFormat ?? 'DecimalDegrees';
  const [userSettings, setUserSettings] = useState(user);
  const [basemapId, setBasemapId] = useState(() => initialBasemapId(user, map));
  const [visibleLayers, setVisibleLayers] = useState<ReadonlySet<MapLayerId>>(() => initialVisibleLayers(user));
  const [results, setResults] = useState<Partial<Record<MapLayerId, MapResults>>>({});
  const [sources, setSources] = useState<Partial<Record<MapLayerId, LayerSource>>>({});
  const [tileZoom, setTileZoom] = useState<number | null>(null);
  const [loading, setLoading] = useState<ReadonlySet<MapLayerId>>(new Set());
  const [selected, setSelected] = useState<SelectedFeature | null>(null);
  const [selection, setSelection] = useState<BoxSelection | null>(null);
  const [boxMode, setBoxMode] = useState(false);
  const [networkMap, setNetworkMap] = useState<NetworkMap | null>(null);
  const [details, setDetails] = useState<ObjectDetails | null | 'closed'>('closed');
  const [pointer, setPointer] = useState<[number, number] | null>(null);
  const [fullExtentRequest, setFullExtentRequest] = useState(0);
  const [search, setSearch] = useState<MapCanvasProps['search']>(null);
  const extentRef = useRef<Wgs84Extent | null>(null);
  const visibleRef = useRef(visibleLayers);
  useEffect(() => {
    visibleRef.current = visibleLayers;
  }, [visibleLayers]);

  const loader = useMemo(
    () =>
      new ViewportLoader({
        load: (layer, extent, requestId) => dispatch(getLayerFeatures({ layer, extent, requestId })),
        cancel: (requestId) => dispatch(stopRequest(requestId)),
        newRequestId: () => nanoid(),
        onResult: (layer, r) => {
          setResults((prev) => ({ ...prev, [layer]: r }));
          setSources((prev) => ({ ...prev, [layer]: nextLayerSource(prev[layer] ?? 'features', r) }));
        },
        onLoading: (layer, isLoading) =>
          setLoading((prev) => {
            const next = new Set(prev);
            if (isLoading) next.add(layer);
            else next.delete(layer);
            return next;
          }),
      }),
    [dispatch],
  );
  useEffect(() => () => loader.dispose(), [loader]);

  const remember = useCallback(
    (changes: Partial<UserSettings>) => {
      const next = { ...userSettings, ...changes };
      setUserSettings(next);
      // Guests have no preferences of their own to keep.
      if (!settings?.isGuest) void dispatch(saveUserSettings(next)).catch(() => {});
    },
    [dispatch, settings?.isGuest, userSettings],
  );

  const onViewChange = useCallback(
    (extent: Wgs84Extent, zoom: number) => {
      extentRef.current = extent;
      setTileZoom(zoom);
      loader.request(extent, [...visibleRef.current]);
    },
    [loader],
  );

  const onLayerToggle = (layer: MapLayerId, visible: boolean) => {
    const next = new Set(visibleLayers);
    if (visible) next.add(layer);
    else next.delete(layer);
    setVisibleLayers(next);
    if (visible && extentRef.current) loader.loadNow(layer, extentRef.current);
    if (!visible) {
      loader.cancel(layer);
      if (selected?.layer === layer) setSelected(null);
      // What cannot be seen cannot stay selected.
      if (selection) setSelection(boxSelection(selection.features.filter((f) => f.layer !== layer)));
    }
    remember({ basemapId, visibleLayers: MAP_LAYERS.filter((l) => next.has(l)) });
  };

  const onBasemapChange = (id: string) => {
    setBasemapId(id);
    remember({ basemapId: id, visibleLayers: MAP_LAYERS.filter((l) => visibleLayers.has(l)) });
  };

  const openDetails = (feature: SelectedFeature) => {
    setDetails(null);
    dispatch(getObjectDetails(feature.layer, feature.id)).then(setDetails, () => setDetails('closed'));
  };

  const onSelect = useCallback((feature: SelectedFeature | null) => {
    setSelected(feature);
    setDetails('closed');
  }, []);

  const tileUrlOf = useCallback((layer: MapLayerId) => dispatch(tileUrl(layer)), [dispatch]);

  // The latest click wins: a slower answer for an earlier click is dropped.
  const lastPick = useRef(0);
  const onTilePick = useCallback(
    (pick: TilePick) => {
      const n = ++lastPick.current;
      const choose = (feature: SelectedFeature | null) => {
        if (n === lastPick.current) onSelect(feature);
      };
      void (async () => {
        const f = await dispatch(getLayerFeature(pick.layer, pick.id));
        choose(f ? { layer: pick.layer, id: f.id, properties: f.properties } : null);
        // A failed request has already told the user.
      })().catch(() => {});
    },
    [dispatch, onSelect],
  );

  const onBoxSelect = useCallback(
    (found: SelectedFeature[]) => {
      const next = boxSelection(found);
      setSelection(next);
      onSelect(null);
    },
    [onSelect],
  );

  const onFormatChange = (coordinateDisplayFormat: CoordinateFormat) => {
    // The general settings carry the format to every screen; the user settings keep it.
    if (settings) dispatch(settingsReceived({ ...settings, coordinateDisplayFormat }));
    remember({ coordinateDisplayFormat });
  };

  // Tools exist once the map does, so nothing drawn through them is lost before it is made.
  const tools = useMemo<MapTools | null>(
    () =>
      networkMap && {
        coordinateFormat: format,
        setUserPosition: (mark) => networkMap.setUserPosition(mark),
        setEditedLocation: (lonLat) => networkMap.setEditedLocation(lonLat),
        centreOn: (lonLat) => networkMap.centreOn(lonLat),
        pickPoint: () => networkMap.pickPoint(),
        cancelPick: () => networkMap.cancelPick(),
        showSearchResults: (results, mode) => setSearch(results && { results, mode }),
        selectFeature: (feature) => onSelect(feature),
      },
    [format, networkMap, onSelect],
  );

  const active = selected ? selectionKey(selected.layer, selected.id) : null;
  const members = useMemo(
    () => new Set<SelectionKey>(selection?.features.map((f) => selectionKey(f.layer, f.id))),
    [selection],
  );
  const basemap = map.basemaps.find((b) => b.id === basemapId);
  const truncated = cutLayers({ visible: visibleLayers, results, sources, loading, search });
  const filtered = filteredLayer(search);

  return (
    <div className="mw-map">
      <div className="mw-map__sidebar">
        {tools && renderPanel?.(tools)}
        <LayerPicker
          basemaps={map.basemaps}
          basemapId={basemapId}
          onBasemapChange={onBasemapChange}
          visibleLayers={visibleLayers}
          onLayerToggle={onLayerToggle}
          results={results}
          sources={sources}
          tileZoom={tileZoom}
          loading={loading}
          filtered={filtered && search ? { layer: filtered, results: search.results } : null}
        />
        {selection && (
          <SelectionList
            features={selection.features}
            active={active}
            limitText={selectionLimitText(selection)}
            onOpen={(f) => onSelect(f)}
            onClear={() => {
              setSelection(null);
              onSelect(null);
            }}
          />
        )}
        <Legend visibleLayers={visibleLayers} />
      </div>
      <div className="mw-map__stage">
        <Suspense fallback={<LoadingStatus className="mw-page-loading" />}>
          <MapCanvas
            initialExtent={map.initialExtent}
            basemap={basemap}
            visibleLayers={visibleLayers}
            results={results}
            layerSources={sources}
            tileUrlOf={tileUrlOf}
            active={active}
            members={members}
            boxMode={boxMode}
            fullExtentRequest={fullExtentRequest}
            onViewChange={onViewChange}
            onSelect={onSelect}
            search={search}
            onTilePick={onTilePick}
            onBoxSelect={onBoxSelect}
            onPointer={setPointer}
            onReady={setNetworkMap}
          />
        </Suspense>
        <div className="mw-map__tools">
          <Button onClick={() => setFullExtentRequest((n) => n + 1)} title="Zoom to the whole network">
            Full extent
          </Button>
          <Button
            aria-pressed={boxMode}
            variant={boxMode ? 'primary' : 'secondary'}
            onClick={() => setBoxMode((on) => !on)}
            title="Drag on the map to select the features in a box (or hold Shift or Ctrl while dragging)"
          >
            Select by box
          </Button>
          {tools && renderTools?.(tools)}
        </div>
        {truncated.length > 0 && (
          <p className="mw-map__notice" role="status">
            Too many features to show them all here: zoom in or refine the criteria.
          </p>
        )}
        {selected && (
          <FeatureSummary
            feature={selected}
            onOpenDetails={() => openDetails(selected)}
            onClose={() => onSelect(null)}
          />
        )}
        {details !== 'closed' && (
          <ObjectDetailsPanel details={details} onClose={() => setDetails('closed')}>
            {details && tools && renderObjectSections?.(details, tools)}
            {details && (MAP_LAYERS as readonly string[]).includes(details.type) && (
              <AssetInspections
                key={`${details.type}:${details.id}`}
                object={details}
                renderObservations={renderObservations}
              />
            )}
          </ObjectDetailsPanel>
        )}
        <div className={`mw-map__status${details === 'closed' ? '' : ' mw-map__status--beside-details'}`}>
          <span className="mw-map__pointer" data-testid="pointer-coordinates">
            {pointer ? formatCoordinatePair({ longitude: pointer[0], latitude: pointer[1] }, format) : '\u00a0'}
          </span>
          <CoordinateFormatPicker value={format} onChange={onFormatChange} />
        </div>
      </div>
    </div>
  );
}
