import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The storage the configuration chooses: a bucket when S3_BUCKET is set, DATA_DIR/media otherwise. The
 * AWS SDK (4 MB, a tenth of a second to load) is loaded only for a bucket.
 */
export async function createStorage(storage: Config['storage'], publicUrl: string): Promise<Storage> {
  if (storage.kind === 'local') return createLocalStorage({ root: storage.root, publicUrl });
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(storage);
}

/**
 * The origins of the image addresses this storage gives networks, which the app's own sandbox may fetch
 * although Meta could not: the app itself (PUBLIC_URL) and a bucket's endpoint.
 */
export function storageImageOrigins(storage: Config['storage'], publicUrl: string): string[] {
  return [publicUrl, ...(storage.kind === 's3' && storage.endpoint ? [storage.endpoint] : [])].map((url) => new URL(url).origin);
}
