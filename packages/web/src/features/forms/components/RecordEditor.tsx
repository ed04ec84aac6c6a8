/**
 * The form of one observation or connected subject, in a modal: the tabs of the empty form the
 * server answered for the parent, core's field rules under the fields, the derived fields asked of
 * the server 300 ms after a field they depend on changes, photos to add and to remove, and a save
 * that sends it all at once. The server's field messages (400) show under their fields; a stale
 * version (409) shows the catalogue's message with Reload, keeping the user's values until then.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RecordMedia } from '@manway/core/api/observations';
import type { FormField, FormTab, FormValue, FormValues } from '@manway/core/forms/template';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { useDebouncedCallback } from '../../../ui/grid/useDebouncedCallback';
import { BoundedModal } from '../../../ui/modal/Modal';
import type { RecordFiles } from '../api/records';
import {
  CALCULATE_DELAY_MS,
  failureData,
  failureStatus,
  fieldErrors,
  modelStateErrors,
  writableValues,
} from '../formValues';
import { useLookupSearch } from '../useLookupSearch';
import { FormFieldList } from './FormFieldList';
import { FormTabs } from './FormTabs';
import { RecordMediaInput } from './RecordMediaInput';

/** What a save answered, as RTK Query's mutation results carry it. */
export type RecordSaveResult = { data: unknown } | { error: unknown };

/** What the parts of the form the editor does not draw itself need (a connection's subject and position). */
export interface RecordExtraProps {
  values: FormValues;
  onChange(fieldId: string, value: FormValue): void;
  /** Field id → the message to show, as for the drawn fields. */
  errors: Readonly<Record<string, string>>;
  showAllErrors: boolean;
  disabled: boolean;
}

/** The caller's part of the form, drawn as a component so it renders with the editor's state as props. */
function ExtraFields({ render, ...props }: RecordExtraProps & { render(props: RecordExtraProps): ReactNode }) {
  return render(props);
}

export interface RecordEditorProps {
  title: string;
  tabs: readonly FormTab[];
  initialValues: FormValues;
  media: readonly RecordMedia[];
  creating: boolean;
  /** The unsaved-changes lock held while the form has changes. */
  lockName: string;
  /** Fields the caller draws through `renderExtra` rather than the tab's field list. */
  ownFields?: readonly string[];
  renderExtra?(props: RecordExtraProps): ReactNode;
  /**
   * The record's files when they are added and deleted on their own, straight away (a saved
   * observation's gallery), in place of the photos sent with the save.
   */
  mediaSection?: ReactNode;
  /** The derived fields for the values on the form; null when there is no answer. */
  calculate?(values: FormValues, changed: string[]): Promise<FormValues | null>;
  /** The values of the writable fields that apply, and the files. */
  onSave(values: FormValues, files: RecordFiles): Promise<RecordSaveResult>;
  /** Reads the records again after a refused stale save. */
  onReload(): void;
  onClose(): void;
  savedText: string;
}

export function RecordEditor({
  title,
  tabs,
  initialValues,
  media,
  creating,
  lockName,
  ownFields = [],
  renderExtra,
  mediaSection,
  calculate,
  onSave,
  onReload,
  onClose,
  savedText,
}: RecordEditorProps) {
  const dispatch = useAppDispatch();
  const lookup = useLookupSearch();
  const [values, setValues] = useState<FormValues>(initialValues);
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const activeTab = tabs.find((t) => t.id === chosenTab) ?? tabs[0];

  useEffect(() => {
    if (!dirty) return;
    dispatch(acquireLock(lockName));
    return () => {
      dispatch(releaseLock(lockName));
    };
  }, [dirty, lockName, dispatch]);

  const allFields = useMemo(() => tabs.flatMap((t) => t.fields), [tabs]);
  const errors = useMemo(
    () => fieldErrors(allFields, values, { now: new Date(), creating }),
    [allFields, values, creating],
  );
  const shownErrors = { ...errors, ...serverErrors };
  const tabsWithErrors = tabs.filter((t) => t.fields.some((f) => shownErrors[f.id] !== undefined)).map((t) => t.id);

  // The fields changed since the last calculation, sent so the server computes only what depends on them.
  const changedSinceCalculate = useRef(new Set<string>());
  // The debounced call runs the latest render's callback, so it reads the values as they are then.
  const recalculate = useDebouncedCallback(async () => {
    if (!calculate) return;
    const changed = [...changedSinceCalculate.current];
    changedSinceCalculate.current.clear();
    const derived = await calculate(values, changed);
    // A superseded or failed calculation leaves the values as they are; a failure has told the user.
    if (derived) setValues((v) => ({ ...v, ...derived }));
  }, CALCULATE_DELAY_MS);

  const changeValue = (fieldId: string, value: FormValue, triggersCalculate = false) => {
    setValues((v) => ({ ...v, [fieldId]: value }));
    setDirty(true);
    setServerErrors(({ [fieldId]: _dropped, ...rest }) => rest);
    if (triggersCalculate) {
      changedSinceCalculate.current.add(fieldId);
      recalculate();
    }
  };

  const save = async () => {
    setSaveAttempted(true);
    if (Object.keys(errors).length > 0) {
      const firstInvalid = tabs.find((t) => t.fields.some((f) => errors[f.id] !== undefined));
      if (firstInvalid && firstInvalid.id !== activeTab?.id) setChosenTab(firstInvalid.id);
      return;
    }
    setSaving(true);
    const result = await onSave(writableValues(allFields, values, creating), { files, filesToRemove: removed });
    setSaving(false);
    if ('data' in result) {
      setDirty(false);
      dispatch(showNotification({ type: 'success', title: savedText }));
      onClose();
      return;
    }
    const status = failureStatus(result.error);
    if (status === 409) setConflict(true);
    else if (status === 400) setServerErrors(modelStateErrors(failureData(result.error)) ?? {});
  };

  const listed = (tab: FormTab): FormField[] => tab.fields.filter((f) => !ownFields.includes(f.id));

  return (
    <BoundedModal
      title={title}
      onDismiss={onClose}
      maxWidth="48rem"
      footer={
        <div className="mw-form__actions mw-form__actions--end">
          <Button variant="primary" onClick={() => void save()} disabled={saving}>
            Save
          </Button>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
        </div>
      }
    >
      <div className="mw-form mw-record-editor">
        {conflict && (
          <div className="mw-form__conflict" role="alert">
            <p>
              <strong>{MODIFIED_BY_ANOTHER_USER.title}</strong> {MODIFIED_BY_ANOTHER_USER.text}
            </p>
            <Button
              onClick={() => {
                setDirty(false);
                onReload();
                onClose();
              }}
            >
              Reload
            </Button>
          </div>
        )}
        {renderExtra && (
          <ExtraFields
            render={renderExtra}
            values={values}
            onChange={(fieldId, value) => changeValue(fieldId, value)}
            errors={shownErrors}
            showAllErrors={saveAttempted}
            disabled={saving}
          />
        )}
        {activeTab && (
          <FormTabs
            label={title}
            tabs={tabs}
            activeId={activeTab.id}
            onSelect={setChosenTab}
            withErrors={saveAttempted ? tabsWithErrors : []}
          >
            <FormFieldList
              fields={listed(activeTab)}
              values={values}
              editing
              creating={creating}
              errors={errors}
              serverErrors={serverErrors}
              showAllErrors={saveAttempted}
              onChange={(field, value) => changeValue(field.id, value, field.triggersCalculate)}
              lookup={lookup}
            />
          </FormTabs>
        )}
        {mediaSection ?? (
          <RecordMediaInput
            media={media}
            removed={removed}
            onRemovedChange={(next) => {
              setRemoved(next);
              setDirty(true);
            }}
            files={files}
            onFilesChange={(next) => {
              setFiles(next);
              setDirty(true);
            }}
            disabled={saving}
          />
        )}
      </div>
    </BoundedModal>
  );
}
