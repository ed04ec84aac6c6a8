import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailsTemplate } from '@manway/core/api/forms';
import type { ObservationItem } from '@manway/core/api/observations';
import { gallery, mediaItem, videoItem } from '../features/media/components/mediaFixtures';
import { FakeServer } from '../testing/fakeServer';
import { generalSettings } from '../testing/fixtures';
import { renderEdition } from '../testing/renderEdition';
import { INSPECTION_VIEWS } from './inspectionViews';

const INSPECTION_ID = 469;

const DETAILS: DetailsTemplate = {
  templateId: 'inspection:manway-demo',
  type: 'Inspection',
  id: INSPECTION_ID,
  title: 'Inspection of MH-7',
  tabs: [{ id: 'header', label: 'Header' }],
  editable: false,
  version: 2,
};

const observation = (id: number, sequence: number, code: string): ObservationItem => ({
  id,
  inspectionId: INSPECTION_ID,
  version: 1,
  values: { sequence, code, distanceM: sequence * 2, grade: 2 },
  media: [],
});

const SURVEY = videoItem({
  id: 31,
  url: `api/media/Inspection/${INSPECTION_ID}/31`,
  thumbnailUrl: `api/media/Inspection/${INSPECTION_ID}/31/thumbnail`,
  links: [
    { observationId: 701, offsetMs: 4_000 },
    { observationId: 702, offsetMs: 47_000 },
  ],
});

async function open(files = gallery([SURVEY], false)) {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', `/api/object-details-templates/Inspection/${INSPECTION_ID}`, { json: DETAILS })
    .on('GET', '/api/observations', {
      json: { items: [observation(701, 1, 'SCR'), observation(702, 2, 'SDF'), observation(703, 3, 'SJD')] },
    })
    .on('POST', '/api/object-forms/Observation/empty', { json: { templateId: 'observation', tabs: [], values: {} } })
    .on('GET', '/api/connected-subjects', { json: { items: [] } })
    .on('GET', `/api/media/Inspection/${INSPECTION_ID}`, { json: files });
  await renderEdition({ server, home: <>{INSPECTION_VIEWS.renderObservations(INSPECTION_ID)}</> });
  return { server, user: userEvent.setup() };
}

beforeEach(() => {
  // jsdom plays no media and lays nothing out.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  Element.prototype.scrollIntoView = vi.fn();
});

describe("an inspection's views", () => {
  it('show the survey video above the observations, and a linked observation’s row plays it at its moment', async () => {
    const { user, server } = await open();
    const table = await screen.findByRole('table', { name: 'Observations of the inspection' });
    const player = screen.getByTestId('inspection-video');
    expect(player.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(player).findByRole('list', { name: 'Observations in the video' })).toBeInTheDocument();

    expect(within(table).queryByRole('button', { name: /observation 3$/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Play at 0:47 observation 2' }));
    expect(player.querySelector('video')!.currentTime).toBe(47);
    // The player and the Media section share one ask for the inspection's files.
    expect(server.callsTo('GET', `/api/media/Inspection/${INSPECTION_ID}`)).toHaveLength(1);
  });

  it('without a video the rows have no Play, and the video section says No video when unfolded', async () => {
    const { user } = await open(gallery([mediaItem({ id: 30 })], false));
    const table = await screen.findByRole('table', { name: 'Observations of the inspection' });
    const toggle = within(screen.getByTestId('inspection-video')).getByRole('button', { name: 'Video' });
    await user.click(toggle);
    expect(within(screen.getByTestId('inspection-video')).getByText('No video')).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Play at/ })).not.toBeInTheDocument();
  });
});
