import { REPORTS_PAGE_PATH } from '../../features/reports/reportsLocation';
import { SHARED_LINK_PATH, SHARED_LINKS_PAGE_PATH } from '../../features/shared-links/sharedLinksLocation';
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
    path: SHARED_LINKS_PAGE_PATH,
    label: 'Shared links',
    lazy: async () => {
      const { SharedLinksPage } = await import('../../features/shared-links/components/SharedLinksPage');
      return { Component: SharedLinksPage };
    },
  },
  {
    path: SHARED_LINK_PATH,
    label: 'Shared link',
    nav: false,
    lazy: async () => {
      const { InspectSharedLinkPage } = await import('./InspectSharedLinkPage');
      return { Component: InspectSharedLinkPage };
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
