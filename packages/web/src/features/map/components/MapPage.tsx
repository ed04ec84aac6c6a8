/**
 * The map of the network, home of the office and inspect editions: asset layers for the current
 * view, basemaps and a layer picker remembered per user, the legend, selection with a summary and
 * details, the full extent and the pointer's coordinates in the user's format.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import type { MapResults } from '@manway/core/api/map';
import type { ObjectDetails } from '@manway/core/api/objects';
import type { MapSettings, UserSettings } from '@manway/core/api/settings';
import { formatCoordinatePair } from '@manway/core/rules/coordinates';
import { stopRequest } from '../../../shell/request/lifecycle';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { LoadingStatus } from '../../../ui/Spinner';
import { getLayerFeatures } from '../api/getLayerFeatures';
import { getMapSettings } from '../api/getMapSettings';
import { getObjectDetails } from '../api/getObjectDetails';
import { getUserSettings } from '../api/getUserSettings';
import { saveUserSettings } from '../api/saveUserSettings';
import type { SelectedFeature } from '../networkMap';
import { MAP_LAYERS, type MapLayerId } from '../styleTable';
import { ViewportLoader, type Wgs84Extent } from '../viewportLoader';
import { FeatureSummary } from './FeatureSummary';
import { LayerPicker } from './LayerPicker';
import { Legend } from './Legend';
import { ObjectDetailsPanel } from './ObjectDetailsPanel';
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

export function MapPage({ title }: { title: string }) {
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
        <NetworkMapView map={loaded.map} user={loaded.user} />
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

function NetworkMapView({ map, user }: Loaded) {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => state.settings.data);
  const format = settings?.coordinateDisplayFormat ?? 'DecimalDegrees';
  const [userSettings, setUserSettings] = useState(user);
  const [basemapId, setBasemapId] = useState(() => initialBasemapId(user, map));
  const [visibleLayers, setVisibleLayers] = useState<ReadonlySet<MapLayerId>>(() => initialVisibleLayers(user));
  const [results, setResults] = useState<Partial<Record<MapLayerId, MapResults>>>({});
  const [loading, setLoading] = useState<ReadonlySet<MapLayerId>>(new Set());
  const [selected, setSelected] = useState<SelectedFeature | null>(null);
  const [details, setDetails] = useState<ObjectDetails | null | 'closed'>('closed');
  const [pointer, setPointer] = useState<[number, number] | null>(null);
  const [fullExtentRequest, setFullExtentRequest] = useState(0);
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
        onResult: (layer, r) => setResults((prev) => ({ ...prev, [layer]: r })),
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
    (changes: Pick<UserSettings, 'basemapId' | 'visibleLayers'>) => {
      const next = { ...userSettings, ...changes };
      setUserSettings(next);
      // Guests have no preferences of their own to keep.
      if (!settings?.isGuest) void dispatch(saveUserSettings(next)).catch(() => {});
    },
    [dispatch, settings?.isGuest, userSettings],
  );

  const onViewChange = useCallback(
    (extent: Wgs84Extent) => {
      extentRef.current = extent;
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

  const selectedRef = useMemo(() => (selected ? { layer: selected.layer, id: selected.id } : null), [selected]);
  const basemap = map.basemaps.find((b) => b.id === basemapId);
  const truncated = MAP_LAYERS.filter(
    (l) => visibleLayers.has(l) && (results[l]?.total ?? 0) > (results[l]?.features.length ?? 0),
  );

  return (
    <div className="mw-map">
      <div className="mw-map__sidebar">
        <LayerPicker
          basemaps={map.basemaps}
          basemapId={basemapId}
          onBasemapChange={onBasemapChange}
          visibleLayers={visibleLayers}
          onLayerToggle={onLayerToggle}
          results={results}
          loading={loading}
        />
        <Legend visibleLayers={visibleLayers} />
      </div>
      <div className="mw-map__stage">
        <Suspense fallback={<LoadingStatus className="mw-page-loading" />}>
          <MapCanvas
            initialExtent={map.initialExtent}
            basemap={basemap}
            visibleLayers={visibleLayers}
            results={results}
            selected={selectedRef}
            fullExtentRequest={fullExtentRequest}
            onViewChange={onViewChange}
            onSelect={onSelect}
            onPointer={setPointer}
          />
        </Suspense>
        <div className="mw-map__tools">
          <Button onClick={() => setFullExtentRequest((n) => n + 1)} title="Zoom to the whole network">
            Full extent
          </Button>
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
        {details !== 'closed' && <ObjectDetailsPanel details={details} onClose={() => setDetails('closed')} />}
        <div className="mw-map__status" data-testid="pointer-coordinates">
          {pointer ? formatCoordinatePair({ longitude: pointer[0], latitude: pointer[1] }, format) : '\u00a0'}
        </div>
      </div>
    </div>
  );
}
