import type { EditionPage } from '../../shell/app/editionRoutes';
import { REPORTS_PAGE_PATH } from '../../features/reports/reportsLocation';
import { SHARED_LINK_PATH, SHARED_LINKS_PAGE_PATH } from '../../features/shared-links/sharedLinksLocation';
import { PROJECTS_PAGE_PATH } from '../../features/tasks/components/projectsLocation';

/** The office edition's own pages, each loaded when first opened. */
export const OFFICE_PAGES: readonly EditionPage[] = [
  {
    path: 'inspections',
    label: 'Inspections',
    lazy: async () => {
      const { OfficeInspectionsPage } = await import('./OfficeInspectionsPage');
      return { Component: OfficeInspectionsPage };
    },
  },
  {
    path: PROJECTS_PAGE_PATH,
    label: 'Projects',
    lazy: async () => {
      const { ProjectsPage } = await import('../../features/tasks/components/ProjectsPage');
      return { Component: ProjectsPage };
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
    path: 'dashboards',
    label: 'Dashboards',
    lazy: async () => {
      const { OfficeDashboardsPage } = await import('./OfficeDashboardsPage');
      return { Component: OfficeDashboardsPage };
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
      const { SharedLinkView } = await import('../SharedLinkView');
      return { Component: SharedLinkView };
    },
  },
];
