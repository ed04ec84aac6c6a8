/**
 * An object's details as its form template draws them (an asset, an inspection's header): the
 * template's tabs, read-only until the user chooses Edit, which `useMayChange` allows (assets: the
 * spec's edit-mode rule and the server's `editable`; an inspection: the server's `editable`). Editing keeps the user's changes across tabs, holds the
 * unsaved-changes lock while there are any, checks each field with core's rules as the server
 * will, asks the server for the derived fields when a field they depend on changes, and saves with
 * the version read: one tab by PUT, several by one POST. A stale version is refused (409) and the
 * form offers to reload; the server's field messages (400) show under their fields.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { FormSaved, FormTabAnswer } from '@manway/core/api/forms';
import type { FormField, FormValue, FormValues } from '@manway/core/forms/template';
import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { useDebouncedCallback } from '../../../ui/grid/useDebouncedCallback';
import { LoadingStatus } from '../../../ui/Spinner';
import {
  getObjectFormTab,
  reloadObjectForms,
  useCalculateObjectFormMutation,
  useCreateFormObjectMutation,
  useGetObjectDetailsTemplateQuery,
  useGetObjectFormTabQuery,
  useSaveObjectFormMutation,
  useSaveObjectFormTabMutation,
  type FormObject,
} from '../api/objectForms';
import { useMayChange } from '../mayChange';
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

/**
 * Spec section 5: 'Changing an asset subtype asks whether to create a new asset or change the
 * existing subtype.' Dismissing the question keeps the change in the form, which is only a draft:
 * nothing is written until Save, and Cancel still undoes it.
 */
export const SUBTYPE_CHANGE_CONFIRM: ConfirmConfig = {
  type: 'normal',
  title: 'Create a new asset or change the existing subtype?',
  text: 'A new asset gets this subtype and the values on the form; the existing asset stays as it is.',
  proceedButtonText: 'Create a new asset',
  cancelButtonText: 'Change the existing subtype',
};

interface EditSession {
  /** The object's version when editing began: the save names it. */
  version: number;
  /** Each tab as it was first read in this session, so the values do not move under the user. */
  tabs: Record<string, FormTabAnswer>;
  /** The user's changes and the calculated values, over what was read. */
  changes: FormValues;
  /** Tabs with a field the user changed: one is saved by PUT, several by POST. */
  editedTabs: string[];
  saveAttempted: boolean;
  /** The server's ModelState of the last save, field id → message. */
  serverErrors: Record<string, string>;
  /** The last save was refused as stale (409). */
  conflict: boolean;
}

function sessionValues(session: EditSession): FormValues {
  return Object.assign({}, ...Object.values(session.tabs).map((t) => t.values), session.changes) as FormValues;
}

function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export interface ObjectFormProps {
  object: FormObject;
  /** Lets location fields pick their point on the map. */
  map?: FormMap;
  /** Opens another object: the asset created from this one with another subtype. */
  onOpenObject?(object: FormObject): void;
  /** Shows the template's title as a heading (an inspection's header; an asset's panel has its own). */
  showTitle?: boolean;
}

export function ObjectForm({ object, map, onOpenObject, showTitle = false }: ObjectFormProps) {
  const dispatch = useAppDispatch();
  const lookup = useLookupSearch();
  const pickLocation = useMapPick(map);
  const titleId = useId();

  const template = useGetObjectDetailsTemplateQuery(object, { refetchOnMountOrArgChange: true });
  const mayChange = useMayChange(object.type, template.currentData?.editable);
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const tabs = template.currentData?.tabs ?? [];
  const activeTab = tabs.find((t) => t.id === chosenTab)?.id ?? tabs[0]?.id;
  const read = useGetObjectFormTabQuery(activeTab ? { ...object, tabId: activeTab } : skipToken, {
    refetchOnMountOrArgChange: true,
  });

  const [session, setSession] = useState<EditSession | null>(null);
  // What a save answered, shown until the tab is read again with that version.
  const [saved, setSaved] = useState<FormSaved | null>(null);
  const [saveTab, savingTab] = useSaveObjectFormTabMutation();
  const [saveWhole, savingWhole] = useSaveObjectFormMutation();
  const [createObject, creatingObject] = useCreateFormObjectMutation();
  const [calculate] = useCalculateObjectFormMutation();
  const busy = savingTab.isLoading || savingWhole.isLoading || creatingObject.isLoading;

  // A tab opened while editing joins the session as first read (state adjusted while rendering,
  // as React advises for state that follows other state).
  const fresh = read.currentData;
  if (session && fresh && activeTab && !session.tabs[activeTab])
    setSession({ ...session, tabs: { ...session.tabs, [activeTab]: fresh } });

  const dirty = session !== null && session.editedTabs.length > 0;
  const lockName = `object-form:${object.type}:${object.id}`;
  useEffect(() => {
    if (!dirty) return;
    dispatch(acquireLock(lockName));
    return () => {
      dispatch(releaseLock(lockName));
    };
  }, [dirty, lockName, dispatch]);

  // The fields changed since the last calculation, sent so the server computes only what depends on them.
  const changedSinceCalculate = useRef(new Set<string>());
  const recalculate = useDebouncedCallback(async () => {
    if (!session) return;
    const changed = [...changedSinceCalculate.current];
    changedSinceCalculate.current.clear();
    const answer = await calculate({ ...object, calculate: { values: sessionValues(session), changed } });
    // A superseded or failed calculation leaves the values as they are; a failure has told the user.
    if (answer.data) {
      const derived = answer.data.values;
      setSession((s) => s && { ...s, changes: { ...s.changes, ...derived } });
    }
  }, CALCULATE_DELAY_MS);

  if (template.isError)
    return (
      <p className="mw-form__message" role="alert">
        The form could not be loaded.
      </p>
    );
  if (!template.currentData || !activeTab) return <LoadingStatus />;
  const details = template.currentData;

  const answer = session?.tabs[activeTab] ?? fresh;
  // Right after a save the tab is read again; until then the saved values show, and Edit waits.
  const catchingUp = saved !== null && fresh !== undefined && saved.version > fresh.version;
  const shownValues: FormValues | undefined = answer && {
    ...answer.values,
    ...(catchingUp ? saved.values : {}),
    ...session?.changes,
  };
  const context = { now: new Date(), creating: false };
  const values = session ? sessionValues(session) : {};
  const errorsOf = (tab: FormTabAnswer) => fieldErrors(tab.tab.fields, values, context);
  const errors = session && answer ? errorsOf(answer) : {};
  const invalidTabs = session
    ? Object.entries(session.tabs)
        .filter(([, t]) => Object.keys(errorsOf(t)).length > 0)
        .map(([id]) => id)
    : [];
  const tabsWithErrors = session
    ? Object.entries(session.tabs)
        .filter(([id, t]) => invalidTabs.includes(id) || t.tab.fields.some((f) => f.id in session.serverErrors))
        .map(([id]) => id)
    : [];

  const startEditing = () => {
    if (!fresh || !activeTab) return;
    changedSinceCalculate.current.clear();
    setSession({
      version: fresh.version,
      tabs: { [activeTab]: fresh },
      changes: {},
      editedTabs: [],
      saveAttempted: false,
      serverErrors: {},
      conflict: false,
    });
  };

  const applyChange = (field: FormField, value: FormValue) => {
    setSession(
      (s) =>
        s && {
          ...s,
          changes: { ...s.changes, [field.id]: value },
          editedTabs: s.editedTabs.includes(activeTab) ? s.editedTabs : [...s.editedTabs, activeTab],
          serverErrors: withoutKey(s.serverErrors, field.id),
        },
    );
    if (field.triggersCalculate) {
      changedSinceCalculate.current.add(field.id);
      recalculate();
    }
  };

  /** Every tab of the object: as read in the session, or read now for the tabs not opened yet. */
  const everyTab = (current: EditSession): Promise<FormTabAnswer[]> =>
    Promise.all(
      details.tabs.map(
        (t) =>
          current.tabs[t.id] ??
          dispatch(getObjectFormTab.initiate({ ...object, tabId: t.id }, { subscribe: false })).unwrap(),
      ),
    );

  /** The other answer to the subtype question: a new asset with that subtype and the form's values. */
  const createFromThis = async (current: EditSession, subtype: string) => {
    let all: FormTabAnswer[];
    try {
      all = await everyTab(current);
    } catch {
      return; // The failed read has told the user.
    }
    const values = {
      ...(Object.assign({}, ...all.map((t) => t.values)) as FormValues),
      ...current.changes,
      [SUBTYPE_FIELD]: subtype,
    };
    const fields = all.flatMap((t) => t.tab.fields);
    const created = await createObject({
      type: object.type,
      create: { subtype, values: writableValues(fields, values, true) },
    });
    // A refusal (no permission, the same name and subtype taken) is told by the global handling.
    if (!created.data) return;
    setSession(null);
    dispatch(showNotification({ type: 'success', title: 'Asset created' }));
    onOpenObject?.({ type: object.type, id: created.data.id });
  };

  const change = async (field: FormField, value: FormValue) => {
    if (!session) return;
    const stored = answer?.values[SUBTYPE_FIELD];
    if (field.id === SUBTYPE_FIELD && typeof value === 'string' && value !== '' && value !== stored) {
      const createNew = await dispatch(confirm(SUBTYPE_CHANGE_CONFIRM));
      if (createNew) {
        await createFromThis(session, value);
        return;
      }
    }
    applyChange(field, value);
  };

  const save = async () => {
    if (!session) return;
    setSession((s) => s && { ...s, saveAttempted: true });
    if (invalidTabs.length > 0) {
      if (!invalidTabs.includes(activeTab)) setChosenTab(invalidTabs[0]!);
      return;
    }
    if (session.editedTabs.length === 0) {
      setSession(null);
      return;
    }
    const editedFields = session.editedTabs.flatMap((id) => session.tabs[id]?.tab.fields ?? []);
    const body = { values: writableValues(editedFields, values, false), version: session.version };
    const [onlyTab] = session.editedTabs;
    const result =
      session.editedTabs.length === 1 && onlyTab
        ? await saveTab({ ...object, tabId: onlyTab, save: body })
        : await saveWhole({ ...object, save: body });
    if (result.data) {
      setSaved(result.data);
      setSession(null);
      dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
      return;
    }
    const status = failureStatus(result.error);
    const serverErrors = status === 400 ? modelStateErrors(failureData(result.error)) : null;
    if (status === 409) setSession((s) => s && { ...s, conflict: true });
    else if (serverErrors) setSession((s) => s && { ...s, serverErrors });
  };

  const reload = () => {
    setSession(null);
    setSaved(null);
    dispatch(reloadObjectForms(object));
  };

  const editing = session !== null;
  const canEdit = mayChange;

  return (
    <section
      className="mw-form"
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : details.title}
      data-testid="object-form"
    >
      <header className="mw-form__header">
        {showTitle && (
          <h3 id={titleId} className="mw-form__title">
            {details.title}
          </h3>
        )}
        <div className="mw-form__actions">
          {editing ? (
            <>
              <Button variant="primary" onClick={() => void save()} disabled={busy}>
                Save
              </Button>
              <Button onClick={() => setSession(null)} disabled={busy}>
                Cancel
              </Button>
            </>
          ) : (
            canEdit && (
              <Button onClick={startEditing} disabled={!fresh || catchingUp}>
                Edit
              </Button>
            )
          )}
        </div>
      </header>
      {session?.conflict && (
        <div className="mw-form__conflict" role="alert">
          <p>
            <strong>{MODIFIED_BY_ANOTHER_USER.title}</strong> {MODIFIED_BY_ANOTHER_USER.text}
          </p>
          <Button onClick={reload}>Reload</Button>
        </div>
      )}
      <FormTabs
        label={details.title}
        tabs={details.tabs}
        activeId={activeTab}
        onSelect={setChosenTab}
        withErrors={session?.saveAttempted ? tabsWithErrors : []}
      >
        {answer && shownValues ? (
          <FormFieldList
            fields={answer.tab.fields}
            values={shownValues}
            editing={editing}
            creating={false}
            errors={errors}
            serverErrors={session?.serverErrors ?? {}}
            showAllErrors={session?.saveAttempted ?? false}
            onChange={(field, value) => void change(field, value)}
            lookup={lookup}
            pickLocation={pickLocation}
          />
        ) : read.isError ? (
          <p className="mw-form__message" role="alert">
            This tab could not be loaded.
          </p>
        ) : (
          <LoadingStatus />
        )}
      </FormTabs>
    </section>
  );
}
