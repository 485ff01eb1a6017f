/**
 * The floor of bench/image-pipeline.ts: a bare sharp script, in a process of its own started as the app
 * is (node --import tsx, the same GLIBC_TUNABLES), doing to each photo what the upload pipeline does and
 * nothing else: turned upright and re-encoded as JPEG at full size, and a WebP thumbnail 480 px wide
 * decoded from the upload, both written to files. It takes the photos' paths on the command line and
 * does one round each time the bench sends it 'round' over IPC, answering the round's milliseconds and
 * what it wrote. Each photo is read from its file (from the page cache after the first round) into memory
 * when its turn comes, as a script would, and as the app gets each upload into a buffer of its own. It
 * works on as many photos at once as the machine has cores, each on
 * one libvips thread (sharp's own default under glibc): all of the machine, and no more threads than the
 * app's two images at once, since on a machine shared with other work more threads would only take a
 * larger share of it from the neighbours.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

/** What the pipeline writes for a photo of more than 4 megapixels (src/server/lib/image-work.ts, project-image.ts). */
const FULL_JPEG = { quality: 92, optimiseCoding: false, progressive: false } as const;
const THUMBNAIL = { width: 480, quality: 80 } as const;

export interface BareRound {
  ms: number;
  written: { name: string; originalBytes: number; thumbnailBytes: number }[];
}

// As the app: no operation cache (the same photos every round must not come from it), one thread an image.
sharp.cache(false);
sharp.concurrency(1);

const photos = process.argv.slice(2);
const output = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-bench-bare-'));

async function work(file: string): Promise<BareRound['written'][number]> {
  const name = path.basename(file);
  const body = await fs.promises.readFile(file);
  const original = await sharp(body).rotate().jpeg(FULL_JPEG).toBuffer();
  const thumbnail = await sharp(body).rotate().resize({ width: THUMBNAIL.width, withoutEnlargement: true }).webp({ quality: THUMBNAIL.quality }).toBuffer();
  await Promise.all([fs.promises.writeFile(path.join(output, name), original), fs.promises.writeFile(path.join(output, `${name}.webp`), thumbnail)]);
  return { name, originalBytes: original.length, thumbnailBytes: thumbnail.length };
}

async function round(): Promise<BareRound> {
  const started = performance.now();
  const written: BareRound['written'] = [];
  let next = 0;
  const worker = async () => {
    while (next < photos.length) written.push(await work(photos[next++]!));
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  return { ms: performance.now() - started, written };
}

process.on('message', (message) => {
  if (message === 'round') void round().then((result) => process.send!(result));
  if (message === 'stop') {
    fs.rmSync(output, { recursive: true, force: true });
    process.disconnect();
  }
});
process.send!('ready');
