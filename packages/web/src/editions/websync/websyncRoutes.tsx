import { Navigate, type RouteObject } from 'react-router';
import { LogPage } from '../../features/websync/components/LogPage';
import { SchedulePage } from '../../features/websync/components/SchedulePage';
import { UserSettingsPage } from '../../features/websync/components/UserSettingsPage';
import { RouteCrashPage } from '../../shell/app/RouteCrashPage';
import { NotFoundPage } from '../../shell/pages/NotFoundPage';
import { WebSyncLayout } from './WebSyncLayout';

const toLog = <Navigate to="/Home/Log" replace />;

/** The console's routes (websync spec section 2), relative to its base URL. */
export function websyncRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <WebSyncLayout />,
      errorElement: <RouteCrashPage />,
      children: [
        { index: true, element: toLog },
        { path: 'Home/Log', element: <LogPage /> },
        // Anything else under the console's own pages goes to the log.
        { path: 'Home/*', element: toLog },
        { path: 'Config/WebSyncUsersSettings', element: <UserSettingsPage /> },
        { path: 'Schedule', element: <SchedulePage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
