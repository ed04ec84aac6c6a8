/**
 * Where sign-in and sign-out may send the browser afterwards: only somewhere on our own origin, so
 * a crafted link cannot bounce a user to another site (an open redirect).
 * Answers a path (with query and hash), or `fallback` when the URL leads elsewhere or is malformed.
 */
export function sameOriginPath(raw: string | undefined | null, origin: string, fallback: string): string {
  if (!raw) return fallback;
  const value = raw.trim();
  // Protocol-relative and backslash forms are other origins in browsers' eyes.
  if (value.startsWith('//') || value.startsWith('/\\') || hasControlCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return true;
  return false;
}
