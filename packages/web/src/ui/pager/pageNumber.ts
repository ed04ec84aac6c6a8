/** Only digits survive typing in the manual page entry; anything else is dropped as it is typed. */
export function keepDigits(text: string): string {
  return text.replace(/\D+/g, '');
}

/**
 * The one-based page number the user typed, clamped to 1..page count. An empty entry stays on the
 * current page. A grid with no rows still has one (empty) page, so the upper bound is at least 1.
 */
export function clampPageNumber(typed: string, currentPageNumber: number, pageCount: number): number {
  const lastPageNumber = Math.max(pageCount, 1);
  const digits = keepDigits(typed);
  if (digits === '') return Math.min(Math.max(currentPageNumber, 1), lastPageNumber);
  return Math.min(Math.max(Number(digits), 1), lastPageNumber);
}
