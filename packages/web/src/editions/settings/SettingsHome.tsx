export function SettingsHome() {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Settings</h1>
      <p className="mw-page__lead">Manage licences, saved filters and the settings every Manway user works with.</p>
    </section>
  );
}
