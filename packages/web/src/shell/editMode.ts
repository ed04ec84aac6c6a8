import { isEditModeAvailable } from '@manway/core/roles';
import type { RootState } from './store/rootReducer';
import { useAppSelector } from './store/hooks';

/** Edit mode needs editor permissions and the editor mode setting; nothing before settings load. */
export const selectEditModeAvailable = (state: RootState): boolean =>
  state.settings.data !== null && isEditModeAvailable(state.settings.data);

export function useEditModeAvailable(): boolean {
  return useAppSelector(selectEditModeAvailable);
}
