import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { Edition } from '@manway/core/editions';
import { createEditionRoutes, type EditionPage } from '../shell/app/editionRoutes';
import { ShellApp } from '../shell/app/ShellApp';
import { loadGeneralSettings } from '../shell/settings/loadSettings';
import { createTestShell, FakeBrowser } from './fixtures';
import type { FakeServer } from './fakeServer';

/**
 * Starts an edition the way startEdition does, on a memory router at `path` (relative to the
 * edition's base), against a fake server.
 */
export async function renderEdition(options: {
  server: FakeServer;
  edition?: Edition;
  path?: string;
  home?: ReactNode;
  pages?: readonly EditionPage[];
}) {
  const shell = createTestShell({ server: options.server, edition: options.edition, browser: new FakeBrowser() });
  const router = createMemoryRouter(
    createEditionRoutes({ home: options.home ?? <h1>Home</h1>, pages: options.pages }),
    {
      initialEntries: [options.path ?? '/'],
    },
  );
  const view = render(<ShellApp store={shell.store} config={shell.config} router={router} />);
  await act(() => shell.store.dispatch(loadGeneralSettings()));
  return { ...shell, router, view };
}
