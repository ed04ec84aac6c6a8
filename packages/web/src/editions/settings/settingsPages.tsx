import type { EditionPage } from '../../shell/app/editionRoutes';

/** The settings edition's own pages. Each page's code loads only when it is opened. */
export const SETTINGS_PAGES: readonly EditionPage[] = [
  {
    path: 'licences',
    label: 'Licences',
    lazy: async () => {
      const { LicencesPage } = await import('../../features/licences/components/LicencesPage');
      return { Component: LicencesPage };
    },
  },
  {
    path: 'widgets',
    label: 'Widgets',
    lazy: async () => {
      const { WidgetGalleryPage } = await import('../../features/widget-gallery/components/WidgetGalleryPage');
      return { Component: WidgetGalleryPage };
    },
  },
];
