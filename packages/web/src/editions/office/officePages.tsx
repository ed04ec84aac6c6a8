import type { EditionPage } from '../../shell/app/editionRoutes';

/** The office edition's own pages. The review's code loads only when it is first opened. */
export const OFFICE_PAGES: readonly EditionPage[] = [
  {
    path: 'inspections',
    label: 'Inspections',
    lazy: async () => {
      const { OfficeInspectionsPage } = await import('./OfficeInspectionsPage');
      return { Component: OfficeInspectionsPage };
    },
  },
];
