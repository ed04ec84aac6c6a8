export function InspectHome() {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Inspect</h1>
      <p className="mw-page__lead">Carry out inspections in the field and record what you find on site.</p>
    </section>
  );
}
