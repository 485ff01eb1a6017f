/**
 * The landing page as a visitor's browser gets it, against the app's own public page in the same run:
 * Lighthouse 12 in Debian's Chromium (performance, accessibility, best practices, SEO; mobile with
 * Lighthouse's simulated slow 4G and CPU, and desktop) and the JavaScript each page loads (bytes as
 * served and gzip-compressed).
 *   npm run build && npx tsx bench/landing.ts
 * CHROME_PATH overrides /usr/bin/chromium; LIGHTHOUSE_REPORTS=<folder> also saves each full report (JSON).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from '../tests/e2e/support/server.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Every script the page's HTML loads (entry and preloaded chunks), with its size as served and gzip. */
async function javascriptOf(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const sources = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((match) => match[1]!);
  let bytes = 0;
  let gzip = 0;
  for (const source of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(source, base))).arrayBuffer());
    bytes += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: new Set(sources).size, bytes, gzip, html: Buffer.byteLength(html) };
}

/** The English dictionary the landing fetches when it switches language, as served and gzip. */
async function dictionaryWeight(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const url = /"en":"([^"]+)"/.exec(html)?.[1];
  if (!url) return 'none found';
  const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
  return `${(body.length / 1024).toFixed(1)} KB, gzip ${(gzipSync(body, { level: 9 }).length / 1024).toFixed(1)} KB`;
}

/** Chromium with a DevTools port for Lighthouse, in a throwaway profile. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-lighthouse-'));
  const chrome: ChildProcess = spawn(CHROME_PATH, [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic', '--remote-debugging-port=0',
    // A Spanish browser, the language the page is prerendered in; the English row asks with ?lng=en.
    '--lang=es-ES', '--accept-lang=es-ES,es', `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    chrome.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    chrome.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  return {
    port,
    stop: async () => {
      chrome.kill('SIGKILL');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop') {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (process.env.LIGHTHOUSE_REPORTS) {
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = `${(new URL(url).pathname + new URL(url).search).replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${formFactor}.json`;
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr, null, 2));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) return { scores: `Lighthouse could not measure it: ${runtimeError.code}`, metrics: runtimeError.message, failing: [] };
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.displayValue ?? '-';
  const failing = Object.values(audits)
    .filter((entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === 'binary')
    .map((entry) => entry.id);
  return {
    scores: CATEGORIES.map((id) => `${id} ${score(id)}`).join(', '),
    metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    failing,
  };
}

const server = await startServer();
const chromium = await launchChromium();
try {
  const pages = [
    { name: 'landing (/), Spanish', path: '/' },
    { name: 'landing (/?lng=en), English', path: '/?lng=en' },
    { name: 'baseline: the app (/privacy)', path: '/privacy' },
  ];
  console.log(`Alzado landing benchmark, ${new Date().toISOString()}, Chromium ${CHROME_PATH}`);
  // Simulated-mobile performance (TBT above all) moves with whatever else the machine is doing.
  console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs\n`);
  console.log('JavaScript each page loads (entry and preloaded chunks):');
  const weights = [];
  for (const page of pages) {
    const weight = await javascriptOf(server.url, page.path);
    weights.push(weight);
    console.log(`  ${page.name.padEnd(30)} ${String(weight.files).padStart(2)} file(s)  ${(weight.bytes / 1024).toFixed(1).padStart(7)} KB  gzip ${(weight.gzip / 1024).toFixed(1).padStart(6)} KB   (HTML ${(weight.html / 1024).toFixed(1)} KB)`);
  }
  console.log(`  the landing loads ${((weights[0]!.gzip / weights[2]!.gzip) * 100).toFixed(1)} % of the app's JavaScript (gzip); English adds one dictionary (${await dictionaryWeight(server.url)})\n`);

  for (const formFactor of ['mobile', 'desktop'] as const) {
    console.log(`Lighthouse, ${formFactor}${formFactor === 'mobile' ? ' (simulated slow 4G, 4x CPU slowdown)' : ''}:`);
    for (const page of pages) {
      const report = await audit(server.url + page.path, chromium.port, formFactor);
      console.log(`  ${page.name.padEnd(30)} ${report.scores}`);
      console.log(`  ${''.padEnd(30)} ${report.metrics}`);
      if (report.failing.length > 0) console.log(`  ${''.padEnd(30)} failing: ${report.failing.join(', ')}`);
    }
    console.log('');
  }
} finally {
  await chromium.stop();
  await server.stop();
}
