import type { EditionPage } from '../../shell/app/editionRoutes';
import { REPORTS_PAGE_PATH } from '../../features/reports/reportsLocation';
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
      const { DashboardsPage } = await import('../../features/dashboards/components/DashboardsPage');
      return { Component: DashboardsPage };
    },
  },
];
