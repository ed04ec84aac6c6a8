/** A shared link opened in the inspect edition: an inspection opens on its own page, as My work opens one. */
import { SharedLinkView } from '../SharedLinkView';

const inspectionPath = (type: string, id: number) => (type === 'Inspection' ? `/inspections/${id}` : null);

export function InspectSharedLinkPage() {
  return <SharedLinkView objectPath={inspectionPath} />;
}
