import { MapPage } from '../../features/map/components/MapPage';

/** Inspectors find their assets on the map of the network. */
export function InspectHome() {
  return <MapPage title="Inspect" />;
}
