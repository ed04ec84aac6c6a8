/** The route exists so the navigation is whole; the settings editor is the next slice of issue 6. */
export function UserSettingsPage() {
  return (
    <section className="mw-ws-page" aria-labelledby="ws-users-title">
      <h1 id="ws-users-title">User settings</h1>
      <p className="mw-ws-note">
        Only users with assigned WebSync permissions are displayed in the list. Editing their sync settings from this
        page is not available in this version.
      </p>
    </section>
  );
}
