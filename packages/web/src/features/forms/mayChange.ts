/**
 * Who may change an object on the page. Assets are edited under the spec's edit-mode rule (editor
 * permissions and the editor mode setting) and the server's `editable`. An inspection and what is
 * recorded in it are field work, which crews do without editor rights: there the server's `editable`
 * alone decides (any non-guest; an accepted inspection only editors).
 */
import { useEditModeAvailable } from '../../shell/editMode';

const FIELD_WORK = new Set(['inspection', 'observation', 'connectedsubject', 'connected-subject']);

export function isFieldWork(type: string): boolean {
  return FIELD_WORK.has(type.toLowerCase());
}

export function useMayChange(type: string, editable: boolean | undefined): boolean {
  const editModeAvailable = useEditModeAvailable();
  return editable === true && (isFieldWork(type) || editModeAvailable);
}
