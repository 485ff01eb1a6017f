import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TokenDecryptionError, createTokenCipher, parseTokenKeys } from './token-cipher.ts';
import { resolveTokenKeys } from './token-encryption-key.ts';

const keyOne = { version: 1, key: randomBytes(32) };
const keyTwo = { version: 2, key: randomBytes(32) };
const CONTEXT = 'social:user-1:linkedin:access_token';

describe('token cipher (AES-256-GCM, versioned key)', () => {
  it('encrypts to a versioned value that decrypts back, with a fresh nonce every time', () => {
    const cipher = createTokenCipher([keyOne]);
    const first = cipher.encrypt('AQV-secret-token', CONTEXT);
    const second = cipher.encrypt('AQV-secret-token', CONTEXT);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('secret');
    expect(cipher.decrypt(first, CONTEXT)).toBe('AQV-secret-token');
  });

  it('does not open a value moved to another user, network or column', () => {
    const cipher = createTokenCipher([keyOne]);
    const sealed = cipher.encrypt('token', CONTEXT);
    for (const context of ['social:user-2:linkedin:access_token', 'social:user-1:instagram:access_token', 'social:user-1:linkedin:refresh_token']) {
      expect(() => cipher.decrypt(sealed, context)).toThrow(TokenDecryptionError);
    }
  });

  it('detects a tampered value', () => {
    const cipher = createTokenCipher([keyOne]);
    const [version, nonce, body, tag] = cipher.encrypt('token-token', CONTEXT).split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => cipher.decrypt([version, nonce, flipped.toString('base64url'), tag].join('.'), CONTEXT)).toThrow(TokenDecryptionError);
    expect(() => cipher.decrypt('plain-token', CONTEXT)).toThrow('not in the encrypted format');
  });

  it('rotates: the newest key encrypts, older keys still decrypt, a missing key is named', () => {
    const old = createTokenCipher([keyOne]).encrypt('old-token', CONTEXT);
    const rotated = createTokenCipher([keyTwo, keyOne]);
    expect(rotated.currentVersion).toBe(2);
    expect(rotated.decrypt(old, CONTEXT)).toBe('old-token');
    expect(rotated.encrypt('new', CONTEXT)).toMatch(/^v2\./);
    expect(() => createTokenCipher([keyTwo]).decrypt(old, CONTEXT)).toThrow('needs encryption key v1');
  });

  it('parses TOKEN_ENCRYPTION_KEY: base64 or hex, versioned or not, newest first', () => {
    const base64 = randomBytes(32).toString('base64');
    const hex = randomBytes(32).toString('hex');
    expect(parseTokenKeys(base64)).toEqual([{ version: 1, key: Buffer.from(base64, 'base64') }]);
    expect(parseTokenKeys(`3:${hex}, 2:${base64}`).map((key) => key.version)).toEqual([3, 2]);
    expect(() => parseTokenKeys('1:too-short')).toThrow('32 bytes');
    expect(() => parseTokenKeys(`1:${base64},1:${hex}`)).toThrow('same version');
    expect(() => parseTokenKeys(' , ')).toThrow('at least one key');
  });
});

describe('the key when TOKEN_ENCRYPTION_KEY is unset', () => {
  it('is generated once into DATA_DIR (readable by the owner only) and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-keys-'));
    try {
      const first = resolveTokenKeys(undefined, dir);
      expect(first.generatedFile).toBe(path.join(dir, 'token-encryption-key'));
      expect(fs.statSync(first.generatedFile!).mode & 0o777).toBe(0o600);
      const second = resolveTokenKeys(undefined, dir);
      expect(second.generatedFile).toBeUndefined();
      expect(second.keys).toEqual(first.keys);
      expect(resolveTokenKeys([keyTwo], dir).keys).toEqual([keyTwo]);
      fs.writeFileSync(path.join(dir, 'token-encryption-key'), 'garbage');
      expect(() => resolveTokenKeys(undefined, dir)).toThrow('is not a valid token encryption key');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
