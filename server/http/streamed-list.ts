import type { Context } from 'hono';
import type { Logger } from '../deps';

/**
 * A full list answered as the envelope `{success, message, data: [...]}`, written as it is read: `pages` yields
 * the rows a page at a time (server/db/keyset.ts), and the next page is read only when the last one has been
 * sent on, so the server holds one page however long the list grows. The answer is marked
 * `Transfer-Encoding: chunked`, which tells compression.ts to compress it as it flows rather than collect it.
 * A failure after the first bytes can no longer change the status: the answer is cut off, so the client sees a
 * broken body, never a short list that looks whole.
 */
export function streamedList<Row>(
  c: Context,
  message: string,
  pages: AsyncIterable<readonly Row[]>,
  logger?: Logger,
  headers: Record<string, string> = {},
): Response {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let rowsSent = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`{"success":true,"message":${JSON.stringify(message)},"data":[`));
      },
      async pull(controller) {
        try {
          // A pull must enqueue something, or the stream would not ask again: empty pages are skipped here.
          let next = await iterator.next();
          while (!next.done && next.value.length === 0) next = await iterator.next();
          if (next.done) {
            controller.enqueue(encoder.encode(']}'));
            controller.close();
            return;
          }
          const rows = next.value.map((row) => JSON.stringify(row)).join(',');
          controller.enqueue(encoder.encode(rowsSent === 0 ? rows : `,${rows}`));
          rowsSent += next.value.length;
        } catch (error) {
          logger?.error(`${c.req.method} ${c.req.path}: the list failed after ${rowsSent} rows`, error);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    // Nothing read ahead: the next page is read when the client (or the compressor) asks for more.
    { highWaterMark: 0 },
  );
  return c.body(body, 200, {
    ...headers,
    'Content-Type': 'application/json; charset=UTF-8',
    'Transfer-Encoding': 'chunked',
  });
}
