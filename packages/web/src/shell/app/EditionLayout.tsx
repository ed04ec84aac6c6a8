import { Outlet } from 'react-router';
import { NotificationArea } from '../notifications/NotificationArea';
import { UnsavedChangesGuard } from '../unsaved/UnsavedChangesGuard';
import { AppHeader, type NavItem } from './AppHeader';
import './EditionLayout.css';

/** The frame around every page of an edition. Notifications live here because their links are routes. */
export function EditionLayout({ nav }: { nav: NavItem[] }) {
  return (
    <div className="mw-app">
      <a href="#main" className="mw-skip-link">
        Skip to content
      </a>
      <AppHeader nav={nav} />
      <main id="main" className="mw-main" tabIndex={-1}>
        <Outlet />
      </main>
      <NotificationArea />
      <UnsavedChangesGuard />
    </div>
  );
}
