import fs from 'node:fs/promises';
import path from 'node:path';
import { type Storage, assertSafeKey } from './storage.ts';

/** The default: files in a folder (DATA_DIR/media), served by the app at /media/<key>. */
export function createLocalStorage(options: { root: string; publicUrl: string }): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(options.root, ...key.split('/'));
  };
  const publicUrlOf = (key: string) => {
    assertSafeKey(key);
    return `${options.publicUrl}/media/${key}`;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
    },
    async get(key) {
      return fs.readFile(fileOf(key));
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl: publicUrlOf,
    // Served by the app itself: public exactly when PUBLIC_URL is.
    urlForNetwork: async (key) => publicUrlOf(key),
    networkUrlSetting: 'PUBLIC_URL',
  };
}
