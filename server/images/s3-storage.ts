import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../config/env';
import { assertStorageKey, contentTypeOfKey, urlOfStorageKey, type ImageStorage } from './storage';

/**
 * Photos as objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), one object per storage key,
 * so that every server process behind a load balancer sees the same photos. The bucket stays private: the
 * browser still loads /uploads/<key> from Basha's own origin, which streams the object (decision 0005).
 */

export interface S3ImageStorage extends ImageStorage {
  /** Fails with a clear message when the bucket cannot be reached with these settings. */
  checkBucket(): Promise<void>;
  close(): void;
}

export function createS3ImageStorage(config: ObjectStorageConfig): S3ImageStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible stores do not understand the SDK's newer
    // default (streamed CRC trailers), and every photo is re-encoded by the server just before it is stored.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const objectOf = (key: string) => {
    assertStorageKey(key);
    return { Bucket, Key: key };
  };

  return {
    async save(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ ...objectOf(key), Body: bytes, ContentType: contentType }));
    },
    async remove(key) {
      // Deleting an object that is not there succeeds in S3.
      await client.send(new DeleteObjectCommand(objectOf(key)));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand(objectOf(key)));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    url: urlOfStorageKey,
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand(objectOf(key)));
        if (!object.Body) return undefined;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: object.ContentType ?? contentTypeOfKey(key),
          size: object.ContentLength,
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const where = config.endpoint ?? `AWS region ${config.region}`;
        throw new Error(
          `Object storage: bucket "${Bucket}" at ${where} is not usable (${status ? `HTTP ${status}` : String(error)}); check S3_ENDPOINT, S3_BUCKET and the keys`,
          { cause: error },
        );
      }
    },
    close() {
      client.destroy();
    },
  };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  return (error.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}
