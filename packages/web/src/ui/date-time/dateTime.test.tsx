import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enGB } from 'date-fns/locale/en-GB';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_TIME_STEPS } from '@manway/core/rules/time-rounding';
import { DateLocaleContext } from './dateLocale';
import { DateTimePickerModal, initialPickerDate } from './DateTimePickerModal';
import { DateTimeText } from './DateTimeText';
import { roundDateUpToTimeStep, timeOptionsIncluding } from './dateTimeRules';

// Local times throughout: the tests pass in any time zone the machine is set to.
const MARCH_5_2024_14_07 = new Date(2024, 2, 5, 14, 7);

afterEach(() => {
  vi.useRealTimers();
});

describe('date-time rules', () => {
  it('time rounding of a local date goes to the next 15-minute mark and leaves an exact mark alone', () => {
    expect(roundDateUpToTimeStep(new Date(2024, 2, 5, 10, 7))).toEqual(new Date(2024, 2, 5, 10, 15));
    expect(roundDateUpToTimeStep(new Date(2024, 2, 5, 10, 15))).toEqual(new Date(2024, 2, 5, 10, 15));
    expect(roundDateUpToTimeStep(new Date(2024, 2, 5, 10, 15, 30))).toEqual(new Date(2024, 2, 5, 10, 30));
    expect(roundDateUpToTimeStep(new Date(2024, 2, 5, 23, 50))).toEqual(new Date(2024, 2, 6, 0, 0));
  });

  it('a time between steps is offered too, in order, so opening on it does not lose it', () => {
    const options = timeOptionsIncluding(14 * 60 + 7);
    expect(options).toHaveLength(DAY_TIME_STEPS.length + 1);
    expect(options.slice(56, 59)).toEqual([14 * 60, 14 * 60 + 7, 14 * 60 + 15]);
    expect(timeOptionsIncluding(15)).toBe(DAY_TIME_STEPS);
  });

  it('opens on the given value, or on now, rounded only when asked, and never outside 1800 to 2049', () => {
    const now = new Date(2024, 2, 5, 10, 7);
    expect(initialPickerDate(MARCH_5_2024_14_07.toISOString(), true, now)).toEqual(MARCH_5_2024_14_07);
    expect(initialPickerDate(null, false, now)).toEqual(now);
    expect(initialPickerDate(null, true, now)).toEqual(new Date(2024, 2, 5, 10, 15));
    expect(initialPickerDate('not a date', false, now)).toEqual(now);
    expect(initialPickerDate(new Date(1700, 0, 1).toISOString(), false, now)).toEqual(new Date(1800, 0, 1));
    expect(initialPickerDate(new Date(2100, 0, 1).toISOString(), false, now).getFullYear()).toBe(2049);
  });
});

describe('date and time display', () => {
  it('shows day, month, year and hour:minute in the locale given', () => {
    const { rerender } = render(<DateTimeText value={MARCH_5_2024_14_07.toISOString()} />);
    expect(screen.getByText('03/05/2024 2:07 PM')).toBeInTheDocument();

    rerender(
      <DateLocaleContext value={enGB}>
        <DateTimeText value={MARCH_5_2024_14_07.toISOString()} />
      </DateLocaleContext>,
    );
    const shown = screen.getByText('05/03/2024 14:07');
    expect(shown.tagName).toBe('TIME');
    expect(shown).toHaveAttribute('datetime', MARCH_5_2024_14_07.toISOString());
  });

  it('shows the date alone when asked', () => {
    render(<DateTimeText value={MARCH_5_2024_14_07} show="date" />);
    expect(screen.getByText('03/05/2024')).toBeInTheDocument();
  });

  it('shows nothing for no value and the raw text for a value that is not a date', () => {
    const { container, rerender } = render(<DateTimeText value={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DateTimeText value="" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DateTimeText value="yesterday-ish" />);
    expect(screen.getByText('yesterday-ish')).toBeInTheDocument();
  });
});

function renderPicker(props: Partial<Parameters<typeof DateTimePickerModal>[0]> = {}) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  render(
    <DateTimePickerModal value={MARCH_5_2024_14_07.toISOString()} onApply={onApply} onClose={onClose} {...props} />,
  );
  return { onApply, onClose };
}

function day(name: string) {
  return screen.getByRole('button', { name });
}

describe('date-time picker modal', () => {
  it('opens on the given date with the chosen day focused', () => {
    renderPicker();
    expect(screen.getByRole('dialog', { name: 'Choose date and time' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'March 2024' })).toBeInTheDocument();
    const chosen = day('Tuesday, March 5th, 2024');
    expect(chosen).toHaveFocus();
    expect(chosen.closest('td')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Time')).toHaveDisplayValue('2:07 PM');
  });

  it('the calendar is keyboard navigable: arrows by day and week, Page keys by month, Enter chooses', async () => {
    const user = userEvent.setup();
    const { onApply } = renderPicker();
    await user.keyboard('{ArrowRight}');
    expect(day('Wednesday, March 6th, 2024')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('Wednesday, March 13th, 2024')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(day('Tuesday, March 5th, 2024')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('Sunday, March 3rd, 2024')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('Saturday, March 9th, 2024')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('heading', { name: 'April 2024' })).toBeInTheDocument();
    expect(day('Tuesday, April 9th, 2024')).toHaveFocus();
    await user.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(day('Sunday, April 9th, 2023')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(day('Sunday, April 9th, 2023').closest('td')).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith(new Date(2023, 3, 9, 14, 7).toISOString());
  });

  it('answers an ISO string of the chosen day and time', async () => {
    const user = userEvent.setup();
    const { onApply, onClose } = renderPicker();
    await user.click(day('Wednesday, March 20th, 2024'));
    await user.selectOptions(screen.getByLabelText('Time'), '11:59 PM');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith(new Date(2024, 2, 20, 23, 59).toISOString());
    expect(onClose).toHaveBeenCalled();
  });

  it('offers years 1800 to 2049 and the month and year lists jump there', async () => {
    const user = userEvent.setup();
    renderPicker();
    const years = within(screen.getByLabelText('Year')).getAllByRole('option');
    expect(years[0]).toHaveTextContent('1800');
    expect(years.at(-1)).toHaveTextContent('2049');
    expect(years).toHaveLength(250);

    await user.selectOptions(screen.getByLabelText('Year'), '1800');
    await user.selectOptions(screen.getByLabelText('Month'), 'January');
    expect(screen.getByRole('heading', { name: 'January 1800' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(day('Tuesday, December 31st, 1799')).toBeDisabled();
  });

  it('cancel, the close key and an outside click close without answering', async () => {
    const user = userEvent.setup();
    const { onApply, onClose } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('opening with now can round to the next 15 minutes', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 2, 5, 10, 7));
    renderPicker({ value: null, roundNowToTimeStep: true });
    expect(screen.getByLabelText('Time')).toHaveDisplayValue('10:15 AM');
    expect(within(screen.getByLabelText('Time')).getAllByRole('option')).toHaveLength(DAY_TIME_STEPS.length);
  });
});
