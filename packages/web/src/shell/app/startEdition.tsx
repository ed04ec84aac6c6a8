// The theme comes first so component styles can build on its custom properties and base rules.
import '../theme/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Edition } from '@manway/core/editions';
import { watchActivity } from '../activity/activity';
import { readRuntimeConfig, routerBasename } from '../config';
import { watchPageLifecycle } from '../seats/seats';
import { loadGeneralSettings } from '../settings/loadSettings';
import { createShellStore } from '../store/store';
import { watchUnsavedChanges } from '../unsaved/watchUnsavedChanges';
import { ShellApp } from './ShellApp';

/** Boots one edition: config, store, the settings load it waits for, then the React tree. */
export function startEdition(edition: Edition, routes: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element to render into.');

  const config = readRuntimeConfig(edition);
  const store = createShellStore({ config });
  watchUnsavedChanges(store, window);
  watchActivity(store.dispatch, window);
  // Gives the page's seat back when it goes away.
  watchPageLifecycle(store.dispatch, window);
  // Started before the first render so the request is in flight while React mounts.
  void store.dispatch(loadGeneralSettings());

  const router = createBrowserRouter(routes, { basename: routerBasename(config.baseUrl) });
  createRoot(container).render(
    <StrictMode>
      <ShellApp store={store} config={config} router={router} />
    </StrictMode>,
  );
}
