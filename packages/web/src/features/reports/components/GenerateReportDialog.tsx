import { useId, useState, type FormEvent } from 'react';
import { isModelStateBody } from '@manway/core/api/errors';
import {
  NO_AVAILABLE_REPORTS,
  type ReportDefinition,
  type ReportDefinitionKey,
  type ReportFormat,
} from '@manway/core/api/reports';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { IconButton } from '../../../ui/controls/IconButton';
import { StarIcon } from '../../../ui/controls/icons';
import { BoundedModal } from '../../../ui/modal/Modal';
import { LoadingStatus } from '../../../ui/Spinner';
import {
  useGetReportDefinitionsQuery,
  useGetReportFormatsQuery,
  useSetReportFavoriteMutation,
} from '../api/reportDefinitions';
import { useCreateReportTaskMutation, type CreateReportTaskBody } from '../api/reportTaskCommands';
import { reportNameError, type ReportRequest } from '../reportRequest';
import { REPORTS_PAGE_PATH } from '../reportsLocation';
import { watchReports } from '../reportWatch';
import { useReportQueue } from './useReportQueue';
import '../../../ui/fields/fields.css';
import './GenerateReportDialog.css';

/** The server lists favourites first; kept so here too while a changed favourite is being read again. */
function favouritesFirst(definitions: readonly ReportDefinition[]): ReportDefinition[] {
  return [...definitions].sort((a, b) => Number(b.favorite) - Number(a.favorite));
}

/** The server's word on the name (400 with ModelState.Name), shown at the field. */
function serverNameError(error: unknown): string | null {
  const data = (error as { data?: unknown } | null)?.data;
  return isModelStateBody(data) ? (data.ModelState.Name?.[0] ?? null) : null;
}

/**
 * Generate report: one of the reports the server offers for the object type where it is asked for
 * (favourites first, each starred or not), in one of that report's formats, under a name checked as
 * it is typed. The report is made in the background: the dialog closes on the server's acceptance,
 * with a way to the Reports page, and the report is watched so a failure is told.
 */
export function GenerateReportDialog({ request, onClose }: { request: ReportRequest; onClose: () => void }) {
  const { objectType, uiContext, source, columns, defaultName, subject } = request;
  const dispatch = useAppDispatch();
  const ids = { group: useId(), format: useId(), name: useId() };
  const { queueId, failed: queueFailed } = useReportQueue();
  // Favourites may have changed in another tab or session.
  const definitions = useGetReportDefinitionsQuery({ objectType, uiContext }, { refetchOnMountOrArgChange: true });
  const formats = useGetReportFormatsQuery();
  const [setFavorite, { isLoading: starring }] = useSetReportFavoriteMutation();
  const [create, { isLoading: creating }] = useCreateReportTaskMutation();
  const [chosen, setChosen] = useState<ReportDefinitionKey | null>(null);
  const [formatChoice, setFormatChoice] = useState<ReportFormat | null>(null);
  const [name, setName] = useState(defaultName);
  const [refusedName, setRefusedName] = useState<string | null>(null);

  const listed = favouritesFirst(definitions.data ?? []);
  const definition = listed.find((d) => d.reportName === chosen) ?? listed[0];
  // A format the newly chosen report does not make gives way to the first one it does.
  const format = formatChoice && definition?.formats.includes(formatChoice) ? formatChoice : definition?.formats[0];
  const nameError = reportNameError(name) ?? refusedName;
  const formatLabel = (code: ReportFormat) => formats.data?.find((f) => f.format === code)?.label ?? code;

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (!queueId || !definition || !format || nameError) return;
    const body: CreateReportTaskBody = {
      ReportName: definition.reportName,
      Format: format,
      Name: name.trim(),
      ObjectType: objectType,
      UiContext: uiContext,
      Source: source,
      ...(columns && columns.length > 0 ? { Columns: [...columns] } : {}),
    };
    try {
      const task = await create({ queueId, body }).unwrap();
      dispatch(watchReports(queueId, [task.id]));
      dispatch(
        showNotification({
          type: 'info',
          title: 'The report is being generated',
          text: `“${task.name}” is listed on the Reports page, where it can be downloaded once ready.`,
          link: { path: `/${REPORTS_PAGE_PATH}`, text: 'Open Reports' },
        }),
      );
      onClose();
    } catch (error) {
      // A taken name and other failures are worded by the global handling (spec section 8).
      setRefusedName(serverNameError(error));
    }
  };

  let choices;
  if (definitions.isError) choices = <p role="alert">The reports could not be loaded.</p>;
  else if (!definitions.data) choices = <LoadingStatus />;
  else if (listed.length === 0) choices = <p className="mw-report-dialog__empty">{NO_AVAILABLE_REPORTS}</p>;
  else
    choices = (
      <ul className="mw-report-dialog__definitions" aria-label="Reports">
        {listed.map((d) => (
          <li key={d.reportName} className="mw-report-dialog__definition">
            <label className="mw-report-dialog__choice">
              <input
                type="radio"
                name={ids.group}
                checked={d.reportName === definition?.reportName}
                onChange={() => setChosen(d.reportName)}
              />
              <span>
                <span className="mw-report-dialog__title">{d.title}</span>
                <span className="mw-report-dialog__description">{d.description}</span>
              </span>
            </label>
            <IconButton
              label={`Favourite: ${d.title}`}
              aria-pressed={d.favorite}
              className={d.favorite ? 'mw-report-dialog__star mw-report-dialog__star--on' : 'mw-report-dialog__star'}
              icon={<StarIcon fill={d.favorite ? 'currentColor' : 'none'} />}
              disabled={starring}
              // A failure is worded by the global handling; the star then stays as it was.
              onClick={() =>
                void setFavorite({ reportName: d.reportName, value: !d.favorite })
                  .unwrap()
                  .catch(() => {})
              }
            />
          </li>
        ))}
      </ul>
    );

  const formId = `${ids.group}-form`;
  return (
    <BoundedModal
      title="Generate report"
      onDismiss={onClose}
      maxWidth="40rem"
      className="mw-report-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            disabled={!queueId || !definition || !format || nameError !== null || creating}
          >
            Generate
          </Button>
        </>
      }
    >
      <form id={formId} className="mw-report-dialog__form" onSubmit={(event) => void generate(event)}>
        {subject && <p className="mw-report-dialog__subject">{subject}</p>}
        {queueFailed && (
          <p className="mw-report-dialog__problem" role="alert">
            Reports cannot be generated right now: the report service did not answer. Try again later.
          </p>
        )}
        <fieldset className="mw-report-dialog__group">
          <legend className="mw-field__label">Report</legend>
          {choices}
        </fieldset>
        <div className="mw-field">
          <label className="mw-field__label" htmlFor={ids.format}>
            Format
          </label>
          <select
            id={ids.format}
            className="mw-field__input"
            value={format ?? ''}
            disabled={!definition}
            onChange={(event) => setFormatChoice(event.target.value as ReportFormat)}
          >
            {definition?.formats.map((code) => (
              <option key={code} value={code}>
                {formatLabel(code)}
              </option>
            ))}
          </select>
        </div>
        <div className={`mw-field${nameError ? ' mw-field--invalid' : ''}`}>
          <label className="mw-field__label" htmlFor={ids.name}>
            Report name
          </label>
          <input
            id={ids.name}
            className="mw-field__input"
            value={name}
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids.name}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setRefusedName(null);
            }}
          />
          {nameError && (
            <p id={`${ids.name}-error`} className="mw-field__error">
              {nameError}
            </p>
          )}
        </div>
      </form>
    </BoundedModal>
  );
}
