import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { BrowserEnvironment } from '../browser';
import { createSessionId, windowEnvironment } from '../browser';
import type { RuntimeConfig } from '../config';
import { shellApi } from '../request/api';
import { RequestRegistry } from '../request/registry';
import type { ShellExtra } from './extra';
import { registerShellListeners } from './listeners';
import { rootReducer, type RootState } from './rootReducer';
import type { AppStartListening } from './types';

export interface ShellStoreOptions {
  config: RuntimeConfig;
  fetch?: typeof fetch;
  browser?: BrowserEnvironment;
  sessionId?: string;
  preloadedState?: Partial<RootState>;
}

/** One store per page load; tests make their own with a fake fetch and browser. */
export function createShellStore(options: ShellStoreOptions) {
  const extra: ShellExtra = {
    config: options.config,
    sessionId: options.sessionId ?? createSessionId(),
    // Wrapped because fetch called as a method of another object throws "Illegal invocation".
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    browser: options.browser ?? windowEnvironment(),
    requests: new RequestRegistry(),
  };
  const listeners = createListenerMiddleware({ extra });
  registerShellListeners(listeners.startListening as AppStartListening);

  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .prepend(listeners.middleware)
        .concat(shellApi.middleware),
  });
}

export type ShellStore = ReturnType<typeof createShellStore>;
