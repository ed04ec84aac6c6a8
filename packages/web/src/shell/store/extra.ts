import type { BrowserEnvironment } from '../browser';
import type { RuntimeConfig } from '../config';
import type { RequestRegistry } from '../request/registry';

/** What thunks, listeners and the RTK Query base query get besides dispatch and state. */
export interface ShellExtra {
  config: RuntimeConfig;
  sessionId: string;
  fetch: typeof fetch;
  browser: BrowserEnvironment;
  requests: RequestRegistry;
}
