import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { advanceTimers, setupUserWithFakeTimers, withFakeTimersForUserEvent } from '../../testing/fakeTimers';
import { DEFAULT_SEARCH_DEBOUNCE_MS, SearchBox } from './SearchBox';

withFakeTimersForUserEvent();

const box = () => screen.getByRole('searchbox', { name: 'Search assets' });

function EchoingOwner({ onSearch }: { onSearch: (term: string) => void }) {
  const [term, setTerm] = useState('');
  return (
    <SearchBox
      label="Search assets"
      value={term}
      onSearch={(next) => {
        onSearch(next);
        setTerm(next);
      }}
    />
  );
}

describe('search box', () => {
  it('is a searchbox named by its label', () => {
    render(<SearchBox label="Search assets" placeholder="Asset ID or name" onSearch={() => undefined} />);
    expect(box()).toHaveAttribute('placeholder', 'Asset ID or name');
    expect(screen.getByText('Search assets')).toHaveClass('mw-visually-hidden');
  });

  it('can show its label', () => {
    render(<SearchBox label="Search assets" showLabel onSearch={() => undefined} />);
    expect(screen.getByText('Search assets')).not.toHaveClass('mw-visually-hidden');
  });

  it('debounces by 250 ms by default and reports only the last term', async () => {
    expect(DEFAULT_SEARCH_DEBOUNCE_MS).toBe(250);
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="Search assets" onSearch={onSearch} />);

    await user.type(box(), 'valve');
    advanceTimers(249);
    expect(onSearch).not.toHaveBeenCalled();

    advanceTimers(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('valve');
  });

  it('trims input', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="Search assets" onSearch={onSearch} />);

    await user.type(box(), '  gate valve  ');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);

    expect(onSearch).toHaveBeenCalledWith('gate valve');
    expect(box()).toHaveValue('  gate valve  ');
  });

  it('can debounce by a configurable delay', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="Search assets" debounceMs={1000} onSearch={onSearch} />);

    await user.type(box(), 'pipe');
    advanceTimers(999);
    expect(onSearch).not.toHaveBeenCalled();
    advanceTimers(1);
    expect(onSearch).toHaveBeenCalledWith('pipe');
  });

  it('reports every keystroke at once when the debounce is 0', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="Search assets" debounceMs={0} onSearch={onSearch} />);

    await user.type(box(), 'ab');

    expect(onSearch.mock.calls).toEqual([['a'], ['ab']]);
  });

  it('does not report the same term twice', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="Search assets" onSearch={onSearch} />);

    await user.type(box(), 'pipe');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await user.type(box(), '  ');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);

    expect(onSearch.mock.calls).toEqual([['pipe']]);
  });

  it('clearing resets to empty, reports it at once and drops a pending term', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="Search assets" onSearch={onSearch} />);

    await user.type(box(), 'hydrant');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(box()).toHaveValue('');
    expect(onSearch.mock.calls).toEqual([['']]);
    expect(box()).toHaveFocus();
    advanceTimers(5000);
    expect(onSearch.mock.calls).toEqual([['']]);
  });

  it('offers the clear button only when there is something to clear', async () => {
    const user = setupUserWithFakeTimers();
    render(<SearchBox label="Search assets" onSearch={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await user.type(box(), 'x');
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  });

  it('is keyboard operable: Enter searches at once, Tab and Enter reach the clear button', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="Search assets" onSearch={onSearch} />);

    await user.click(box());
    await user.keyboard('manhole{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('manhole');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear search' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(box()).toHaveValue('');
  });

  it('Escape empties the box first, and only then reaches what surrounds it', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    const onOuterKeyDown = vi.fn();
    render(
      <div onKeyDown={(event) => onOuterKeyDown(event.key)}>
        <SearchBox label="Search assets" onSearch={onSearch} />
      </div>,
    );

    await user.type(box(), 'valve');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onOuterKeyDown).not.toHaveBeenCalledWith('Escape');

    await user.keyboard('{Escape}');
    expect(onOuterKeyDown).toHaveBeenCalledWith('Escape');
  });

  it('Enter does not submit a surrounding form', async () => {
    const user = setupUserWithFakeTimers();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <SearchBox label="Search assets" onSearch={() => undefined} />
      </form>,
    );
    await user.type(box(), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a value set from outside without reporting it back', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox label="Search assets" value="valve" onSearch={onSearch} />);
    expect(box()).toHaveValue('valve');

    rerender(<SearchBox label="Search assets" value="hydrant" onSearch={onSearch} />);
    expect(box()).toHaveValue('hydrant');
    fireEvent.keyDown(box(), { key: 'Enter' });
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps the space between words when its owner echoes each term back', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    render(<EchoingOwner onSearch={onSearch} />);

    await user.type(box(), 'gate ');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await user.type(box(), 'valve');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);

    expect(box()).toHaveValue('gate valve');
    expect(onSearch.mock.calls).toEqual([['gate'], ['gate valve']]);
  });

  it('drops a pending term when it goes away', async () => {
    const user = setupUserWithFakeTimers();
    const onSearch = vi.fn();
    const { unmount } = render(<SearchBox label="Search assets" onSearch={onSearch} />);

    await user.type(box(), 'pipe');
    unmount();
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);

    expect(onSearch).not.toHaveBeenCalled();
  });

  it('a disabled box offers no clear button', () => {
    render(<SearchBox label="Search assets" value="pipe" disabled onSearch={() => undefined} />);
    expect(box()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('hands the owner the keys it does not use itself, and names the list it controls', async () => {
    const user = setupUserWithFakeTimers();
    const onKeyDown = vi.fn();
    render(
      <>
        <SearchBox label="Search assets" controls="results" onSearch={() => undefined} onKeyDown={onKeyDown} />
        <ul id="results" />
      </>,
    );
    expect(box()).toHaveAttribute('aria-controls', 'results');

    await user.type(box(), 'pipe{ArrowDown}{Enter}{Escape}');
    expect(onKeyDown.mock.calls.map(([event]) => event.key)).toEqual(['p', 'i', 'p', 'e', 'ArrowDown']);
  });
});
