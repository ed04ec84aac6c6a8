import { REPORTS_PAGE_PATH } from '../../features/reports/reportsLocation';
import type { EditionPage } from '../../shell/app/editionRoutes';

/** The inspect edition's own pages, each loaded when first opened. A task and an inspection are opened from My work. */
export const INSPECT_PAGES: readonly EditionPage[] = [
  {
    path: 'tasks/:taskId',
    label: 'Task',
    nav: false,
    lazy: async () => {
      const { InspectTaskPage } = await import('./InspectTaskPage');
      return { Component: InspectTaskPage };
    },
  },
  {
    path: 'inspections',
    label: 'Inspections',
    lazy: async () => {
      const { InspectInspectionsPage } = await import('./InspectInspectionsPage');
      return { Component: InspectInspectionsPage };
    },
  },
  {
    path: 'inspections/:inspectionId',
    label: 'Inspection',
    nav: false,
    lazy: async () => {
      const { InspectInspectionPage } = await import('./InspectInspectionPage');
      return { Component: InspectInspectionPage };
    },
  },
  {
    path: REPORTS_PAGE_PATH,
    label: 'Reports',
    lazy: async () => {
      const { ReportsPage } = await import('../../features/reports/components/ReportsPage');
      return { Component: ReportsPage };
    },
  },
  {
    path: 'profile',
    label: 'Profile',
    lazy: async () => {
      const { InspectProfilePage } = await import('./InspectProfilePage');
      return { Component: InspectProfilePage };
    },
  },
];
