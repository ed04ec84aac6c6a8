/**
 * PostgreSQL LISTEN on a connection of its own: a pooled connection would be handed to other
 * queries and lose its LISTEN when returned. The connection is opened again when it drops, with a
 * growing pause; while it is down, messages may be missed, and listeners are told so.
 */
import pg from 'pg';

export interface NoticeHandlers {
  /** A NOTIFY payload on the channel. */
  message(payload: string): void;
  /**
   * `true` once messages are delivered; `false` when the connection is lost, after which messages
   * may have been missed until the next `true`.
   */
  live(isLive: boolean): void;
}

export type Unlisten = () => void;

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
}

export class PostgresListener {
  private readonly channels = new Map<string, Set<NoticeHandlers>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  /** Resolves once the first attempt to listen has ended, whether or not it succeeded. */
  async listen(channel: string, handlers: NoticeHandlers): Promise<Unlisten> {
    assertChannelName(channel);
    if (this.closed) throw new Error('The database is closed.');
    let set = this.channels.get(channel);
    const added = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(handlers);
    const unlisten = () => {
      set.delete(handlers);
    };
    const client = this.client;
    if (!client) {
      // Handlers are told `live(true)` when the connection (or a later one) is listening.
      await (this.connecting ??= this.connect());
      // A connection already under way may have sent its LISTENs before this channel was added.
      if (added) await this.client?.query(`LISTEN ${channel}`).catch(() => this.lost(this.client));
      return unlisten;
    }
    try {
      if (added) await client.query(`LISTEN ${channel}`);
      handlers.live(true);
    } catch {
      this.lost(client);
    }
    return unlisten;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      // A server that vanished without closing the connection is noticed within a minute or so.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      for (const h of this.channels.get(n.channel) ?? []) h.message(n.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      this.connecting = undefined;
      await client.end().catch(() => {});
      this.retry();
      return;
    }
    this.connecting = undefined;
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    for (const set of this.channels.values()) for (const h of set) h.live(true);
  }

  private lost(client: pg.Client | undefined): void {
    if (!client || client !== this.client) return;
    this.client = undefined;
    client.end().catch(() => {});
    for (const set of this.channels.values()) for (const h of set) h.live(false);
    this.retry();
  }

  private retry(): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connecting ??= this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }
}
