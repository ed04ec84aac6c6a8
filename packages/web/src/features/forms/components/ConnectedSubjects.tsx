/**
 * The subjects connected to an asset or an inspection, below its details (main-app spec section 7,
 * "Observations and connected subjects"): each with its kind, label and position, connected anew
 * (a new subject by kind and label), changed and removed in the connected-subject form. Changing
 * them follows the object's details (`useMayChange`).
 */
import { useCallback, useState } from 'react';
import type { ConnectedSubjectItem } from '@manway/core/api/observations';
import type { FormField, FormLocation, FormValues, SubjectInfo } from '@manway/core/forms/template';
import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { useMayChange } from '../mayChange';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { TextField } from '../../../ui/fields/TextField';
import { locationText, optionLabel } from '../../../ui/form/fieldText';
import { LocationField } from '../../../ui/form/LocationField';
import { SelectField } from '../../../ui/form/SelectField';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetEmptyObjectFormQuery, useGetObjectDetailsTemplateQuery } from '../api/objectForms';
import {
  reloadConnectedSubjects,
  useCreateConnectedSubjectMutation,
  useDeleteConnectedSubjectMutation,
  useGetConnectedSubjectsOfQuery,
  useUpdateConnectedSubjectMutation,
  type RecordParent,
} from '../api/records';
import { failureStatus } from '../formValues';
import { RecordEditor, type RecordExtraProps } from './RecordEditor';
import './records.css';

/** Spec section 2, empty-state texts. */
export const NO_CONNECTIONS = 'No connections';

export const DELETE_CONNECTION_CONFIRM: ConfirmConfig = {
  type: 'normal',
  title: 'Remove this connection?',
  text: 'The subject stays; its connection to this object and the connection’s photos go.',
  proceedButtonText: 'Remove',
};

/** The template's field holding the subject and its position, and the subject's kind. */
const CONNECTION_FIELD = 'connection';
const KIND_FIELD = 'kind';
/** Drawn here rather than by the field list: the list shows subjects only, it does not choose them. */
const OWN_FIELDS = [CONNECTION_FIELD, 'subject', KIND_FIELD];

interface Connection {
  subject: SubjectInfo | null;
  location: FormLocation | null;
}

function connectionOf(values: FormValues): Connection {
  const value = values[CONNECTION_FIELD] as Partial<Connection> | null | undefined;
  return { subject: value?.subject ?? null, location: value?.location ?? null };
}

/** Editing one connection, or connecting a new subject (item null). */
interface Editing {
  item: ConnectedSubjectItem | null;
}

function ConnectionInputs({
  values,
  onChange,
  errors,
  showAllErrors,
  kindField,
  creating,
}: RecordExtraProps & { kindField: FormField | undefined; creating: boolean }) {
  const connection = connectionOf(values);
  const subject = connection.subject ?? { id: null, kind: '', label: '' };
  const setSubject = (next: SubjectInfo) => {
    onChange(CONNECTION_FIELD, { ...connection, subject: next });
    onChange(KIND_FIELD, next.kind);
  };
  return (
    <div className="mw-form__fields">
      {creating ? (
        <>
          <SelectField
            label="Subject kind"
            required
            options={kindField?.options ?? []}
            value={subject.kind || null}
            onChange={(kind) => setSubject({ ...subject, kind: kind ?? '' })}
            error={errors['Subject.kind'] ?? null}
            showError={showAllErrors || errors['Subject.kind'] !== undefined}
          />
          <TextField
            label="Subject label"
            value={subject.label}
            onChange={(label) => setSubject({ ...subject, label })}
            rules={{ required: true, maxLength: 200 }}
            error={errors['Subject.label'] ?? null}
            showError={showAllErrors || errors['Subject.label'] !== undefined}
          />
        </>
      ) : (
        <p className="mw-form__message">
          {optionLabel(kindField?.options, subject.kind)}: {subject.label}
        </p>
      )}
      <LocationField
        label="Position"
        required
        value={connection.location}
        onChange={(location) => onChange(CONNECTION_FIELD, { ...connection, location })}
        error={errors[CONNECTION_FIELD] ?? null}
        showError={showAllErrors || errors[CONNECTION_FIELD] !== undefined}
      />
    </div>
  );
}

export function ConnectedSubjects({ parent }: { parent: RecordParent }) {
  const dispatch = useAppDispatch();
  const details = useGetObjectDetailsTemplateQuery(parent);
  const list = useGetConnectedSubjectsOfQuery(parent);
  const context = { parentType: parent.type, parentId: parent.id };
  const emptyForm = useGetEmptyObjectFormQuery({ type: 'ConnectedSubject', context });
  const [create] = useCreateConnectedSubjectMutation();
  const [update] = useUpdateConnectedSubjectMutation();
  const [remove] = useDeleteConnectedSubjectMutation();
  const [editing, setEditing] = useState<Editing | null>(null);

  const canChange = useMayChange(parent.type, details.data?.editable);
  const form = emptyForm.data;
  const kindField = form?.tabs.flatMap((t) => t.fields).find((f) => f.id === KIND_FIELD);
  const kindText = (kind: string) => optionLabel(kindField?.options, kind);

  const removeConnection = useCallback(
    async (item: ConnectedSubjectItem) => {
      if (!(await dispatch(confirm(DELETE_CONNECTION_CONFIRM)))) return;
      const result = await remove({ id: item.id, version: item.version, parent });
      if ('data' in result) dispatch(showNotification({ type: 'success', title: 'Connection removed' }));
      else if (failureStatus(result.error) === 409) dispatch(reloadConnectedSubjects(parent));
    },
    [dispatch, remove, parent],
  );

  const items = list.data ?? [];
  const newValues = (): FormValues => ({
    ...form?.values,
    [CONNECTION_FIELD]: { subject: { id: null, kind: '', label: '' }, location: null },
  });

  return (
    <section className="mw-records" aria-label="Connected subjects" data-testid="connected-subjects">
      <header className="mw-form__header">
        <h3 className="mw-form__title">Connected subjects</h3>
        {canChange && (
          <div className="mw-form__actions">
            <Button variant="primary" onClick={() => setEditing({ item: null })} disabled={!form}>
              Connect a subject
            </Button>
          </div>
        )}
      </header>
      {list.isError ? (
        <p className="mw-form__message" role="alert">
          The connected subjects could not be loaded.
        </p>
      ) : list.isLoading ? (
        <LoadingStatus />
      ) : items.length === 0 ? (
        <p className="mw-form__message">{NO_CONNECTIONS}</p>
      ) : (
        <table className="mw-records__table">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Label</th>
              <th scope="col">Location</th>
              {canChange && (
                <th scope="col">
                  <span className="mw-visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{kindText(item.subject.kind)}</td>
                <td>{item.subject.label}</td>
                <td>{locationText(item.location)}</td>
                {canChange && (
                  <td className="mw-records__row-actions">
                    <Button variant="ghost" onClick={() => setEditing({ item })}>
                      Edit<span className="mw-visually-hidden"> {item.subject.label}</span>
                    </Button>
                    <Button variant="ghost" onClick={() => void removeConnection(item)}>
                      Remove<span className="mw-visually-hidden"> {item.subject.label}</span>
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && form && (
        <RecordEditor
          title={editing.item ? `Connection: ${editing.item.subject.label}` : 'Connect a subject'}
          tabs={form.tabs}
          initialValues={editing.item ? editing.item.values : newValues()}
          media={editing.item?.media ?? []}
          creating={editing.item === null}
          lockName={`connected-subject:${parent.type}:${parent.id}:${editing.item?.id ?? 'new'}`}
          ownFields={OWN_FIELDS}
          renderExtra={(props) => (
            <ConnectionInputs {...props} kindField={kindField} creating={editing.item === null} />
          )}
          onSave={(values, { files, filesToRemove }) => {
            const item = editing.item;
            if (item) return update({ id: item.id, parent, version: item.version, values, files, filesToRemove });
            const subject = connectionOf(values).subject ?? { id: null, kind: '', label: '' };
            return create({ parent, subject: { ...subject, label: subject.label.trim() }, values, files });
          }}
          onReload={() => dispatch(reloadConnectedSubjects(parent))}
          onClose={() => setEditing(null)}
          savedText="Connection saved"
        />
      )}
    </section>
  );
}
