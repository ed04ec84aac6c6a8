/**
 * The map of the network, home of the office and inspect editions: asset layers for the current
 * view, basemaps and a layer picker remembered per user, the legend, selection by click or box with
 * a summary and details, the full extent and the pointer's coordinates in the user's format.
 * Other features (the user's location, the location editor) plug in through MapTools, composed by
 * the edition, since features do not import each other.
 */
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { MapResults } from '@manway/core/api/map';
import type { ObjectDetails } from '@manway/core/api/objects';
import type { InspectionSummary } from '@manway/core/api/work';
import type { MapSettings, UserSettings } from '@manway/core/api/settings';
import type { CoordinateFormat } from '@manway/core/coordinates-format';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import { formatCoordinatePair } from '@manway/core/rules/coordinates';
import { confirm } from '../../../shell/confirm/confirm';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { DISCARD_CHANGES_CONFIRM } from '../../../shell/unsaved/discardConfirm';
import { selectHasUnsavedChanges } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetMapSettingsQuery } from '../api/mapSettings';
import { useGetUserSettingsQuery } from '../../../shell/settings/userSettingsApi';
import { tileUrl } from '../api/tileUrl';
import type { LonLat, NetworkMap, UserPositionMark, WorkMark } from '../networkMap';
import { cutLayers, filteredLayer } from '../layerNotices';
import {
  boxSelection,
  selectionKey,
  selectionLimitText,
  type BoxSelection,
  type SelectedFeature,
  type SelectionKey,
} from '../selection';
import type { MapLayerId } from '../styleTable';
import { useLayerLoads } from '../useLayerLoads';
import { useMapChoices } from '../useMapChoices';
import { useTilePick } from '../useTilePick';
import { CoordinateFormatPicker } from './CoordinateFormatPicker';
import type { MapCanvasProps } from './MapCanvas';
import { FeatureSummary } from './FeatureSummary';
import { LayerPicker } from './LayerPicker';
import { Legend } from './Legend';
import { OpenObjectDetails } from './OpenObjectDetails';
import { SelectionList } from './SelectionList';
import './MapPage.css';

const MapCanvas = lazy(() => import('./MapCanvas'));

interface Loaded {
  map: MapSettings;
  user: UserSettings;
}

/** What the map lends to the features an edition places on it. */
export interface MapTools {
  coordinateFormat: CoordinateFormat;
  setUserPosition(mark: UserPositionMark | null): void;
  setEditedLocation(lonLat: LonLat | null): void;
  /** The crew's work drawn over the assets, numbered as their list is. */
  showWorkMarks(marks: readonly WorkMark[]): void;
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
  /** Opens an object's details, as Open details in its summary does (an asset just created). */
  openDetails(object: Pick<SelectedFeature, 'layer' | 'id'>): void;
}

export interface MapPageExtensions {
  /** A panel at the top of the sidebar (search). */
  renderPanel?(tools: MapTools): ReactNode;
  /** More tools beside Full extent and Select by box. */
  renderTools?(tools: MapTools): ReactNode;
  /** What an object's details panel shows in place of its list of properties (its form). */
  renderObjectBody?(object: ObjectDetails, tools: MapTools): ReactNode;
  /** Sections added to an object's details panel. */
  renderObjectSections?(object: ObjectDetails, tools: MapTools): ReactNode;
  /** What an inspection listed in an asset's details opens: its observations. */
  renderObservations?(inspection: InspectionSummary, title: string): ReactNode;
  /** Actions on what a box selected, in the selection list (the office's Plan tasks…). */
  renderSelectionActions?(selection: BoxSelection, tools: MapTools): ReactNode;
  /** Actions in a clicked feature's summary, beside Open details (Share…). */
  renderSummaryActions?(feature: SelectedFeature, tools: MapTools): ReactNode;
}

export function MapPage({ title, ...extensions }: { title: string } & MapPageExtensions) {
  // Read afresh on each visit, as the page always has.
  const map = useGetMapSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = useGetUserSettingsQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <div className="mw-map-page">
      <h1 className="mw-visually-hidden">{title}</h1>
      {map.data && user.data ? (
        <NetworkMapView map={map.data} user={user.data} {...extensions} />
      ) : map.isError || user.isError ? (
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
  renderObjectBody,
  renderObjectSections,
  renderObservations,
  renderPanel,
  renderSelectionActions,
  renderSummaryActions,
}: Loaded & MapPageExtensions) {
  const dispatch = useAppDispatch();
  const { basemapId, setBasemap, visibleLayers, setLayerVisible, format, setFormat } = useMapChoices(map, user);
  const { results, sources, loading, tileZoom, onViewChange, showLayer, hideLayer } = useLayerLoads(visibleLayers);
  const [selected, setSelected] = useState<SelectedFeature | null>(null);
  const [selection, setSelection] = useState<BoxSelection | null>(null);
  const [boxMode, setBoxMode] = useState(false);
  const [networkMap, setNetworkMap] = useState<NetworkMap | null>(null);
  const [detailsOf, setDetailsOf] = useState<Pick<SelectedFeature, 'layer' | 'id'> | null>(null);
  const [pointer, setPointer] = useState<[number, number] | null>(null);
  const [fullExtentRequest, setFullExtentRequest] = useState(0);
  const [search, setSearch] = useState<MapCanvasProps['search']>(null);

  const onLayerToggle = (layer: MapLayerId, visible: boolean) => {
    setLayerVisible(layer, visible);
    if (visible) showLayer(layer);
    else {
      hideLayer(layer);
      if (selected?.layer === layer) setSelected(null);
      // What cannot be seen cannot stay selected.
      if (selection) {
        setSelection(
          boxSelection(
            selection.features.filter((f) => f.layer !== layer),
            undefined,
            selection.extent,
          ),
        );
      }
    }
  };

  // Closing the details, or picking another feature while they are open, would drop changes being
  // edited in them: the user is asked first, as when leaving the page.
  const unsaved = useAppSelector(selectHasUnsavedChanges);
  const mayLeaveDetails = useCallback(
    async () => detailsOf === null || !unsaved || dispatch(confirm(DISCARD_CHANGES_CONFIRM)),
    [detailsOf, unsaved, dispatch],
  );
  const onSelect = useCallback(
    async (feature: SelectedFeature | null) => {
      if (!(await mayLeaveDetails())) return;
      setSelected(feature);
      setDetailsOf(null);
    },
    [mayLeaveDetails],
  );
  const closeDetails = useCallback(async () => {
    if (await mayLeaveDetails()) setDetailsOf(null);
  }, [mayLeaveDetails]);

  const tileUrlOf = useCallback((layer: MapLayerId) => dispatch(tileUrl(layer)), [dispatch]);
  const onTilePick = useTilePick(onSelect);

  const onBoxSelect = useCallback(
    (found: SelectedFeature[], extent: Wgs84Extent) => {
      const next = boxSelection(found, undefined, extent);
      setSelection(next);
      onSelect(null);
    },
    [onSelect],
  );

  // Tools exist once the map does, so nothing drawn through them is lost before it is made.
  const tools = useMemo<MapTools | null>(
    () =>
      networkMap && {
        coordinateFormat: format,
        setUserPosition: (mark) => networkMap.setUserPosition(mark),
        setEditedLocation: (lonLat) => networkMap.setEditedLocation(lonLat),
        showWorkMarks: (marks) => networkMap.setWorkMarks(marks),
        centreOn: (lonLat) => networkMap.centreOn(lonLat),
        pickPoint: () => networkMap.pickPoint(),
        cancelPick: () => networkMap.cancelPick(),
        showSearchResults: (results, mode) => setSearch(results && { results, mode }),
        selectFeature: (feature) => onSelect(feature),
        openDetails: (object) => setDetailsOf(object),
      },
    [format, networkMap, onSelect],
  );

  // The object whose details are open is marked too: one opened by a shared link or just created
  // was never clicked.
  const marked = selected ?? detailsOf;
  const active = marked ? selectionKey(marked.layer, marked.id) : null;
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
          onBasemapChange={setBasemap}
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
            actions={tools && renderSelectionActions?.(selection, tools)}
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
            actions={tools && renderSummaryActions?.(selected, tools)}
            onOpenDetails={() => setDetailsOf(selected)}
            onClose={() => onSelect(null)}
          />
        )}
        {detailsOf && (
          <OpenObjectDetails
            object={detailsOf}
            onClose={closeDetails}
            renderBody={tools && renderObjectBody ? (object) => renderObjectBody(object, tools) : undefined}
            renderSections={tools ? (object) => renderObjectSections?.(object, tools) : undefined}
            renderObservations={renderObservations}
          />
        )}
        <div className={`mw-map__status${detailsOf ? ' mw-map__status--beside-details' : ''}`}>
          <span className="mw-map__pointer" data-testid="pointer-coordinates">
            {pointer ? formatCoordinatePair({ longitude: pointer[0], latitude: pointer[1] }, format) : '\u00a0'}
          </span>
          <CoordinateFormatPicker value={format} onChange={setFormat} />
        </div>
      </div>
    </div>
  );
}
