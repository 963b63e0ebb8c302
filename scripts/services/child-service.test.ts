import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPortFree, startChildService } from './child-service';

describe('a helper service and its ports', () => {
  it('tells a taken port from a free one', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const { port } = holder.address() as AddressInfo;
    expect(await isPortFree(port)).toBe(false);
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    expect(await isPortFree(port)).toBe(true);
  });

  it('refuses to start over a leftover that holds its port, rather than taking it for itself', async () => {
    const leftover = createServer();
    await new Promise<void>((resolve) => leftover.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const { port } = leftover.address() as AddressInfo;
    let spawnedReadyCheck = false;
    try {
      await expect(
        startChildService({
          name: 'auth-emulator',
          command: process.execPath,
          args: ['-e', ''],
          logDir: '/tmp/basha-child-service-test',
          ports: [port],
          isReady: async () => (spawnedReadyCheck = true),
          readyTimeoutMs: 1_000,
        }),
      ).rejects.toThrow(`port ${port} is already in use`);
      expect(spawnedReadyCheck).toBe(false);
    } finally {
      await new Promise<void>((resolve) => leftover.close(() => resolve()));
    }
  });
});
