import { Link, NavLink, Outlet } from 'react-router';
import { useLazySettingsUrlQuery } from '../../features/websync/api/settingsLink';
import { ConsoleSessionProvider } from '../../features/websync/components/ConsoleSession';
import { signOut } from '../../shell/account/account';
import { hideSpinner, showSpinner } from '../../shell/busy/busySlice';
import { NotificationArea } from '../../shell/notifications/NotificationArea';
import { useAppDispatch } from '../../shell/store/hooks';
import { DropdownMenu } from '../../ui/controls/DropdownMenu';
import '../../shell/app/AppHeader.css';
import '../../shell/app/EditionLayout.css';
import './WebSyncLayout.css';

export const WEBSYNC_NAV = [
  { to: '/Home/Log', label: 'WEBSYNC LOG' },
  { to: '/Config/WebSyncUsersSettings', label: 'WEBSYNC USERS' },
  { to: '/Schedule', label: 'SCHEDULE' },
] as const;

/**
 * The console's frame: master icon, the three pages, and the user dropdown (websync spec section 2),
 * shown once the start-up loads are in.
 */
export function WebSyncLayout() {
  const dispatch = useAppDispatch();
  const [fetchSettingsUrl] = useLazySettingsUrlQuery();

  const openSettings = async () => {
    // Opened at once, inside the click, so no pop-up blocker stops it; pointed at the URL when it comes.
    const tab = window.open('', '_blank');
    dispatch(showSpinner());
    try {
      const url = await fetchSettingsUrl().unwrap();
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
    } catch {
      tab?.close();
    } finally {
      dispatch(hideSpinner());
    }
  };

  return (
    <ConsoleSessionProvider>
      {({ user }) => (
        <div className="mw-app">
          <a href="#main" className="mw-skip-link">
            Skip to content
          </a>
          <header className="mw-header">
            <Link to="/" className="mw-header__brand" aria-label="Manway WebSync home">
              <span className="mw-header__product" aria-hidden="true">
                ⇅
              </span>{' '}
              <span className="mw-header__edition">WebSync</span>
            </Link>
            <nav className="mw-header__nav" aria-label="Main">
              <ul>
                {WEBSYNC_NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to}>{item.label}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mw-header__user">
              <DropdownMenu
                trigger={<span data-testid="user-display-name">{user.userName || user.login || 'error'}</span>}
                align="end"
                items={[
                  { id: 'settings', label: 'Settings', onSelect: () => void openSettings() },
                  { id: 'logout', label: 'Log out', onSelect: () => void dispatch(signOut()) },
                ]}
              />
            </div>
          </header>
          <main id="main" className="mw-main mw-ws-main" tabIndex={-1}>
            <Outlet />
          </main>
          <NotificationArea />
        </div>
      )}
    </ConsoleSessionProvider>
  );
}
