import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NO_AVAILABLE_REPORTS,
  REPORT_FAILED_TITLE,
  type ReportDefinition,
  type ReportTask,
} from '@manway/core/api/reports';
import type { FakeServer } from '../../../testing/fakeServer';
import { advanceTimers, setupUserWithFakeTimers, withFakeTimersForUserEvent } from '../../../testing/fakeTimers';
import { renderEdition } from '../../../testing/renderEdition';
import { idsSource, type ReportRequest } from '../reportRequest';
import { REPORT_POLL_INTERVAL_MS } from '../reportWatch';
import { GenerateReportButton } from './GenerateReportButton';
import { bodyOf, QUEUE, reportDefinition, reportsServer, reportTask, storeQueue, TASKS_PATH } from './reportFixtures';

afterEach(() => localStorage.clear());

const DEFINITIONS_PATH = '/report-api/reports/info/list/inspection';

const INSPECTION_REQUEST: ReportRequest = {
  objectType: 'inspection',
  uiContext: 'inspection',
  source: idsSource([7]),
  defaultName: 'Inspection S-00001 2024-05-03',
  subject: 'Inspection S-00001',
};

function serverWith(definitions: () => ReportDefinition[], tasks: () => ReportTask[] = () => []): FakeServer {
  return reportsServer(tasks).on('GET', DEFINITIONS_PATH, () => ({ json: definitions() }));
}

async function openDialog(server: FakeServer, request: ReportRequest = INSPECTION_REQUEST, user = userEvent.setup()) {
  storeQueue();
  const shell = await renderEdition({ server, home: <GenerateReportButton request={request} /> });
  await user.click(screen.getByRole('button', { name: 'Report…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Generate report' });
  return { ...shell, dialog, user };
}

const DEFINITIONS = [
  reportDefinition({ reportName: 'inspection-report', title: 'Inspection report', formats: ['PDF'] }),
  reportDefinition({ reportName: 'observation-listing', title: 'Observation listing', favorite: true }),
];

describe('the Generate report dialog', () => {
  it('lists the reports for the object type where it is asked, favourites first', async () => {
    const server = serverWith(() => DEFINITIONS);
    const { dialog } = await openDialog(server);
    const choices = await within(dialog).findAllByRole('radio');
    expect(
      choices.map((radio) => radio.closest('label')?.querySelector('.mw-report-dialog__title')?.textContent),
    ).toEqual(['Observation listing', 'Inspection report']);
    expect(choices[0]).toBeChecked();
    expect(server.callsTo('GET', DEFINITIONS_PATH)[0]!.url.searchParams.get('uiContext')).toBe('inspection');
    expect(within(dialog).getByRole('button', { name: 'Favourite: Observation listing' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByText('Inspection S-00001')).toBeInTheDocument();
  });

  it('starring a report sets it as a favourite and lists the reports again', async () => {
    let definitions = DEFINITIONS;
    const server = serverWith(() => definitions).on('PUT', '/report-api/reports/info/favorite', () => {
      definitions = DEFINITIONS.map((d) => ({ ...d, favorite: d.reportName === 'inspection-report' || d.favorite }));
      return { status: 200 };
    });
    const { dialog, user } = await openDialog(server);
    await user.click(await within(dialog).findByRole('button', { name: 'Favourite: Inspection report' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Favourite: Inspection report' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    const put = server.callsTo('PUT', '/report-api/reports/info/favorite')[0]!;
    expect(Object.fromEntries(put.url.searchParams)).toEqual({ reportName: 'inspection-report', value: 'true' });
    expect(server.callsTo('GET', DEFINITIONS_PATH)).toHaveLength(2);
  });

  it('says no available reports when the server offers none, and cannot generate', async () => {
    const { dialog } = await openDialog(serverWith(() => []));
    expect(await within(dialog).findByText(NO_AVAILABLE_REPORTS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('offers only the formats the chosen report is made in, with their names', async () => {
    const { dialog, user } = await openDialog(serverWith(() => DEFINITIONS));
    const format = within(dialog).getByRole('combobox', { name: 'Format' });
    await waitFor(() =>
      expect(
        within(format)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['PDF document', 'Excel workbook']),
    );
    await user.selectOptions(format, 'XLS');
    await user.click(within(dialog).getByRole('radio', { name: /Inspection report/ }));
    expect(
      within(format)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['PDF document']);
    expect(format).toHaveValue('PDF');
  });

  it('checks the name as it is typed: forbidden characters show the spec’s message and Generate waits', async () => {
    const { dialog, user } = await openDialog(serverWith(() => DEFINITIONS));
    const name = within(dialog).getByRole('textbox', { name: 'Report name' });
    expect(name).toHaveValue('Inspection S-00001 2024-05-03');
    await within(dialog).findAllByRole('radio');
    await user.type(name, '?');
    expect(
      within(dialog).getByText('Report name should not contain the following characters: <>:"/\\?*'),
    ).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.type(name, '{Backspace}');
    expect(within(dialog).queryByText(/should not contain/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('Generate asks for the report and says it is being generated, with a way to the Reports page', async () => {
    const server = serverWith(() => DEFINITIONS).on('POST', TASKS_PATH, {
      status: 201,
      json: reportTask({ id: 11, name: 'Inspection S-00001 2024-05-03', state: 'inProgress', progress: 0 }),
    });
    const { dialog, user } = await openDialog(server, { ...INSPECTION_REQUEST, columns: ['assetId', 'subtype'] });
    await user.click(await within(dialog).findByRole('radio', { name: /Inspection report/ }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(server.callsTo('POST', TASKS_PATH)).toHaveLength(1));
    expect(bodyOf(server.callsTo('POST', TASKS_PATH)[0])).toEqual({
      ReportName: 'inspection-report',
      Format: 'PDF',
      Name: 'Inspection S-00001 2024-05-03',
      ObjectType: 'inspection',
      UiContext: 'inspection',
      Source: { kind: 'ids', ids: [7] },
      Columns: ['assetId', 'subtype'],
    });
    const notification = await screen.findByTestId('notification');
    expect(notification).toHaveTextContent('The report is being generated');
    expect(within(notification).getByRole('link', { name: 'Open Reports' })).toHaveAttribute('href', '/reports');
    expect(screen.queryByRole('dialog', { name: 'Generate report' })).toBeNull();
  });

  it('a name the server refuses is shown at the field', async () => {
    const server = serverWith(() => DEFINITIONS).on('POST', TASKS_PATH, {
      status: 400,
      json: { Message: 'The request is invalid.', ModelState: { Name: ['A report name has at most 120 characters.'] } },
    });
    const { dialog, user } = await openDialog(server);
    await within(dialog).findAllByRole('radio');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('A report name has at most 120 characters.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Generate report' })).toBeInTheDocument();
  });
});

describe('a report asked for here', () => {
  withFakeTimersForUserEvent();

  it('is watched, and its failure is told wherever the user is', async () => {
    let state: ReportTask['state'] = 'inProgress';
    const task = () => reportTask({ id: 11, name: 'Inspection S-00001', queueId: QUEUE, state });
    const server = serverWith(
      () => DEFINITIONS,
      () => [task()],
    ).on('POST', TASKS_PATH, () => ({ status: 201, json: task() }));
    const user = setupUserWithFakeTimers();
    const { dialog } = await openDialog(server, INSPECTION_REQUEST, user);
    await within(dialog).findAllByRole('radio');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('The report is being generated');

    advanceTimers(REPORT_POLL_INTERVAL_MS);
    await waitFor(() => expect(server.callsTo('GET', TASKS_PATH)).toHaveLength(1));
    expect(server.callsTo('GET', TASKS_PATH)[0]!.url.searchParams.get('ids')).toBe('11');
    expect(screen.queryByText(REPORT_FAILED_TITLE)).toBeNull();

    state = 'failed';
    advanceTimers(REPORT_POLL_INTERVAL_MS);
    expect(await screen.findByText(REPORT_FAILED_TITLE)).toBeInTheDocument();
  });
});
