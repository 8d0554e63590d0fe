import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a subscriber to a PostgreSQL notification channel (`LISTEN`, `pg_notify`) hears. `listening` comes when every
 * notification from then on will arrive; `lost` when some may not (the connection dropped): whatever the subscriber
 * derived from notifications is then stale until the next `listening`.
 */
export interface ChannelListener {
  listening(): void;
  notified(payload: string): void;
  lost(): void;
}

/** A subscription; `close` ends it and its connection. */
export interface Subscription {
  close(): Promise<void>;
}

export type Listen = (channel: string, listener: ChannelListener) => Subscription;

// Reconnection waits double from one second to half a minute, so that a database restart is not hammered.
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection would be handed to queries), reconnected
 * after a failure. Notifications are sent at commit, so a subscriber never hears of a change that rolled back.
 */
export function listenOnPostgres(url: string): Listen {
  return (channel, listener) => {
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = FIRST_RETRY_MS;

    const reconnectLater = () => {
      if (closed || retry) {
        return;
      }
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    };

    const dropped = (lostClient: pg.Client) => {
      if (client !== lostClient) {
        return;
      }
      client = undefined;
      listener.lost();
      void lostClient.end().catch(() => undefined);
      reconnectLater();
    };

    async function connect() {
      const next = new pg.Client({ connectionString: url });
      client = next;
      next.on('error', () => dropped(next));
      next.on('end', () => dropped(next));
      next.on('notification', (message) => listener.notified(message.payload ?? ''));
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch {
        dropped(next);
        return;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      delay = FIRST_RETRY_MS;
      listener.listening();
    }

    void connect();
    return {
      async close() {
        closed = true;
        clearTimeout(retry);
        const last = client;
        client = undefined;
        await last?.end().catch(() => undefined);
      },
    };
  };
}

/** PGlite delivers notifications in the same process, and its one connection cannot drop. */
export function listenOnPglite(client: PGlite): Listen {
  return (channel, listener) => {
    const unsubscribe = client
      .listen(channel, (payload) => listener.notified(payload))
      .then((stop) => {
        listener.listening();
        return stop;
      });
    return {
      async close() {
        await (
          await unsubscribe
        )();
      },
    };
  };
}
