/**
 * The settings edition's Map settings page (issue #21): the basemaps users choose from (XYZ tiles,
 * WMTS and WMS, with their attribution), the one new users start with, and where the map opens.
 * The offline "No basemap" is always there and first. Saved against the version read, with the
 * unsaved-changes lock held while edited; open pages use the new settings once restarted.
 */
import { useState, type FormEvent } from 'react';
import {
  BASEMAP_KIND_NAMES,
  BASEMAPS_MAX,
  InstallationMapUpdate,
  type InstallationMap,
} from '@manway/core/api/installation-settings';
import type { Basemap } from '@manway/core/api/settings';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DecimalField } from '../../../ui/fields/DecimalField';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetInstallationMapQuery } from '../api/mapSettings';
import { useSaveInstallationMapMutation } from '../api/saveMapSettings';
import { issuesByField, saveFailure } from '../saveFailure';
import { useUnsavedLock } from '../useUnsavedLock';
import { BasemapEditor } from './BasemapEditor';
import { SettingsFormFooter } from './RestartNote';
import './InstallationSettings.css';

export const MAP_CONFLICT_TEXT =
  'Another administrator saved the map settings meanwhile. They have been reloaded: check them and save again.';
const LOCK = 'installation-settings:map';

type Extent = [west: number | null, south: number | null, east: number | null, north: number | null];
const SIDES = [
  { label: 'West', min: -180, max: 180 },
  { label: 'South', min: -90, max: 90 },
  { label: 'East', min: -180, max: 180 },
  { label: 'North', min: -90, max: 90 },
] as const;

/** What the form edits; the extent's numbers are kept while "the whole network" is chosen. */
interface MapForm {
  basemaps: Basemap[];
  defaultBasemapId: string;
  opensOn: 'network' | 'extent';
  extent: Extent;
}

/** Degrees to the coordinate precision (main-app section 9: 5 decimals). */
const round = (extent: readonly number[]) => extent.map((v) => Math.round(v * 1e5) / 1e5) as Extent;

const formOf = (s: InstallationMap): MapForm => ({
  basemaps: s.basemaps,
  defaultBasemapId: s.defaultBasemapId,
  opensOn: s.initialExtent ? 'extent' : 'network',
  extent: s.initialExtent ?? (s.networkExtent ? round(s.networkExtent) : [null, null, null, null]),
});

const sameForm = (a: MapForm, b: MapForm) =>
  JSON.stringify(a.basemaps) === JSON.stringify(b.basemaps) &&
  a.defaultBasemapId === b.defaultBasemapId &&
  a.opensOn === b.opensOn &&
  (a.opensOn === 'network' || JSON.stringify(a.extent) === JSON.stringify(b.extent));

/** The update to send, or the messages by field ('basemaps.2.url') that keep it from being sent. */
function updateOf(form: MapForm, version: number) {
  const extent = form.opensOn === 'extent' ? form.extent.map((v) => v ?? Number.NaN) : null;
  const parsed = InstallationMapUpdate.safeParse({
    basemaps: form.basemaps,
    defaultBasemapId: form.defaultBasemapId,
    initialExtent: extent,
    version,
  });
  if (parsed.success) return { update: parsed.data, errors: {} };
  const errors = issuesByField(parsed.error.issues);
  // An empty box reads better than zod's word for NaN.
  if (extent && form.extent.some((v) => v === null)) errors.initialExtent = 'Enter all four numbers.';
  for (const key of Object.keys(errors)) if (key.startsWith('initialExtent.')) delete errors[key];
  return { update: null, errors };
}

/** A new basemap's id: its kind and the first number not taken. */
function newId(kind: Basemap['kind'], basemaps: readonly Basemap[]): string {
  const taken = new Set(basemaps.map((b) => b.id));
  let n = 1;
  while (taken.has(`${kind}-${n}`)) n += 1;
  return `${kind}-${n}`;
}

export function MapSettingsPage() {
  const settings = useGetInstallationMapQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="mw-installation-settings">
      <h1 className="mw-installation-settings__title">Map settings</h1>
      <p className="mw-page__lead">
        The basemaps users choose from under the network, the one they start with, and where the map opens.
      </p>
      {settings.data ? (
        <MapSettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert">The map settings could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}
    </div>
  );
}

function MapSettingsForm({ settings }: { settings: InstallationMap }) {
  const dispatch = useAppDispatch();
  const [save, saving] = useSaveInstallationMapMutation();
  const [draft, setDraft] = useState<{ form: MapForm; base: InstallationMap } | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<'saved' | 'conflict' | null>(null);
  const form = draft?.form ?? formOf(settings);
  const dirty = draft !== null;
  useUnsavedLock(LOCK, dirty);

  const change = (edit: (current: MapForm) => MapForm) => {
    setOutcome(null);
    setErrors({});
    setDraft((current) => {
      const base = current?.base ?? settings;
      const edited = edit(current?.form ?? formOf(base));
      return sameForm(edited, formOf(base)) ? null : { form: edited, base };
    });
  };
  const toggle = (id: string, to = !open.has(id)) => {
    const next = new Set(open);
    if (to) next.add(id);
    else next.delete(id);
    setOpen(next);
  };

  const changeBasemap = (index: number, patch: Partial<Basemap>) =>
    change((f) => ({ ...f, basemaps: f.basemaps.map((b, i) => (i === index ? { ...b, ...patch } : b)) }));
  const add = (kind: Basemap['kind']) => {
    const id = newId(kind, form.basemaps);
    change((f) => ({ ...f, basemaps: [...f.basemaps, { id, name: '', kind }] }));
    toggle(id, true);
  };
  const remove = (index: number) =>
    change((f) => {
      const removed = f.basemaps[index]!;
      const basemaps = f.basemaps.filter((_, i) => i !== index);
      const defaultBasemapId = f.defaultBasemapId === removed.id ? basemaps[0]!.id : f.defaultBasemapId;
      return { ...f, basemaps, defaultBasemapId };
    });
  const setSide = (side: number, value: number | null) =>
    change((f) => ({ ...f, extent: f.extent.map((v, i) => (i === side ? value : v)) as Extent }));

  const showProblems = (found: Record<string, string>) => {
    setErrors(found);
    // A basemap with a problem opens, so its message shows at its field.
    const withProblems = form.basemaps.filter((_, i) => Object.keys(found).some((k) => k.startsWith(`basemaps.${i}.`)));
    setOpen(new Set([...open, ...withProblems.map((b) => b.id)]));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const { update, errors: found } = updateOf(draft.form, draft.base.version);
    if (!update) {
      showProblems(found);
      return;
    }
    try {
      await save(update).unwrap();
      setDraft(null);
      setOpen(new Set());
      setOutcome('saved');
      dispatch(showNotification({ type: 'success', title: 'Map settings saved' }));
    } catch (error) {
      const failure = saveFailure(error);
      if (failure.kind === 'conflict') {
        setDraft(null);
        setOpen(new Set());
        setOutcome('conflict');
      } else if (failure.kind === 'fields') {
        showProblems(failure.fields);
      }
    }
  };

  const basemapErrors = (index: number) => {
    const prefix = `basemaps.${index}.`;
    return Object.fromEntries(
      Object.entries(errors)
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, message]) => [key.slice(prefix.length), message]),
    );
  };
  const listErrors = Object.entries(errors).filter(
    ([key]) => key === 'basemaps' || /^basemaps\.\d+$/.test(key) || key === 'defaultBasemapId',
  );
  const otherErrors = Object.entries(errors).filter(
    ([key]) => !key.startsWith('basemaps') && key !== 'defaultBasemapId' && key !== 'initialExtent',
  );
  const full = form.basemaps.length >= BASEMAPS_MAX;

  return (
    <form className="mw-installation-settings__form" onSubmit={(event) => void submit(event)} noValidate>
      <section className="mw-installation-settings__card" aria-labelledby="map-basemaps">
        <h2 id="map-basemaps">Basemaps</h2>
        <p className="mw-installation-settings__note">
          Users pick one of these under the network; the default is what users who chose none see. All are drawn on the
          Web Mercator grid (EPSG:3857).
        </p>
        <div className="mw-basemaps__head" aria-hidden="true">
          Default
        </div>
        <ul className="mw-basemaps" aria-label="Basemaps">
          {form.basemaps.map((basemap, index) => (
            <BasemapEditor
              key={basemap.id}
              basemap={basemap}
              isDefault={basemap.id === form.defaultBasemapId}
              open={open.has(basemap.id)}
              errors={basemapErrors(index)}
              showErrors
              onChange={(patch) => changeBasemap(index, patch)}
              onMakeDefault={() => change((f) => ({ ...f, defaultBasemapId: basemap.id }))}
              onToggle={() => toggle(basemap.id)}
              onRemove={() => remove(index)}
            />
          ))}
        </ul>
        {listErrors.map(([key, message]) => (
          <p key={key} className="mw-installation-settings__message" role="alert">
            {message}
          </p>
        ))}
        <div className="mw-installation-settings__add">
          {(['xyz', 'wmts', 'wms'] as const).map((kind) => (
            <Button key={kind} onClick={() => add(kind)} disabled={full}>
              Add {BASEMAP_KIND_NAMES[kind]}
            </Button>
          ))}
          {full && <span className="mw-installation-settings__note">At most {BASEMAPS_MAX} basemaps.</span>}
        </div>
      </section>

      <section className="mw-installation-settings__card" aria-labelledby="map-extent">
        <h2 id="map-extent">Start extent</h2>
        <fieldset className="mw-installation-settings__choices">
          <legend className="mw-visually-hidden">The map opens on</legend>
          <label>
            <input
              type="radio"
              name="opens-on"
              checked={form.opensOn === 'network'}
              onChange={() => change((f) => ({ ...f, opensOn: 'network' }))}
            />{' '}
            The whole network, however it grows
          </label>
          <label>
            <input
              type="radio"
              name="opens-on"
              checked={form.opensOn === 'extent'}
              onChange={() => change((f) => ({ ...f, opensOn: 'extent' }))}
            />{' '}
            This extent (WGS 84 degrees)
          </label>
        </fieldset>
        {form.opensOn === 'extent' && (
          <>
            <div className="mw-installation-settings__extent">
              {SIDES.map((side, index) => (
                <DecimalField
                  key={side.label}
                  label={side.label}
                  unit="°"
                  value={form.extent[index] ?? null}
                  onChange={(value) => setSide(index, value)}
                  rules={{ required: true, min: side.min, max: side.max, precision: 5 }}
                />
              ))}
            </div>
            <div className="mw-installation-settings__add">
              <Button
                onClick={() => {
                  const network = settings.networkExtent;
                  if (network) change((f) => ({ ...f, extent: round(network) }));
                }}
                disabled={!settings.networkExtent}
              >
                Use the network&apos;s extent
              </Button>
            </div>
          </>
        )}
        {errors.initialExtent && (
          <p className="mw-installation-settings__message" role="alert">
            {errors.initialExtent}
          </p>
        )}
      </section>

      <SettingsFormFooter
        dirty={dirty}
        saving={saving.isLoading}
        outcome={outcome}
        conflictText={MAP_CONFLICT_TEXT}
        messages={otherErrors}
      />
    </form>
  );
}
