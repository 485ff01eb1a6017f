/**
 * The storage port: where uploaded files live. Keys are relative paths such as
 * `avatars/<user id>/<content hash>.webp`; content-hashed, so a cached copy is never stale and an
 * address cannot be guessed.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes under a key; throws when there are none. */
  get(key: string): Promise<Buffer>;
  /** Removing a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /** The address a browser fetches the file at. */
  publicUrl(key: string): string;
  /**
   * The address a network's own servers download the file from (Instagram's image_url): for a bucket, a
   * presigned GET URL valid for `NETWORK_URL_SECONDS` (its objects are private); locally, the public URL.
   * Whether servers on the internet can reach it is another question (lib/public-address.ts).
   */
  urlForNetwork(key: string): Promise<string>;
  /** The setting that decides where urlForNetwork points, for messages that say what to change (PUBLIC_URL, S3_ENDPOINT). */
  readonly networkUrlSetting: string;
}

/** How long a presigned URL handed to a network stays valid: Meta fetches the image while the container is created. */
export const NETWORK_URL_SECONDS = 3600;

/** Keys are made by the server, never by a client; this refuses anything that could escape a folder. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
