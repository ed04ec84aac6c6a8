import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FilterDefinition, SavedFilterSummary } from '@manway/core/api/filters';
import { InspectionsPage } from '../features/inspections/components/InspectionsPage';
import { inspectionRow, inspectionsServer } from '../features/inspections/components/inspectionFixtures';
import {
  bodyOf,
  reportDefinition,
  reportsServer,
  reportTask,
  storeQueue,
  TASKS_PATH,
  withReportService,
} from '../features/reports/components/reportFixtures';
import type { FoundAssets } from '../features/search/components/ResultsView';
import type { FakeServer } from '../testing/fakeServer';
import { renderEdition } from '../testing/renderEdition';
import { foundAssetsReport, inspectionReport, savedFilterReport, selectedInspectionsReport } from './reportActions';

afterEach(() => localStorage.clear());

/** Offers one report for every object type and accepts every task asked for. */
function reportable(server: FakeServer): FakeServer {
  for (const type of ['node', 'section', 'lateral', 'inspection'])
    server.on('GET', `/report-api/reports/info/list/${type}`, { json: [reportDefinition()] });
  return withReportService(server).on('POST', TASKS_PATH, (call) => ({
    status: 201,
    json: reportTask({ id: 11, state: 'inProgress', name: (bodyOf(call) as { Name: string }).Name }),
  }));
}

/** Opens Report… (the one named `name`), generates the first report offered, and answers what was asked. */
async function generate(name: RegExp | string = 'Report…') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: 'Generate report' });
  await within(dialog).findAllByRole('radio');
  const reportName = within(dialog).getByRole('textbox', { name: 'Report name' });
  return {
    dialog,
    reportName,
    sent: async (server: FakeServer) => {
      await user.click(screen.getByRole('button', { name: 'Generate' }));
      await waitFor(() => expect(server.callsTo('POST', TASKS_PATH)).toHaveLength(1));
      return bodyOf(server.callsTo('POST', TASKS_PATH)[0]) as Record<string, unknown>;
    },
  };
}

const renderHome = async (server: FakeServer, home: ReactNode, path = '/') => {
  storeQueue();
  return renderEdition({ server, home, path });
};

describe('Report… on inspections', () => {
  it('an inspection’s review reports on that inspection, named after its asset and the day it was inspected', async () => {
    const server = reportable(
      inspectionsServer({ pending: [inspectionRow({ id: 7, inspectedAt: '2024-05-03T09:00:00.000Z' })] }),
    );
    await renderHome(
      server,
      <InspectionsPage renderInspectionActions={inspectionReport} />,
      '/?group=pending&inspection=7',
    );
    await screen.findByRole('heading', { name: 'Inspection of Section S-00001' });
    const { dialog, reportName, sent } = await generate();
    expect(within(dialog).getByText('Inspection S-00001')).toBeInTheDocument();
    expect(reportName).toHaveValue('Inspection S-00001 2024-05-03');
    expect(await sent(server)).toMatchObject({
      ObjectType: 'inspection',
      UiContext: 'inspection',
      Source: { kind: 'ids', ids: [7] },
    });
  });

  it('the inspections selected in any list are reported as a selection', async () => {
    const server = reportable(
      inspectionsServer({
        completed: [
          inspectionRow({ id: 7, status: 'completed' }),
          inspectionRow({ id: 8, status: 'completed', assetReadableId: 'S-00002' }),
        ],
      }),
    );
    await renderHome(
      server,
      <InspectionsPage renderSelectionActions={selectedInspectionsReport} />,
      '/?group=completed',
    );
    const grid = await screen.findByRole('table', { name: 'Completed inspections' });
    await within(grid).findByText('S-00002');
    expect(screen.getByRole('button', { name: 'Report…' })).toBeDisabled();
    await userEvent.click(within(grid).getByRole('checkbox', { name: 'Select all rows on this page' }));
    const { dialog, sent } = await generate();
    expect(within(dialog).getByText('2 inspections selected')).toBeInTheDocument();
    expect(await sent(server)).toMatchObject({
      ObjectType: 'inspection',
      UiContext: 'selection',
      Source: { kind: 'ids', ids: [7, 8] },
    });
  });
});

const definition: FilterDefinition = { objectType: 'Section', combine: 'and', conditions: [] };

const found = (over: Partial<FoundAssets> = {}): FoundAssets => ({
  objectType: 'Section',
  definition,
  savedName: null,
  count: { found: 12, plusFound: false, shown: 'all', shownCount: 12 },
  ids: vi.fn(),
  selectedIds: [],
  columns: ['assetId', 'subtype', 'material', 'conditionGrade'],
  ...over,
});

describe('Report… on what a search found', () => {
  it('reports the whole result on its filter, with the grid’s columns', async () => {
    const server = reportable(reportsServer());
    await renderHome(server, foundAssetsReport(found()));
    const { dialog, sent } = await generate();
    expect(within(dialog).getByText('12 sections found')).toBeInTheDocument();
    expect(await sent(server)).toMatchObject({
      ObjectType: 'section',
      UiContext: 'search-result',
      Source: { kind: 'filter', filter: JSON.stringify(definition) },
      Columns: ['assetId', 'subtype', 'material', 'conditionGrade'],
    });
    expect(server.callsTo('GET', '/report-api/reports/info/list/section')[0]!.url.searchParams.get('uiContext')).toBe(
      'search-result',
    );
  });

  it('reports the rows selected in the grid by id', async () => {
    const server = reportable(reportsServer());
    await renderHome(server, foundAssetsReport(found({ selectedIds: [4, 9] })));
    const { sent } = await generate();
    expect(await sent(server)).toMatchObject({
      ObjectType: 'section',
      UiContext: 'selection',
      Source: { kind: 'ids', ids: [4, 9] },
      Columns: ['assetId', 'subtype', 'material', 'conditionGrade'],
    });
  });

  it('a saved filter is reported by its name, which a default name keeps without forbidden characters', async () => {
    const filter: SavedFilterSummary = {
      name: 'Poor: north/east',
      objectType: 'Lateral',
      shared: false,
      advanced: false,
      importedFrom: null,
      position: 0,
      version: 1,
      editable: true,
    };
    const server = reportable(reportsServer());
    await renderHome(server, savedFilterReport(filter));
    const { reportName, sent } = await generate('Report on Poor: north/east');
    expect((reportName as HTMLInputElement).value).toMatch(/^Poor north east \d{4}-\d{2}-\d{2}$/);
    expect(await sent(server)).toMatchObject({
      ObjectType: 'lateral',
      UiContext: 'saved-filter',
      Source: { kind: 'saved-filter', name: 'Poor: north/east' },
    });
  });
});
