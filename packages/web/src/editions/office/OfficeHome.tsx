import { MapPage } from '../../features/map/components/MapPage';

/** The office works from the map of the network. */
export function OfficeHome() {
  return <MapPage title="Office" />;
}
