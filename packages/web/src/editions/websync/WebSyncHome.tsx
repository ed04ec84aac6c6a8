export function WebSyncHome() {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">WebSync</h1>
      <p className="mw-page__lead">Follow how work moves between the office and the field systems.</p>
    </section>
  );
}
