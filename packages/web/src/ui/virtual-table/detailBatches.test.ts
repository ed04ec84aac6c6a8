import { describe, expect, it } from 'vitest';
import { pickDetailBatch } from './detailBatches';

const ids = Array.from({ length: 50 }, (_, i) => i);
const none = () => false;

describe('detail batches', () => {
  it('take the rows on screen and top up with the rows that follow', () => {
    expect(pickDetailBatch(ids, 10, 14, none, 20)).toEqual(ids.slice(10, 30));
  });

  it('top up with the rows before when the list ends first', () => {
    expect(pickDetailBatch(ids, 45, 49, none, 20)).toEqual(ids.slice(30, 50));
  });

  it('skip ids that are loaded or loading, and ask for nothing when the rows on screen are covered', () => {
    const covered = (id: number) => id < 12 || id === 20;
    expect(pickDetailBatch(ids, 10, 14, covered, 3)).toEqual([12, 13, 14]);
    expect(pickDetailBatch(ids, 10, 14, covered, 20)).toEqual([
      12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
    ]);
    expect(pickDetailBatch(ids, 0, 11, covered, 20)).toEqual([]);
  });

  it('stay within a list shorter than a batch', () => {
    expect(pickDetailBatch([1, 2, 3], 0, 5, none, 20)).toEqual([1, 2, 3]);
    expect(pickDetailBatch([], 0, 0, none, 20)).toEqual([]);
  });
});
