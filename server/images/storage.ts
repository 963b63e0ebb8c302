import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_BASE_PATH } from '../../src/domain/constants';

/**
 * Where uploaded images are kept. Keys look like `profiles/<uuid>.webp`; the local store writes them under
 * UPLOADS_DIR (served at /uploads/<key>), and an S3-like store can replace it behind the same three methods.
 */
export interface ImageStorage {
  save(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The public path of a stored key, as the API answers it. */
  url(key: string): string;
}

// Keys are made by the server, but the check keeps a bad one from ever escaping the uploads folder.
const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

export function createLocalImageStorage(rootDir: string): ImageStorage {
  const fileOf = (key: string) => {
    assertKey(key);
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
    url(key) {
      assertKey(key);
      return `${UPLOADS_BASE_PATH}/${key}`;
    },
  };
}
