/**
 * The settings edition's General settings page (issue #21; main-app section 3): the installation's
 * defaults every page loads with. Saved against the version read, with the unsaved-changes lock
 * held while edited; pages already open use the new settings once restarted (section 8).
 */
import { useState, type FormEvent } from 'react';
import {
  InstallationGeneralUpdate,
  LICENCE_WARNING_DAYS_MAX,
  type InstallationGeneral,
} from '@manway/core/api/installation-settings';
import { ACCURACY_THRESHOLD_MAX, STILL_IMAGE_FORMATS } from '@manway/core/api/settings';
import { COORDINATE_FORMAT_NAMES, COORDINATE_FORMATS, type CoordinateFormat } from '@manway/core/coordinates-format';
import { formatCoordinatePair } from '@manway/core/rules/coordinates';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { DecimalField } from '../../../ui/fields/DecimalField';
import { IntegerField } from '../../../ui/fields/IntegerField';
import { SelectField } from '../../../ui/form/SelectField';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetInstallationGeneralQuery } from '../api/generalSettings';
import { useSaveInstallationGeneralMutation } from '../api/saveGeneralSettings';
import { issuesByField, saveFailure } from '../saveFailure';
import { useUnsavedLock } from '../useUnsavedLock';
import { SettingsFormFooter } from './RestartNote';
import './InstallationSettings.css';

export const GENERAL_CONFLICT_TEXT =
  'Another administrator saved the general settings meanwhile. They have been reloaded: check them and save again.';
const LOCK = 'installation-settings:general';

/** Where the example of each coordinate format is: Utrecht. */
const EXAMPLE_POINT = { latitude: 52.0906, longitude: 5.12146 };

const STILL_IMAGE_NAMES: Record<(typeof STILL_IMAGE_FORMATS)[number], string> = { jpeg: 'JPEG', png: 'PNG' };
const UNIT_NAMES = { m: 'Metres', ft: 'Feet' } as const;

/** What the form edits: the numbers may be empty while typed. */
interface GeneralForm {
  coordinateDisplayFormat: CoordinateFormat;
  stillImageFormat: InstallationGeneral['stillImageFormat'];
  threshold: number | null;
  unit: InstallationGeneral['accuracy']['unit'];
  licenceWarningDays: number | null;
}

const formOf = (s: InstallationGeneral): GeneralForm => ({
  coordinateDisplayFormat: s.coordinateDisplayFormat,
  stillImageFormat: s.stillImageFormat,
  threshold: s.accuracy.threshold,
  unit: s.accuracy.unit,
  licenceWarningDays: s.licenceWarningDays,
});

const sameForm = (a: GeneralForm, b: GeneralForm) =>
  (Object.keys(a) as (keyof GeneralForm)[]).every((key) => a[key] === b[key]);

/** The update to send, or the messages by field that keep it from being sent. */
function updateOf(form: GeneralForm, version: number) {
  const parsed = InstallationGeneralUpdate.safeParse({
    coordinateDisplayFormat: form.coordinateDisplayFormat,
    stillImageFormat: form.stillImageFormat,
    accuracy: { threshold: form.threshold ?? Number.NaN, unit: form.unit },
    licenceWarningDays: form.licenceWarningDays ?? Number.NaN,
    version,
  });
  if (parsed.success) return { update: parsed.data, errors: {} };
  const errors = issuesByField(parsed.error.issues);
  if (form.threshold === null) errors['accuracy.threshold'] = 'Enter a number.';
  if (form.licenceWarningDays === null) errors.licenceWarningDays = 'Enter a number of days.';
  return { update: null, errors };
}

const FORM_FIELDS = [
  'coordinateDisplayFormat',
  'stillImageFormat',
  'accuracy.threshold',
  'accuracy.unit',
  'licenceWarningDays',
];

export function GeneralSettingsPage() {
  const settings = useGetInstallationGeneralQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="mw-installation-settings mw-installation-settings--narrow">
      <h1 className="mw-installation-settings__title">General settings</h1>
      <p className="mw-page__lead">
        The defaults every Manway page loads with. A user&apos;s own choices, such as their coordinate format, come
        first.
      </p>
      {settings.data ? (
        <GeneralSettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert">The general settings could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}
    </div>
  );
}

function GeneralSettingsForm({ settings }: { settings: InstallationGeneral }) {
  const dispatch = useAppDispatch();
  const [save, saving] = useSaveInstallationGeneralMutation();
  /** Edits under way, and the settings as read when they began: their version is the one saved against. */
  const [draft, setDraft] = useState<{ form: GeneralForm; base: InstallationGeneral } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<'saved' | 'conflict' | null>(null);
  const form = draft?.form ?? formOf(settings);
  const dirty = draft !== null;
  useUnsavedLock(LOCK, dirty);

  const change = (next: Partial<GeneralForm>) => {
    setOutcome(null);
    setErrors({});
    setDraft((current) => {
      const base = current?.base ?? settings;
      const edited = { ...(current?.form ?? formOf(base)), ...next };
      return sameForm(edited, formOf(base)) ? null : { form: edited, base };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const { update, errors: found } = updateOf(draft.form, draft.base.version);
    if (!update) {
      setErrors(found);
      return;
    }
    try {
      await save(update).unwrap();
      setDraft(null);
      setOutcome('saved');
      dispatch(showNotification({ type: 'success', title: 'General settings saved' }));
    } catch (error) {
      const failure = saveFailure(error);
      if (failure.kind === 'conflict') {
        // The settings are read again (the save invalidates them); what was typed gives way to them.
        setDraft(null);
        setOutcome('conflict');
      } else if (failure.kind === 'fields') {
        setErrors(failure.fields);
      }
    }
  };

  const elsewhere = Object.entries(errors).filter(([key]) => !FORM_FIELDS.includes(key));
  return (
    <form className="mw-installation-settings__form" onSubmit={(event) => void submit(event)} noValidate>
      <section className="mw-installation-settings__card" aria-labelledby="general-display">
        <h2 id="general-display">Display</h2>
        <SelectField
          label="Coordinate display format"
          required
          options={COORDINATE_FORMATS.map((id) => ({ id, value: COORDINATE_FORMAT_NAMES[id] }))}
          value={form.coordinateDisplayFormat}
          onChange={(id) => {
            const format = COORDINATE_FORMATS.find((f) => f === id);
            if (format) change({ coordinateDisplayFormat: format });
          }}
          hint={`For users who chose no format of their own. For example: ${formatCoordinatePair(EXAMPLE_POINT, form.coordinateDisplayFormat)}`}
          error={errors.coordinateDisplayFormat}
          showError
        />
        <SelectField
          label="Still image format"
          required
          options={STILL_IMAGE_FORMATS.map((id) => ({ id, value: STILL_IMAGE_NAMES[id] }))}
          value={form.stillImageFormat}
          onChange={(id) => {
            const format = STILL_IMAGE_FORMATS.find((f) => f === id);
            if (format) change({ stillImageFormat: format });
          }}
          hint="The format of still images taken from a video."
          error={errors.stillImageFormat}
          showError
        />
      </section>

      <section className="mw-installation-settings__card" aria-labelledby="general-gps">
        <h2 id="general-gps">GPS accuracy</h2>
        <div className="mw-installation-settings__row">
          <DecimalField
            label="Accuracy threshold"
            value={form.threshold}
            onChange={(threshold) => change({ threshold })}
            rules={{ required: true, min: 0, max: ACCURACY_THRESHOLD_MAX, precision: 2 }}
            hint="A position less accurate than this asks 'Use these coordinates anyway?'."
            error={errors['accuracy.threshold']}
            showError={Boolean(errors['accuracy.threshold'])}
          />
          <SelectField
            label="Unit"
            required
            options={(['m', 'ft'] as const).map((id) => ({ id, value: UNIT_NAMES[id] }))}
            value={form.unit}
            onChange={(id) => {
              if (id === 'm' || id === 'ft') change({ unit: id });
            }}
            error={errors['accuracy.unit']}
            showError
          />
        </div>
      </section>

      <section className="mw-installation-settings__card" aria-labelledby="general-licences">
        <h2 id="general-licences">Licences</h2>
        <IntegerField
          label="Licence warning days"
          value={form.licenceWarningDays}
          onChange={(licenceWarningDays) => change({ licenceWarningDays })}
          rules={{ required: true, min: 1, max: LICENCE_WARNING_DAYS_MAX }}
          hint="Every page of an application warns this many days before its licence expires."
          error={errors.licenceWarningDays}
          showError={Boolean(errors.licenceWarningDays)}
        />
      </section>

      <SettingsFormFooter
        dirty={dirty}
        saving={saving.isLoading}
        outcome={outcome}
        conflictText={GENERAL_CONFLICT_TEXT}
        messages={elsewhere}
      />
    </form>
  );
}
