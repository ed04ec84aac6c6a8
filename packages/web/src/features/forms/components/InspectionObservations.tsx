/**
 * An inspection's observations under its header (main-app spec section 7, "Observations and
 * connected subjects"): every observation in its recorded order, added, changed and deleted in the
 * observation form of the inspection's standard. Recording is field work: the server's `editable`
 * of the inspection decides (`useMayChange`). The observation search stays, behind a toggle.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { EmptyForm } from '@manway/core/api/forms';
import type { ObservationItem } from '@manway/core/api/observations';
import { DEMO_CODES, DEMO_STANDARD } from '@manway/core/domain/standard';
import type { FormField, FormValue } from '@manway/core/forms/template';
import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { useMayChange } from '../mayChange';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import type { GridColumn } from '../../../ui/grid/columns';
import { Grid } from '../../../ui/grid/Grid';
import { LoadingStatus } from '../../../ui/Spinner';
import {
  useCalculateEmptyObjectFormMutation,
  useGetEmptyObjectFormQuery,
  useGetObjectDetailsTemplateQuery,
} from '../api/objectForms';
import {
  reloadInspectionRecords,
  useCreateRecordObservationMutation,
  useDeleteRecordObservationMutation,
  useGetRecordsOfInspectionQuery,
  useUpdateRecordObservationMutation,
} from '../api/records';
import { failureStatus } from '../formValues';
import { RecordEditor } from './RecordEditor';
import './records.css';

/** Spec section 2, empty-state texts. */
export const NO_OBSERVATIONS = 'No observations';

export const DELETE_OBSERVATION_CONFIRM: ConfirmConfig = {
  type: 'normal',
  title: 'Delete this observation?',
  text: 'Its photos go with it, and the inspection’s scores are calculated again.',
  proceedButtonText: 'Delete',
};

/** Editing one observation, or recording a new one (item null). */
interface Editing {
  item: ObservationItem | null;
}

const fieldOf = (form: EmptyForm | undefined, id: string): FormField | undefined =>
  form?.tabs.flatMap((t) => t.fields).find((f) => f.id === id);

function optionText(field: FormField | undefined, value: FormValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const id = String(value as string | number);
  return field?.options?.find((o) => o.id === id)?.value ?? id;
}

/**
 * The unit of a code's quantification. The form's options carry a code's label only, so the unit
 * is known for the standard whose catalogue ships with core; others show the number alone.
 */
function quantificationUnit(form: EmptyForm | undefined, code: FormValue | undefined): string | null {
  if (form?.templateId !== `observation:${DEMO_STANDARD.id}`) return fieldOf(form, 'quantification1')?.unit ?? null;
  return DEMO_CODES.find((c) => c.code === code)?.quantificationUnit ?? null;
}

const numberText = (value: FormValue | undefined) => (typeof value === 'number' ? String(value) : '');

function quantificationText(form: EmptyForm | undefined, item: ObservationItem): string {
  const { quantification1, quantification2, code } = item.values;
  const unit = quantificationUnit(form, code);
  const amounts = [numberText(quantification1), numberText(quantification2)].filter(Boolean);
  if (amounts.length === 0) return '';
  return unit ? `${amounts.join(' / ')} ${unit}` : amounts.join(' / ');
}

function clockText({ clockFrom, clockTo }: ObservationItem['values']): string {
  const from = numberText(clockFrom);
  const to = numberText(clockTo);
  return from && to && from !== to ? `${from}–${to}` : from || to;
}

const photoCount = (item: ObservationItem) => item.media.filter((m) => m.kind === 'image').length;

interface RowActions {
  render(item: ObservationItem): ReactNode;
  width: number;
}

function observationColumns(form: EmptyForm | undefined, actions: RowActions | null): GridColumn<ObservationItem>[] {
  const text = (propertyPath: string, label: string, cell: (item: ObservationItem) => string, width?: number) => ({
    propertyPath,
    label,
    width,
    // The server answers them in their recorded order, which is the order that means something.
    disableSortBy: true,
    filter: false as const,
    cellRenderer: ({ row }: { row: ObservationItem }) => cell(row),
  });
  const columns: GridColumn<ObservationItem>[] = [
    text('values.sequence', 'Seq.', (o) => numberText(o.values.sequence), 60),
    text('values.distanceM', 'Distance (m)', (o) => numberText(o.values.distanceM), 100),
    text('values.code', 'Code', (o) => optionText(fieldOf(form, 'code'), o.values.code), 200),
    text('values.characterisation', 'Characterisation', (o) =>
      optionText(fieldOf(form, 'characterisation'), o.values.characterisation),
    ),
    text('values.quantification1', 'Quantification', (o) => quantificationText(form, o)),
    text('values.clockFrom', 'Clock', (o) => clockText(o.values), 70),
    text('values.continuous', 'Continuous', (o) =>
      typeof o.values.continuous === 'string' ? o.values.continuous : '',
    ),
    text('values.grade', 'Grade', (o) => numberText(o.values.grade), 70),
    text('media', 'Photos', (o) => String(photoCount(o)), 70),
  ];
  if (actions)
    columns.push({
      propertyPath: 'actions',
      label: 'Actions',
      isControlColumn: true,
      width: actions.width,
      cellRenderer: ({ row }) => actions.render(row),
    });
  return columns;
}

export function InspectionObservations({
  inspectionId,
  search,
  renderObservationMedia,
  renderObservationActions,
}: {
  inspectionId: number;
  /** The observation search of the inspection, shown on demand. */
  search?: ReactNode;
  /** A saved observation's files in its form, added and deleted straight away (the media feature's gallery). */
  renderObservationMedia?(observationId: number): ReactNode;
  /** More actions in each observation's row, for anyone who sees the list (the media feature's Play at). */
  renderObservationActions?(item: ObservationItem): ReactNode;
}) {
  const dispatch = useAppDispatch();
  const details = useGetObjectDetailsTemplateQuery({ type: 'Inspection', id: inspectionId });
  const records = useGetRecordsOfInspectionQuery(inspectionId);
  const parent = { parentType: 'Inspection', parentId: inspectionId };
  const emptyForm = useGetEmptyObjectFormQuery({ type: 'Observation', context: parent });
  const [calculate] = useCalculateEmptyObjectFormMutation();
  const [create] = useCreateRecordObservationMutation();
  const [update] = useUpdateRecordObservationMutation();
  const [remove] = useDeleteRecordObservationMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [searching, setSearching] = useState(false);

  const canRecord = useMayChange('Inspection', details.data?.editable);
  const form = emptyForm.data;

  const deleteObservation = useCallback(
    async (item: ObservationItem) => {
      if (!(await dispatch(confirm(DELETE_OBSERVATION_CONFIRM)))) return;
      const result = await remove({ id: item.id, version: item.version, inspectionId });
      if ('data' in result) dispatch(showNotification({ type: 'success', title: 'Observation deleted' }));
      // Changed by someone else since it was read: the list is read again. Other refusals are told
      // by the global handling.
      else if (failureStatus(result.error) === 409) dispatch(reloadInspectionRecords(inspectionId));
    },
    [dispatch, remove, inspectionId],
  );

  const columns = useMemo(
    () =>
      observationColumns(
        form,
        canRecord || renderObservationActions
          ? {
              width: (canRecord ? 170 : 0) + (renderObservationActions ? 110 : 0),
              render: (item) => (
                <span className="mw-records__row-actions">
                  {renderObservationActions?.(item)}
                  {canRecord && (
                    <>
                      <Button variant="ghost" onClick={() => setEditing({ item })}>
                        Edit<span className="mw-visually-hidden"> observation {numberText(item.values.sequence)}</span>
                      </Button>
                      <Button variant="ghost" onClick={() => void deleteObservation(item)}>
                        Delete
                        <span className="mw-visually-hidden"> observation {numberText(item.values.sequence)}</span>
                      </Button>
                    </>
                  )}
                </span>
              ),
            }
          : null,
      ),
    [form, canRecord, deleteObservation, renderObservationActions],
  );

  const items = records.data ?? [];

  return (
    <section className="mw-records" aria-label="Observations" data-testid="inspection-observations">
      <header className="mw-form__header">
        <h3 className="mw-form__title">Observations</h3>
        <div className="mw-form__actions">
          {search && (
            <Button aria-expanded={searching} onClick={() => setSearching((s) => !s)}>
              Search observations
            </Button>
          )}
          {canRecord && (
            <Button variant="primary" onClick={() => setEditing({ item: null })} disabled={!form}>
              Add observation
            </Button>
          )}
        </div>
      </header>
      {records.isError ? (
        <p className="mw-form__message" role="alert">
          The observations could not be loaded.
        </p>
      ) : records.isLoading ? (
        <LoadingStatus />
      ) : items.length === 0 ? (
        <p className="mw-form__message">{NO_OBSERVATIONS}</p>
      ) : (
        <Grid<ObservationItem>
          label="Observations of the inspection"
          columns={columns}
          data={items}
          rowIdPath="id"
          emptyMessage={NO_OBSERVATIONS}
          maxColumnWidth={160}
        />
      )}
      {searching && search}
      {editing && form && (
        <RecordEditor
          title={editing.item ? `Observation ${numberText(editing.item.values.sequence)}` : 'New observation'}
          tabs={form.tabs}
          initialValues={editing.item ? editing.item.values : form.values}
          media={editing.item?.media ?? []}
          creating={editing.item === null}
          mediaSection={editing.item && renderObservationMedia ? renderObservationMedia(editing.item.id) : undefined}
          lockName={`observation:${inspectionId}:${editing.item?.id ?? 'new'}`}
          calculate={async (values, changed) => {
            const answer = await calculate({ type: 'Observation', calculate: { ...parent, values, changed } });
            return answer.data?.values ?? null;
          }}
          onSave={(values, { files, filesToRemove }) => {
            const item = editing.item;
            return item
              ? update({ id: item.id, inspectionId, version: item.version, values, files, filesToRemove })
              : create({ inspectionId, values, files });
          }}
          onReload={() => dispatch(reloadInspectionRecords(inspectionId))}
          onClose={() => setEditing(null)}
          savedText="Observation saved"
        />
      )}
    </section>
  );
}
