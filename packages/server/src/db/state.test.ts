import { describe, expect, it } from 'vitest';
import { isConnectionError, problemFromDatabaseError } from '../errors';
import { judgeDatabase } from './state';

const good = { serverVersionNum: 150004, postgisVersion: '3.4.2', schemaVersion: 1 };

describe('judging the database', () => {
  it('PostgreSQL 15 with PostGIS 3 at the program schema version is fine', () => {
    expect(judgeDatabase(good, 1)).toEqual({ ok: true });
  });

  it('a server older than PostgreSQL 15 is an unsupported version', () => {
    expect(judgeDatabase({ ...good, serverVersionNum: 140010 }, 1)).toMatchObject({
      code: 'db-state/unsupported-db-version',
    });
  });

  it('a database without PostGIS, or with PostGIS 2, is an unsupported version', () => {
    expect(judgeDatabase({ ...good, postgisVersion: null }, 1)).toMatchObject({
      code: 'db-state/unsupported-db-version',
    });
    expect(judgeDatabase({ ...good, postgisVersion: '2.5.5' }, 1)).toMatchObject({
      code: 'db-state/unsupported-db-version',
    });
  });

  it('a schema version older than the program one means the structure changed (a restart migrates it)', () => {
    expect(judgeDatabase({ ...good, schemaVersion: 1 }, 2)).toMatchObject({ code: 'db-state/bom-version-changed' });
    expect(judgeDatabase({ ...good, schemaVersion: 0 }, 1)).toMatchObject({ code: 'db-state/bom-version-changed' });
  });

  it('a schema version newer than the program one is an unsupported version (only a newer program serves it)', () => {
    expect(judgeDatabase({ ...good, schemaVersion: 2 }, 1)).toMatchObject({ code: 'db-state/unsupported-db-version' });
  });
});

describe('database errors', () => {
  it('refused connections and a closed embedded database count as unreachable, also when wrapped', () => {
    expect(isConnectionError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(new Error('Failed query', { cause: new Error('PGlite is closed') }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  });

  it('a unique violation becomes a 400 naming the column, found behind the wrapper', () => {
    const wrapped = new Error('Failed query', {
      cause: Object.assign(new Error('duplicate'), { code: '23505', column: 'login' }),
    });
    expect(problemFromDatabaseError(wrapped)).toMatchObject({
      kind: 'validation',
      fields: { login: ['The value already exists.'] },
    });
  });

  it('other errors stay unmapped (a 500, logged)', () => {
    expect(problemFromDatabaseError(new Error('boom'))).toBeUndefined();
  });
});
