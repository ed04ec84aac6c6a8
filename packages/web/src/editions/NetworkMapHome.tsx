/**
 * The map of the network as the office and inspect editions show it: the map feature with the
 * location feature plugged in (the user's position as a tool, the location editor in an object's
 * details), the forms feature (an object's details as its form, a new asset from the map, an
 * inspection's header, its observations and the subjects connected to an object), the search
 * feature in the sidebar and in an inspection's observations, the tasks feature (the work
 * planned on an asset, in its details), the media feature (the gallery of an asset, of an
 * inspection and, in its form, of an observation) and the shared-links feature (Share… on an asset's
 * summary and details and on what a search found; an object a shared link opens).
 * Features do not know each other, so this is where they meet.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ObjectDetails } from '@manway/core/api/objects';
import { ConnectedSubjects } from '../features/forms/components/ConnectedSubjects';
import { InspectionObservations } from '../features/forms/components/InspectionObservations';
import { NewAssetTool } from '../features/forms/components/NewAssetForm';
import { ObjectForm } from '../features/forms/components/ObjectForm';
import type { FormObject } from '../features/forms/api/objectForms';
import { ObjectLocation } from '../features/location/components/ObjectLocation';
import { MyLocationControl } from '../features/location/components/MyLocationControl';
import { MapPage, type MapPageExtensions, type MapTools } from '../features/map/components/MapPage';
import { MAP_LAYERS, type MapLayerId } from '../features/map/styleTable';
import { MediaSection } from '../features/media/components/MediaSection';
import { ObservationSearch } from '../features/search/components/ObservationSearch';
import type { FoundAssets } from '../features/search/components/ResultsView';
import { SearchPanel, type SearchPanelProps } from '../features/search/components/SearchPanel';
import { ShareButton } from '../features/shared-links/components/ShareButton';
import { AssetTasks } from '../features/tasks/components/AssetTasks';
import { readObjectHandOver, type ObjectHandOver } from '../shell/app/objectHandOver';
import { readSearchHandOver } from '../shell/app/searchHandOver';
import { observationMedia } from './inspectionViews';

const isMapLayer = (type: string): type is MapLayerId => (MAP_LAYERS as readonly string[]).includes(type);

/** An asset a form created opens in the map's details; other objects have no place on the map. */
const openOnMap =
  (tools: MapTools) =>
  ({ type, id }: FormObject) => {
    if (isMapLayer(type)) tools.openDetails({ layer: type, id });
  };

/** Share… on an asset: the link opens it on the map. */
function ShareAsset({ type, id, readableId }: { type: MapLayerId; id: number; readableId: string }) {
  const name = `${type} ${readableId}`;
  return (
    <ShareButton
      target={{ kind: 'object', objectType: type, objectId: id }}
      defaultTitle={name}
      subject={`A link to ${name}, opened on the map.`}
      ariaLabel={`Share ${name}`}
    />
  );
}

const NOUNS: Record<string, [one: string, many: string]> = {
  Node: ['node', 'nodes'],
  Section: ['section', 'sections'],
  Lateral: ['lateral', 'laterals'],
};

/** Share… on what a search found: the search as it ran, and what it found. */
function ShareSearch({ found }: { found: FoundAssets }) {
  const [one, many] = NOUNS[found.objectType] ?? ['asset', 'assets'];
  const count = `${found.count.found.toLocaleString('en')}${found.count.plusFound ? '+' : ''} ${found.count.found === 1 ? one : many}`;
  return (
    <ShareButton
      target={{
        kind: 'search',
        filter: JSON.stringify(found.definition),
        additionalRestrictions: found.restrictions ? JSON.stringify(found.restrictions) : undefined,
        savedName: found.savedName,
      }}
      defaultTitle={found.savedName ?? `Search: ${count} found`}
      subject={`This search as it ran, with the ${count} it found.`}
      ariaLabel="Share this search"
    />
  );
}

/** Opens the object a shared link handed over, once the map is there. */
function OpenHandedObject({ tools, object }: { tools: MapTools; object: ObjectHandOver }) {
  useEffect(() => {
    if (object.position) tools.centreOn([object.position[0], object.position[1]]);
    if (isMapLayer(object.objectType)) tools.openDetails({ layer: object.objectType, id: object.objectId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the map is ready
  }, []);
  return null;
}

/** What an edition adds to the shared map: the crew's work in the sidebar, actions on an asset. */
export interface NetworkMapHomeExtras {
  /** Above the search panel (the inspect edition's My work). */
  renderWorkPanel?(tools: MapTools): ReactNode;
  /** At the top of an asset's details (Inspect this asset). */
  renderObjectActions?(object: ObjectDetails, tools: MapTools): ReactNode;
  /** Actions on what a box selected, what a search found and a saved filter (the office's Plan tasks…). */
  renderSelectionActions?: MapPageExtensions['renderSelectionActions'];
  renderSearchResultActions?: SearchPanelProps['renderResultActions'];
  renderSavedFilterActions?: SearchPanelProps['renderSavedFilterActions'];
}

export function NetworkMapHome({
  title,
  renderWorkPanel,
  renderObjectActions,
  renderSelectionActions,
  renderSearchResultActions,
  renderSavedFilterActions,
}: { title: string } & NetworkMapHomeExtras) {
  const location = useLocation();
  const navigate = useNavigate();
  // A search handed over by another page (a dashboard's drill-down): kept for the panel, then taken
  // out of the history entry so a reload or Back does not run it again.
  const [handOver] = useState(() => readSearchHandOver(location.state));
  // An object handed over by a shared link, likewise.
  const [objectHandOver] = useState(() => readObjectHandOver(location.state));
  useEffect(() => {
    // The location itself, not '.': from the index route '.' would add '?index'.
    if (handOver || objectHandOver) void navigate(location, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, [handOver, objectHandOver, navigate]);
  return (
    <MapPage
      title={title}
      renderSelectionActions={renderSelectionActions}
      renderSummaryActions={(feature) => (
        <ShareAsset type={feature.layer} id={feature.id} readableId={feature.properties.assetId} />
      )}
      renderTools={(tools) => (
        <>
          {objectHandOver && <OpenHandedObject tools={tools} object={objectHandOver} />}
          <MyLocationControl map={tools} />
          <NewAssetTool map={tools} onCreated={openOnMap(tools)} />
        </>
      )}
      renderPanel={(tools) => (
        <>
          {renderWorkPanel?.(tools)}
          <SearchPanel
            map={tools}
            renderResultActions={(found) => (
              <>
                {renderSearchResultActions?.(found)}
                <ShareSearch found={found} />
              </>
            )}
            renderSavedFilterActions={renderSavedFilterActions}
            handOver={handOver}
          />
        </>
      )}
      renderObjectBody={(object, tools) => (
        <ObjectForm
          key={`${object.type}:${object.id}`}
          object={{ type: object.type, id: object.id }}
          map={tools}
          onOpenObject={openOnMap(tools)}
        />
      )}
      renderObjectSections={(object, tools) => (
        <>
          {isMapLayer(object.type) && (
            <div className="mw-map-card__actions">
              <ShareAsset type={object.type} id={object.id} readableId={object.readableId} />
            </div>
          )}
          {renderObjectActions?.(object, tools)}
          <ObjectLocation key={`${object.type}:${object.id}`} object={object} map={tools} />
          <ConnectedSubjects
            key={`subjects:${object.type}:${object.id}`}
            parent={{ type: object.type, id: object.id }}
          />
          {isMapLayer(object.type) && (
            <>
              <AssetTasks key={`tasks:${object.type}:${object.id}`} parent={{ type: object.type, id: object.id }} />
              <MediaSection key={`media:${object.type}:${object.id}`} object={{ type: object.type, id: object.id }} />
            </>
          )}
        </>
      )}
      renderObservations={(inspection, title) => (
        <>
          <ObjectForm
            key={`Inspection:${inspection.id}`}
            object={{ type: 'Inspection', id: inspection.id }}
            showTitle
          />
          <InspectionObservations
            key={`observations:${inspection.id}`}
            inspectionId={inspection.id}
            search={<ObservationSearch key={inspection.id} inspectionId={inspection.id} title={title} />}
            renderObservationMedia={observationMedia}
          />
          <ConnectedSubjects
            key={`subjects:Inspection:${inspection.id}`}
            parent={{ type: 'Inspection', id: inspection.id }}
          />
          <MediaSection key={`media:Inspection:${inspection.id}`} object={{ type: 'Inspection', id: inspection.id }} />
        </>
      )}
    />
  );
}
