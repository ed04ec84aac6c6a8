/**
 * Where sign-in and sign-out may send the browser afterwards: only somewhere on our own origin, so
 * a crafted link cannot bounce a user to another site (an open redirect).
 * Answers a path (with query and hash), or `fallback` when the URL leads elsewhere or is malformed.
 *
 * The check is made on the answer, not on the input: URL parsing removes dot segments, decodes
 * `%2e`, turns backslashes into slashes and drops tabs and newlines, so `/.//evil.example`,
 * `/%2e//evil.example` or `/x/..//evil.example` all come out as `//evil.example`, which a browser
 * reads as another host.
 */
export function sameOriginPath(raw: string | undefined | null, origin: string, fallback: string): string {
  if (!raw) return fallback;
  const value = raw.trim();
  if (hasControlCharacter(value)) return fallback;
  const own = new URL(origin);
  let url: URL;
  try {
    url = new URL(value, own);
  } catch {
    return fallback;
  }
  if (url.origin !== own.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Anything but one slash then a non-slash is read by browsers as a new authority or scheme.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // The Location a browser receives must resolve to this same URL again, here and nowhere else.
  let resolved: URL;
  try {
    resolved = new URL(path, own);
  } catch {
    return fallback;
  }
  return resolved.href === url.href ? path : fallback;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
