/**
 * The user's map choices: basemap, visible layers and coordinate format, kept in their settings
 * for the next visits.
 */
import { useState } from 'react';
import type { MapSettings, UserSettings } from '@manway/core/api/settings';
import type { CoordinateFormat } from '@manway/core/coordinates-format';
import { settingsReceived } from '../../shell/settings/settingsSlice';
import { useAppDispatch, useAppSelector } from '../../shell/store/hooks';
import {
  keepUserSettingsHere,
  useGetUserSettingsQuery,
  useSaveUserSettingsMutation,
} from '../../shell/settings/userSettingsApi';
import { MAP_LAYERS, type MapLayerId } from './styleTable';

/**
 * The layers a user sees. A user who never saved map choices has no basemap stored and sees every
 * layer; from the first choice on, visibleLayers is exactly what they left switched on.
 */
export function initialVisibleLayers(user: UserSettings): Set<MapLayerId> {
  if (user.basemapId === null) return new Set(MAP_LAYERS);
  return new Set(MAP_LAYERS.filter((l) => user.visibleLayers.includes(l)));
}

export function initialBasemapId(user: UserSettings, map: MapSettings): string {
  return map.basemaps.some((b) => b.id === user.basemapId) ? user.basemapId! : map.defaultBasemapId;
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export function useMapChoices(map: MapSettings, user: UserSettings) {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => state.settings.data);
  const format: CoordinateFormat = settings?.coordinateDisplayFormat ?? 'DecimalDegrees';
  const [basemapId, setBasemapId] = useState(() => initialBasemapId(user, map));
  const [visibleLayers, setVisibleLayers] = useState<ReadonlySet<MapLayerId>>(() => initialVisibleLayers(user));
  const { data: userSettings = user } = useGetUserSettingsQuery();
  const [saveUserSettings, saving] = useSaveUserSettingsMutation();

  /** Kept for this page in any case; saved for the next visits unless the user is a guest, who has no preferences of their own. */
  const remember = (changes: Partial<UserSettings>) => {
    const next = { ...userSettings, ...changes };
    if (settings?.isGuest) dispatch(keepUserSettingsHere(next));
    // A failed save has told the user; the choice still holds on this page.
    else
      saveUserSettings(next)
        .unwrap()
        .catch(() => {});
  };

  const setLayerVisible = (layer: MapLayerId, visible: boolean) => {
    const next = new Set(visibleLayers);
    if (visible) next.add(layer);
    else next.delete(layer);
    setVisibleLayers(next);
    remember({ basemapId, visibleLayers: MAP_LAYERS.filter((l) => next.has(l)) });
  };

  const setBasemap = (id: string) => {
    setBasemapId(id);
    remember({ basemapId: id, visibleLayers: MAP_LAYERS.filter((l) => visibleLayers.has(l)) });
  };

  const setFormat = (coordinateDisplayFormat: CoordinateFormat) => {
    // The general settings carry the format to every screen; the user settings keep it.
    if (settings) dispatch(settingsReceived({ ...settings, coordinateDisplayFormat }));
    remember({ coordinateDisplayFormat });
  };

  /** How the last choice's save went, for a page that says so (the map itself does not). */
  const saveStatus: SaveStatus = saving.isLoading
    ? 'saving'
    : saving.isError
      ? 'failed'
      : saving.isSuccess
        ? 'saved'
        : 'idle';

  return { basemapId, setBasemap, visibleLayers, setLayerVisible, format, setFormat, saveStatus };
}
