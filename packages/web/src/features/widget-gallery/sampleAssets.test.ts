import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRetiredSampleAsset, loadSampleAssetDetails } from './sampleAssetDetails';
import { CONDITION_LABELS, DISTRICTS, MATERIALS, sampleAsset, sampleAssets } from './sampleAssets';

const assetNumber = fc.integer({ min: 1, max: 999_999 });

describe('sample assets', () => {
  it('an asset is a function of its number: the same number gives an equal asset on every call', () => {
    fc.assert(
      fc.property(assetNumber, (n) => {
        expect(sampleAsset(n)).toEqual(sampleAsset(n));
      }),
    );
    expect(sampleAssets(3)).toEqual([sampleAsset(1), sampleAsset(2), sampleAsset(3)]);
  });

  it('asset IDs read MH-000123 for manholes and SE-000456 for pipe segments, numbered as asked', () => {
    fc.assert(
      fc.property(assetNumber, (n) => {
        const asset = sampleAsset(n);
        expect(asset.assetId).toBe(`${asset.type === 'Manhole' ? 'MH' : 'SE'}-${String(n).padStart(6, '0')}`);
      }),
    );
  });

  it('every attribute stays in its domain, and only grade 5 is flagged isSpecial', () => {
    fc.assert(
      fc.property(assetNumber, (n) => {
        const asset = sampleAsset(n);
        expect(MATERIALS).toContain(asset.material);
        expect(DISTRICTS).toContain(asset.district);
        expect(Object.keys(CONDITION_LABELS)).toContain(String(asset.condition));
        expect(asset.yearBuilt).toBeGreaterThanOrEqual(1885);
        expect(asset.yearBuilt).toBeLessThanOrEqual(2024);
        expect(asset.diameterMm).toBeGreaterThan(0);
        expect(new Date(asset.lastInspectedAt).getUTCMinutes() % 15).toBe(0);
        expect(asset.isSpecial === 'true').toBe(asset.condition === 5);
      }),
    );
  });

  it('10,000 assets hold both types, all five grades and every district', () => {
    const assets = sampleAssets(10_000);
    expect(new Set(assets.map((asset) => asset.assetId)).size).toBe(10_000);
    expect(new Set(assets.map((asset) => asset.type))).toEqual(new Set(['Manhole', 'Sewer pipe']));
    expect(new Set(assets.map((asset) => asset.condition))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(assets.map((asset) => asset.district))).toEqual(new Set(DISTRICTS));
  });

  it('the details stand-in answers the asked ids and leaves out the retired ones', async () => {
    const answer = await loadSampleAssetDetails([1, 4, 5, 6], 0);
    expect(isRetiredSampleAsset(5)).toBe(true);
    expect(Object.keys(answer)).toEqual(['1', '4', '6']);
    expect(answer[4]).toEqual(sampleAsset(4));
  });
});
