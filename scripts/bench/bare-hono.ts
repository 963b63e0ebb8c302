import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The yardstick of the server-speed rows (scripts/bench/api-speed.ts): a bare Hono server on Node answering a
 * small JSON object, with nothing else in front of it. Basha's own answers are measured as a share of this one,
 * in the same run on the same machine, so the figures mean the same on a fast machine and a slow one.
 *
 *   tsx scripts/bench/bare-hono.ts   (env: PORT)
 */

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: PORT=<port> tsx scripts/bench/bare-hono.ts');

const app = new Hono();
app.get('/', (c) => c.json({ success: true, message: 'ok', data: { hello: 'world' } }));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log('BARE_HONO_READY'));
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
