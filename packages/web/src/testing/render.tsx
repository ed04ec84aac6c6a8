import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '../shell/config';
import { RuntimeConfigContext } from '../shell/runtimeConfigContext';
import type { ShellStore } from '../shell/store/store';

/** Renders shell components as the app does: with the store, the runtime config and a router. */
export function renderInShell(ui: ReactNode, { store, config }: { store: ShellStore; config: RuntimeConfig }) {
  const router = createMemoryRouter([
    { path: '/', element: ui },
    { path: '*', element: <p>Another page</p> },
  ]);
  return render(
    <RuntimeConfigContext value={config}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </RuntimeConfigContext>,
  );
}
