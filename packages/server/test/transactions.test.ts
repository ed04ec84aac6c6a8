import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.db.exec('CREATE TABLE tx_probe (id int PRIMARY KEY, source text NOT NULL)');
});
afterAll(() => server.close());

const sources = async () =>
  (await server.db.query<{ source: string }>(sql`SELECT source FROM tx_probe ORDER BY id`)).map((r) => r.source);

describe('transactions on either database', () => {
  it("another request's statement never runs inside an open transaction, so a rollback loses only its own writes", async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = server.db
      .transaction(async (tx) => {
        await tx.query(sql`INSERT INTO tx_probe (id, source) VALUES (1, 'rolled back')`);
        inside();
        await held;
        throw new Error('refused');
      })
      .catch((error: Error) => error.message);
    await started;
    // A second request writes while the first transaction is open.
    const other = server.db.query(sql`INSERT INTO tx_probe (id, source) VALUES (2, 'other request')`);
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await failing).toBe('refused');
    await other;
    expect(await sources()).toEqual(['other request']);
  });

  it('a read through the database itself, on the way of a transaction, never waits for it', async () => {
    // PGlite has one connection: the read runs in the transaction. PostgreSQL reads on another
    // connection of the pool, which does not see what the transaction has not committed.
    const seesOwnWrite = { pglite: 1, postgres: 0 }[server.db.kind];
    const seen = await server.db
      .transaction(async (tx) => {
        await tx.query(sql`INSERT INTO tx_probe (id, source) VALUES (5, 'inside')`);
        // As a service reading through its repository in the middle of a write: no wait for itself.
        const rows = await server.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM tx_probe WHERE id = 5`);
        throw Object.assign(new Error('undo'), { seen: rows[0]!.n });
      })
      .catch((error: { seen: number }) => error.seen);
    expect(seen).toBe(seesOwnWrite);
    expect(await sources()).toEqual(['other request']);
  });

  it('a transaction sees its own writes and commits them all', async () => {
    await server.db.transaction(async (tx) => {
      await tx.query(sql`INSERT INTO tx_probe (id, source) VALUES (3, 'committed a')`);
      const seen = await tx.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM tx_probe WHERE id = 3`);
      expect(seen[0]!.n).toBe(1);
      await tx.query(sql`INSERT INTO tx_probe (id, source) VALUES (4, 'committed b')`);
    });
    expect(await sources()).toEqual(['other request', 'committed a', 'committed b']);
  });
});
