import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../config/env';

/**
 * An S3-compatible server on loopback for tests (s3rver: objects in a temporary folder, real S3 signatures
 * checked against its fixed keys), with one empty bucket, on a free port.
 */
export interface LocalS3 {
  /** The settings a Basha server needs for the bucket, as config and as environment variables. */
  config: ObjectStorageConfig;
  env: Record<string, string>;
  stop(): Promise<void>;
}

// s3rver accepts exactly this key pair.
const ACCESS_KEY = 'S3RVER';

export async function startLocalS3(bucket = 'basha-photos'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'basha-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'on',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
