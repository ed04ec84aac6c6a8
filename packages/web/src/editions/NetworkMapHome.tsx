/**
 * The map of the network as the office and inspect editions show it: the map feature with the
 * location feature plugged in (the user's position as a tool, the location editor in an object's
 * details) and the search feature in the sidebar and in an inspection's observations. Features do not know each other, so this is where
 * they meet.
 */
import { ObjectLocation } from '../features/location/components/ObjectLocation';
import { MyLocationControl } from '../features/location/components/MyLocationControl';
import { MapPage } from '../features/map/components/MapPage';
import { ObservationSearch } from '../features/search/components/ObservationSearch';
import { SearchPanel } from '../features/search/components/SearchPanel';

export function NetworkMapHome({ title }: { title: string }) {
  return (
    <MapPage
      title={title}
      renderTools={(tools) => <MyLocationControl map={tools} />}
      renderPanel={(tools) => <SearchPanel map={tools} />}
      renderObjectSections={(object, tools) => (
        <ObjectLocation key={`${object.type}:${object.id}`} object={object} map={tools} />
      )}
      renderObservations={(inspection, title) => (
        <ObservationSearch key={inspection.id} inspectionId={inspection.id} title={title} />
      )}
    />
  );
}
