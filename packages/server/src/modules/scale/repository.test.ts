import { describe, expect, it } from 'vitest';
import { copyLine } from './repository';

describe('COPY text lines', () => {
  it('write null as \\N and escape backslashes, tabs and line breaks', () => {
    expect(copyLine([1, null, 'a\tb', 'c\nd\re', 'back\\slash', 2.5])).toBe(
      '1\t\\N\ta\\tb\tc\\nd\\re\tback\\\\slash\t2.5\n',
    );
  });
});
