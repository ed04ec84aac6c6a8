import { describe, expect, it } from 'vitest';
import { parentTile, SCALE_ID_BASE, scaleAssets, scalePlan, tileAssetCount } from './scale-network';

describe('the scale network', () => {
  it('plans enough tiles for the assets asked for, on a square grid of tiles', () => {
    const plan = scalePlan(1_000_000, 1);
    expect(plan.tiles * tileAssetCount()).toBeGreaterThanOrEqual(1_000_000);
    expect(plan.side ** 2).toBeGreaterThanOrEqual(plan.tiles);
  });

  it('every tile but the first drains into a lower-numbered tile', () => {
    const plan = scalePlan(200_000, 1);
    expect(parentTile(plan, 0)).toBeNull();
    for (let t = 1; t < plan.tiles; t++) expect(parentTile(plan, t)!).toBeLessThan(t);
  });

  it('yields exactly the assets asked for, with unique ids, parents before the assets that reference them', () => {
    const seen = new Set<number>();
    let n = 0;
    for (const a of scaleAssets(scalePlan(6_000, 3))) {
      n++;
      expect(a.id).toBeGreaterThan(SCALE_ID_BASE);
      expect(seen.has(a.id)).toBe(false);
      for (const ref of [a.fromNodeId, a.toNodeId, a.parentSectionId])
        if (ref !== null) expect(seen.has(ref)).toBe(true);
      seen.add(a.id);
    }
    expect(n).toBe(6_000);
  });

  it('the same seed yields the same assets', () => {
    const a = [...scaleAssets(scalePlan(2_500, 9))];
    const b = [...scaleAssets(scalePlan(2_500, 9))];
    expect(b).toEqual(a);
  });
});
