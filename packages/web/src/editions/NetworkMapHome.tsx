/**
 * The map of the network as the office and inspect editions show it: the map feature with the
 * location feature plugged in (the user's position as a tool, the location editor in an object's
 * details), the forms feature (an object's details as its form, a new asset from the map, an
 * inspection's header, its observations and the subjects connected to an object), the search
 * feature in the sidebar and in an inspection's observations, the tasks feature (the work
 * planned on an asset, in its details) and the media feature (the gallery of an asset, of an
 * inspection and, in its form, of an observation).
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
import { SearchPanel, type SearchPanelProps } from '../features/search/components/SearchPanel';
import { AssetTasks } from '../features/tasks/components/AssetTasks';
import { readSearchHandOver } from '../shell/app/searchHandOver';
import { observationMedia } from './inspectionViews';

const isMapLayer = (type: string): type is MapLayerId => (MAP_LAYERS as readonly string[]).includes(type);

/** An asset a form created opens in the map's details; other objects have no place on the map. */
const openOnMap =
  (tools: MapTools) =>
  ({ type, id }: FormObject) => {
    if (isMapLayer(type)) tools.openDetails({ layer: type, id });
  };

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
  useEffect(() => {
    // The location itself, not '.': from the index route '.' would add '?index'.
    if (handOver) void navigate(location, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, [handOver, navigate]);
  return (
    <MapPage
      title={title}
      renderSelectionActions={renderSelectionActions}
      renderTools={(tools) => (
        <>
          <MyLocationControl map={tools} />
          <NewAssetTool map={tools} onCreated={openOnMap(tools)} />
        </>
      )}
      renderPanel={(tools) => (
        <>
          {renderWorkPanel?.(tools)}
          <SearchPanel
            map={tools}
            renderResultActions={renderSearchResultActions}
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
