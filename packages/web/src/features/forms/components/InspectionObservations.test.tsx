import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailsTemplate, EmptyForm } from '@manway/core/api/forms';
import type { ObservationItem } from '@manway/core/api/observations';
import { DEMO_CODES } from '@manway/core/domain/standard';
import { shippedTemplate } from '@manway/core/forms/templates';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { FakeServer, type FakeReply, type RecordedCall } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { DELETE_OBSERVATION_CONFIRM, InspectionObservations, NO_OBSERVATIONS } from './InspectionObservations';

const INSPECTION_ID = 11;

const DETAILS: DetailsTemplate = {
  templateId: 'inspection:manway-demo',
  type: 'Inspection',
  id: INSPECTION_ID,
  title: 'Inspection of MH-7',
  tabs: [{ id: 'header', label: 'Header' }],
  editable: true,
  version: 2,
};

/** The shipped demo observation template as the server answers it: the standard's codes filled in. */
function emptyObservationForm(): EmptyForm {
  const template = shippedTemplate('observation')!;
  return {
    templateId: template.id,
    tabs: template.tabs.map((tab) => ({
      ...tab,
      fields: tab.fields.map((f) => {
        if (f.optionsFrom === 'codes')
          return { ...f, options: DEMO_CODES.map((c) => ({ id: c.code, value: `${c.code} ${c.label}` })) };
        if (f.optionsFrom === 'characterisations')
          return {
            ...f,
            options: [
              { id: 'L', value: 'Longitudinal' },
              { id: 'C', value: 'Circumferential' },
            ],
          };
        return f;
      }),
    })),
    values: {},
  };
}

function observation(id: number, values: ObservationItem['values'], photos = 0): ObservationItem {
  return {
    id,
    inspectionId: INSPECTION_ID,
    version: 1,
    values,
    media: Array.from({ length: photos }, (_, i) => ({
      id: id * 100 + i,
      fileName: `photo-${i + 1}.jpg`,
      kind: 'image' as const,
      contentType: 'image/jpeg',
      sizeBytes: 2048,
      createdAt: '2026-11-20T10:00:00.000Z',
    })),
  };
}

const CRACK = observation(
  501,
  {
    sequence: 1,
    distanceM: 3.25,
    code: 'SCR',
    characterisation: 'L',
    quantification1: null,
    clockFrom: 3,
    clockTo: 5,
    continuous: 'S',
    grade: 2,
  },
  2,
);
const DEFORMATION = observation(502, {
  sequence: 2,
  distanceM: 12.5,
  code: 'SDF',
  quantification1: 15,
  clockFrom: 12,
  grade: 4,
});

async function open({
  items = [CRACK, DEFORMATION],
  details = DETAILS,
  routes = (server: FakeServer) => server,
  settings = generalSettings(),
  renderObservationMedia,
  renderObservationActions,
}: {
  items?: ObservationItem[];
  details?: DetailsTemplate;
  routes?: (server: FakeServer) => FakeServer;
  settings?: ReturnType<typeof generalSettings>;
  renderObservationMedia?: (observationId: number) => ReactNode;
  renderObservationActions?: (item: ObservationItem) => ReactNode;
} = {}) {
  const server = routes(
    new FakeServer()
      .on('GET', '/api/settings/general', { json: settings })
      .on('GET', `/api/object-details-templates/Inspection/${INSPECTION_ID}`, { json: details })
      .on('GET', '/api/observations', { json: { items } })
      .on('POST', '/api/object-forms/Observation/empty', { json: emptyObservationForm() }),
  );
  const shell = await renderEdition({
    server,
    home: (
      <InspectionObservations
        inspectionId={INSPECTION_ID}
        search={<p>The observation search</p>}
        renderObservationMedia={renderObservationMedia}
        renderObservationActions={renderObservationActions}
      />
    ),
  });
  return { ...shell, server, user: userEvent.setup() };
}

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Observations of the inspection' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const dataOf = (call: RecordedCall) => {
  const body = call.body as FormData;
  return JSON.parse(String(body.get('Data'))) as Record<string, unknown>;
};

/** An action the edition adds to each row, as the media feature's Play at. */
const playAction = (item: ObservationItem) => <button type="button">{`Play observation ${item.id}`}</button>;

beforeEach(() => {
  // jsdom has no object URLs; a thumbnail only needs an address.
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail');
  URL.revokeObjectURL = vi.fn();
});

describe('inspection observations', () => {
  it('lists each observation: sequence, distance, code with its label, characterisation, quantification with its unit, clock, continuous, grade and photos', async () => {
    await open();
    await screen.findByRole('table', { name: 'Observations of the inspection' });
    const [crack, deformation] = rowTexts();
    expect(crack!.slice(0, 9)).toEqual(['1', '3.25', 'SCR Crack', 'Longitudinal', '', '3–5', 'S', '2', '2']);
    expect(deformation!.slice(0, 9)).toEqual(['2', '12.5', 'SDF Deformation', '', '15 %', '12', '', '4', '0']);
  });

  it('an inspection without observations shows No observations', async () => {
    await open({ items: [] });
    expect(await screen.findByText(NO_OBSERVATIONS)).toBeInTheDocument();
    expect(NO_OBSERVATIONS).toBe('No observations');
  });

  it('keeps the observation search, shown on demand', async () => {
    const { user } = await open();
    expect(screen.queryByText('The observation search')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Search observations' }));
    expect(screen.getByText('The observation search')).toBeInTheDocument();
  });

  it('a crew member without editor permissions records when the server allows it: recording is field work, not edit mode', async () => {
    await open({
      settings: generalSettings({
        mode: 'viewer',
        user: {
          login: 'crew',
          displayName: 'Ivan Inspector',
          hasEditorPermissions: false,
          hasReviewPermissions: false,
        },
      }),
    });
    await screen.findByRole('table', { name: 'Observations of the inspection' });
    expect(await screen.findByRole('button', { name: 'Add observation' })).toBeInTheDocument();
  });

  it('offers no recording when the server says the inspection may not be changed', async () => {
    await open({ details: { ...DETAILS, editable: false } });
    await screen.findByRole('table', { name: 'Observations of the inspection' });
    expect(screen.queryByRole('button', { name: 'Add observation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('the edition’s actions join each observation’s row, also for those who may not record', async () => {
    await open({ details: { ...DETAILS, editable: false }, renderObservationActions: playAction });
    const table = await screen.findByRole('table', { name: 'Observations of the inspection' });
    expect(within(table).getByRole('button', { name: 'Play observation 501' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Play observation 502' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('the edition’s actions come before Edit and Delete for those who record', async () => {
    await open({ renderObservationActions: playAction });
    const table = await screen.findByRole('table', { name: 'Observations of the inspection' });
    await within(table).findByRole('button', { name: 'Edit observation 1' });
    const [crack] = within(table).getAllByRole('row').slice(1);
    expect(
      within(crack!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Play observation 501', 'Edit observation 1', 'Delete observation 1']);
  });

  it('the grade is filled by the server’s calculation after the code changes', async () => {
    const { user, server } = await open({
      routes: (s) => s.on('POST', '/api/object-forms/Observation/empty/calculate', { json: { values: { grade: 4 } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add observation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New observation' });
    await user.click(within(dialog).getByRole('button', { name: /Code/ }));
    await user.click(await screen.findByRole('button', { name: 'SBK Broken pipe wall' }));

    const grade = within(dialog).getByRole('group', { name: /^Grade/ });
    expect(grade).toHaveTextContent('—');
    await waitFor(() => expect(grade).toHaveTextContent('4'));
    const [call] = server.callsTo('POST', '/api/object-forms/Observation/empty/calculate');
    expect(JSON.parse(String(call!.body))).toMatchObject({
      parentType: 'Inspection',
      parentId: INSPECTION_ID,
      values: { code: 'SBK' },
      changed: ['code'],
    });
  });

  it('adding an observation with a photo sends multipart: Data as JSON and the file as Files[]', async () => {
    const created = observation(503, { sequence: 3, distanceM: 20, code: 'SCO', grade: 5 }, 1);
    const { user, server } = await open({
      routes: (s) =>
        s
          .on('POST', '/api/object-forms/Observation/empty/calculate', { json: { values: { grade: 5 } } })
          .on('POST', '/api/observations', { status: 201, json: created }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add observation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New observation' });
    await user.click(within(dialog).getByRole('button', { name: /Code/ }));
    await user.click(await screen.findByRole('button', { name: 'SCO Collapse' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Distance' }), '20');
    const photo = new File(['jpeg bytes'], 'collapse.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Add photos'), photo);
    expect(within(dialog).getByText('collapse.jpg')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('Observation saved');
    const [post] = server.callsTo('POST', '/api/observations');
    expect(post!.body).toBeInstanceOf(FormData);
    // The browser writes the multipart content type with its boundary.
    expect(post!.headers.get('content-type')).toBeNull();
    expect(dataOf(post!)).toMatchObject({
      InspectionId: INSPECTION_ID,
      FormValues: { code: 'SCO', distanceM: 20 },
    });
    const files = (post!.body as FormData).getAll('Files[]');
    expect(files).toHaveLength(1);
    expect((files[0] as File).name).toBe('collapse.jpg');
    expect(screen.queryByRole('dialog', { name: 'New observation' })).not.toBeInTheDocument();
    // The list is read again after the save.
    await waitFor(() => expect(server.callsTo('GET', '/api/observations')).toHaveLength(2));
  });

  it('a required field left empty shows its message on Save, and nothing is sent', async () => {
    const { user, server } = await open();
    await user.click(await screen.findByRole('button', { name: 'Add observation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New observation' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('This field is required')).length).toBeGreaterThan(0);
    expect(server.callsTo('POST', '/api/observations')).toHaveLength(0);
  });

  it('editing removes a photo by FilesToRemove and sends the version read', async () => {
    const { user, server } = await open({
      routes: (s) => s.on('PUT', '/api/observations/501', { json: { ...CRACK, version: 2, media: [] } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit observation 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Observation 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo-1.jpg' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('Observation saved');
    const [put] = server.callsTo('PUT', '/api/observations/501');
    expect(put!.url.searchParams.get('kind')).toBe('Observation');
    expect(dataOf(put!)).toMatchObject({ Version: 1, FormValues: { code: 'SCR', characterisation: 'L' } });
    expect(JSON.parse(String((put!.body as FormData).get('FilesToRemove')))).toEqual([50100]);
  });

  it('a saved observation’s form shows the edition’s gallery of it in place of the photos; a new one keeps them', async () => {
    const { user } = await open({
      renderObservationMedia: (id) => <p data-testid="observation-media">{`Gallery of observation ${id}`}</p>,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit observation 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Observation 1' });
    expect(within(dialog).getByTestId('observation-media')).toHaveTextContent('Gallery of observation 501');
    expect(within(dialog).queryByRole('group', { name: 'Photos' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add observation' }));
    const creating = await screen.findByRole('dialog', { name: 'New observation' });
    expect(within(creating).getByRole('group', { name: 'Photos' })).toBeInTheDocument();
    expect(within(creating).queryByTestId('observation-media')).not.toBeInTheDocument();
  });

  it('a stale version (409) shows the catalogue’s message, and Reload reads the observations again', async () => {
    const { user, server } = await open({
      routes: (s) => s.on('PUT', '/api/observations/501', { status: 409, json: { code: 'concurrency/modified' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit observation 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Observation 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(MODIFIED_BY_ANOTHER_USER.title);
    expect(alert).toHaveTextContent(MODIFIED_BY_ANOTHER_USER.text);
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(screen.queryByRole('dialog', { name: 'Observation 1' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/observations')).toHaveLength(2));
  });

  it('a 400 ModelState shows the message under the field it names', async () => {
    const { user } = await open({
      routes: (s) =>
        s.on('PUT', '/api/observations/501', {
          status: 400,
          json: { Message: 'The form has errors.', ModelState: { distanceM: ['Beyond the surveyed length.'] } },
        } satisfies FakeReply),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit observation 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Observation 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const distance = within(dialog).getByRole('textbox', { name: 'Distance' });
    await waitFor(() => expect(distance).toHaveAttribute('aria-invalid', 'true'));
    expect(distance).toHaveAccessibleDescription(expect.stringContaining('Beyond the surveyed length.') as string);
  });

  it('delete asks first; cancelled, nothing is sent; confirmed, the observation is deleted with its version', async () => {
    const { user, server } = await open({
      routes: (s) => s.on('DELETE', '/api/observations/501', { json: { id: 501 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete observation 1' }));
    let question = await screen.findByRole('alertdialog', { name: DELETE_OBSERVATION_CONFIRM.title });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', '/api/observations/501')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete observation 1' }));
    question = await screen.findByRole('alertdialog', { name: DELETE_OBSERVATION_CONFIRM.title });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Observation deleted');
    const [deleted] = server.callsTo('DELETE', '/api/observations/501');
    expect(deleted!.url.searchParams.get('kind')).toBe('Observation');
    expect(deleted!.url.searchParams.get('version')).toBe('1');
  });
});
