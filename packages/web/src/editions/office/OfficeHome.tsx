import { NetworkMapHome } from '../NetworkMapHome';

/** The office works from the map of the network. */
export function OfficeHome() {
  return <NetworkMapHome title="Office" />;
}
