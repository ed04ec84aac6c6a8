import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CREATE_DENIED, type EmptyForm } from '@manway/core/api/forms';
import { shippedTemplate } from '@manway/core/forms/templates';
import { FakeServer, type FakeReply, type RecordedCall } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import type { FormMap } from '../formMap';
import { NewAssetTool } from './NewAssetForm';

const NODE_SUBTYPES = [
  { id: 'manhole', value: 'Manhole' },
  { id: 'gully', value: 'Gully' },
];

/** The empty form as the server answers it: the shipped template with the subtypes filled in. */
function emptyForm(type: 'node' | 'section'): EmptyForm {
  const template = shippedTemplate(type)!;
  return {
    templateId: template.id,
    tabs: template.tabs.map((tab) => ({
      ...tab,
      fields: tab.fields.map((f) => (f.optionsFrom === 'subtypes' ? { ...f, options: NODE_SUBTYPES } : f)),
    })),
    values: {},
  };
}

function fakeMap(): FormMap {
  return {
    pickPoint: vi.fn(() => Promise.resolve<[number, number]>([8.5412345, 47.3765432])),
    cancelPick: vi.fn(),
    setEditedLocation: vi.fn(),
  };
}

const bodyOf = (call: RecordedCall) => JSON.parse(String(call.body)) as Record<string, unknown>;

async function open({ create = { json: { id: 501, version: 1, values: {} } } as FakeReply } = {}) {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('POST', '/api/object-forms/Node/empty', { json: emptyForm('node') })
    .on('POST', '/api/object-forms/Node/empty/default-value', { json: { values: { lifecycleStatus: 'active' } } })
    .on('POST', '/api/object-forms/Section/empty', { json: emptyForm('section') })
    .on('POST', '/api/object-forms/Section/empty/default-value', { json: { values: {} } })
    .on('POST', '/api/object-forms/Node', create);
  const map = fakeMap();
  const created: { type: string; id: number }[] = [];
  const shell = await renderEdition({ server, home: <NewAssetTool map={map} onCreated={(o) => created.push(o)} /> });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'New asset' }));
  await screen.findByRole('textbox', { name: 'Asset ID' });
  return { ...shell, map, created, user };
}

async function fillNode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Asset ID' }), 'MH-900');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Subtype' }), 'gully');
  await user.click(screen.getByRole('tab', { name: 'Position' }));
  await user.click(screen.getByRole('button', { name: 'Pick on map' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('8.54123'));
}

describe('new asset', () => {
  it('opens the empty form of the chosen type with the defaults of a new object', async () => {
    const { user, server } = await open();
    expect(screen.getByRole('combobox', { name: 'Lifecycle status' })).toHaveValue('active');
    expect(bodyOf(server.callsTo('POST', '/api/object-forms/Node/empty')[0]!)).toEqual({});

    await user.selectOptions(screen.getByRole('combobox', { name: 'Asset type' }), 'Section');
    expect(await screen.findByRole('tab', { name: 'Connectivity' })).toBeInTheDocument();
  });

  it('picks the location on the map, creates the asset with the values and opens it', async () => {
    const { user, server, map, created, store } = await open();
    await fillNode(user);
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('47.37654');
    expect(map.setEditedLocation).toHaveBeenLastCalledWith([8.54123, 47.37654]);
    expect(store.getState().unsaved.locks).toEqual(['new-asset:Node']);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Asset created');
    const [post] = server.callsTo('POST', '/api/object-forms/Node');
    expect(bodyOf(post!)).toEqual({
      subtype: 'gully',
      values: expect.objectContaining({
        assetId: 'MH-900',
        subtype: 'gully',
        lifecycleStatus: 'active',
        location: { longitude: 8.54123, latitude: 47.37654 },
      }) as unknown,
    });
    expect(created).toEqual([{ type: 'Node', id: 501 }]);
    expect(screen.queryByTestId('new-asset-form')).not.toBeInTheDocument();
    expect(store.getState().unsaved.locks).toEqual([]);
  });

  it('a Create attempt with required fields empty shows their messages and sends nothing', async () => {
    const { user, server } = await open();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('textbox', { name: 'Asset ID' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('tab', { name: /General/ })).toHaveAccessibleName('General (has errors)');
    expect(server.callsTo('POST', '/api/object-forms/Node')).toHaveLength(0);
  });

  it('a refused create shows the server’s create-denied text and keeps the form', async () => {
    const { user } = await open({ create: { status: 403, json: { message: CREATE_DENIED } } });
    await fillNode(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('You have no permissions to create new object.')).toBeInTheDocument();
    expect(screen.getByTestId('new-asset-form')).toBeInTheDocument();
  });

  it('closing the form with changes asks before discarding them', async () => {
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: 'Asset ID' }), 'MH-1');
    await user.click(screen.getByRole('button', { name: 'Close new asset' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(question).getByRole('button', { name: 'Stay here' }));
    expect(screen.getByRole('textbox', { name: 'Asset ID' })).toHaveValue('MH-1');

    await user.click(screen.getByRole('button', { name: 'Close new asset' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByTestId('new-asset-form')).not.toBeInTheDocument();
  });
});
