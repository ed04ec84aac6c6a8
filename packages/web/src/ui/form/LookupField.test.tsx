import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LookupValue } from '@manway/core/forms/template';
import { advanceTimers, setupUserWithFakeTimers, withFakeTimersForUserEvent } from '../../testing/fakeTimers';
import { DEFAULT_SEARCH_DEBOUNCE_MS } from '../search-box/SearchBox';
import type { LookupSearch } from './FormFieldView';
import { LOOKUP_FAILED_TEXT, LOOKUP_NO_RESULTS_TEXT, LOOKUP_UNAVAILABLE_TEXT } from './LookupField';
import { formField, HeldFormField } from './testFields';

const MH_11: LookupValue = { id: 11, readableId: 'MH-000011' };
const MH_12: LookupValue = { id: 12, readableId: 'MH-000012' };
const NODES: LookupValue[] = [MH_11, MH_12];
const FROM_NODE = formField({
  id: 'fromNode',
  label: 'From node',
  kind: 'lookup',
  lookup: { objectType: 'node', assetSubtype: 'manhole' },
});

withFakeTimersForUserEvent();

function renderLookup(search: LookupSearch | undefined, initialValue?: LookupValue) {
  const onChange = vi.fn();
  render(<HeldFormField field={FROM_NODE} lookup={search} onChange={onChange} initialValue={initialValue} />);
  return { onChange, user: setupUserWithFakeTimers(), input: screen.getByRole('combobox', { name: 'From node' }) };
}

/** Lets the resolved search answer reach React. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('lookup field', () => {
  it('shows the readable id of the object it holds', () => {
    const { input } = renderLookup(vi.fn(), { id: 3, readableId: 'MH-000003' });
    expect(input).toHaveValue('MH-000003');
  });

  it('searches once typing pauses for 250 ms, with the object type and subtype of the template', async () => {
    const search = vi.fn(() => Promise.resolve(NODES));
    const { user, input } = renderLookup(search);
    await user.type(input, 'MH-0');
    expect(search).not.toHaveBeenCalled();
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    advanceTimers(1);
    expect(search).toHaveBeenCalledExactlyOnceWith('node', 'MH-0', 'manhole');
    await settle();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['MH-000011', 'MH-000012']);
  });

  it('picking a hit with the keyboard emits the lookup value', async () => {
    const search = vi.fn(() => Promise.resolve(NODES));
    const { user, input, onChange } = renderLookup(search);
    await user.type(input, 'MH');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await settle();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'MH-000012' })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'MH-000012' }).id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ id: 12, readableId: 'MH-000012' });
    expect(input).toHaveValue('MH-000012');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picking a hit with the mouse emits the lookup value', async () => {
    const search = vi.fn(() => Promise.resolve(NODES));
    const { user, input, onChange } = renderLookup(search);
    await user.type(input, 'MH');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await settle();
    await user.click(screen.getByRole('option', { name: 'MH-000011' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ id: 11, readableId: 'MH-000011' });
  });

  it('Escape closes the hits and puts back the object held', async () => {
    const search = vi.fn(() => Promise.resolve(NODES));
    const { user, input, onChange } = renderLookup(search, { id: 3, readableId: 'MH-000003' });
    await user.clear(input);
    await user.type(input, 'MH');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await settle();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('MH-000003');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('the clear button empties the field and emits null', async () => {
    const { user, input, onChange } = renderLookup(vi.fn(), { id: 3, readableId: 'MH-000003' });
    await user.click(screen.getByRole('button', { name: 'Clear From node' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear From node' })).not.toBeInTheDocument();
  });

  it('only the latest answer is shown when answers arrive out of order', async () => {
    let answerFirst: (hits: LookupValue[]) => void = () => undefined;
    const search = vi
      .fn<(objectType: string, text: string) => Promise<LookupValue[]>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockImplementationOnce(() => Promise.resolve([MH_12]));
    const { user, input } = renderLookup(search);
    await user.type(input, 'MH');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await user.type(input, '-00001');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await settle();
    answerFirst(NODES);
    await settle();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['MH-000012']);
  });

  it('says when nothing matched, when the search failed, and when it cannot search', async () => {
    const search = vi
      .fn<() => Promise<LookupValue[]>>()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new Error('offline'));
    const { user, input } = renderLookup(search);
    await user.type(input, 'zz');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(LOOKUP_NO_RESULTS_TEXT);
    await user.type(input, 'z');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(LOOKUP_FAILED_TEXT);
  });

  it('without a search function it says it cannot search', async () => {
    const { user, input } = renderLookup(undefined);
    await user.type(input, 'MH');
    expect(screen.getByRole('status')).toHaveTextContent(LOOKUP_UNAVAILABLE_TEXT);
  });
});
