import pg from 'pg';

/**
 * LISTEN on a PostgreSQL server, over one connection of its own: a connection that listens cannot go back to a pool,
 * and notifications arrive only on the connection that asked for them. When the connection drops (a restart, a
 * failover, an idle cut), it is opened again with backoff and every channel listened to again; notifications sent in
 * between are lost, so `onReconnect` tells the callers to catch up from what the database holds.
 */

export type Unlisten = () => Promise<void>;

export interface NotificationListener {
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 15_000;
const CONNECT_TIMEOUT_MS = 10_000;

interface Subscription {
  channel: string;
  onNotify: (payload: string) => void;
  onReconnect: (() => void) | undefined;
}

/** A channel name as an SQL identifier: LISTEN takes no parameters, so only plain names are allowed. */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  return channel;
}

export function createPgListener(url: string, log: (message: string) => void): NotificationListener {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const channels = () => new Set([...subscriptions].map((each) => each.channel));

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      next.on('notification', (message) => {
        for (const each of subscriptions) {
          if (each.channel === message.channel) each.onNotify(message.payload ?? '');
        }
      });
      next.on('error', (error) => dropped(next, error));
      next.on('end', () => dropped(next));
      await next.connect();
      for (const channel of channels()) await next.query(`listen ${channelIdentifier(channel)}`);
      client = next;
      retryMs = FIRST_RETRY_MS;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const dropped = (which: pg.Client, error?: Error) => {
    if (which !== client || closed) return;
    client = undefined;
    void which.end().catch(() => undefined);
    log(`The LISTEN connection to PostgreSQL ended${error ? ` (${error.message})` : ''}; opening it again`);
    reconnectLater();
  };

  const reconnectLater = () => {
    if (closed || retryTimer) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          for (const each of subscriptions) each.onReconnect?.();
        },
        (error: unknown) => {
          log(`Could not open the LISTEN connection to PostgreSQL (${String(error)}); trying again`);
          reconnectLater();
        },
      );
    }, wait);
  };

  return {
    async listen(channel, onNotify, onReconnect) {
      const subscription: Subscription = { channel: channelIdentifier(channel), onNotify, onReconnect };
      const isNewChannel = !channels().has(channel);
      subscriptions.add(subscription);
      try {
        if (client && isNewChannel) await client.query(`listen ${channel}`);
        else if (!client) await connect();
      } catch (error) {
        subscriptions.delete(subscription);
        throw error;
      }
      return async () => {
        subscriptions.delete(subscription);
        if (client && !channels().has(channel)) await client.query(`unlisten ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      subscriptions.clear();
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
