import { describe, expect, it } from 'vitest';
import { moveWithin } from './filterOrder';

const ALL = ['Global A', 'Mine 1', 'Global B', 'Mine 2', 'Global C'];
const GLOBAL = ['Global A', 'Global B', 'Global C'];
const PERSONAL = ['Mine 1', 'Mine 2'];

describe('moving a filter within its list', () => {
  it('swaps it with its neighbour in that list; the other list keeps its places', () => {
    expect(moveWithin(ALL, GLOBAL, 'Global B', -1)).toEqual(['Global B', 'Mine 1', 'Global A', 'Mine 2', 'Global C']);
    expect(moveWithin(ALL, GLOBAL, 'Global B', 1)).toEqual(['Global A', 'Mine 1', 'Global C', 'Mine 2', 'Global B']);
    expect(moveWithin(ALL, PERSONAL, 'Mine 2', -1)).toEqual(['Global A', 'Mine 2', 'Global B', 'Mine 1', 'Global C']);
  });

  it('the first cannot go up, the last cannot go down, an unknown one does not move', () => {
    expect(moveWithin(ALL, GLOBAL, 'Global A', -1)).toBeNull();
    expect(moveWithin(ALL, PERSONAL, 'Mine 2', 1)).toBeNull();
    expect(moveWithin(ALL, PERSONAL, 'Gone', 1)).toBeNull();
  });
});
