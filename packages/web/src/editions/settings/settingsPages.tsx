import type { EditionPage } from '../../shell/app/editionRoutes';

/** The settings edition's own pages. The gallery's code loads only when it is opened. */
export const SETTINGS_PAGES: readonly EditionPage[] = [
  {
    path: 'widgets',
    label: 'Widgets',
    lazy: async () => {
      const { WidgetGalleryPage } = await import('../../features/widget-gallery/components/WidgetGalleryPage');
      return { Component: WidgetGalleryPage };
    },
  },
];
