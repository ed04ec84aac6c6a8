import { describe, expect, it } from 'vitest';
import { durationText, fileSizeText } from './mediaText';

describe('how the gallery writes sizes and lengths', () => {
  it('sizes take the largest unit below 1024 of them, with one decimal under ten', () => {
    expect([0, 532, 1024, 1536, 10 * 1024 + 300, 2_400_000, 84_000_000, 5 * 1024 ** 3].map(fileSizeText)).toEqual([
      '0 B',
      '532 B',
      '1 KB',
      '1.5 KB',
      '10 KB',
      '2.3 MB',
      '80 MB',
      '5 GB',
    ]);
  });

  it('a video runs m:ss, counted in whole seconds as players count them', () => {
    expect([0, 999, 5_000, 65_400, 600_000, 4_503_000].map(durationText)).toEqual([
      '0:00',
      '0:00',
      '0:05',
      '1:05',
      '10:00',
      '75:03',
    ]);
  });
});
