import { format, isValid, parseISO, type Locale } from 'date-fns';
import { useDateLocale } from './dateLocale';

/** Day, month and year in the locale's short form, e.g. 03/05/2024 or 05/03/2024. */
export function formatDate(date: Date, locale: Locale): string {
  return format(date, 'P', { locale });
}

/** Day, month, year and hour:minute in the locale's short forms. */
export function formatDateTime(date: Date, locale: Locale): string {
  return `${formatDate(date, locale)} ${format(date, 'p', { locale })}`;
}

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? parseISO(value) : value;
}

export interface DateTimeTextProps {
  /** An ISO string or a Date; empty shows nothing. */
  value: string | Date | null | undefined;
  /** 'date' leaves out hour and minute. */
  show?: 'date' | 'dateTime';
  className?: string;
}

/** A date, with or without time, in the user's locale and local time zone. */
export function DateTimeText({ value, show = 'dateTime', className }: DateTimeTextProps) {
  const locale = useDateLocale();
  if (value === null || value === undefined || value === '') return null;
  const date = toDate(value);
  // Showing what arrived beats hiding it: a malformed date is a data problem someone should see.
  if (!isValid(date)) return <span className={className}>{String(value)}</span>;
  return (
    <time className={className} dateTime={date.toISOString()}>
      {show === 'date' ? formatDate(date, locale) : formatDateTime(date, locale)}
    </time>
  );
}
