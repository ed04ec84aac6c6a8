import { describe, expect, it } from 'vitest';
import { DUPLICATE_ASSET_MESSAGE, problemFromDatabaseError, problemToHttp } from './errors';

describe('the error catalogue', () => {
  it("an asset id taken within its type is the catalogue's 'asset with the same name and subtype exists'", () => {
    const error = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'assets_code_key' });
    const problem = problemFromDatabaseError(new Error('query failed', { cause: error }));
    expect(problem).toEqual({
      kind: 'coded',
      code: 'asset/duplicate-name-and-subtype',
      message: DUPLICATE_ASSET_MESSAGE,
    });
    expect(problemToHttp(problem!)).toMatchObject({ status: 400, body: { code: 'asset/duplicate-name-and-subtype' } });
  });

  it("a missing object answers 404 with the catalogue's object/not-found code and text", () => {
    expect(problemToHttp({ kind: 'not-found', message: 'Object not found' })).toEqual({
      status: 404,
      body: { code: 'object/not-found', message: 'Object not found' },
    });
  });
});
