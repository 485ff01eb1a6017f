import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NETWORK_URL_SECONDS, type Storage, assertSafeKey } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, a local test server); unset for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers fetch objects: a CDN or the bucket's public address. */
  publicBaseUrl: string;
}

/** Files in an S3-compatible bucket. Objects are immutable (content-hashed keys), so they cache forever. */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.endpoint !== undefined,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
  return {
    client,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
      if (!answer.Body) throw new Error(`No object under ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${options.publicBaseUrl.replace(/\/+$/, '')}/${key}`;
    },
    // A bucket's objects are private unless its owner made them public: a network gets a signed address
    // on the bucket's own endpoint, computed here without a request to the bucket.
    async urlForNetwork(key) {
      assertSafeKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: options.bucket, Key: key }), { expiresIn: NETWORK_URL_SECONDS });
    },
    // Without an endpoint the bucket is AWS's own, on a public host.
    networkUrlSetting: options.endpoint ? 'S3_ENDPOINT' : 'S3_BUCKET and S3_REGION',
  };
}
