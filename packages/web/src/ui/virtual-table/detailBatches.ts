/**
 * Which ids to ask details for when rows firstIndex..lastIndex are on screen: every id there that is
 * neither loaded nor loading, topped up to `minSize` with the ids that follow (where the user is
 * most likely heading) and then those before. Nothing when the rows on screen are all covered, so a
 * small scroll within loaded rows asks for nothing.
 */
export function pickDetailBatch<TId>(
  ids: readonly TId[],
  firstIndex: number,
  lastIndex: number,
  isCovered: (id: TId) => boolean,
  minSize: number,
): TId[] {
  const batch: TId[] = [];
  const last = Math.min(lastIndex, ids.length - 1);
  for (let i = Math.max(firstIndex, 0); i <= last; i++) {
    const id = ids[i] as TId;
    if (!isCovered(id)) batch.push(id);
  }
  if (batch.length === 0) return batch;

  for (let i = last + 1; i < ids.length && batch.length < minSize; i++) {
    const id = ids[i] as TId;
    if (!isCovered(id)) batch.push(id);
  }
  const before: TId[] = [];
  for (let i = firstIndex - 1; i >= 0 && batch.length + before.length < minSize; i--) {
    const id = ids[i] as TId;
    if (!isCovered(id)) before.unshift(id);
  }
  return [...before, ...batch];
}
