/**
 * The map selectors of a user's profile: which layers the map shows and the basemap under them.
 * They are the map's own choices (useMapChoices), saved to the user's settings as they are made, so
 * the map opens with exactly these.
 */
import type { MapSettings, UserSettings } from '@manway/core/api/settings';
import { useGetUserSettingsQuery } from '../../../shell/settings/userSettingsApi';
import { useAppSelector } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetMapSettingsQuery } from '../api/mapSettings';
import { useMapChoices } from '../useMapChoices';
import { BasemapChoices, LayerChecklist } from './LayerPicker';
import './MapSelectors.css';

const SAVE_STATUS_TEXT = {
  idle: 'Changes are saved as you make them.',
  saving: 'Saving…',
  saved: 'Saved.',
  failed: 'The last change was not saved. Please try again.',
} as const;

export function MapSelectors() {
  const map = useGetMapSettingsQuery();
  // Read afresh, as the map does: another device may have changed them.
  const user = useGetUserSettingsQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <section className="mw-map-selectors" aria-labelledby="mw-map-selectors-title">
      <h2 id="mw-map-selectors-title">Map selectors</h2>
      <p className="mw-map-selectors__lead">The layers the map shows you, and the basemap under them.</p>
      {map.data && user.data ? (
        <Selectors map={map.data} user={user.data} />
      ) : map.isError || user.isError ? (
        <p role="alert">The map selectors could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}
    </section>
  );
}

function Selectors({ map, user }: { map: MapSettings; user: UserSettings }) {
  const isGuest = useAppSelector((state) => state.settings.data?.isGuest ?? false);
  const { basemapId, setBasemap, visibleLayers, setLayerVisible, saveStatus } = useMapChoices(map, user);
  return (
    <>
      <fieldset className="mw-map-selectors__layers">
        <legend className="mw-legend__group">Layers</legend>
        <LayerChecklist visibleLayers={visibleLayers} onLayerToggle={setLayerVisible} />
      </fieldset>
      <BasemapChoices basemaps={map.basemaps} basemapId={basemapId} onBasemapChange={setBasemap} />
      <p className="mw-map-selectors__status" role="status" data-testid="map-selectors-status">
        {isGuest ? 'Guests’ choices are not kept: they last while this page is open.' : SAVE_STATUS_TEXT[saveStatus]}
      </p>
    </>
  );
}
