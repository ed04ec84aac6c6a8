import { format } from 'date-fns';

/** An ISO instant as the value of a datetime-local input, in the browser's time. */
export function toLocalInput(iso: string | null | undefined): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/** A datetime-local input's value as an ISO instant; null when empty or not a whole date and time. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
