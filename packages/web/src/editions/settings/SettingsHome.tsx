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
          <Link to="/widgets">Widgets</Link>: the gallery of the shared interface widgets.
        </li>
      </ul>
    </section>
  );
}
