import { vi } from 'vitest';

/**
 * Lets `Request` take addresses relative to the page, as a browser's does: the app's client asks for `/api/v1/...`,
 * which Node's Request refuses without a base. Stubbed for the test that calls it (Vitest restores the global after
 * each test, `unstubGlobals`).
 */
export function letRequestsTakePageAddresses(): void {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class PageRequest extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, location.href) : input, init);
      }
    },
  );
}
