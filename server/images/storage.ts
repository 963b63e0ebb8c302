import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UPLOADS_BASE_PATH } from '../../src/domain/constants';

/**
 * Where uploaded images are kept. Keys look like `profiles/<uuid>.webp`. The local store writes them under
 * UPLOADS_DIR; the S3 store (s3-storage.ts) keeps them as objects of the same name in a bucket. Either way the
 * browser fetches them from this server at /uploads/<key> (static.ts streams them from `open`).
 */
export interface ImageStorage {
  save(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removing a key that is not there is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The public path of a stored key, as the API answers it. */
  url(key: string): string;
  /** The stored bytes as a stream, or undefined when nothing is stored under the key. */
  open(key: string): Promise<StoredImage | undefined>;
}

export interface StoredImage {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** In bytes, when the store says. */
  size: number | undefined;
}

// Keys are made by the server, but the check keeps a bad one from ever escaping the uploads folder.
const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

export function urlOfStorageKey(key: string): string {
  assertStorageKey(key);
  return `${UPLOADS_BASE_PATH}/${key}`;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** The type a key's extension names (a folder keeps no types of its own). */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function createLocalImageStorage(rootDir: string): ImageStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(rootDir, ...key.split('/'));
  };
  return {
    async save(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      return stat(fileOf(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    url: urlOfStorageKey,
    async open(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        contentType: contentTypeOfKey(key),
        size: info.size,
      };
    },
  };
}
