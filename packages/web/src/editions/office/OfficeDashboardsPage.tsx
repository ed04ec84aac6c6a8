/** The office's dashboards page, with Share… on the dashboard shown (the shared-links feature's dialog). */
import { DashboardsPage } from '../../features/dashboards/components/DashboardsPage';
import { ShareButton } from '../../features/shared-links/components/ShareButton';

export function OfficeDashboardsPage() {
  return (
    <DashboardsPage
      renderActions={(dashboard) => (
        <ShareButton
          target={{ kind: 'dashboard', dashboardName: dashboard.name }}
          defaultTitle={`Dashboard ${dashboard.name}`}
          subject={`A link to the dashboard “${dashboard.name}” as it is whenever the link is opened.`}
          ariaLabel={`Share the dashboard ${dashboard.name}`}
        />
      )}
    />
  );
}
