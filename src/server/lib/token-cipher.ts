import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the networks' OAuth tokens (DESIGN principle 5): AES-256-GCM with a random
 * 96-bit nonce per value and a versioned key. A stored value reads `v{version}.{nonce}.{ciphertext}.{tag}`
 * (base64url), so after a key rotation the old values still name the key that opens them.
 *
 * Each value is bound to where it is stored by the associated data (for example
 * `social:{userId}:linkedin:access_token`): a ciphertext copied into another user's row or another
 * column does not decrypt.
 */
export interface TokenCipher {
  encrypt(plaintext: string, context: string): string;
  decrypt(stored: string, context: string): string;
  /** The version of the key new values are encrypted with. */
  readonly currentVersion: number;
}

export interface TokenKey {
  version: number;
  /** 32 bytes. */
  key: Buffer;
}

const FORMAT = /^v(\d+)\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{22})$/;

export class TokenDecryptionError extends Error {}

/** The first key encrypts; every key decrypts the values written with its version. */
export function createTokenCipher(keys: TokenKey[]): TokenCipher {
  const [current] = keys;
  if (!current) throw new Error('createTokenCipher needs at least one key');
  const byVersion = new Map<number, Buffer>();
  for (const { version, key } of keys) {
    if (key.length !== 32) throw new Error(`Token encryption key v${version} must be 32 bytes, not ${key.length}`);
    if (byVersion.has(version)) throw new Error(`Token encryption key v${version} is given twice`);
    byVersion.set(version, key);
  }
  return {
    currentVersion: current.version,
    encrypt(plaintext, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `v${current.version}.${nonce.toString('base64url')}.${ciphertext.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    decrypt(stored, context) {
      const match = FORMAT.exec(stored);
      if (!match) throw new TokenDecryptionError('The stored token is not in the encrypted format');
      const key = byVersion.get(Number(match[1]));
      if (!key) throw new TokenDecryptionError(`The stored token needs encryption key v${match[1]}, which is not configured`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(match[2]!, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(match[4]!, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(match[3]!, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenDecryptionError('The stored token does not decrypt with its key (wrong key or tampered value)');
      }
    },
  };
}

/**
 * Parses TOKEN_ENCRYPTION_KEY: one key or a comma-separated list, newest first, each `{version}:{key}`
 * with the key as 32 bytes in base64 or 64 hex digits. A key without `{version}:` is version 1.
 */
export function parseTokenKeys(value: string): TokenKey[] {
  const keys = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = /^(?:(\d+):)?(.+)$/.exec(entry)!;
      const version = match[1] === undefined ? 1 : Number(match[1]);
      const text = match[2]!;
      const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
      if (key.length !== 32 || version < 1) {
        throw new Error('each key must be `{version}:{32 bytes as base64 or 64 hex digits}`, e.g. 1:' + randomBytes(32).toString('base64'));
      }
      return { version, key };
    });
  if (keys.length === 0) throw new Error('must name at least one key');
  if (new Set(keys.map((key) => key.version)).size !== keys.length) throw new Error('two keys have the same version');
  return keys;
}
