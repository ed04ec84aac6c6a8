/**
 * A sync user's settings (api/syncUserSettings): four sections, always saved whole. Failures are
 * only recorded in the request state (spec section 8).
 */
import { DEFAULT_SYNC_SETTINGS, SyncUserSettings } from '@manway/core/api/websync';
import { shellApi } from '../../../shell/request/api';

type SectionKey = keyof Omit<SyncUserSettings, 'userId'>;

/** A section with no model gets the spec's defaults, and is saved with them. */
function withDefaults(s: SyncUserSettings): SyncUserSettings {
  const section = <K extends SectionKey>(key: K) => s[key] ?? DEFAULT_SYNC_SETTINGS[key];
  return {
    userId: s.userId,
    gettingTasksSettings: section('gettingTasksSettings'),
    sendingCompletedTasksSettings: section('sendingCompletedTasksSettings'),
    gettingAssetsSettings: section('gettingAssetsSettings'),
    gettingProjectsSettings: section('gettingProjectsSettings'),
  };
}

export const userSettingsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    syncUserSettings: build.query<SyncUserSettings, string>({
      query: (userId) => ({ url: 'api/syncUserSettings', params: { userId }, ignoreGlobal: true }),
      transformResponse: (answer) => withDefaults(SyncUserSettings.parse(answer)),
    }),
    /** Answers the payload: empty (null) means saved. */
    saveSyncUserSettings: build.mutation<unknown, SyncUserSettings>({
      query: (settings) => ({ url: 'api/syncUserSettings', method: 'POST', body: settings, ignoreGlobal: true }),
    }),
  }),
});

export const { useSyncUserSettingsQuery, useSaveSyncUserSettingsMutation } = userSettingsApi;
