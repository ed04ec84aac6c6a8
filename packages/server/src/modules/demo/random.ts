/**
 * Deterministic randomness: every draw is a pure function of (seed, kind, index, salt), so a record
 * can be generated alone, in any order and in any chunk, and always comes out the same.
 */

/** 32-bit FNV-1a of a string: turns record kinds into numbers. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A well-mixed 32-bit hash of integers (murmur3's finaliser over a running combination). */
export function mix(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    h = (h + Math.imul((v / 4294967296) | 0, 0x27d4eb2f)) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Draws for one (seed, kind) stream. */
export class Stream {
  private readonly base: number;
  constructor(seed: number, kind: string) {
    this.base = mix(seed, hashString(kind));
  }
  /** Uniform in [0, 1). */
  unit(index: number, salt = 0): number {
    return mix(this.base, index, salt) / 4294967296;
  }
  between(index: number, salt: number, min: number, max: number): number {
    return min + this.unit(index, salt) * (max - min);
  }
  int(index: number, salt: number, min: number, maxInclusive: number): number {
    return min + Math.floor(this.unit(index, salt) * (maxInclusive - min + 1));
  }
  pick<T>(index: number, salt: number, items: readonly T[]): T {
    return items[Math.floor(this.unit(index, salt) * items.length)]!;
  }
}
