export function OfficeHome() {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Office</h1>
      <p className="mw-page__lead">
        Plan inspections, review what the field teams found and look after your assets from the office.
      </p>
    </section>
  );
}
