import { useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { SyncUserSettings } from '@manway/core/api/websync';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import { useSyncUsersQuery } from '../api/syncUsers';
import { useSaveSyncUserSettingsMutation, userSettingsApi, useSyncUserSettingsQuery } from '../api/userSettings';
import { useConsoleSession } from './ConsoleSession';
import { NO_FILTERS } from './FilterSelect';
import { UserSettingsSections, type ChangeSection } from './UserSettingsSections';

/**
 * The chosen user's settings, each change shown at once and saved at once with the whole object.
 * A newly chosen user's panel is disabled, with the spinner, until their settings arrive.
 */
export function UserSettingsPanel({ userId }: { userId: string | null }) {
  const dispatch = useAppDispatch();
  const filters = useConsoleSession()?.filters ?? NO_FILTERS;
  const { data: users } = useSyncUsersQuery();
  // Failures are recorded in the request state only (spec section 8): the panel stays disabled.
  const { currentData, isFetching } = useSyncUserSettingsQuery(userId ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const settings = isFetching ? undefined : currentData;
  const [save] = useSaveSyncUserSettingsMutation();
  // Saves go one after another, so the server ends with the last change whatever the network does.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const change: ChangeSection = (key, patch) => {
    if (!settings) return;
    const next = { ...settings, [key]: { ...settings[key], ...patch } } as SyncUserSettings;
    dispatch(userSettingsApi.util.updateQueryData('syncUserSettings', next.userId, () => next));
    saving.current = saving.current.then(async () => {
      try {
        const payload = await save(next).unwrap();
        if (!payload) dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
      } catch {
        // Recorded in the request state only.
      }
    });
  };

  const selected = users?.find((u) => u.id === userId);
  return (
    <section className="mw-ws-panel mw-ws-user-settings" aria-labelledby="ws-user-settings-title">
      <h2 id="ws-user-settings-title">{selected ? selected.userName || selected.login : 'No user selected'}</h2>
      {isFetching && <LoadingStatus />}
      <UserSettingsSections settings={settings} filters={filters} disabled={!settings} change={change} />
    </section>
  );
}
