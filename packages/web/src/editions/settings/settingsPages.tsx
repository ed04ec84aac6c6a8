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
    path: 'users',
    label: 'Users',
    lazy: async () => {
      const { UsersPage } = await import('../../features/users/components/UsersPage');
      return { Component: UsersPage };
    },
  },
  {
    path: 'saved-filters',
    label: 'Saved filters',
    lazy: async () => {
      const { SavedFiltersSettingsPage } = await import('./SavedFiltersSettingsPage');
      return { Component: SavedFiltersSettingsPage };
    },
  },
  {
    path: 'general',
    label: 'General',
    lazy: async () => {
      const { GeneralSettingsPage } =
        await import('../../features/installation-settings/components/GeneralSettingsPage');
      return { Component: GeneralSettingsPage };
    },
  },
  {
    path: 'map',
    label: 'Map',
    lazy: async () => {
      const { MapSettingsPage } = await import('../../features/installation-settings/components/MapSettingsPage');
      return { Component: MapSettingsPage };
    },
  },
  {
    path: 'audit',
    label: 'Audit',
    lazy: async () => {
      const { AuditPage } = await import('../../features/audit/components/AuditPage');
      return { Component: AuditPage };
    },
  },
  {
    path: 'shared-links',
    label: 'Shared links',
    lazy: async () => {
      const { SharedLinksPage } = await import('../../features/shared-links/components/SharedLinksPage');
      // Administrators see, and may revoke, everyone's links.
      const EveryonesSharedLinks = () => <SharedLinksPage everyone />;
      return { Component: EveryonesSharedLinks };
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
