import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  DEFAULT_SYNC_SETTINGS,
  EXISTING_TASKS_ACTION_LABELS,
  EXISTING_TASKS_ACTIONS,
  type SyncUser,
  type SyncUserSettings,
} from '@manway/core/api/websync';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import { getSyncUserSettings, getSyncUsers, saveSyncUserSettings } from '../api/websyncApi';
import { useConsoleSession } from './ConsoleSession';
import { FilterSelect, NO_FILTERS } from './FilterSelect';
import './websync.css';

export const USERS_CAPTION = 'Only users with assigned WebSync permissions are displayed in the list';

type Sections = Omit<SyncUserSettings, 'userId'>;
type SectionKey = keyof Sections;

/** A section with no model gets the spec's defaults. */
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

/**
 * The user settings page (websync spec, "User settings page"): the sync users on the left, the
 * chosen user's four sections on the right, each change saved at once with the whole object.
 */
export function UserSettingsPage() {
  const dispatch = useAppDispatch();
  const session = useConsoleSession();
  const [users, setUsers] = useState<SyncUser[] | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [settings, setSettings] = useState<SyncUserSettings | null>(null);
  const [loading, setLoading] = useState(false);
  // Saves go one after another, so the server ends with the last change whatever the network does.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    dispatch(getSyncUsers()).then(setUsers, () => setUsers([]));
  }, [dispatch]);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    dispatch(getSyncUserSettings(userId))
      .then(
        (loaded) => live && setSettings(withDefaults(loaded)),
        () => {
          // Recorded in the request state only (spec section 8).
        },
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dispatch, userId]);

  // A newly chosen user's panel is disabled, with the spinner, until their settings arrive.
  const choose = (id: string) => {
    if (id === userId) return;
    setLoading(true);
    setSettings(null);
    setUserId(id);
  };

  const change = <K extends SectionKey>(key: K, patch: Partial<NonNullable<Sections[K]>>) => {
    if (!settings) return;
    const next = { ...settings, [key]: { ...settings[key], ...patch } } as SyncUserSettings;
    setSettings(next);
    saving.current = saving.current.then(async () => {
      try {
        const payload = await dispatch(saveSyncUserSettings(next));
        if (!payload) dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
      } catch {
        // Recorded in the request state only.
      }
    });
  };

  const selected = users?.find((u) => u.id === userId);
  const disabled = !settings || loading;
  const filters = session?.filters ?? NO_FILTERS;
  const tasks = settings?.gettingTasksSettings ?? DEFAULT_SYNC_SETTINGS.gettingTasksSettings!;
  const sending = settings?.sendingCompletedTasksSettings ?? DEFAULT_SYNC_SETTINGS.sendingCompletedTasksSettings!;
  const assets = settings?.gettingAssetsSettings ?? DEFAULT_SYNC_SETTINGS.gettingAssetsSettings!;
  const projects = settings?.gettingProjectsSettings ?? DEFAULT_SYNC_SETTINGS.gettingProjectsSettings!;

  return (
    <section className="mw-ws-page" aria-labelledby="ws-users-title">
      <h1 id="ws-users-title">User settings</h1>
      <div className="mw-ws-columns">
        <section className="mw-ws-panel mw-ws-users" aria-label="Sync users">
          <table className="mw-ws-users__table">
            <caption>{USERS_CAPTION}</caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Organization</th>
                <th scope="col">Login</th>
              </tr>
            </thead>
            <tbody>
              {users === null ? (
                <tr>
                  <td colSpan={3}>
                    <LoadingStatus />
                  </td>
                </tr>
              ) : users.length === 0 ? (
                <tr>
                  <td colSpan={3}>No results</td>
                </tr>
              ) : (
                users.map((u) => (
                  <tr
                    key={u.id}
                    aria-selected={u.id === userId}
                    tabIndex={0}
                    className={u.id === userId ? 'mw-ws-users__row--selected' : undefined}
                    onClick={() => choose(u.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        choose(u.id);
                      }
                    }}
                  >
                    <td>{u.userName}</td>
                    <td>{u.organization}</td>
                    <td>{u.login}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </section>
        <section className="mw-ws-panel mw-ws-user-settings" aria-labelledby="ws-user-settings-title">
          <h2 id="ws-user-settings-title">{selected ? selected.userName || selected.login : 'No user selected'}</h2>
          {loading && <LoadingStatus />}
          <fieldset disabled={disabled} className="mw-ws-sections">
            <Section title="When getting tasks from Office to Field">
              <FilterSelect
                label="Filter"
                choices={filters.jobs}
                value={tasks.FilterName}
                onChange={(FilterName) => change('gettingTasksSettings', { FilterName })}
              />
              <Check
                label="Skip if asset missing in the field"
                checked={tasks.SkipIfAssetNotExistInField}
                onChange={(SkipIfAssetNotExistInField) =>
                  change('gettingTasksSettings', { SkipIfAssetNotExistInField })
                }
              />
              <Actions>
                <Check
                  label="Accept"
                  checked={tasks.AutoAcceptImportedTasks}
                  onChange={(AutoAcceptImportedTasks) => change('gettingTasksSettings', { AutoAcceptImportedTasks })}
                />
                <Check
                  label="Download images"
                  checked={tasks.DownloadImages}
                  onChange={(DownloadImages) => change('gettingTasksSettings', { DownloadImages })}
                />
                <Check
                  label="Download video"
                  checked={tasks.DownloadVideo}
                  onChange={(DownloadVideo) => change('gettingTasksSettings', { DownloadVideo })}
                />
                <Check
                  label="Download fusion files"
                  checked={tasks.DownloadFusionFiles}
                  onChange={(DownloadFusionFiles) => change('gettingTasksSettings', { DownloadFusionFiles })}
                />
                <Check
                  label="Download attachments"
                  checked={tasks.DownloadAttachments}
                  onChange={(DownloadAttachments) => change('gettingTasksSettings', { DownloadAttachments })}
                />
              </Actions>
            </Section>
            <Section title="When sending completed tasks from Field to Office">
              <Check
                label="Skip if task missing in the office"
                checked={sending.SkipIfNotExistInOffice}
                onChange={(SkipIfNotExistInOffice) =>
                  change('sendingCompletedTasksSettings', { SkipIfNotExistInOffice })
                }
              />
              <Check
                label="Skip if asset missing in the office"
                checked={sending.SkipIfAssetNotExistInOffice}
                onChange={(SkipIfAssetNotExistInOffice) =>
                  change('sendingCompletedTasksSettings', { SkipIfAssetNotExistInOffice })
                }
              />
              <label className="mw-ws-field">
                <span>When a Completed or In-Progress task already exists</span>
                <select
                  value={sending.ExistingTasksAction}
                  onChange={(e) =>
                    change('sendingCompletedTasksSettings', {
                      ExistingTasksAction: e.target.value as (typeof EXISTING_TASKS_ACTIONS)[number],
                    })
                  }
                >
                  {EXISTING_TASKS_ACTIONS.map((a) => (
                    <option key={a} value={a}>
                      {EXISTING_TASKS_ACTION_LABELS[a]}
                    </option>
                  ))}
                </select>
              </label>
              <FilterSelect
                label="Filter"
                choices={filters.jobs}
                value={sending.ScheduledTasksFilterName}
                onChange={(ScheduledTasksFilterName) =>
                  change('sendingCompletedTasksSettings', { ScheduledTasksFilterName })
                }
              />
              <Actions>
                <Check
                  label="Accept"
                  checked={sending.AutoAcceptImportedTasks}
                  onChange={(AutoAcceptImportedTasks) =>
                    change('sendingCompletedTasksSettings', { AutoAcceptImportedTasks })
                  }
                />
                <Check
                  label="Upload images"
                  checked={sending.UploadImages}
                  onChange={(UploadImages) => change('sendingCompletedTasksSettings', { UploadImages })}
                />
                <Check
                  label="Upload video"
                  checked={sending.UploadVideo}
                  onChange={(UploadVideo) => change('sendingCompletedTasksSettings', { UploadVideo })}
                />
                <Check
                  label="Upload fusion files"
                  checked={sending.UploadFusionFiles}
                  onChange={(UploadFusionFiles) => change('sendingCompletedTasksSettings', { UploadFusionFiles })}
                />
                <Check
                  label="Upload attachments"
                  checked={sending.UploadAttachments}
                  onChange={(UploadAttachments) => change('sendingCompletedTasksSettings', { UploadAttachments })}
                />
              </Actions>
            </Section>
            <Section title="When getting assets">
              <Check
                label="All assets"
                checked={assets.AllAssetsExport}
                onChange={(AllAssetsExport) =>
                  change(
                    'gettingAssetsSettings',
                    // All assets makes the filter and the laterals meaningless: both are cleared.
                    AllAssetsExport
                      ? { AllAssetsExport, AssetsFilterName: null, IncludeLateralsForAssetsExport: false }
                      : { AllAssetsExport },
                  )
                }
              />
              <FilterSelect
                label="Filter"
                choices={filters.subjects}
                value={assets.AssetsFilterName}
                required={!assets.AllAssetsExport}
                disabled={assets.AllAssetsExport}
                onChange={(AssetsFilterName) => change('gettingAssetsSettings', { AssetsFilterName })}
              />
              <Check
                label="Include laterals"
                checked={assets.IncludeLateralsForAssetsExport}
                disabled={assets.AllAssetsExport}
                onChange={(IncludeLateralsForAssetsExport) =>
                  change('gettingAssetsSettings', { IncludeLateralsForAssetsExport })
                }
              />
            </Section>
            <Section title="When getting projects">
              <Check
                label="All projects"
                checked={projects.AllProjectsExport}
                onChange={(AllProjectsExport) => change('gettingProjectsSettings', { AllProjectsExport })}
              />
              <FilterSelect
                label="Filter"
                choices={filters.projects}
                value={projects.ProjectsFilterName}
                required={!projects.AllProjectsExport}
                onChange={(ProjectsFilterName) => change('gettingProjectsSettings', { ProjectsFilterName })}
              />
            </Section>
          </fieldset>
        </section>
      </div>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mw-ws-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <fieldset className="mw-ws-section__actions">
      <legend>Actions</legend>
      {children}
    </fieldset>
  );
}

function Check({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="mw-ws-check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
