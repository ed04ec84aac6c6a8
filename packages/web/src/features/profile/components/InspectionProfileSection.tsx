/**
 * The inspection profile of a user's profile (main-app §2): the standard, camera and direction a
 * crew member's new inspections and sessions start with, kept in their user settings. The server
 * applies it; what a task or a request names comes first.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { InspectionProfile, InspectionStandard, UserSettings } from '@manway/core/api/settings';
import { INSPECTION_DIRECTION_OPTIONS } from '@manway/core/domain/properties';
import { INSPECTION_DIRECTIONS } from '@manway/core/domain/types';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useGetUserSettingsQuery, useSaveUserSettingsMutation } from '../../../shell/settings/userSettingsApi';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { TextField } from '../../../ui/fields/TextField';
import { SelectField } from '../../../ui/form/SelectField';
import { LoadingStatus } from '../../../ui/Spinner';
import { useInspectionStandardsQuery } from '../api/inspectionStandards';
import './InspectionProfileSection.css';

/** The longest camera name the settings accept. */
export const CAMERA_MAX_LENGTH = 200;
const UNSAVED_LOCK = 'inspection-profile';

/** What is stored for what was typed: a camera's spaces around it are not part of its name. */
export function profileToSave(draft: InspectionProfile): InspectionProfile {
  return { ...draft, camera: draft.camera?.trim() || null };
}

const sameProfile = (a: InspectionProfile, b: InspectionProfile) =>
  a.standardId === b.standardId && a.camera === b.camera && a.direction === b.direction;

export function InspectionProfileSection() {
  // Read afresh: the profile may have been changed on another device.
  const user = useGetUserSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const standards = useInspectionStandardsQuery();

  return (
    <section className="mw-inspection-profile" aria-labelledby="mw-inspection-profile-title">
      <h2 id="mw-inspection-profile-title">Inspection profile</h2>
      <p className="mw-inspection-profile__lead">What your new inspections and sessions start with.</p>
      {user.data && standards.data ? (
        <ProfileForm settings={user.data} standards={standards.data} reread={() => void user.refetch()} />
      ) : user.isError || standards.isError ? (
        <p role="alert">The inspection profile could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}
    </section>
  );
}

function ProfileForm({
  settings,
  standards,
  reread,
}: {
  settings: UserSettings;
  standards: readonly InspectionStandard[];
  reread(): void;
}) {
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector((state) => state.settings.data?.isGuest ?? false);
  const [save, saving] = useSaveUserSettingsMutation();
  const [saved, setSaved] = useState(settings.inspectionProfile);
  const [draft, setDraft] = useState(settings.inspectionProfile);
  const dirty = !sameProfile(profileToSave(draft), saved);

  // Untouched, the form follows the stored profile (a fresher read arriving after the page opened).
  if (!dirty && !saving.isLoading && !sameProfile(settings.inspectionProfile, saved)) {
    setSaved(settings.inspectionProfile);
    setDraft(settings.inspectionProfile);
  }

  useEffect(() => {
    if (!dirty || isGuest) return;
    dispatch(acquireLock(UNSAVED_LOCK));
    return () => {
      dispatch(releaseLock(UNSAVED_LOCK));
    };
  }, [dirty, isGuest, dispatch]);

  const standardOptions = standards.map((s) => ({ id: s.id, value: `${s.name} (${s.version})` }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isGuest) return;
    const inspectionProfile = profileToSave(draft);
    try {
      // The settings as last read, the map's choices included: the call replaces them all.
      await save({ ...settings, inspectionProfile }).unwrap();
      setSaved(inspectionProfile);
      setDraft(inspectionProfile);
      dispatch(showNotification({ type: 'success', title: 'Inspection profile saved' }));
    } catch {
      // The failure has been told; the settings read before the attempt come back, the form keeps what was typed.
      reread();
    }
  };

  return (
    <form className="mw-inspection-profile__form" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField
        label="Standard"
        options={standardOptions}
        value={draft.standardId}
        onChange={(standardId) => setDraft({ ...draft, standardId })}
        hint="For inspections outside a task; a task's inspections use its project's standard."
      />
      <TextField
        label="Camera"
        value={draft.camera}
        onChange={(camera) => setDraft({ ...draft, camera })}
        rules={{ maxLength: CAMERA_MAX_LENGTH }}
        hint="Filled in when you start a session without naming a camera."
      />
      <SelectField
        label="Direction"
        options={INSPECTION_DIRECTION_OPTIONS}
        value={draft.direction}
        onChange={(id) => setDraft({ ...draft, direction: INSPECTION_DIRECTIONS.find((d) => d === id) ?? null })}
        hint="The direction new inspections survey in; downstream when none is chosen."
      />
      <div className="mw-inspection-profile__actions">
        <Button type="submit" variant="primary" disabled={isGuest || saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save'}
        </Button>
        {isGuest && <p className="mw-inspection-profile__note">Guests cannot save a profile.</p>}
      </div>
    </form>
  );
}
