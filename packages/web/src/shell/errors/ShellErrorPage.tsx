import { restartWebApp, signOut } from '../account/account';
import { useRuntimeConfig } from '../runtimeConfigContext';
import { useAppDispatch } from '../store/hooks';
import type { ErrorInfo } from './errorPageSlice';
import { ErrorPage } from './ErrorPage';

/** The error page wired to the store: its buttons restart the app or sign the user out. */
export function ShellErrorPage({ info }: { info: ErrorInfo }) {
  const dispatch = useAppDispatch();
  const { baseUrl } = useRuntimeConfig();
  return (
    <ErrorPage
      info={info}
      baseUrl={baseUrl}
      onRestart={() => dispatch(restartWebApp())}
      // A seat may have been freed meanwhile; reloading asks for one again.
      onLimitReached={() => dispatch(restartWebApp())}
      onLogOff={() => void dispatch(signOut())}
    />
  );
}
