import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DetailsTemplate, FormSaved, FormTabAnswer } from '@manway/core/api/forms';
import { shippedTemplate } from '@manway/core/forms/templates';
import type { FormField, FormTab, FormValues } from '@manway/core/forms/template';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { FakeServer, type FakeReply, type RecordedCall } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { ObjectForm } from './ObjectForm';

const NODE_SUBTYPES = [
  { id: 'manhole', value: 'Manhole' },
  { id: 'gully', value: 'Gully' },
  { id: 'outfall', value: 'Outfall' },
];

/** The shipped node template's tab as the server answers it: database options filled in. */
function nodeTab(id: string): FormTab {
  const tab = shippedTemplate('node')!.tabs.find((t) => t.id === id)!;
  return {
    ...tab,
    fields: tab.fields.map((f) => (f.optionsFrom === 'subtypes' ? { ...f, options: NODE_SUBTYPES } : f)),
  };
}

const DETAILS: DetailsTemplate = {
  templateId: 'node',
  type: 'Node',
  id: 7,
  title: 'Node MH-7',
  tabs: [
    { id: 'general', label: 'General' },
    { id: 'construction', label: 'Construction' },
  ],
  editable: true,
  version: 3,
};

const GENERAL_VALUES: FormValues = {
  assetId: 'MH-7',
  subtype: 'manhole',
  lifecycleStatus: 'active',
  use: 'storm',
  owner: 'City of Manway',
  street: 'Mill Lane',
  district: null,
  dateModified: '2026-11-01T10:00:00.000Z',
};
const CONSTRUCTION_VALUES: FormValues = {
  material: 'brick',
  sizeMm: 600,
  coverLevelM: 12.5,
  invertLevelM: 10.25,
  yearBuilt: 1962,
};

const answer = (tab: FormTab, values: FormValues, version = 3): FormTabAnswer => ({
  templateId: 'node',
  tab,
  values,
  version,
});

const bodyOf = (call: RecordedCall) => JSON.parse(String(call.body)) as Record<string, unknown>;

async function open({
  mode = 'editor' as 'editor' | 'viewer',
  details = DETAILS,
  general = nodeTab('general'),
  generalValues = GENERAL_VALUES,
  put = { json: { id: 7, version: 4, values: { ...GENERAL_VALUES, owner: 'Manway Water' } } } as FakeReply,
  routes = (server: FakeServer) => server,
} = {}) {
  const server = routes(
    new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings({ mode }) })
      .on('GET', '/api/object-details-templates/Node/7', { json: details })
      .on('GET', '/api/object-forms/Node/7/general', { json: answer(general, generalValues) })
      .on('GET', '/api/object-forms/Node/7/construction', {
        json: answer(nodeTab('construction'), CONSTRUCTION_VALUES),
      })
      .on('PUT', '/api/object-forms/Node/7/general', put),
  );
  const opened: { type: string; id: number }[] = [];
  const shell = await renderEdition({
    server,
    home: <ObjectForm object={{ type: 'Node', id: 7 }} onOpenObject={(o) => opened.push(o)} />,
  });
  await screen.findByText('Mill Lane');
  return { ...shell, opened, user: userEvent.setup() };
}

const editButton = () => screen.queryByRole('button', { name: 'Edit' });

describe('object form', () => {
  it('opens read-only: the values as text, options by their labels, no inputs', async () => {
    await open();
    const form = screen.getByTestId('object-form');
    expect(within(form).getByText('MH-7')).toBeInTheDocument();
    expect(within(form).getByText('Manhole')).toBeInTheDocument();
    expect(within(form).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument();
    expect(editButton()).toBeInTheDocument();
  });

  it('offers no Edit without edit mode (the mode setting is not editor)', async () => {
    await open({ mode: 'viewer' });
    expect(editButton()).not.toBeInTheDocument();
  });

  it('offers no Edit when the server says the user may not edit this object', async () => {
    await open({ details: { ...DETAILS, editable: false } });
    expect(editButton()).not.toBeInTheDocument();
  });

  it('shows the template’s tabs; arrows move between them and open the tab', async () => {
    const { user } = await open();
    const general = screen.getByRole('tab', { name: 'General' });
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Construction' })).toHaveAttribute('tabindex', '-1');
    general.focus();
    await user.keyboard('{ArrowRight}');
    const construction = screen.getByRole('tab', { name: 'Construction' });
    expect(construction).toHaveFocus();
    expect(construction).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('1962')).toBeInTheDocument();
  });

  it('Edit then Save sends the tab’s values and the version read, and shows the saved values', async () => {
    const { user, server } = await open();
    await user.click(editButton()!);
    const owner = screen.getByRole('textbox', { name: 'Owner' });
    await user.clear(owner);
    await user.type(owner, 'Manway Water');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Changes saved');
    const [put] = server.callsTo('PUT', '/api/object-forms/Node/7/general');
    expect(bodyOf(put!)).toEqual({
      version: 3,
      values: {
        assetId: 'MH-7',
        subtype: 'manhole',
        lifecycleStatus: 'active',
        use: 'storm',
        owner: 'Manway Water',
        street: 'Mill Lane',
        district: null,
      },
    });
    expect(screen.queryByRole('textbox', { name: 'Owner' })).not.toBeInTheDocument();
    expect(screen.getByText('Manway Water')).toBeInTheDocument();
    // The save makes the template and the tab stale: both are read again.
    await waitFor(() => expect(server.callsTo('GET', '/api/object-details-templates/Node/7')).toHaveLength(2));
  });

  it('changes on two tabs are saved together by one POST of the object', async () => {
    const saved: FormSaved = { id: 7, version: 4, values: {} };
    const { user, server } = await open({
      routes: (s) => s.on('POST', '/api/object-forms/Node/7', { json: saved }),
    });
    await user.click(editButton()!);
    await user.clear(screen.getByRole('textbox', { name: 'Street' }));
    await user.type(screen.getByRole('textbox', { name: 'Street' }), 'Weir Road');
    await user.click(screen.getByRole('tab', { name: 'Construction' }));
    const year = await screen.findByRole('textbox', { name: 'Year built' });
    await user.clear(year);
    await user.type(year, '1975');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Changes saved');
    expect(server.callsTo('PUT', '/api/object-forms/Node/7/general')).toHaveLength(0);
    const [post] = server.callsTo('POST', '/api/object-forms/Node/7');
    expect(bodyOf(post!)).toEqual({
      version: 3,
      values: expect.objectContaining({ street: 'Weir Road', yearBuilt: 1975, material: 'brick' }) as unknown,
    });
  });

  it('a required field emptied shows its message after a Save attempt, and nothing is sent', async () => {
    const { user, server } = await open();
    await user.click(editButton()!);
    await user.clear(screen.getByRole('textbox', { name: 'Asset ID' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Asset ID' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/object-forms/Node/7/general')).toHaveLength(0);
  });

  it('a 400 ModelState shows each message under the field it names', async () => {
    const { user } = await open({
      put: {
        status: 400,
        json: { Message: 'The form has errors.', ModelState: { street: ['No such street in this district.'] } },
      },
    });
    await user.click(editButton()!);
    await user.type(screen.getByRole('textbox', { name: 'Street' }), 's');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const street = screen.getByRole('textbox', { name: 'Street' });
    await waitFor(() => expect(street).toHaveAttribute('aria-invalid', 'true'));
    expect(street).toHaveAccessibleDescription(expect.stringContaining('No such street in this district.') as string);
  });

  it('a stale version (409) shows the catalogue’s message in the form and Reload reads the object again', async () => {
    const { user, server } = await open({ put: { status: 409, json: { message: 'Conflict' } } });
    await user.click(editButton()!);
    await user.type(screen.getByRole('textbox', { name: 'Owner' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MODIFIED_BY_ANOTHER_USER.title);
    expect(alert).toHaveTextContent(MODIFIED_BY_ANOTHER_USER.text);
    // The user's values stay until they choose to reload.
    expect(screen.getByRole('textbox', { name: 'Owner' })).toHaveValue('City of Manway!');

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Owner' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/object-forms/Node/7/general')).toHaveLength(2));
  });

  it('holds the unsaved-changes lock while there are changes, and lets it go on Cancel', async () => {
    const { user, store } = await open();
    await user.click(editButton()!);
    expect(store.getState().unsaved.locks).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Owner' }), '!');
    expect(store.getState().unsaved.locks).toEqual(['object-form:Node:7']);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(store.getState().unsaved.locks).toEqual([]);
    expect(screen.getByText('City of Manway')).toBeInTheDocument();
  });

  it('changing the subtype asks; "Change the existing subtype" keeps the change in the form', async () => {
    const { user, server } = await open();
    await user.click(editButton()!);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subtype' }), 'gully');

    const question = await screen.findByRole('alertdialog', {
      name: 'Create a new asset or change the existing subtype?',
    });
    await user.click(within(question).getByRole('button', { name: 'Change the existing subtype' }));
    expect(screen.getByRole('combobox', { name: 'Subtype' })).toHaveValue('gully');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes saved');
    const [put] = server.callsTo('PUT', '/api/object-forms/Node/7/general');
    expect(bodyOf(put!).values).toMatchObject({ subtype: 'gully' });
  });

  it('changing the subtype asks; "Create a new asset" posts every tab’s values with the new subtype and opens it', async () => {
    const { user, server, opened, store } = await open({
      routes: (s) => s.on('POST', '/api/object-forms/Node', { json: { id: 42, version: 1, values: {} } }),
    });
    await user.click(editButton()!);
    await user.type(screen.getByRole('textbox', { name: 'Owner' }), ' East');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subtype' }), 'gully');
    const question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Create a new asset' }));

    await screen.findByText('Asset created');
    const [post] = server.callsTo('POST', '/api/object-forms/Node');
    expect(bodyOf(post!)).toEqual({
      subtype: 'gully',
      values: expect.objectContaining({
        assetId: 'MH-7',
        subtype: 'gully',
        owner: 'City of Manway East',
        material: 'brick',
        yearBuilt: 1962,
      }) as unknown,
    });
    expect(bodyOf(post!).values).not.toHaveProperty('dateModified');
    expect(opened).toEqual([{ type: 'Node', id: 42 }]);
    expect(server.callsTo('PUT', '/api/object-forms/Node/7/general')).toHaveLength(0);
    expect(store.getState().unsaved.locks).toEqual([]);
  });

  it('a field others depend on asks the server to calculate once typing stops, and the derived values show', async () => {
    const general = nodeTab('general');
    const derivedField: FormField = {
      id: 'lengthM',
      label: 'Length',
      kind: 'simple',
      valueModelType: 'DoubleRange',
      unit: 'm',
      readOnly: true,
      rules: {},
    };
    const withCalculation: FormTab = {
      ...general,
      fields: [...general.fields.map((f) => (f.id === 'street' ? { ...f, triggersCalculate: true } : f)), derivedField],
    };
    const { user, server } = await open({
      general: withCalculation,
      generalValues: { ...GENERAL_VALUES, lengthM: 40 },
      routes: (s) => s.on('POST', '/api/object-forms/Node/7/calculate', { json: { values: { lengthM: 41.75 } } }),
    });
    await user.click(editButton()!);
    await user.type(screen.getByRole('textbox', { name: 'Street' }), ' North');

    expect(await screen.findByText('41.75')).toBeInTheDocument();
    const calls = server.callsTo('POST', '/api/object-forms/Node/7/calculate');
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]!)).toMatchObject({ values: { street: 'Mill Lane North' }, changed: ['street'] });
    // Derived values alone are no change of the user's: saving sends the typed street, not the length.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes saved');
    const [put] = server.callsTo('PUT', '/api/object-forms/Node/7/general');
    expect(bodyOf(put!).values).not.toHaveProperty('lengthM');
  });

  it('an inspection’s header opens under its title, read-only, with the inspection’s values', async () => {
    const header = shippedTemplate('inspection')!.tabs.find((t) => t.id === 'header')!;
    const server = new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', '/api/object-details-templates/Inspection/12', {
        json: {
          ...DETAILS,
          templateId: 'inspection:manway-demo',
          type: 'Inspection',
          id: 12,
          title: 'Inspection MH-7 2026-11-02',
          tabs: [{ id: 'header', label: 'Header' }],
        },
      })
      .on('GET', '/api/object-forms/Inspection/12/header', {
        json: {
          templateId: 'inspection:manway-demo',
          tab: header,
          values: { 'header.operator': 'J. Doe' },
          version: 5,
        },
      });
    await renderEdition({ server, home: <ObjectForm object={{ type: 'Inspection', id: 12 }} showTitle /> });

    const form = await screen.findByRole('region', { name: 'Inspection MH-7 2026-11-02' });
    expect(await within(form).findByText('J. Doe')).toBeInTheDocument();
    expect(within(form).queryByRole('tablist')).not.toBeInTheDocument();
    expect(within(form).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
