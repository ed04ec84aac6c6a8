import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ObjectDetails } from '@manway/core/api/objects';
import type { InspectionSummary } from '@manway/core/api/work';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { AssetInspections } from './AssetInspections';

const section: ObjectDetails = {
  id: 2026,
  type: 'Section',
  readableId: 'S-00001',
  subtype: null,
  geometry: null,
  properties: {},
  version: 1,
};

const inspection = (over: Partial<InspectionSummary>): InspectionSummary => ({
  id: 7,
  assetType: 'Section',
  assetId: 2026,
  assetReadableId: 'S-00001',
  taskId: null,
  standardId: 'EN13508-2',
  inspectedAt: '2024-05-03T09:00:00.000Z',
  status: 'completed',
  direction: 'downstream',
  lengthSurveyedM: 42.5,
  observationCount: 6,
  structuralPeak: 3,
  version: 1,
  ...over,
});

async function open(list: InspectionSummary[]) {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/inspections', { json: list });
  await renderEdition({
    server,
    home: (
      <AssetInspections
        object={section}
        renderObservations={(i, title) => <p data-testid="opened">{`${title} #${i.id}`}</p>}
      />
    ),
  });
  return { server, user: userEvent.setup() };
}

describe("an asset's inspections in its details", () => {
  it('lists the inspections the server has for the asset and opens the observations of one', async () => {
    const { server, user } = await open([
      inspection({ id: 8, inspectedAt: '2025-02-01T09:00:00.000Z', status: 'pending', observationCount: 1 }),
      inspection({}),
    ]);
    const items = await screen.findAllByTestId('asset-inspection');
    expect(server.callsTo('GET', '/api/inspections')[0]!.url.search).toBe(
      '?parentObjectType=Section&parentObjectId=2026',
    );
    expect(screen.getByRole('heading', { name: 'Inspections (2)' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Pending · EN13508-2 · downstream · 42.5 m surveyed');
    expect(items[0]).toHaveTextContent('1 observation');
    expect(items[1]).toHaveTextContent('6 observations');

    const button = within(items[1]!).getByRole('button', { name: /^Observations of the inspection of / });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('opened')).toHaveTextContent(/^Observations of the inspection of .+ #7$/);
    await user.click(button);
    expect(screen.queryByTestId('opened')).toBeNull();
  });

  it('an asset never inspected says No inspections', async () => {
    await open([]);
    expect(await screen.findByText('No inspections')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inspections (0)' })).toBeInTheDocument();
  });
});
