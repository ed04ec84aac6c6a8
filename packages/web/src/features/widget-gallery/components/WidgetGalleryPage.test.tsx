import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { WidgetGalleryPage } from './WidgetGalleryPage';

async function openGallery() {
  const server = new FakeServer().on('GET', '/api/settings/general', { json: generalSettings() });
  const shell = await renderEdition({
    server,
    edition: 'web-settings',
    path: '/widgets',
    pages: [{ path: 'widgets', label: 'Widgets', element: <WidgetGalleryPage /> }],
  });
  return { ...shell, user: userEvent.setup() };
}

const grid = () => screen.getByRole('table', { name: 'Sewer assets' });
const gridRows = () => within(grid()).getAllByRole('row').slice(2);
const firstAssetIds = () => gridRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);
const gridSection = () => screen.getByRole('region', { name: 'Grid' });
const notifications = () => screen.queryAllByTestId('notification').map((n) => n.textContent);

describe('widget gallery', () => {
  it('names every section with its components and files, and links to each from the contents', async () => {
    await openGallery();
    expect(screen.getByRole('heading', { level: 1, name: 'Widget gallery' })).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Gallery sections' });
    for (const link of within(contents).getAllByRole('link')) {
      const section = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(section, link.textContent!).toBeInstanceOf(HTMLElement);
      expect(within(section!).getByRole('list', { name: /components and files/ })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Grid' })).toHaveTextContent('ui/grid/Grid.tsx');
  });

  it('the grid holds 10,000 generated assets, 25 a page, grade 5 highlighted', async () => {
    await openGallery();
    expect(gridRows()).toHaveLength(25);
    expect(within(screen.getByRole('navigation', { name: 'Sewer assets pages' })).getByText('400')).toBeVisible();
    expect(firstAssetIds().slice(0, 2)).toEqual(['SE-000001', 'MH-000002']);
    const special = gridRows().filter((row) => row.dataset.special === 'true');
    expect(special.length).toBeGreaterThan(0);
    for (const row of special) expect(row).toHaveTextContent('Very poor');
  });

  it('mass delete asks for the number of selected rows, then removes them and says so', async () => {
    const { user } = await openGallery();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(within(gridSection()).getByText('2 rows selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete selected…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 assets?' });
    const proceed = within(dialog).getByRole('button', { name: 'Delete' });
    await user.type(within(dialog).getByLabelText('Type 2 to confirm'), '3');
    expect(proceed).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type 2 to confirm'));
    await user.type(within(dialog).getByLabelText('Type 2 to confirm'), '2');
    await user.click(proceed);

    expect(notifications()).toContainEqual(expect.stringContaining('Deleted 2 assets'));
    expect(firstAssetIds().slice(0, 2)).toEqual(['MH-000002', 'MH-000004']);
    expect(within(gridSection()).getByText('No rows selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore deleted' }));
    expect(firstAssetIds()[0]).toBe('SE-000001');
  });

  it('each confirmation type reports its answer as a notification', async () => {
    const { user } = await openGallery();
    const confirmations = screen.getByRole('region', { name: 'Confirmations and notifications' });

    await user.click(within(confirmations).getByRole('button', { name: 'Normal' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Publish' }));
    expect(notifications()).toContainEqual(expect.stringContaining('confirm() answered true'));

    await user.click(within(confirmations).getByRole('button', { name: 'Critical' }));
    const critical = screen.getByRole('alertdialog', { name: 'Remove the inspection standard?' });
    expect(within(critical).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await user.click(within(critical).getByRole('button', { name: 'Cancel' }));
    expect(notifications()).toContainEqual(expect.stringContaining('The critical confirmation was cancelled.'));

    expect(within(confirmations).getByRole('button', { name: 'Mass delete (0)' })).toBeDisabled();
  });

  it('the select modals apply a single pick at once and several on close', async () => {
    const { user } = await openGallery();
    const select = screen.getByRole('region', { name: 'Select modals' });

    await user.click(within(select).getByRole('button', { name: 'Choose material' }));
    const materials = within(screen.getByRole('dialog', { name: 'Material' }));
    expect(materials.queryByRole('option', { name: 'Pitch fibre' })).not.toBeInTheDocument();
    await user.click(materials.getByRole('button', { name: 'show all' }));
    await user.click(materials.getByRole('option', { name: 'Pitch fibre' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(select).getByText('Pitch fibre')).toBeInTheDocument();

    await user.click(within(select).getByRole('button', { name: 'Choose districts' }));
    const districts = within(screen.getByRole('dialog', { name: 'Districts' }));
    await user.type(districts.getByRole('searchbox', { name: 'Search' }), 'mill');
    await user.click(districts.getByRole('option', { name: 'Millbrook' }));
    await user.click(districts.getByRole('button', { name: 'Done' }));
    expect(within(select).getByText('Harbour, Old Town, Millbrook')).toBeInTheDocument();
  });
});
