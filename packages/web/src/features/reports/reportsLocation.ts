/** The Reports page's path in the editions that have one (relative to the edition's base). */
export const REPORTS_PAGE_PATH = 'reports';
