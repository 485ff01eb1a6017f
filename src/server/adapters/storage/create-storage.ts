import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The storage the configuration chooses: a bucket when S3_BUCKET is set, DATA_DIR/media otherwise. */
export function createStorage(storage: Config['storage'], publicUrl: string): Storage {
  return storage.kind === 's3' ? createS3Storage(storage) : createLocalStorage({ root: storage.root, publicUrl });
}

/**
 * The origins of the image addresses this storage gives networks, which the app's own sandbox may fetch
 * although Meta could not: the app itself (PUBLIC_URL) and a bucket's endpoint.
 */
export function storageImageOrigins(storage: Config['storage'], publicUrl: string): string[] {
  return [publicUrl, ...(storage.kind === 's3' && storage.endpoint ? [storage.endpoint] : [])].map((url) => new URL(url).origin);
}
