import { Link } from 'react-router';

export function SettingsHome() {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Settings</h1>
      <p className="mw-page__lead">Manage licences, saved filters and the settings every Manway user works with.</p>
      <ul>
        <li>
          <Link to="/licences">Licences</Link>: seat limits and expiry, and who holds a seat now.
        </li>
        <li>
          <Link to="/users">Users</Link>: who may sign in, their role and permissions (Office, Inspect, WebSync,
          Review), passwords, and disabling an account.
        </li>
        <li>
          <Link to="/saved-filters">Saved filters</Link>: the global filters every user can import, and their order.
        </li>
        <li>
          <Link to="/general">General settings</Link>: the coordinate format, still image format, GPS accuracy and
          licence warning every page starts with.
        </li>
        <li>
          <Link to="/map">Map settings</Link>: the basemaps (XYZ, WMTS and WMS), the default one and where the map
          opens.
        </li>
        <li>
          <Link to="/audit">Audit</Link>: who changed a user, a licence, a setting or a shared link, and when.
        </li>
        <li>
          <Link to="/widgets">Widgets</Link>: the gallery of the shared interface widgets.
        </li>
      </ul>
    </section>
  );
}
