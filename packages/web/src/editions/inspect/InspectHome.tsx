import { NetworkMapHome } from '../NetworkMapHome';

/** Inspectors find their assets on the map of the network. */
export function InspectHome() {
  return <NetworkMapHome title="Inspect" />;
}
