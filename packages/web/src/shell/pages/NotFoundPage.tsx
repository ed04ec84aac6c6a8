import { Link } from 'react-router';
import { EDITION_NAMES } from '@manway/core/editions';
import { useRuntimeConfig } from '../runtimeConfigContext';

export function NotFoundPage() {
  const { edition } = useRuntimeConfig();
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Not found</h1>
      <p className="mw-page__lead">There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/">Go to {EDITION_NAMES[edition]} home</Link>
    </section>
  );
}
