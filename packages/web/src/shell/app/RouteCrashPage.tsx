import { ErrorPage } from '../errors/ErrorPage';
import { FATAL_ERROR_PAGE } from '../errors/errorPages';
import { useRuntimeConfig } from '../runtimeConfigContext';

/** React Router catches render errors inside routes itself; this makes them look like any other crash. */
export function RouteCrashPage() {
  const { baseUrl } = useRuntimeConfig();
  return <ErrorPage info={FATAL_ERROR_PAGE} baseUrl={baseUrl} />;
}
