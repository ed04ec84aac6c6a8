import type { ReactNode } from 'react';
import {
  DEFAULT_SYNC_SETTINGS,
  EXISTING_TASKS_ACTION_LABELS,
  EXISTING_TASKS_ACTIONS,
  type FilterChoices,
  type SyncUserSettings,
} from '@manway/core/api/websync';
import { FilterSelect } from './FilterSelect';

export type Sections = Omit<SyncUserSettings, 'userId'>;
export type SectionKey = keyof Sections;
export type ChangeSection = <K extends SectionKey>(key: K, patch: Partial<NonNullable<Sections[K]>>) => void;

/**
 * The four sections of a sync user's settings. Without settings (none chosen yet, or still loading)
 * they show the spec's defaults, disabled.
 */
export function UserSettingsSections({
  settings,
  filters,
  disabled,
  change,
}: {
  settings: SyncUserSettings | undefined;
  filters: FilterChoices;
  disabled: boolean;
  change: ChangeSection;
}) {
  const tasks = settings?.gettingTasksSettings ?? DEFAULT_SYNC_SETTINGS.gettingTasksSettings!;
  const sending = settings?.sendingCompletedTasksSettings ?? DEFAULT_SYNC_SETTINGS.sendingCompletedTasksSettings!;
  const assets = settings?.gettingAssetsSettings ?? DEFAULT_SYNC_SETTINGS.gettingAssetsSettings!;
  const projects = settings?.gettingProjectsSettings ?? DEFAULT_SYNC_SETTINGS.gettingProjectsSettings!;

  return (
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
          onChange={(SkipIfAssetNotExistInField) => change('gettingTasksSettings', { SkipIfAssetNotExistInField })}
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
          onChange={(SkipIfNotExistInOffice) => change('sendingCompletedTasksSettings', { SkipIfNotExistInOffice })}
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
          onChange={(ScheduledTasksFilterName) => change('sendingCompletedTasksSettings', { ScheduledTasksFilterName })}
        />
        <Actions>
          <Check
            label="Accept"
            checked={sending.AutoAcceptImportedTasks}
            onChange={(AutoAcceptImportedTasks) => change('sendingCompletedTasksSettings', { AutoAcceptImportedTasks })}
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
