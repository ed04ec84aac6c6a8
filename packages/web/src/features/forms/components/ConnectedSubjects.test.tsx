import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailsTemplate, EmptyForm } from '@manway/core/api/forms';
import type { ConnectedSubjectItem } from '@manway/core/api/observations';
import { shippedTemplate } from '@manway/core/forms/templates';
import { LOCATION_REQUIRED_MESSAGE } from '@manway/core/rules/field-validation';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { ConnectedSubjects, DELETE_CONNECTION_CONFIRM, NO_CONNECTIONS } from './ConnectedSubjects';

const SUBJECT_KINDS = [
  { id: 'hazard', value: 'Hazard' },
  { id: 'note', value: 'Note' },
  { id: 'root-source', value: 'Root source' },
];

const DETAILS: DetailsTemplate = {
  templateId: 'node',
  type: 'Node',
  id: 7,
  title: 'Node MH-7',
  tabs: [{ id: 'general', label: 'General' }],
  editable: true,
  version: 3,
};

function emptyConnectionForm(): EmptyForm {
  const template = shippedTemplate('connected-subject')!;
  return {
    templateId: template.id,
    tabs: template.tabs.map((tab) => ({
      ...tab,
      fields: tab.fields.map((f) => (f.optionsFrom === 'subject-kinds' ? { ...f, options: SUBJECT_KINDS } : f)),
    })),
    values: {},
  };
}

const TREE: ConnectedSubjectItem = {
  id: 31,
  parentObjectType: 'Node',
  parentObjectId: 7,
  subject: { id: 4, kind: 'root-source', label: 'Willow by the kerb' },
  location: { longitude: 8.5412345, latitude: 47.3765432 },
  values: {
    remark: null,
    kind: 'root-source',
    connection: {
      subject: { id: 4, kind: 'root-source', label: 'Willow by the kerb' },
      location: { longitude: 8.5412345, latitude: 47.3765432 },
    },
  },
  version: 2,
  media: [],
};

async function open({
  items = [TREE],
  routes = (server: FakeServer) => server,
}: { items?: ConnectedSubjectItem[]; routes?: (server: FakeServer) => FakeServer } = {}) {
  const server = routes(
    new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', '/api/object-details-templates/Node/7', { json: DETAILS })
      .on('GET', '/api/connected-subjects', { json: { items } })
      .on('POST', '/api/object-forms/ConnectedSubject/empty', { json: emptyConnectionForm() }),
  );
  const shell = await renderEdition({ server, home: <ConnectedSubjects parent={{ type: 'Node', id: 7 }} /> });
  return { ...shell, server, user: userEvent.setup() };
}

const dataOf = (call: RecordedCall) =>
  JSON.parse(String((call.body as FormData).get('Data'))) as Record<string, unknown>;

beforeEach(() => {
  // jsdom has no object URLs; a thumbnail only needs an address.
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail');
  URL.revokeObjectURL = vi.fn();
});

describe('connected subjects', () => {
  it('lists each connection with its subject’s kind, label and position to 5 decimals', async () => {
    const { server } = await open();
    const row = (await screen.findByRole('cell', { name: 'Willow by the kerb' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Root source', 'Willow by the kerb', '8.54123, 47.37654', expect.stringContaining('Edit') as string]);
    const [list] = server.callsTo('GET', '/api/connected-subjects');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ parentObjectId: '7', parentObjectType: 'Node' });
  });

  it('an object without connections shows No connections', async () => {
    await open({ items: [] });
    expect(await screen.findByText(NO_CONNECTIONS)).toBeInTheDocument();
    expect(NO_CONNECTIONS).toBe('No connections');
  });

  it('connecting a new subject sends its kind and label, and the position, as multipart Data', async () => {
    const { user, server } = await open({
      items: [],
      routes: (s) => s.on('POST', '/api/connected-subjects', { status: 201, json: { ...TREE, id: 32 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Connect a subject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a subject' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Subject kind' }), 'hazard');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject label' }), 'Loose cover');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '8.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '47.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('Connection saved');
    const [post] = server.callsTo('POST', '/api/connected-subjects');
    expect(dataOf(post!)).toMatchObject({
      ParentObjectType: 'Node',
      ParentObjectId: 7,
      Subject: { id: null, kind: 'hazard', label: 'Loose cover' },
      FormValues: {
        kind: 'hazard',
        connection: {
          subject: { id: null, kind: 'hazard', label: 'Loose cover' },
          location: { longitude: 8.5, latitude: 47.25 },
        },
      },
    });
    await waitFor(() => expect(server.callsTo('GET', '/api/connected-subjects')).toHaveLength(2));
  });

  it('a connection without a position is not sent: the position is required', async () => {
    const { user, server } = await open({ items: [] });
    await user.click(await screen.findByRole('button', { name: 'Connect a subject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a subject' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Subject kind' }), 'note');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject label' }), 'Access by the gate');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('group', { name: /^Position/ })).toHaveAccessibleDescription(
      expect.stringContaining(LOCATION_REQUIRED_MESSAGE) as string,
    );
    expect(server.callsTo('POST', '/api/connected-subjects')).toHaveLength(0);
  });

  it('removing a connection asks first, then deletes it by id, kind and version', async () => {
    const { user, server } = await open({
      routes: (s) => s.on('DELETE', '/api/connected-subjects/31', { json: { id: 31 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Willow by the kerb' }));
    const question = await screen.findByRole('alertdialog', { name: DELETE_CONNECTION_CONFIRM.title });
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Connection removed');
    const [deleted] = server.callsTo('DELETE', '/api/connected-subjects/31');
    expect(Object.fromEntries(deleted!.url.searchParams)).toEqual({ kind: 'ConnectedSubject', version: '2' });
  });
});
