import { sampleAsset, type SampleAsset } from './sampleAssets';

/** How long the stand-in server takes to answer, so the placeholders can be seen. */
export const SAMPLE_DETAILS_DELAY_MS = 200;

/** Assets deleted since the id list was made: the virtual table shows them as no longer available. */
export function isRetiredSampleAsset(id: number): boolean {
  return id % 97 === 5;
}

/**
 * Stands in for the details call of an id-first list (the websync log, the schedule): given the ids
 * in view, answers their rows after a short delay, leaving out the ones that no longer exist.
 */
export function loadSampleAssetDetails(
  ids: readonly number[],
  delayMs = SAMPLE_DETAILS_DELAY_MS,
): Promise<Partial<Record<number, SampleAsset>>> {
  const rows: Partial<Record<number, SampleAsset>> = {};
  for (const id of ids) if (!isRetiredSampleAsset(id)) rows[id] = sampleAsset(id);
  if (delayMs <= 0) return Promise.resolve(rows);
  return new Promise((resolve) => setTimeout(() => resolve(rows), delayMs));
}
