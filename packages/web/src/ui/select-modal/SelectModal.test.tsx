import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectModal, type MultiSelectModalProps, type SingleSelectModalProps } from './SelectModal';
import { SEARCH_BOX_MIN_OPTIONS, sameSelection, showsSearchBox, type SelectOption } from './selection';

const MATERIALS: SelectOption[] = [
  { id: 'pvc', value: 'PVC' },
  { id: 'ci', value: 'Cast iron' },
  { id: 'di', value: 'Ductile iron' },
  { id: 'pe', value: 'Polyethylene' },
  { id: 'ac', value: 'Asbestos cement' },
  { id: 'st', value: 'Steel' },
  { id: 'cu', value: 'Copper' },
  { id: 'cl', value: 'Clay' },
  { id: 'co', value: 'Concrete' },
];
const EIGHT_MATERIALS = MATERIALS.slice(0, 8);

function renderSingle(props: Partial<SingleSelectModalProps> = {}) {
  const onChange = vi.fn();
  const onClose = vi.fn();
  render(
    <SelectModal title="Material" options={MATERIALS} value={null} onChange={onChange} onClose={onClose} {...props} />,
  );
  return { onChange, onClose };
}

function renderMulti(props: Partial<MultiSelectModalProps> = {}) {
  const onChange = vi.fn();
  const onClose = vi.fn();
  render(
    <SelectModal
      multiple
      title="Materials"
      options={MATERIALS}
      value={[]}
      onChange={onChange}
      onClose={onClose}
      {...props}
    />,
  );
  return { onChange, onClose };
}

function chosenStrip() {
  return screen.getByRole('group', { name: 'Chosen' });
}

describe('select modal rules', () => {
  it('the search box appears only above 8 options and when search is enabled', () => {
    expect(SEARCH_BOX_MIN_OPTIONS).toBe(8);
    expect(showsSearchBox(true, 9)).toBe(true);
    expect(showsSearchBox(true, 8)).toBe(false);
    expect(showsSearchBox(false, 9)).toBe(false);
  });

  it('the same ids in another order are the same selection', () => {
    expect(sameSelection(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameSelection(['a'], ['a', 'b'])).toBe(false);
    expect(sameSelection([], [])).toBe(true);
  });
});

describe('select modal', () => {
  it('has a title and lists the options', () => {
    renderSingle();
    expect(screen.getByRole('dialog', { name: 'Material' })).toBeInTheDocument();
    const list = screen.getByRole('listbox', { name: 'Material' });
    expect(within(list).getAllByRole('option')).toHaveLength(MATERIALS.length);
  });

  it('shows the search box only when search is enabled and there are more than 8 options', async () => {
    const user = userEvent.setup();
    renderSingle({ searchable: true });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveFocus();
    await user.type(search, '  iron ');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Cast iron', 'Ductile iron']);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Cast iron' })).toHaveFocus();
    search.focus();
    await user.clear(search);
    await user.type(search, 'granite');
    expect(screen.getByText('No results')).toBeInTheDocument();
  });

  it('has no search box with exactly 8 options', () => {
    renderSingle({ searchable: true, options: EIGHT_MATERIALS });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('has no search box when search is not enabled, however many options', () => {
    renderSingle({ searchable: false });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it("shows hidden options only after 'show all'", async () => {
    const user = userEvent.setup();
    renderSingle({ hiddenOptionIds: ['ac', 'cl'] });
    expect(screen.queryByRole('option', { name: 'Asbestos cement' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(MATERIALS.length - 2);

    await user.click(screen.getByRole('button', { name: 'show all' }));
    expect(screen.getByRole('option', { name: 'Asbestos cement' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(MATERIALS.length);
    expect(screen.queryByRole('button', { name: 'show all' })).not.toBeInTheDocument();
  });

  it("offers no 'show all' when nothing is hidden", () => {
    renderSingle();
    expect(screen.queryByRole('button', { name: 'show all' })).not.toBeInTheDocument();
  });

  it("says 'no data' when there are no options", () => {
    renderSingle({ options: [] });
    expect(screen.getByText('no data')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('a single select closes at once on pick and applies the pick', async () => {
    const user = userEvent.setup();
    const { onChange, onClose } = renderSingle({ value: 'pvc' });
    expect(within(chosenStrip()).getByText('PVC')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'PVC' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('option', { name: 'Steel' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('st');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a single select picking what it already had closes without applying', async () => {
    const user = userEvent.setup();
    const { onChange, onClose } = renderSingle({ value: 'pvc' });
    await user.click(screen.getByRole('option', { name: 'PVC' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a multi select applies on close, with the chosen items in the strip', async () => {
    const user = userEvent.setup();
    const { onChange, onClose } = renderMulti({ value: ['pvc'] });
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');

    await user.click(screen.getByRole('option', { name: 'Steel' }));
    await user.click(screen.getByRole('option', { name: 'Copper' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(
      within(chosenStrip())
        .getAllByText(/./, { selector: '.mw-select-modal__chip-label' })
        .map((chip) => chip.textContent),
    ).toEqual(['PVC', 'Steel', 'Copper']);

    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['pvc', 'st', 'cu']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a multi select applies when closed by Done, the close button or an outside click', async () => {
    const user = userEvent.setup();
    const { onChange, onClose } = renderMulti();
    await user.click(screen.getByRole('option', { name: 'Clay' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onChange).toHaveBeenLastCalledWith(['cl']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('modal has no backdrop');
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('applies the value only if it differs from the original', async () => {
    const user = userEvent.setup();
    const { onChange, onClose } = renderMulti({ value: ['pvc', 'st'] });
    await user.click(screen.getByRole('option', { name: 'Steel' }));
    await user.click(screen.getByRole('option', { name: 'Steel' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('chosen items can be removed from the strip, and focus stays in the modal', async () => {
    const user = userEvent.setup();
    const { onChange } = renderMulti({ value: ['pvc', 'st'] });
    await user.click(screen.getByRole('button', { name: 'Remove PVC' }));
    expect(within(chosenStrip()).queryByText('PVC')).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'PVC' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('button', { name: 'Remove Steel' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Steel' }));
    expect(screen.queryByRole('group', { name: 'Chosen' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([]);
  });

  it('removing the single chosen item and closing applies an empty value', async () => {
    const user = userEvent.setup();
    const { onChange } = renderSingle({ value: 'ci' });
    await user.click(screen.getByRole('button', { name: 'Remove Cast iron' }));
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('a chosen hidden option still shows in the strip', () => {
    renderMulti({ value: ['ac'], hiddenOptionIds: ['ac'] });
    expect(within(chosenStrip()).getByText('Asbestos cement')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Asbestos cement' })).not.toBeInTheDocument();
  });

  it('is keyboard operable: arrows move, Space toggles, Enter picks', async () => {
    const user = userEvent.setup();
    const { onChange } = renderMulti({ value: ['ci'] });
    // Without a search box, focus starts on the first chosen option.
    expect(screen.getByRole('option', { name: 'Cast iron' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Ductile iron' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{End}');
    expect(screen.getByRole('option', { name: 'Concrete' })).toHaveFocus();
    await user.keyboard('{Enter}{Home}');
    expect(screen.getByRole('option', { name: 'PVC' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'PVC' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['ci', 'di', 'co']);
  });

  it('a single select picks with Enter from the keyboard', async () => {
    const user = userEvent.setup();
    const { onChange, onClose } = renderSingle();
    expect(screen.getByRole('option', { name: 'PVC' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('di');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
