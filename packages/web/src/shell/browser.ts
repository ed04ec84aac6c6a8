/**
 * The few places the shell leaves the page or talks to the window around it. They sit behind one
 * interface because jsdom cannot navigate, and tests need to see where the app tried to go.
 */
export interface BrowserEnvironment {
  /** Path and query of the current page, the return address after signing in again. */
  currentPath(): string;
  assign(url: string): void;
  reload(): void;
  /** Tells an embedding page what happened; does nothing when the app is not framed. */
  postToParent(message: unknown): void;
}

export function windowEnvironment(win: Window = window): BrowserEnvironment {
  return {
    currentPath: () => `${win.location.pathname}${win.location.search}`,
    assign: (url) => win.location.assign(url),
    reload: () => win.location.reload(),
    postToParent: (message) => {
      // Only HTTP status numbers are posted, nothing read from a response, so any embedding origin
      // may hear them; a host portal on another origin is the reason this exists.
      if (win.parent !== win) win.parent.postMessage(message, '*');
    },
  };
}

/** A random id per page load: it lets the server tell apart two tabs of the same session. */
export function createSessionId(): string {
  // getRandomValues, unlike randomUUID, also exists on plain-http intranet hosts.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
