import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { selectionKey, type SelectedFeature } from '../selection';
import { SelectionList } from './SelectionList';

const manhole: SelectedFeature = {
  layer: 'Node',
  id: 4,
  properties: { assetId: 'MH-0004', subtype: 'manhole', conditionGrade: 2, material: null, sizeMm: null },
};
const pipe: SelectedFeature = {
  layer: 'Section',
  id: 8,
  properties: { assetId: 'SEC-0008', subtype: 'gravity-main', conditionGrade: 4, material: 'PVC', sizeMm: 300 },
};

describe('selection list', () => {
  it('lists each selected feature with its asset ID, subtype and layer, and opens the one clicked', async () => {
    const onOpen = vi.fn();
    render(
      <SelectionList
        features={[manhole, pipe]}
        active={selectionKey('Node', 4)}
        limitText={null}
        onOpen={onOpen}
        onClear={() => {}}
      />,
    );
    const list = screen.getByTestId('selection-list');
    expect(within(list).getByRole('heading')).toHaveTextContent('Selection (2)');
    const rows = within(list).getAllByRole('button', { name: /MH-|SEC-/ });
    expect(rows.map((r) => r.textContent)).toEqual([
      'MH-0004Manhole · Manholes and nodes',
      'SEC-0008Gravity main · Pipe sections',
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).not.toHaveAttribute('aria-current');
    await userEvent.click(rows[1]!);
    expect(onOpen).toHaveBeenCalledWith(pipe);
    expect(screen.queryByText('Selection limit exceeded')).not.toBeInTheDocument();
  });

  it('shows what an edition offers to do with the selection, and nothing of it once the selection is empty', () => {
    const { rerender } = render(
      <SelectionList
        features={[manhole]}
        active={null}
        limitText={null}
        onOpen={() => {}}
        onClear={() => {}}
        actions={<button type="button">Plan tasks…</button>}
      />,
    );
    expect(
      within(screen.getByTestId('selection-list')).getByRole('button', { name: 'Plan tasks…' }),
    ).toBeInTheDocument();
    rerender(
      <SelectionList
        features={[]}
        active={null}
        limitText={null}
        onOpen={() => {}}
        onClear={() => {}}
        actions={<button type="button">Plan tasks…</button>}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Plan tasks…' })).toBeNull();
  });

  it('shows the selection limit notice and clears on request', async () => {
    const onClear = vi.fn();
    render(
      <SelectionList features={[manhole]} active={null} limitText="Too many." onOpen={() => {}} onClear={onClear} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Selection limit exceededToo many.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalled();
  });
});
