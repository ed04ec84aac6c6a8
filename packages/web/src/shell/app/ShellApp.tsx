import type { ComponentProps } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { EDITION_NAMES } from '@manway/core/editions';
import { Spinner } from '../../ui/Spinner';
import { BusyOverlay } from '../busy/BusyOverlay';
import type { RuntimeConfig } from '../config';
import { ConfirmDialog } from '../confirm/ConfirmDialog';
import { FatalErrorBoundary } from '../errors/FatalErrorBoundary';
import { ShellErrorPage } from '../errors/ShellErrorPage';
import { RuntimeConfigContext } from '../runtimeConfigContext';
import { useAppSelector } from '../store/hooks';
import type { ShellStore } from '../store/store';
import './ShellApp.css';

type Router = ComponentProps<typeof RouterProvider>['router'];

function LoadingScreen({ config }: { config: RuntimeConfig }) {
  return (
    <div className="mw-loading" role="status">
      <Spinner size="large" />
      <p>Loading Manway {EDITION_NAMES[config.edition]}…</p>
    </div>
  );
}

/** An error page replaces everything; until settings arrive nothing of the edition renders. */
function ShellGate({ router, config }: { router: Router; config: RuntimeConfig }) {
  const errorInfo = useAppSelector((state) => (state.errorPage.errorOccurred ? state.errorPage.info : null));
  const loaded = useAppSelector((state) => state.settings.loaded);
  if (errorInfo) return <ShellErrorPage info={errorInfo} />;
  if (!loaded) return <LoadingScreen config={config} />;
  return <RouterProvider router={router} />;
}

export interface ShellAppProps {
  store: ShellStore;
  config: RuntimeConfig;
  router: Router;
}

export function ShellApp({ store, config, router }: ShellAppProps) {
  return (
    <RuntimeConfigContext value={config}>
      <FatalErrorBoundary baseUrl={config.baseUrl}>
        <Provider store={store}>
          <ShellGate router={router} config={config} />
          <ConfirmDialog />
          <BusyOverlay />
        </Provider>
      </FatalErrorBoundary>
    </RuntimeConfigContext>
  );
}
