import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clampPageNumber, keepDigits } from './pageNumber';
import { Pager, type PagerProps } from './Pager';

function ControlledPager({
  initialIndex = 0,
  onPageChange,
  ...props
}: Omit<PagerProps, 'pageIndex' | 'onPageChange'> & {
  initialIndex?: number;
  onPageChange?: (index: number) => void;
}) {
  const [pageIndex, setPageIndex] = useState(initialIndex);
  return (
    <Pager
      {...props}
      pageIndex={pageIndex}
      onPageChange={(index) => {
        onPageChange?.(index);
        setPageIndex(index);
      }}
    />
  );
}

const positionText = () => screen.getByRole('navigation').querySelector('.mw-pager__position')?.textContent?.trim();

describe('pager', () => {
  it("shows 'N of M', zero-based inside and displayed plus one", () => {
    render(<Pager pageIndex={2} pageCount={7} onPageChange={() => undefined} />);
    expect(positionText()).toBe('3 of 7');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });

  it('previous and next move one page and report the zero-based index', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<ControlledPager initialIndex={1} pageCount={5} onPageChange={onPageChange} />);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    expect(positionText()).toBe('3 of 5');

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
    expect(positionText()).toBe('1 of 5');
  });

  it('buttons are disabled at the ends', async () => {
    const user = userEvent.setup();
    render(<ControlledPager pageCount={3} showFirstAndLast />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(positionText()).toBe('3 of 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(positionText()).toBe('1 of 3');
  });

  it('first and last arrows are optional', () => {
    render(<Pager pageIndex={0} pageCount={3} onPageChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'First page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Last page' })).not.toBeInTheDocument();
  });

  it('an empty result reads 1 of 1 with both directions disabled', () => {
    render(<Pager pageIndex={0} pageCount={0} onPageChange={() => undefined} />);
    expect(positionText()).toBe('1 of 1');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('the manual page entry keeps digits only and clamps to 1..page count on Enter', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<ControlledPager pageCount={12} allowManualEntry onPageChange={onPageChange} />);
    const entry = screen.getByRole('textbox', { name: 'Page number' });
    expect(entry).toHaveValue('1');

    await user.clear(entry);
    await user.type(entry, 'a1b-2.');
    expect(entry).toHaveValue('12');
    expect(onPageChange).not.toHaveBeenCalled();

    await user.clear(entry);
    await user.type(entry, '99{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(11);
    expect(entry).toHaveValue('12');

    await user.clear(entry);
    await user.type(entry, '0{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(0);
    expect(entry).toHaveValue('1');

    await user.clear(entry);
    await user.type(entry, '7{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(6);
    expect(entry).toHaveValue('7');
  });

  it('the manual page entry follows the arrows and drops an unsubmitted number on blur', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<ControlledPager pageCount={4} allowManualEntry onPageChange={onPageChange} />);
    const entry = screen.getByRole('textbox', { name: 'Page number' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(entry).toHaveValue('2');

    await user.clear(entry);
    await user.type(entry, '4');
    await user.tab();
    expect(entry).toHaveValue('2');
    expect(onPageChange).toHaveBeenCalledTimes(1);
  });
});

describe('page number rules', () => {
  it('keeps digits only', () => {
    expect(keepDigits(' 1x2-3.4 ')).toBe('1234');
    expect(keepDigits('abc')).toBe('');
  });

  it('clamps to 1..page count, and an empty entry stays on the current page', () => {
    expect(clampPageNumber('0', 3, 10)).toBe(1);
    expect(clampPageNumber('11', 3, 10)).toBe(10);
    expect(clampPageNumber('5', 3, 10)).toBe(5);
    expect(clampPageNumber('', 3, 10)).toBe(3);
    expect(clampPageNumber('4', 1, 0)).toBe(1);
  });
});
