/**
 * A new asset from the map: the user chooses its type, the server answers the empty form of that
 * type (every tab, its subtype field with the subtypes to choose from) and the defaults of a new
 * object; the user fills it in, picking the location on the map, and creates it. The created asset
 * opens in its details. A refusal (no permission to create, the same name and subtype taken) is
 * told by the global handling; the server's field messages show under their fields.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormField, FormValue, FormValues } from '@manway/core/forms/template';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { DISCARD_CHANGES_CONFIRM } from '../../../shell/unsaved/discardConfirm';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { useDebouncedCallback } from '../../../ui/grid/useDebouncedCallback';
import { LoadingStatus } from '../../../ui/Spinner';
import {
  useCalculateEmptyObjectFormMutation,
  useCreateFormObjectMutation,
  useGetEmptyObjectFormQuery,
  useGetObjectFormDefaultsQuery,
  type FormObject,
} from '../api/objectForms';
import { useMapPick, type FormMap } from '../formMap';
import {
  CALCULATE_DELAY_MS,
  failureData,
  failureStatus,
  fieldErrors,
  modelStateErrors,
  SUBTYPE_FIELD,
  writableValues,
} from '../formValues';
import { useLookupSearch } from '../useLookupSearch';
import { FormFieldList } from './FormFieldList';
import { FormTabs } from './FormTabs';
import './forms.css';

/** The asset types a user creates from the map, by the type names the calls take. */
export const NEW_ASSET_TYPES = [
  { type: 'Node', label: 'Node (manhole, gully, outfall, pump station)' },
  { type: 'Section', label: 'Section (pipe between two nodes)' },
  { type: 'Lateral', label: 'Lateral (house connection)' },
] as const;
export type NewAssetType = (typeof NEW_ASSET_TYPES)[number]['type'];

const newAssetLock = (type: string) => `new-asset:${type}`;
/** No context: the subtype is chosen on the form itself, among the subtypes the empty form offers. */
const NO_CONTEXT = {};

export function NewAssetForm({
  type,
  map,
  onCreated,
  onCancel,
}: {
  type: NewAssetType;
  map?: FormMap;
  onCreated(object: FormObject): void;
  onCancel(): void;
}) {
  const dispatch = useAppDispatch();
  const lookup = useLookupSearch();
  const pickLocation = useMapPick(map);
  const args = { type, context: NO_CONTEXT };
  const empty = useGetEmptyObjectFormQuery(args, { refetchOnMountOrArgChange: true });
  const defaults = useGetObjectFormDefaultsQuery(args, { refetchOnMountOrArgChange: true });
  const [createObject, { isLoading: creating }] = useCreateFormObjectMutation();
  const [calculate] = useCalculateEmptyObjectFormMutation();

  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const [changes, setChanges] = useState<FormValues>({});
  const [derived, setDerived] = useState<FormValues>({});
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const dirty = Object.keys(changes).length > 0;
  const lockName = newAssetLock(type);
  useEffect(() => {
    if (!dirty) return;
    dispatch(acquireLock(lockName));
    return () => {
      dispatch(releaseLock(lockName));
    };
  }, [dirty, lockName, dispatch]);

  const values: FormValues = {
    ...empty.currentData?.values,
    ...defaults.currentData?.values,
    ...derived,
    ...changes,
  };
  const subtypeOf = (v: FormValues) => {
    const subtype = v[SUBTYPE_FIELD];
    return typeof subtype === 'string' && subtype !== '' ? subtype : undefined;
  };

  const changedSinceCalculate = useRef(new Set<string>());
  const recalculate = useDebouncedCallback(async () => {
    const changed = [...changedSinceCalculate.current];
    changedSinceCalculate.current.clear();
    const answer = await calculate({ type, calculate: { subtype: subtypeOf(values), values, changed } });
    if (answer.data) {
      const calculated = answer.data.values;
      setDerived((d) => ({ ...d, ...calculated }));
    }
  }, CALCULATE_DELAY_MS);

  if (empty.isError || defaults.isError)
    return (
      <p className="mw-form__message" role="alert">
        The form of a new asset could not be loaded.
      </p>
    );
  if (!empty.currentData || !defaults.currentData) return <LoadingStatus />;
  const form = empty.currentData;
  const activeTab = form.tabs.find((t) => t.id === chosenTab) ?? form.tabs[0];
  if (!activeTab) return null;

  const context = { now: new Date(), creating: true };
  const errorsOf = (fields: readonly FormField[]) => fieldErrors(fields, values, context);
  const tabsWithErrors = form.tabs
    .filter((t) => Object.keys(errorsOf(t.fields)).length > 0 || t.fields.some((f) => f.id in serverErrors))
    .map((t) => t.id);

  const change = (field: FormField, value: FormValue) => {
    setChanges((c) => ({ ...c, [field.id]: value }));
    setServerErrors(({ [field.id]: _dropped, ...rest }) => rest);
    if (field.triggersCalculate) {
      changedSinceCalculate.current.add(field.id);
      recalculate();
    }
  };

  const create = async () => {
    setSaveAttempted(true);
    const invalid = form.tabs.filter((t) => Object.keys(errorsOf(t.fields)).length > 0);
    if (invalid.length > 0) {
      if (!invalid.some((t) => t.id === activeTab.id)) setChosenTab(invalid[0]!.id);
      return;
    }
    const fields = form.tabs.flatMap((t) => t.fields);
    const created = await createObject({
      type,
      create: { subtype: subtypeOf(values), values: writableValues(fields, values, true) },
    });
    if (created.data) {
      setChanges({});
      dispatch(showNotification({ type: 'success', title: 'Asset created' }));
      onCreated({ type, id: created.data.id });
      return;
    }
    const errors = failureStatus(created.error) === 400 ? modelStateErrors(failureData(created.error)) : null;
    if (errors) setServerErrors(errors);
  };

  return (
    <div className="mw-form" data-testid="new-asset-form">
      <FormTabs
        label={`New ${type}`}
        tabs={form.tabs}
        activeId={activeTab.id}
        onSelect={setChosenTab}
        withErrors={saveAttempted ? tabsWithErrors : []}
      >
        <FormFieldList
          fields={activeTab.fields}
          values={values}
          editing
          creating
          errors={errorsOf(activeTab.fields)}
          serverErrors={serverErrors}
          showAllErrors={saveAttempted}
          onChange={change}
          lookup={lookup}
          pickLocation={pickLocation}
        />
      </FormTabs>
      <div className="mw-form__actions mw-form__actions--end">
        <Button onClick={onCancel} disabled={creating}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => void create()} disabled={creating}>
          Create
        </Button>
      </div>
    </div>
  );
}

/**
 * The map tool that opens the new-asset form beside it. Changing the type or closing a form with
 * changes asks first, as leaving the page does.
 */
export function NewAssetTool({ map, onCreated }: { map?: FormMap; onCreated(object: FormObject): void }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<NewAssetType>('Node');
  const dirty = useAppSelector((state) => state.unsaved.locks.includes(newAssetLock(type)));

  const mayDiscard = async () => !dirty || (await dispatch(confirm(DISCARD_CHANGES_CONFIRM)));
  const close = async () => {
    if (await mayDiscard()) setOpen(false);
  };
  const chooseType = async (next: NewAssetType) => {
    if (await mayDiscard()) setType(next);
  };

  return (
    <div className="mw-new-asset">
      <Button
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        variant={open ? 'primary' : 'secondary'}
        onClick={() => (open ? void close() : setOpen(true))}
        title="Create an asset of a type and place it on the map"
      >
        New asset
      </Button>
      {open && (
        <section id={panelId} className="mw-new-asset__panel" aria-labelledby={titleId}>
          <header className="mw-form__header">
            <h2 id={titleId} className="mw-form__title">
              New asset
            </h2>
            <Button variant="ghost" aria-label="Close new asset" onClick={() => void close()}>
              ✕
            </Button>
          </header>
          <label className="mw-new-asset__type">
            <span>Asset type</span>
            <select value={type} onChange={(event) => void chooseType(event.target.value as NewAssetType)}>
              {NEW_ASSET_TYPES.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <NewAssetForm
            key={type}
            type={type}
            map={map}
            onCancel={() => void close()}
            onCreated={(object) => {
              setOpen(false);
              onCreated(object);
            }}
          />
        </section>
      )}
    </div>
  );
}
