import { describe, expect, it } from 'vitest';
import { editionForPath, isEdition } from './editions';

describe('editions', () => {
  it('the four edition values are the spec ones', () => {
    expect(['web-settings', 'web-office', 'web-inspect', 'web-websync'].every(isEdition)).toBe(true);
    expect(isEdition('web-admin')).toBe(false);
  });

  it('a path is matched to its edition after the base', () => {
    expect(editionForPath('/office/map/1')).toBe('web-office');
    expect(editionForPath('/websync')).toBe('web-websync');
    expect(editionForPath('/officers/')).toBeUndefined();
  });
});
