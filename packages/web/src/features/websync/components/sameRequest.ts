/**
 * Whether two filters ask the same, unset fields aside. RTK Query keys its cache the same way, so
 * setting such a filter again asks nothing: a Reset that must reload asks for a refetch instead.
 */
export function sameRequest(a: object, b: object): boolean {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}
